import type { FastifyInstance } from 'fastify';
import { sampleTypesContract } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

export function sampleTypeRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  registerCall(app, sampleTypesContract, {
    tags: ['uzorci'],
    summary: 'Sample types the new-sample form offers',
    description: 'Token and site as on every call. The lab\'s sample types, one catalogue for every site, by name.\n\n'
      + '`200 { success: true, tipovi: [{ _id, sifra, naziv }] }`. A sample stores the chosen `naziv` in `type` (POST /api/uzorci/save).',
  }, async () => ({ success: true as const, tipovi: await service.sampleTypes(db) }));
  return Promise.resolve();
}
