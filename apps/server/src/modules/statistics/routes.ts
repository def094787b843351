import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { message, statisticsContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import * as service from './service.ts';

const TAGS = ['statistika'];
const SESSION = 'Token and site as on every call; the numbers are those of the site worked on.';

export function statisticsRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { db } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/statistika', {
    config: { permission: 'samples.read' },
    schema: {
      tags: TAGS, summary: 'The lab statistics (/statistika)', ...statisticsContracts.statistics,
      description: `${SESSION} \`od\`, \`do\`: days (YYYY-MM-DD, the site's calendar, at most 366) on which the samples were registered.\n\n`
        + '`200 { success: true, statistika: { ukupno, po_danu, po_statusu, po_sekciji: [{ sekcija, naziv, uzorci, testovi, tat }], '
        + 'pozitivnost, hitni } }`. `tat`: minutes from reception to verification of the verified samples (median, 90th percentile) '
        + 'and the share within the section\'s target.',
    },
  }, async (request) => ({ success: true as const, statistika: await service.labStatistics(db, request.ctx, request.query.od, request.query.do) }));

  api.get('/statistika/postavke', {
    config: { permission: 'samples.read' },
    schema: {
      tags: TAGS, summary: "The site's turnaround targets and whether its wall display is on", ...statisticsContracts.settings,
      description: `${SESSION}\n\n\`200 { success: true, tatCiljevi: { <section id>: minutes }, dashboard }\`: sections not named have the default target.`,
    },
  }, async (request) => ({ success: true as const, ...await service.settings(db, request.ctx) }));

  api.post('/statistika/ciljevi', {
    config: { permission: 'settings.write' },
    schema: {
      tags: TAGS, summary: "A section's turnaround target", ...statisticsContracts.target,
      description: `${SESSION} \`sekcija\`: the section's id; \`minuta\`: 1-43200, or null for the default. Audited.`,
    },
  }, async (request) => {
    await service.setTarget(db, request.ctx, request.body.sekcija, request.body.minuta);
    return { success: true as const, ...await service.settings(db, request.ctx) };
  });

  api.post('/statistika/dashboard', {
    config: { permission: 'settings.write' },
    schema: {
      tags: TAGS, summary: "Turn the site's wall display (/dashboard) on with a new key, or off", ...statisticsContracts.dashboardKey,
      description: `${SESSION} \`ukljuci: true\` issues a new key, answered this once (only its SHA-256 is kept; the previous key stops `
        + 'working); `false` revokes it. Audited (without the key).\n\n`200 { success: true, message, kljuc }`.',
    },
  }, async (request) => {
    const key = await service.setWallDisplay(db, request.ctx, request.body.ukljuci);
    return { success: true as const, message: message(key === null ? 'statistics.dashboardOff' : 'statistics.dashboardOn'), kljuc: key };
  });

  api.get('/dashboard', {
    config: { permission: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: {
      tags: TAGS, summary: 'The wall display (no session; the display key in `kljuc`)', ...statisticsContracts.wallDisplay,
      description: 'Today\'s counts of the site whose wall display key is `kljuc`: samples by status, urgent samples waiting, turnaround '
        + 'time. Never a patient, a sample code or a name. A missing, wrong or revoked key: `401` and nothing more. The socket admits a '
        + 'display with `auth: { dashboardKey }` and sends it `dashboard:changed` (no payload) when the site\'s data changes.',
    },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { success: true as const, prikaz: await service.wallDisplay(db, request.query.kljuc) };
  });

  return Promise.resolve();
}
