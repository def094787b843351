import type { FastifyInstance } from 'fastify';
import { addDays, fromIsoDate, message, outboxContracts, startOfDay, type OutboxStatus } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { AppError } from '../../lib/errors.ts';
import { listRoute } from '../../lib/list-route.ts';
import { siteTimeZone } from '../sites/service.ts';
import { groupMailJob, startGroupMail } from './group-mail.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const SESSION = 'Token and site as on every call: `Authorization: Bearer`, or `token`/`site` in the query or body. '
  + "Outbox messages belong to a site: another site's message answers 404 exactly like a missing one.";
const STATUS = 'Status: `queued` (waiting for its next attempt), `sending` (a worker is handing it to the SMTP server), `sent` (the server '
  + 'accepted it), `failed` (refused for good, a 5xx reply, or six attempts that met temporary refusals); `last_reply` is the server\'s last reply.';

export function outboxRoutes(app: FastifyInstance, { db, outbox }: AppOptions): Promise<void> {
  const wakeWorker = () => outbox?.wake();

  registerCall(app, outboxContracts.list, {
    tags: ['outbox'],
    summary: "The site's e-mail outbox (/nalazi/outbox)",
    description: `${SESSION} The list query contract: \`sort\` (created_at, status, email, sent_at, attempts; default created_at desc), `
      + '`page`, `per_page`, `filter` (every word must match the start of the recipient, the sample code, the patient\'s prezime or ime, '
      + 'or the orderer), `datum` presets and `dateRangeMin`/`dateRangeMax` on the time queued, and `status` (repeatable). Deleted messages '
      + `are not listed.\n\n${STATUS}\n\n\`200 { success: true, data: [{ _id, status, email, subject, attempts, next_attempt_at, last_reply, `
      + 'sent_at, created_at, updated_at, idNalaza, code, ime, prezime, narucilac, prilozi }], pagination }`.',
  }, listRoute(db, (list) => service.list(db, list)));

  registerCall(app, outboxContracts.show, {
    tags: ['outbox'],
    summary: 'One outbox message (/nalazi/outbox/{id})',
    description: `${SESSION}\n\n\`200 { success: true, poruka: { ...the list row, body, message_id, prilozi_lista: [{ id, jezik, verzija, sid, `
      + 'filename }] }, attempts: [{ at, outcome: sent | retry | failed, reply }], nalaz: { sid, code, status, pid } | null }`: the message '
      + 'as queued, every attempt oldest first with the server\'s reply, the report versions attached (open one with '
      + '`GET /api/nalazi/pdf/{sid}?jezik&verzija`) and the sample of a patient\'s report. Deleted or unknown: `404`.',
  }, async (request) => service.show(db, request.ctx, request.params.id));

  registerCall(app, outboxContracts.resend, {
    tags: ['outbox'],
    summary: 'Queue a message again, due now',
    description: `${SESSION} A queued or failed message keeps its Message-ID (no server accepted it); a sent one goes out again as a new `
      + 'copy under a new Message-ID. The count of attempts starts again; the attempts so far stay listed. Audited (`outbox.resend`).\n\n'
      + '`200 { success: true, status: "queued", message, code: "outbox.resent" }`; being sent right now: `409 outbox.sending`; unknown: `404`.',
  }, async (request) => {
    const status: OutboxStatus = await service.resend(db, request.ctx, request.body.id);
    wakeWorker();
    return { success: true as const, status, message: message('outbox.resent'), code: 'outbox.resent' as const };
  });

  registerCall(app, outboxContracts.delete, {
    tags: ['outbox'],
    summary: 'Take a message off the outbox',
    description: `${SESSION} The spec's payload (email, token, site, status, idNalaza, eNalaz, flag): \`eNalaz\` the message, \`idNalaza\` `
      + 'its report\'s sample (checked when given), `status` the status the caller saw. A queued message is then never sent. The row, its '
      + 'attempts and an audit row with what it was (status, recipient, subject, Message-ID, when sent, attachments) are kept.\n\n'
      + '`200 { success: true, message: "Zapis uspješno obrisan!", code: "delete.ok" }`; being sent: `409 outbox.sending`; its status moved '
      + 'on since the caller saw it: `409 outbox.changed`; another sample\'s report: `400 outbox.reportMismatch (idNalaza)`; unknown: `404`.',
  }, async (request) => {
    await service.remove(db, request.ctx, request.body);
    return { success: true as const, message: message('delete.ok'), code: 'delete.ok' as const };
  });

  registerCall(app, outboxContracts.orderers, {
    tags: ['outbox'],
    summary: 'Orderers of the group e-mail (/narucioci) and their addresses',
    description: `${SESSION} Orderers are the referring locations (\`lokacija\`) of samples; their addresses are lab-wide. Every orderer `
      + 'with an address, and with `dateRangeMin`/`dateRangeMax` (days of the site\'s calendar) every location of the site\'s samples '
      + 'verified in the range, `nalaza` counting those with a report.\n\n`200 { success: true, narucioci: [{ vrsta, naziv, email, nalaza }] }`.',
  }, async (request) => {
    const { dateRangeMin, dateRangeMax } = request.query;
    let window: { from: Date; before: Date } | null = null;
    if (dateRangeMin && dateRangeMax) {
      const first = fromIsoDate(dateRangeMin);
      const last = fromIsoDate(dateRangeMax);
      if (!first) throw AppError.badRequest('form.invalid', 'dateRangeMin');
      if (!last) throw AppError.badRequest('form.invalid', 'dateRangeMax');
      const timeZone = await siteTimeZone(db, request.ctx.siteId);
      window = { from: startOfDay(first, timeZone), before: startOfDay(addDays(last, 1), timeZone) };
    }
    return { success: true as const, narucioci: await service.orderers(db, request.ctx, window) };
  });

  registerCall(app, outboxContracts.ordererEmail, {
    tags: ['outbox'],
    summary: "Set an orderer's e-mail address",
    description: `${SESSION} \`vrsta\` (lokacija), \`naziv\` the orderer's name as the samples carry it, \`email\` its address ('' removes it). `
      + 'A lab-wide setting record, audited (`orderer.email`).\n\n`200 { success: true, narucilac: { vrsta, naziv, email, nalaza }, message, code }`; '
      + 'an address that is not one: `400 patient.emailInvalid (email)`.',
  }, async (request) => ({
    success: true as const,
    narucilac: await service.setOrdererEmail(db, request.ctx, { vrsta: request.body.vrsta, naziv: request.body.naziv, email: request.body.email }),
    message: message('orderers.saved'),
    code: 'orderers.saved' as const,
  }));

  registerCall(app, outboxContracts.groupMail, {
    tags: ['outbox'],
    summary: 'Group e-mail: queue the reports of a range to each orderer',
    description: `${SESSION} The reports of the site's samples verified from \`dateRangeMin\` to \`dateRangeMax\` (days of the site's calendar, `
      + 'at most 31) go to each orderer with an address as one message with all its report PDFs (every language of the latest version) '
      + 'attached, in parts of at most 25 reports. Every message is queued in the outbox in one transaction before the answer, so a '
      + 'server restart loses none; the answer is the job, whose sending progress `GET /api/narucioci/send/{id}` gives (an orderer is '
      + '`done` when its messages are sent or failed for good). Orderers with reports but no address are named in `bezAdrese`.\n\n'
      + '`202 { success: true, job: { id, state: running | done | failed, done, total, queued, bezAdrese, error } }`; a reversed range: '
      + '`400 dateRange.invalid`; longer than 31 days: `400 orderers.rangeTooLong`; a job of the site still sending: `409 orderers.busy`.',
  }, async (request, reply) => {
    const job = await startGroupMail(db, request.ctx, request.body, wakeWorker);
    return reply.code(202).send({ success: true as const, job });
  });

  registerCall(app, outboxContracts.groupMailJob, {
    tags: ['outbox'],
    summary: 'Progress of a group e-mail job',
    description: `${SESSION} Read from the database (the job's messages and their statuses), so it survives restarts.\n\n\`200 { success: true, job }\`; `
      + "another site's or an unknown job: `404`.",
  }, async (request) => ({ success: true as const, job: await groupMailJob(db, request.ctx, request.params.id) }));
  return Promise.resolve();
}
