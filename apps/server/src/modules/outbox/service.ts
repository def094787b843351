import { randomUUID } from 'node:crypto';
import {
  GENERAL_OPTIONS_TYPE, LANGUAGES, calendarDateOf, effectiveGeneralOptions, formatPortalCode, isOutboxStatus, portalMail, reportMail, toLocalDateText,
  type Language, type OrdererRow, type OutboxShowAnswer, type OutboxStatus,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../sites/service.ts';
import { partnersWithReportAddresses } from '../partners/service.ts';
import { reportFileName } from './attachments.ts';
import {
  labSettingData, listMessages, ordererEmails, outboxRepository, saveOrdererEmail, type OutboxMessageRow,
} from './repository.ts';

// The e-mail outbox: queueing (a verified report to its patient, in the verification's transaction),
// the list and detail of /nalazi/outbox, resend and delete, and the orderers' addresses of /narucioci.
// Sending is the worker's (worker.ts).

/** The Message-ID of a queued message: fixed once, so every attempt sends the same message and receivers can tell a repeat. */
export function newMessageId(): string {
  return `<${randomUUID()}@outbox.lis>`;
}

function statusOf(value: string): OutboxStatus {
  if (!isOutboxStatus(value)) throw new Error(`unknown outbox status in the database: ${value}`);
  return value;
}

function languageOf(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'bs';
}

/** The lab's name as mails sign it: the general options' lab name (the site's own record first), else the site's name. */
export async function labSignature(db: Db | Tx, siteId: string, siteNaziv: string): Promise<string> {
  const [labWide, siteOwn] = await Promise.all([labSettingData(db, GENERAL_OPTIONS_TYPE), outboxRepository(db, siteId).siteSettingData(GENERAL_OPTIONS_TYPE)]);
  const options = effectiveGeneralOptions(labWide, siteOwn);
  return options.labName || siteNaziv;
}

/** The report versions issued at a verification, as the reports service answers them. */
export interface ReportMail {
  sampleId: string;
  verzija: number;
  versions: readonly { id: string; jezik: string }[];
}

/**
 * Queues the mail of a verified report to its patient, inside the
 * verification's transaction (`tx`): nothing is queued unless the
 * verification commits, and a verification never commits without its mail.
 * One message with every language's PDF attached, subject and body in the
 * first of the report's languages (bs, en, de order). A patient without an
 * e-mail address gets none: answers null. Audited as 'outbox.queue'.
 */
export async function queueReportMail(tx: Tx, ctx: RequestContext, report: ReportMail): Promise<string | null> {
  if (report.versions.length === 0) return null;
  const repo = outboxRepository(tx, ctx.siteId);
  const subject = await repo.reportMailSubject(report.sampleId);
  if (!subject || subject.email.trim() === '') return null;
  const language = languageOf(report.versions[0]!.jezik);
  const timeZone = await siteTimeZone(tx, ctx.siteId);
  const texts = reportMail(language, {
    ime: subject.ime, prezime: subject.prezime, code: subject.code,
    datum: toLocalDateText(calendarDateOf(subject.datum, timeZone)),
    lab: await labSignature(tx, ctx.siteId, subject.siteNaziv),
    corrected: report.verzija > 1,
  });
  const messageId = newMessageId();
  const id = await repo.insertMessage({
    sampleId: report.sampleId, ordererKind: null, orderer: null, recipient: subject.email.trim(), subject: texts.subject, body: texts.body,
    language, attachmentIds: report.versions.map((version) => version.id), messageId, createdBy: ctx.userId,
  });
  await writeAudit(tx, ctx, {
    action: 'outbox.queue', entity: 'outbox', entityId: id, field: 'status', oldValue: null,
    newValue: { status: 'queued', recipient: subject.email.trim(), sample: report.sampleId, verzija: report.verzija, messageId },
  });
  return id;
}

/** A patient portal code to mail, as the patients service issued it. */
export interface PortalMail {
  sampleId: string;
  recipient: string;
  ime: string;
  prezime: string;
  /** The code as drawn (ten characters); the mail prints it in two groups. */
  code: string;
  expiresAt: Date;
  link: string;
  language: string;
}

/**
 * Queues the portal mail (the portal's address and a one-time code) in the verification's transaction `tx`,
 * beside the report's own mail. The code travels in the body only until the mail server accepts the message
 * (`secret`: then it is masked). Audited as 'outbox.queue' without the code.
 */
export async function queuePortalMail(tx: Tx, ctx: RequestContext, mail: PortalMail): Promise<string> {
  const repo = outboxRepository(tx, ctx.siteId);
  const language = languageOf(mail.language);
  const site = (await repo.reportMailSubject(mail.sampleId))?.siteNaziv ?? '';
  const timeZone = await siteTimeZone(tx, ctx.siteId);
  const printed = formatPortalCode(mail.code);
  const texts = portalMail(language, {
    ime: mail.ime, prezime: mail.prezime, link: mail.link, code: printed,
    expires: toLocalDateText(calendarDateOf(mail.expiresAt, timeZone)), lab: await labSignature(tx, ctx.siteId, site),
  });
  const messageId = newMessageId();
  const id = await repo.insertMessage({
    sampleId: mail.sampleId, ordererKind: null, orderer: null, recipient: mail.recipient, subject: texts.subject, body: texts.body, secret: printed,
    language, attachmentIds: [], messageId, createdBy: ctx.userId,
  });
  await writeAudit(tx, ctx, {
    action: 'outbox.queue', entity: 'outbox', entityId: id, field: 'status', oldValue: null,
    newValue: { status: 'queued', recipient: mail.recipient, sample: mail.sampleId, kind: 'portal', messageId },
  });
  return id;
}

/** GET /outbox/list. */
export function list(db: Db, listRequest: ListRequest<{ status: readonly OutboxStatus[] }>) {
  return listMessages(db, listRequest);
}

function listRowOf(message: OutboxMessageRow, sample: { code: string } | null, patient: { ime: string; prezime: string } | null) {
  return {
    _id: message.id,
    status: statusOf(message.status),
    email: message.recipient,
    subject: message.subject,
    attempts: message.attempts,
    next_attempt_at: message.nextAttemptAt.toISOString(),
    last_reply: message.lastReply,
    sent_at: message.sentAt?.toISOString() ?? null,
    created_at: message.createdAt.toISOString(),
    updated_at: message.updatedAt.toISOString(),
    idNalaza: message.sampleId,
    code: sample?.code ?? null,
    ime: patient?.ime ?? null,
    prezime: patient?.prezime ?? null,
    narucilac: message.orderer,
    prilozi: message.attachmentIds.length,
  };
}

/** GET /outbox/{id}: the message of the caller's site, its attempts oldest first, its attachments and the report's sample. */
export async function show(db: Db, ctx: RequestContext, id: string): Promise<OutboxShowAnswer> {
  const repo = outboxRepository(db, ctx.siteId);
  const message = await repo.findMessage(id);
  if (!message) throw AppError.notFound();
  const [attempts, versions, sample, subject] = await Promise.all([
    repo.attemptsOf(message.id),
    repo.reportVersions(message.attachmentIds),
    message.sampleId ? repo.sampleOf(message.sampleId) : null,
    message.sampleId ? repo.reportMailSubject(message.sampleId) : null,
  ]);
  return {
    success: true,
    poruka: {
      ...listRowOf(message, sample, subject),
      body: message.body,
      message_id: message.messageId,
      prilozi_lista: versions.map((version) => ({
        id: version.id, jezik: languageOf(version.jezik), verzija: version.verzija, sid: version.sampleId, filename: reportFileName(version),
      })),
    },
    attempts: attempts.map((attempt) => ({
      at: attempt.at.toISOString(),
      outcome: attempt.outcome === 'sent' || attempt.outcome === 'failed' ? attempt.outcome : 'retry',
      reply: attempt.reply,
    })),
    nalaz: sample,
  };
}

/**
 * POST /outbox/resend: the message is due again now, with a fresh count of
 * attempts. A message the server already accepted goes out as a new copy
 * under a new Message-ID (the old one would be dropped as a duplicate by the
 * receiving mail system); a queued or failed one keeps its Message-ID, since
 * no server accepted it. One being sent right now: 409.
 */
export async function resend(db: Db, ctx: RequestContext, id: string): Promise<OutboxStatus> {
  return db.transaction(async (tx) => {
    const repo = outboxRepository(tx, ctx.siteId);
    const message = await repo.findMessage(id, { forUpdate: true });
    if (!message) throw AppError.notFound();
    if (message.status === 'sending') throw AppError.conflict('outbox.sending');
    const newId = message.status === 'sent' ? newMessageId() : null;
    await repo.requeue(message.id, newId);
    await writeAudit(tx, ctx, {
      action: 'outbox.resend', entity: 'outbox', entityId: message.id, field: 'status', oldValue: message.status,
      newValue: { status: 'queued', messageId: newId ?? message.messageId },
    });
    return 'queued' as const;
  });
}

export interface DeleteRequest {
  eNalaz: string;
  idNalaza?: string | null | undefined;
  /** The status the caller saw; anything that is not an outbox status is not compared. */
  status?: unknown;
}

/**
 * POST /outbox/delete: takes the message off the outbox (a queued one is
 * then never sent). The row and its attempts stay, and the audit row keeps
 * what it was (status, recipient, subject, Message-ID, when sent,
 * attachments), as a lab must be able to show what it sent to whom.
 */
export async function remove(db: Db, ctx: RequestContext, request: DeleteRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const repo = outboxRepository(tx, ctx.siteId);
    const message = await repo.findMessage(request.eNalaz, { forUpdate: true });
    if (!message) throw AppError.notFound();
    if (request.idNalaza && request.idNalaza !== message.sampleId) throw new AppError(400, 'outbox.reportMismatch', 'idNalaza');
    if (message.status === 'sending') throw AppError.conflict('outbox.sending');
    if (typeof request.status === 'string' && isOutboxStatus(request.status) && request.status !== message.status) {
      throw new AppError(409, 'outbox.changed', 'status', { status: message.status });
    }
    await repo.markDeleted(message.id, ctx.userId);
    await writeAudit(tx, ctx, {
      action: 'outbox.delete', entity: 'outbox', entityId: message.id, field: 'deleted',
      oldValue: {
        status: message.status, recipient: message.recipient, subject: message.subject, messageId: message.messageId,
        sentAt: message.sentAt?.toISOString() ?? null, sample: message.sampleId, orderer: message.orderer, attachments: message.attachmentIds,
      },
      newValue: true,
    });
  });
}

// ---------------------------------------------------------------------------
// Orderers (/narucioci): their addresses and their reports of a range
// ---------------------------------------------------------------------------

/**
 * Every referring location with an address, every active partner with report addresses, and every orderer
 * of the site's samples verified in the window with their reports. A partner's addresses show joined by ', '.
 */
export async function orderers(db: Db, ctx: RequestContext, window: { from: Date; before: Date } | null): Promise<OrdererRow[]> {
  const repo = outboxRepository(db, ctx.siteId);
  const [addresses, partnerAddresses, byLocation, byPartner] = await Promise.all([
    ordererEmails(db),
    partnersWithReportAddresses(db),
    window ? repo.orderersVerifiedBetween(window.from, window.before, 'lokacija') : [],
    window ? repo.orderersVerifiedBetween(window.from, window.before, 'partner') : [],
  ]);
  const rows = new Map<string, OrdererRow>();
  const key = (vrsta: OrdererRow['vrsta'], naziv: string) => `${vrsta}:${naziv}`;
  for (const address of addresses) {
    if (address.vrsta === 'lokacija' && address.naziv !== '' && !rows.has(key('lokacija', address.naziv))) {
      rows.set(key('lokacija', address.naziv), { vrsta: 'lokacija', naziv: address.naziv, email: address.email, nalaza: 0 });
    }
  }
  for (const partner of partnerAddresses) rows.set(key('partner', partner.naziv), { vrsta: 'partner', naziv: partner.naziv, email: partner.emails.join(', '), nalaza: 0 });
  for (const row of byLocation) {
    const known = rows.get(key('lokacija', row.orderer));
    rows.set(key('lokacija', row.orderer), { vrsta: 'lokacija', naziv: row.orderer, email: known?.email ?? '', nalaza: row.nalaza });
  }
  for (const row of byPartner) rows.set(key('partner', row.orderer), { vrsta: 'partner', naziv: row.orderer, email: row.addresses.join(', '), nalaza: row.nalaza });
  return [...rows.values()].sort((a, b) => a.naziv.localeCompare(b.naziv, 'bs') || a.vrsta.localeCompare(b.vrsta));
}

/** POST /narucioci/email: sets (or, with '', clears) an orderer's address; a lab-wide setting record, audited. */
export async function setOrdererEmail(db: Db, ctx: RequestContext, orderer: { vrsta: 'lokacija'; naziv: string; email: string }): Promise<OrdererRow> {
  return db.transaction(async (tx) => {
    const existing = (await ordererEmails(tx)).find((record) => record.vrsta === orderer.vrsta && record.naziv === orderer.naziv) ?? null;
    await saveOrdererEmail(tx, existing?.id ?? null, orderer);
    await writeAudit(tx, ctx, {
      action: 'orderer.email', entity: 'orderer', entityId: `${orderer.vrsta}:${orderer.naziv}`, field: 'email',
      oldValue: existing?.email ?? null, newValue: orderer.email,
    });
    return { ...orderer, nalaza: 0 };
  });
}
