import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import * as service from './service.ts';

const TAGS = ['sajtovi'];

export function siteRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/postavke/sajtovi/list', {
    config: { permission: 'authenticated' },
    schema: { tags: TAGS, summary: "The caller's sites", description: '`200 { success: true, sajtovi: [site] }`.', ...siteContracts.list },
  }, async (request) => ({ success: true as const, sajtovi: await service.sitesOfCaller(db, request.ctx) }));

  api.post('/postavke/sajtovi/:site', {
    config: { permission: 'authenticated' },
    schema: {
      tags: TAGS, summary: 'Switch to one of the caller\'s sites (by id or sifra)',
      description: '`200 { success: true, sajt }`; a site the caller does not have: `403 auth.siteForbidden`.', ...siteContracts.switch,
    },
  }, async (request) => ({ success: true as const, sajt: await service.siteToSwitchTo(db, request.ctx, request.params.site) }));
  return Promise.resolve();
}
