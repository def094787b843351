import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sampleTypesContract } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import * as service from './service.ts';

export function sampleTypeRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/uzorci/tipovi', {
    config: { permission: 'samples.read' },
    schema: {
      tags: ['uzorci'],
      summary: 'Sample types the new-sample form offers',
      description: 'Token and site as on every call. The lab\'s sample types, one catalogue for every site, by name.\n\n'
        + '`200 { success: true, tipovi: [{ _id, sifra, naziv }] }`. A sample stores the chosen `naziv` in `type` (POST /api/uzorci/save).',
      ...sampleTypesContract,
    },
  }, async () => ({ success: true as const, tipovi: await service.sampleTypes(db) }));
  return Promise.resolve();
}
