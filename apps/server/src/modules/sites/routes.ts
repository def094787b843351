import type { FastifyInstance } from 'fastify';
import { message, siteContracts, siteSettingsContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { listRoute } from '../../lib/list-route.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['sajtovi'];

export function siteRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  registerCall(app, siteContracts.list, {
    tags: TAGS,
    summary: "The caller's sites",
    description: '`200 { success: true, sajtovi: [site] }`.',
  }, async (request) => ({ success: true as const, sajtovi: await service.sitesOfCaller(db, request.ctx) }));

  registerCall(app, siteContracts.switch, {
    tags: TAGS,
    summary: 'Switch to one of the caller\'s sites (by id or sifra)',
    description: '`200 { success: true, sajt }`; a site the caller does not have: `403 auth.siteForbidden`.',
  }, async (request) => ({ success: true as const, sajt: await service.siteToSwitchTo(db, request.ctx, request.params.site) }));

  // Settings: the lab's sites, managed by level-0 administrators (settings.write).
  registerCall(app, siteSettingsContracts.list, {
    tags: TAGS,
    summary: 'The sites (list table)',
    description: 'Every site of the lab: sort by sifra, naziv, name, timeZone, createdAt; \'Pretraga\' over code, names and address. '
      + 'Rows carry the towns (read-only), the site\'s own report header and how many enabled users have the site.',
  }, listRoute(db, (list) => service.listSites(db, list)));

  registerCall(app, siteSettingsContracts.edit, {
    tags: TAGS,
    summary: 'Register or change a site',
    description: '`element` with `_id` updates that site, without creates one: sifra (up to 10 capitals, digits, - or _; unique), '
      + 'naziv, name, adresa, timeZone (an IANA zone), reportHeader (the header lines of the site\'s own general options). The towns '
      + '(`mjesta`) have no save. `200 { success: true, element, message }`; a bad field `400` naming `element.<field>`, a taken code '
      + '`409 settings.sifraTaken`, an unknown `_id` `404`. A new site reaches a user\'s site switcher once the user is given it.',
  }, async (request) => ({
    success: true as const, message: message('settings.saved'), element: await service.editSite(db, request.ctx, request.body.element),
  }));

  registerCall(app, siteSettingsContracts.history, {
    tags: TAGS,
    summary: "A site's change history",
    description: 'Every change newest first: who, when, the action and the record before and after. `200 { success: true, history }`.',
  }, async (request) => ({ success: true as const, history: await service.siteHistory(db, request.params.id) }));
  return Promise.resolve();
}
