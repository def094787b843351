import { randomBytes } from 'node:crypto';
import { buildOruR01 } from '@lis/analyser-protocols';
import { isOutboxStatus, type Hl7Inbound, type Hl7ShowAnswer, type OutboxStatus } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { locationHl7Destination } from '../catalogue/service.ts';
import { sampleOrderers, sampleResultMessage } from '../fhir/service.ts';
import { hl7Destination } from '../partners/service.ts';
import { siteLetterhead } from '../sites/service.ts';
import { hl7Repository, listHl7Messages } from './repository.ts';

// The HL7 outbound queue: an ORU^R01 queued for the hospital system of each orderer (partner, referring location) in the transaction
// of the verification (or correction) that issued the report; the list, detail and resend of /nalazi/hl7.
// Sending is the worker's (worker.ts).
//
// The delivery rule: at least once, never lost, and every copy of one message carries the same message
// control id (MSH-10), fixed when queued. A crash between the receiver's AA and the "sent" mark sends the
// message again with the same control id, which HL7 receivers treat as a repeat. Only a resend that a user
// asks for after an AA sends a new message (a new control id), as the receiver already holds the first.

/** MSH-10: 20 characters (the v2.5.1 length), 80 random bits; unique in the queue (hl7_messages_control_id_key). */
export function newControlId(): string {
  return `LIS${randomBytes(9).toString('hex').slice(0, 17).toUpperCase()}`;
}

/** The message text with MSH-10 replaced (the first segment is MSH; its 10th field is the 10th after the segment name). */
export function withControlId(body: string, controlId: string): string {
  const [msh = '', ...rest] = body.split('\r');
  const fields = msh.split('|');
  fields[9] = controlId;
  return [fields.join('|'), ...rest].join('\r');
}

/** Where a sample's ORU^R01 goes: an orderer's hospital system. */
interface Destination {
  partnerId: string | null;
  locationId: string | null;
  naziv: string;
  host: string;
  port: number;
}

/**
 * The distinct HL7 destinations of a sample's orderers: its partner's, then its referring location's (the record
 * named by the sample's `lokacija`). A destination both have (the same host and port) is sent to once, as the
 * partner's; the host is compared without case (a DNS name is case-free).
 */
async function destinationsOf(tx: Tx, siteId: string, sampleId: string): Promise<Destination[]> {
  const orderers = await sampleOrderers(tx, siteId, sampleId);
  if (!orderers) return [];
  const partner = orderers.partnerId ? await hl7Destination(tx, orderers.partnerId) : null;
  const location = await locationHl7Destination(tx, orderers.lokacija);
  const all: Destination[] = [
    ...(partner ? [{ partnerId: partner.partnerId, locationId: null, naziv: partner.naziv, host: partner.host, port: partner.port }] : []),
    ...(location ? [{ partnerId: null, locationId: location.locationId, naziv: location.naziv, host: location.host, port: location.port }] : []),
  ];
  const seen = new Set<string>();
  return all.filter((destination) => {
    const key = `${destination.host.toLowerCase()}:${destination.port}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Queues the ORU^R01 of report version `verzija` of a sample for each HL7 destination of its orderers (its partner,
 * its referring location), inside the verification's (or correction's) transaction `tx`: queued only if it
 * commits, and a committed verification always has its messages queued. Result status F for the first version, C
 * for a correction. Nothing when no orderer of the sample has a destination. Answers the queued messages' ids.
 * Each audited as 'hl7.queue'.
 */
export async function queueResultMessage(tx: Tx, ctx: RequestContext, report: { sampleId: string; verzija: number }): Promise<string[]> {
  const status = report.verzija > 1 ? 'C' : 'F';
  // Every verification passes here: most samples have no orderer with a destination, so that is settled by a few
  // small reads before the message (every result of the sample) is built.
  const destinations = await destinationsOf(tx, ctx.siteId, report.sampleId);
  if (destinations.length === 0) return [];
  const content = await sampleResultMessage(tx, ctx.siteId, report.sampleId, status);
  if (!content) return [];
  const now = new Date();
  const letterhead = await siteLetterhead(tx, ctx.siteId);
  const ids: string[] = [];
  for (const destination of destinations) {
    const controlId = newControlId();
    const body = buildOruR01({
      controlId,
      sentAt: now,
      sending: { application: 'LIS', facility: letterhead.labName || letterhead.site.naziv },
      receiving: { application: 'HIS', facility: destination.naziv },
      patient: { id: content.patient.jmbg, idSystem: 'JMBG', family: content.patient.family, given: content.patient.given, birthDate: content.patient.birthDate, sex: content.patient.sex },
      order: {
        placerNumber: content.placerNumber, fillerNumber: content.sample.code, collectedAt: content.sample.collectedAt,
        reportedAt: content.sample.verifiedAt ?? now, status,
      },
      results: content.results,
    });
    const id = await hl7Repository(tx, ctx.siteId).insertMessage({
      sampleId: report.sampleId, verzija: report.verzija, partnerId: destination.partnerId, locationId: destination.locationId, orderer: destination.naziv,
      host: destination.host, port: destination.port, controlId, body, createdBy: ctx.userId || null,
    });
    await writeAudit(tx, ctx, {
      action: 'hl7.queue', entity: 'hl7', entityId: id, field: 'status', oldValue: null,
      newValue: {
        status: 'queued', sample: report.sampleId, verzija: report.verzija,
        ...(destination.partnerId ? { partner: destination.partnerId } : { location: destination.locationId }),
        destination: `${destination.host}:${destination.port}`, controlId,
      },
    });
    ids.push(id);
  }
  return ids;
}

/** GET /hl7/list. */
export function list(db: Db, listRequest: ListRequest<{ status: readonly OutboxStatus[] }>) {
  return listHl7Messages(db, listRequest);
}

function statusOf(value: string): OutboxStatus {
  if (!isOutboxStatus(value)) throw new Error(`unknown hl7 status in the database: ${value}`);
  return value;
}

/** GET /hl7/{id}: the site's message as queued, its attempts oldest first. */
export async function show(db: Db, ctx: RequestContext, id: string): Promise<Hl7ShowAnswer> {
  const repo = hl7Repository(db, ctx.siteId);
  const message = await repo.findMessage(id);
  if (!message) throw AppError.notFound();
  const attempts = await repo.attemptsOf(message._id);
  return {
    success: true,
    poruka: {
      ...message, status: statusOf(message.status), next_attempt_at: message.next_attempt_at.toISOString(), sent_at: message.sent_at?.toISOString() ?? null,
      created_at: message.created_at.toISOString(), updated_at: message.updated_at.toISOString(),
    },
    attempts: attempts.map((attempt) => ({
      at: attempt.at.toISOString(),
      outcome: attempt.outcome === 'sent' || attempt.outcome === 'failed' ? attempt.outcome : 'retry',
      reply: attempt.reply,
    })),
  };
}

/**
 * POST /hl7/resend: the message is due again now, with a fresh count of attempts. A queued or failed one
 * keeps its control id (no receiver accepted it); one the receiver acknowledged (AA) goes out as a new
 * message under a new control id, as the receiver would drop a repeat. One being sent right now: 409.
 */
export async function resend(db: Db, ctx: RequestContext, id: string): Promise<OutboxStatus> {
  return db.transaction(async (tx) => {
    const repo = hl7Repository(tx, ctx.siteId);
    const message = await repo.findMessage(id, { forUpdate: true });
    if (!message) throw AppError.notFound();
    if (message.status === 'sending') throw AppError.conflict('outbox.sending');
    const renewed = message.status === 'sent' ? newControlId() : null;
    await repo.requeue(message._id, renewed ? { controlId: renewed, body: withControlId(message.body, renewed) } : null);
    await writeAudit(tx, ctx, {
      action: 'hl7.resend', entity: 'hl7', entityId: message._id, field: 'status', oldValue: message.status,
      newValue: { status: 'queued', controlId: renewed ?? message.control_id },
    });
    return 'queued' as const;
  });
}

// ---------------------------------------------------------------------------
// Orders in: the site's listener port
// ---------------------------------------------------------------------------

/** GET /hl7/ulaz: the port saved for the site, and the listener's state in this server (off when none runs here). */
export async function inbound(db: Db, ctx: RequestContext, state: Hl7Inbound | null): Promise<Hl7Inbound> {
  const port = await hl7Repository(db, ctx.siteId).inboundPort();
  return state && state.port === port ? state : { port, stanje: 'off', greska: null };
}

/** POST /hl7/ulaz: saves the site's listener port (null: off), audited as 'hl7.inbound'. */
export async function saveInbound(db: Db, ctx: RequestContext, port: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const repo = hl7Repository(tx, ctx.siteId);
    const before = await repo.inboundPort();
    await repo.saveInboundPort(port);
    await writeAudit(tx, ctx, { action: 'hl7.inbound', entity: 'setting', entityId: `hl7_inbound:${ctx.siteId}`, field: 'port', oldValue: before, newValue: port });
  });
}
