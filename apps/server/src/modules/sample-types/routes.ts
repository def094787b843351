import type { FastifyInstance } from 'fastify';
import type { SampleTypesAnswer } from '@lis/domain';
import type { AppOptions } from '../../app.ts';
import { documented } from '../../lib/route-docs.ts';
import * as service from './service.ts';

export function sampleTypeRoutes(api: FastifyInstance, { db }: AppOptions): Promise<void> {
  api.get('/uzorci/tipovi', {
    config: { permission: 'samples.read' },
    ...documented({
      tags: ['uzorci'],
      summary: 'Sample types the new-sample form offers',
      description: 'Token and site as on every call. The lab\'s sample types, one catalogue for every site, by name.\n\n'
        + '`200 { success: true, tipovi: [{ _id, sifra, naziv }] }`. A sample stores the chosen `naziv` in `type` (POST /api/uzorci/save).',
    }),
  }, async (): Promise<SampleTypesAnswer> => ({ success: true, tipovi: await service.sampleTypes(db) }));
  return Promise.resolve();
}
