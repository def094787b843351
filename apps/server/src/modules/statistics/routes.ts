import type { FastifyInstance } from 'fastify';
import { message, statisticsContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['statistika'];
const SESSION = 'Token and site as on every call; the numbers are those of the site worked on.';

export function statisticsRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { db } = options;

  registerCall(app, statisticsContracts.statistics, {
    tags: TAGS,
    summary: 'The lab statistics (/statistika)',
    description: `${SESSION} \`od\`, \`do\`: days (YYYY-MM-DD, the site's calendar, at most 366) on which the samples were registered.\n\n`
      + '`200 { success: true, statistika: { ukupno, po_danu, po_statusu, po_sekciji: [{ sekcija, naziv, uzorci, testovi, tat }], '
      + 'pozitivnost, hitni } }`. `tat`: minutes from reception to verification of the verified samples (median, 90th percentile) '
      + 'and the share within the section\'s target.',
  }, async (request) => ({ success: true as const, statistika: await service.labStatistics(db, request.ctx, request.query.od, request.query.do) }));

  registerCall(app, statisticsContracts.settings, {
    tags: TAGS,
    summary: "The site's turnaround targets and whether its wall display is on",
    description: `${SESSION}\n\n\`200 { success: true, tatCiljevi: { <section id>: minutes }, dashboard }\`: sections not named have the default target.`,
  }, async (request) => ({ success: true as const, ...await service.settings(db, request.ctx) }));

  registerCall(app, statisticsContracts.target, {
    tags: TAGS,
    summary: "A section's turnaround target",
    description: `${SESSION} \`sekcija\`: the section's id; \`minuta\`: 1-43200, or null for the default. Audited.`,
  }, async (request) => {
    await service.setTarget(db, request.ctx, request.body.sekcija, request.body.minuta);
    return { success: true as const, ...await service.settings(db, request.ctx) };
  });

  registerCall(app, statisticsContracts.dashboardKey, {
    tags: TAGS,
    summary: "Turn the site's wall display (/dashboard) on with a new key, or off",
    description: `${SESSION} \`ukljuci: true\` issues a new key, answered this once (only its SHA-256 is kept; the previous key stops `
      + 'working); `false` revokes it. Audited (without the key).\n\n`200 { success: true, message, kljuc }`.',
  }, async (request) => {
    const key = await service.setWallDisplay(db, request.ctx, request.body.ukljuci);
    return { success: true as const, message: message(key === null ? 'statistics.dashboardOff' : 'statistics.dashboardOn'), kljuc: key };
  });

  registerCall(app, statisticsContracts.wallDisplay, {
    tags: TAGS,
    summary: 'The wall display (no session; the display key in `kljuc`)',
    description: 'Today\'s counts of the site whose wall display key is `kljuc`: samples by status, urgent samples waiting, turnaround '
      + 'time. Never a patient, a sample code or a name. A missing, wrong or revoked key: `401` and nothing more. The socket admits a '
      + 'display with `auth: { dashboardKey }` and sends it `dashboard:changed` (no payload) when the site\'s data changes.',
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { success: true as const, prikaz: await service.wallDisplay(db, request.query.kljuc) };
  });

  return Promise.resolve();
}
