import type { FastifyInstance } from 'fastify';
import { hl7Contracts, message, type OutboxStatus } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { listRoute } from '../../lib/list-route.ts';
import { registerCall } from '../../lib/register-call.ts';
import * as service from './service.ts';

const SESSION = 'Token and site as on every call: `Authorization: Bearer`, or `token`/`site` in the query or body. '
  + "HL7 messages belong to a site: another site's message answers 404 exactly like a missing one.";
const STATUS = 'Status: `queued` (waiting for its next attempt), `sending` (a worker is sending it over MLLP), `sent` (the receiver '
  + 'answered AA), `failed` (the receiver refused it, AE or AR, six times); a receiver that cannot be reached or does not answer is '
  + 'tried again with back-off (1, 2, 4, 8, then every 15 minutes) for as long as it takes. `last_reply` is the last acknowledgement or why none came.';

export function hl7Routes(app: FastifyInstance, { db, hl7, hl7Orders }: AppOptions): Promise<void> {
  registerCall(app, hl7Contracts.list, {
    tags: ['hl7'],
    summary: "The site's HL7 outbound messages (/nalazi/hl7)",
    description: `${SESSION} One ORU^R01 (v2.5.1) per verified or corrected report of a sample whose partner has an HL7 destination. `
      + 'The list query contract: `sort` (created_at, status, narucilac, sent_at, attempts; default created_at desc), `page`, `per_page`, '
      + '`filter` (the sample code, the patient\'s prezime or ime, the partner, the control id), `datum` presets and `dateRangeMin`/'
      + `\`dateRangeMax\` on the time queued, and \`status\` (repeatable).\n\n${STATUS}\n\n\`200 { success: true, data: [{ _id, status, narucilac, `
      + 'odrediste, control_id, verzija, attempts, next_attempt_at, last_reply, sent_at, created_at, updated_at, idNalaza, code, ime, prezime }], pagination }`.',
  }, listRoute(db, (list) => service.list(db, list)));

  registerCall(app, hl7Contracts.show, {
    tags: ['hl7'],
    summary: 'One HL7 outbound message with its attempts',
    description: `${SESSION}\n\n\`200 { success: true, poruka: { ...the list row, body }, attempts: [{ at, outcome: sent | retry | failed, reply }] }\`: `
      + 'the message text (ER7, segments separated by CR) as queued and every attempt oldest first. Unknown: `404`.',
  }, async (request) => service.show(db, request.ctx, request.params.id));

  registerCall(app, hl7Contracts.resend, {
    tags: ['hl7'],
    summary: 'Queue an HL7 message again, due now',
    description: `${SESSION} A queued or failed message keeps its control id (MSH-10: no receiver accepted it); one the receiver acknowledged `
      + 'goes out again as a new message under a new control id. The count of attempts starts again; the attempts so far stay listed. '
      + 'Audited (`hl7.resend`).\n\n`200 { success: true, status: "queued", message, code: "hl7.resent" }`; being sent right now: '
      + '`409 outbox.sending`; unknown: `404`.',
  }, async (request) => {
    const status: OutboxStatus = await service.resend(db, request.ctx, request.body.id);
    hl7?.wake();
    return { success: true as const, status, message: message('hl7.resent'), code: 'hl7.resent' as const };
  });
  const INBOUND = 'The site\'s listener for orders from a hospital system: ORM^O01 or OML^O21 over MLLP on this port, each creating its '
    + 'sample exactly as a FHIR order (`POST /fhir/R4`) does, idempotent on the placer order number (ORC-2) with each test\'s code (OBR-4: '
    + 'LOINC when its system is LN, else the lab\'s own code), answered ACK AA, or AE/AR with the reason in MSA-3 and ERR.';

  registerCall(app, hl7Contracts.inbound, {
    tags: ['hl7'],
    summary: 'The site\'s inbound HL7 order listener',
    description: `${SESSION} ${INBOUND}\n\n\`200 { success: true, ulaz: { port, stanje: off | listening | error, greska } }\`.`,
  }, async (request) => ({ success: true as const, ulaz: await service.inbound(db, request.ctx, hl7Orders?.state(request.ctx.siteId) ?? null) }));

  registerCall(app, hl7Contracts.saveInbound, {
    tags: ['hl7'],
    summary: 'Set the port of the site\'s inbound HL7 order listener',
    description: `${SESSION} ${INBOUND} \`port\` null turns it off. The listener restarts on the new port at once. Audited (\`hl7.inbound\`).\n\n`
      + '`200 { success: true, ulaz, message, code: "hl7.inboundSaved" }`; a port that is not 1-65535: `400 partners.hl7PortInvalid (port)`.',
  }, async (request) => {
    await service.saveInbound(db, request.ctx, request.body.port);
    await hl7Orders?.reload(request.ctx.siteId);
    return {
      success: true as const, ulaz: await service.inbound(db, request.ctx, hl7Orders?.state(request.ctx.siteId) ?? null),
      message: message('hl7.inboundSaved'), code: 'hl7.inboundSaved' as const,
    };
  });
  return Promise.resolve();
}
