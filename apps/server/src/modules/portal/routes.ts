import type { FastifyInstance, FastifyRequest } from 'fastify';
import { portalContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { registerCall } from '../../lib/register-call.ts';
import * as service from './service.ts';

const TAGS = ['portal'];
const PORTAL_SESSION = 'The portal\'s own session: `Authorization: Bearer ptl_...` from `POST /api/portal/prijava`. A staff token is '
  + 'never accepted here (401), and a portal token is unknown to every staff call (401).';

/** The portal token rides only in the Authorization header: never in a URL, where logs and browser history would keep it. */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

function callerOf(request: FastifyRequest): service.PortalCaller {
  return { ip: request.ip, requestId: String(request.id) };
}

export function portalRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  /** The portal session of the call, or 401: checked by the portal, since the staff auth hook passes public routes by. */
  const sessionOf = (request: FastifyRequest) => service.portalSession(db, bearerOf(request));

  registerCall(app, portalContracts.signIn, {
    tags: TAGS,
    summary: 'Patient portal sign-in with a mailed one-time code',
    description: 'No staff session. `{ email, kod }`: the address the code was mailed to and the code (any case, with or without the '
      + 'dash). A code opens the portal once, until it expires (general options, portalCodeDays), unless revoked. `200 { success: '
      + 'true, token, expires_at }`: the portal session. A wrong address or code, or a used, expired or revoked one: `401 '
      + 'portal.codeInvalid` (the same answer whichever it was). Five wrong codes for one address within 15 minutes lock it: `429 '
      + 'portal.locked` (params.minutes) until the oldest failure is 15 minutes old. At most 10 tries a minute from one address (`429`). '
      + 'Every try is written to the access log with the caller\'s address.',
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const session = await service.signIn(db, request.body, callerOf(request));
    return { success: true as const, token: session.token, expires_at: session.expiresAt.toISOString() };
  });

  registerCall(app, portalContracts.overview, {
    tags: TAGS,
    summary: "The signed-in patient's reports and results over time",
    description: `${PORTAL_SESSION}\n\n\`200 { success: true, pacijent: { ime, prezime }, lab, nalazi: [{ sid, code, datum, verzija, `
      + 'issued_at, corrected, jezici, site }], trendovi: [{ naziv, naziv_en, naziv_de, jedinica, points: [{ sid, code, datum, rezultat, '
      + 'value, low, high, standing }] }] }`: the current version of every verified report of the patient at the lab, and the results '
      + 'of those reports by assay. Logged in the access log (`portal_view`).',
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { success: true as const, ...(await service.overview(db, await sessionOf(request), callerOf(request))) };
  });

  registerCall(app, portalContracts.pdf, {
    tags: TAGS,
    summary: "One of the signed-in patient's reports as issued (PDF)",
    description: `${PORTAL_SESSION} \`application/pdf\`: the stored, signed bytes of the report's current version in \`jezik\` (bs, en, `
      + 'de; without it Bosnian when issued so, else its first). Another patient\'s report, or a language not issued: `404`. Logged '
      + 'in the access log (`portal_report`, the version\'s id).',
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const found = await service.reportPdf(db, await sessionOf(request), request.params.sid, request.query.jezik, callerOf(request));
    return reply.type('application/pdf')
      .header('content-disposition', `attachment; filename="nalaz-${found.code}-v${found.verzija}-${found.jezik}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('x-report-sha256', found.sha256)
      .send(found.pdf);
  });

  registerCall(app, portalContracts.signOut, {
    tags: TAGS,
    summary: 'End the portal session',
    description: `${PORTAL_SESSION} \`200 { success: true }\`; the token opens nothing afterwards.`,
  }, async (request) => {
    await service.signOut(db, await sessionOf(request));
    return { success: true as const };
  });
  return Promise.resolve();
}
