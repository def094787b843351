import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { OutboxStatus } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { runList, type ListRequest, type ListSpec } from '../../db/list-query.ts';
import { isUuid } from '../../lib/ids.ts';
import { settingRecords, users } from '../../db/shared-tables.ts';
import { hl7Attempts, hl7Messages } from './tables.ts';
import { patients } from '../patients/tables.ts';
import { samples } from '../samples/tables.ts';

// The only SQL of the HL7 outbound queue. A site's messages and their attempts are reached through
// `hl7Repository(db, siteId)`, every statement carrying the site; the worker's claim works across sites by
// design (one queue for the lab) and settles a message only by the id and claim token it was given.

export interface NewHl7Message {
  sampleId: string;
  verzija: number;
  partnerId: string | null;
  locationId: string | null;
  orderer: string;
  host: string;
  port: number;
  controlId: string;
  body: string;
  createdBy: string | null;
}

const rowColumns = {
  _id: hl7Messages.id,
  // The check constraint holds the column to the four outbox statuses.
  status: sql<OutboxStatus>`${hl7Messages.status}`,
  narucilac: hl7Messages.orderer,
  odrediste: sql<string>`${hl7Messages.host} || ':' || ${hl7Messages.port}`,
  control_id: hl7Messages.controlId,
  verzija: hl7Messages.verzija,
  attempts: hl7Messages.attempts,
  next_attempt_at: hl7Messages.nextAttemptAt,
  last_reply: hl7Messages.lastReply,
  sent_at: hl7Messages.sentAt,
  created_at: hl7Messages.createdAt,
  updated_at: hl7Messages.updatedAt,
  idNalaza: hl7Messages.sampleId,
  code: samples.code,
  ime: patients.ime,
  prezime: patients.prezime,
};

export function hl7ListSpec(db: Db, list: ListRequest<{ status: readonly OutboxStatus[] }>) {
  const { status } = list.extra;
  return {
    site: hl7Messages.siteId,
    query: () => db.select(rowColumns).from(hl7Messages)
      .innerJoin(samples, eq(samples.id, hl7Messages.sampleId))
      .innerJoin(patients, eq(patients.id, samples.patientId)).$dynamic(),
    where: status.length > 0 ? inArray(hl7Messages.status, [...status]) : undefined,
    sortable: { created_at: hl7Messages.createdAt, status: hl7Messages.status, narucilac: hl7Messages.orderer, sent_at: hl7Messages.sentAt, attempts: hl7Messages.attempts },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    primaryKey: hl7Messages.id,
    filter: [samples.code, patients.prezime, patients.ime, hl7Messages.orderer, hl7Messages.controlId],
    date: hl7Messages.createdAt,
  } satisfies ListSpec<PgSelect>;
}

export function listHl7Messages(db: Db, list: ListRequest<{ status: readonly OutboxStatus[] }>) {
  return runList(db, list, hl7ListSpec(db, list));
}

export interface Settlement {
  outcome: 'sent' | 'retry' | 'failed';
  reply: string;
  /** When a retry is due. */
  nextAttemptAt?: Date;
}

/** The HL7 queue of one site: every statement carries `site_id = siteId`. */
export function hl7Repository(db: Db | Tx, siteId: string) {
  const mine = (id: string) => and(eq(hl7Messages.id, id), eq(hl7Messages.siteId, siteId));
  return {
    /** The site's inbound order listener: its MLLP port (a setting record of the site), null when off. */
    async inboundPort(): Promise<number | null> {
      const [row] = await db.select({ data: settingRecords.data }).from(settingRecords)
        .where(and(eq(settingRecords.type, HL7_INBOUND_TYPE), eq(settingRecords.siteId, siteId))).limit(1);
      const port = row?.data.port;
      return typeof port === 'number' ? port : null;
    },

    async saveInboundPort(port: number | null): Promise<void> {
      const updated = await db.update(settingRecords).set({ data: { port }, updatedAt: sql`now()` })
        .where(and(eq(settingRecords.type, HL7_INBOUND_TYPE), eq(settingRecords.siteId, siteId))).returning({ id: settingRecords.id });
      if (updated.length === 0) await db.insert(settingRecords).values({ type: HL7_INBOUND_TYPE, siteId, data: { port } });
    },

    async insertMessage(message: NewHl7Message): Promise<string> {
      const [row] = await db.insert(hl7Messages).values({ ...message, siteId, status: 'queued' }).returning({ id: hl7Messages.id });
      return row!.id;
    },

    /** A message of the site with its sample and patient; `forUpdate` locks it against the worker and other calls. */
    async findMessage(id: string, options: { forUpdate?: boolean } = {}) {
      if (!isUuid(id)) return null;
      const query = db.select({ ...rowColumns, body: hl7Messages.body }).from(hl7Messages)
        .innerJoin(samples, eq(samples.id, hl7Messages.sampleId))
        .innerJoin(patients, eq(patients.id, samples.patientId)).where(mine(id));
      const [row] = options.forUpdate ? await query.for('update', { of: hl7Messages }) : await query;
      return row ?? null;
    },

    attemptsOf(messageId: string) {
      return db.select({ at: hl7Attempts.at, outcome: hl7Attempts.outcome, reply: hl7Attempts.reply }).from(hl7Attempts)
        .where(and(eq(hl7Attempts.messageId, messageId), eq(hl7Attempts.siteId, siteId)))
        .orderBy(asc(hl7Attempts.at), asc(hl7Attempts.id));
    },

    /** Due now with a fresh count of attempts; with `renewed`, a new control id and the text carrying it (to go out again after an AA). */
    async requeue(id: string, renewed: { controlId: string; body: string } | null): Promise<void> {
      await db.update(hl7Messages).set({
        status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, claimedAt: null, claimToken: null, updatedAt: sql`now()`,
        ...(renewed ? { ...renewed, sentAt: null } : {}),
      }).where(mine(id));
    },

    /**
     * Records an attempt and its outcome in one transaction: the attempt row always (it happened), the
     * message's new status only while the claim is still this worker's. Answers whether this call settled it.
     */
    async settleAttempt(messageId: string, claimToken: string, settlement: Settlement): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.insert(hl7Attempts).values({ messageId, siteId, outcome: settlement.outcome, reply: settlement.reply });
        const settled = await tx.update(hl7Messages).set({
          status: settlement.outcome === 'retry' ? 'queued' : settlement.outcome, lastReply: settlement.reply, claimedAt: null, claimToken: null,
          updatedAt: sql`now()`,
          ...(settlement.outcome === 'sent' ? { sentAt: sql`now()` } : {}),
          ...(settlement.nextAttemptAt ? { nextAttemptAt: settlement.nextAttemptAt } : {}),
        }).where(and(eq(hl7Messages.id, messageId), eq(hl7Messages.siteId, siteId), eq(hl7Messages.claimToken, claimToken)))
          .returning({ id: hl7Messages.id });
        return settled.length > 0;
      });
    },
  };
}

// ---------------------------------------------------------------------------
// The worker's statements (across sites: one queue, one worker per process)
// ---------------------------------------------------------------------------

export interface ClaimedHl7Message {
  id: string;
  siteId: string;
  host: string;
  port: number;
  controlId: string;
  body: string;
  attempts: number;
}

/**
 * Claims one message that is due (queued and its time has come) or whose claim went stale (a worker that
 * died mid-attempt). FOR UPDATE SKIP LOCKED, and the claim (status 'sending', token, attempt counted)
 * commits before any byte goes to the receiver, so a worker that dies leaves a claim that goes stale,
 * never a message that is lost.
 */
export async function claimNextHl7(db: Db, now: Date, staleBefore: Date, claimToken: string): Promise<ClaimedHl7Message | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx.select({ id: hl7Messages.id }).from(hl7Messages)
      .where(or(
        and(eq(hl7Messages.status, 'queued'), lte(hl7Messages.nextAttemptAt, now)),
        and(eq(hl7Messages.status, 'sending'), lt(hl7Messages.claimedAt, staleBefore)),
      ))
      .orderBy(asc(hl7Messages.nextAttemptAt)).limit(1).for('update', { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx.update(hl7Messages).set({
      status: 'sending', claimedAt: now, claimToken, attempts: sql`${hl7Messages.attempts} + 1`, updatedAt: now,
    }).where(eq(hl7Messages.id, due.id)).returning({
      id: hl7Messages.id, siteId: hl7Messages.siteId, host: hl7Messages.host, port: hl7Messages.port, controlId: hl7Messages.controlId,
      body: hl7Messages.body, attempts: hl7Messages.attempts,
    });
    return claimed ?? null;
  });
}

// ---------------------------------------------------------------------------
// Orders in: the sites' listeners and the account orders are taken under
// ---------------------------------------------------------------------------

/** The setting record of a site's inbound HL7 order listener ({ port }). */
export const HL7_INBOUND_TYPE = 'hl7_inbound';

/** Every site's inbound listener port (the listeners start from it). */
export async function inboundPorts(db: Db): Promise<{ site: string; port: number }[]> {
  const rows = await db.select({ site: settingRecords.siteId, data: settingRecords.data }).from(settingRecords).where(eq(settingRecords.type, HL7_INBOUND_TYPE));
  return rows.flatMap((row) => (row.site && typeof row.data.port === 'number' ? [{ site: row.site, port: row.data.port }] : []));
}

const HL7_ORDERS_EMAIL = 'hl7-narudzbe@system.lis';

/**
 * The account orders from hospital systems are taken under (audit rows, the sample's creator): a system
 * account that cannot sign in (disabled, no password), made on first use like the autoverification's.
 */
export async function hl7OrdersUserId(db: Db): Promise<string> {
  const find = async () => (await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${HL7_ORDERS_EMAIL}`))[0]?.id;
  const existing = await find();
  if (existing) return existing;
  await db.insert(users).values({ email: HL7_ORDERS_EMAIL, passwordHash: '!', ime: 'HL7 narudžbe', prezime: '', role: 'technician', disabled: true, accessLevel: 0 })
    .onConflictDoNothing();
  const made = await find();
  if (!made) throw new Error('the HL7 orders account could not be made');
  return made;
}
