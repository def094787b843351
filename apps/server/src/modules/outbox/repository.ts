import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { OrdererKind, OutboxStatus } from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { runList, type ListRequest, type ListSpec } from '../../db/list-query.ts';
import { settingRecords, sites } from '../../db/shared-tables.ts';
import { groupMails, outboxAttempts, outboxMessages } from './tables.ts';
import { partners } from '../partners/tables.ts';
import { patients } from '../patients/tables.ts';
import { reportVersions } from '../reports/tables.ts';
import { samples } from '../samples/tables.ts';
import { isUuid } from '../../lib/ids.ts';

// The only SQL of the outbox. What belongs to a site (messages, their attempts, the site's samples and
// report versions) is reached through `outboxRepository(db, siteId)`, every statement carrying the site;
// the worker's claim and settle work across sites by design (one outbox for the lab) and take a message
// only by the id and claim token it was given; orderers' addresses are lab-wide setting records.

export interface NewOutboxMessage {
  sampleId: string | null;
  ordererKind: string | null;
  orderer: string | null;
  recipient: string;
  subject: string;
  body: string;
  /** A secret in the body to mask once sent (a portal code); absent for other mail. */
  secret?: string | null;
  language: string;
  attachmentIds: string[];
  messageId: string;
  createdBy: string | null;
  /** The group e-mail that queues it (group_mails.id); absent for a patient's mail. */
  groupMailId?: string | null;
}

/** A group e-mail and, per orderer it queued messages for, how many there are and how many still wait to be sent. */
export interface GroupMailProgressRow {
  id: string;
  orderers: number;
  withoutAddress: string[];
  messages: { orderer: string; messages: number; unsettled: number }[];
}

export interface OutboxMessageRow {
  id: string;
  siteId: string;
  sampleId: string | null;
  orderer: string | null;
  recipient: string;
  subject: string;
  body: string;
  attachmentIds: string[];
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastReply: string | null;
  messageId: string;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const messageColumns = {
  id: outboxMessages.id,
  siteId: outboxMessages.siteId,
  sampleId: outboxMessages.sampleId,
  orderer: outboxMessages.orderer,
  recipient: outboxMessages.recipient,
  subject: outboxMessages.subject,
  body: outboxMessages.body,
  attachmentIds: outboxMessages.attachmentIds,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  nextAttemptAt: outboxMessages.nextAttemptAt,
  lastReply: outboxMessages.lastReply,
  messageId: outboxMessages.messageId,
  sentAt: outboxMessages.sentAt,
  createdAt: outboxMessages.createdAt,
  updatedAt: outboxMessages.updatedAt,
};

/** A report version as an attachment: its sample, language, number and the sample's code (for the file name). */
export interface ReportVersionRow {
  id: string;
  sampleId: string;
  jezik: string;
  verzija: number;
  code: string;
}

/** What a patient's report mail says: the patient, the sample, the site. */
export interface ReportMailSubject {
  email: string;
  language: string[];
  ime: string;
  prezime: string;
  code: string;
  datum: Date;
  siteNaziv: string;
}

/** A verified sample of the range with its orderer and latest report, for the group e-mail. */
/**
 * How a kind of orderer is read from a sample: its name, its own report addresses (a partner's; a
 * referring location's address is a setting record instead) and which verified samples it has.
 */
function ordererOf(by: OrdererKind) {
  return by === 'partner'
    ? {
      name: sql<string>`${partners.naziv}`, addresses: sql<string[]>`${partners.emailNalazi}`,
      verified: sql`${samples.status} = 'VERIFICIRAN' and ${samples.partnerId} is not null`,
    }
    : {
      name: sql<string>`${samples.lokacija}`, addresses: sql<string[]>`'[]'::jsonb`,
      // Written out rather than bound: the predicate of samples_site_verified_idx, which the planner must see.
      verified: sql`${samples.status} = 'VERIFICIRAN' and ${samples.lokacija} <> ''`,
    };
}

export interface OrdererReportRow {
  sampleId: string;
  /** The orderer's name: the referring location, or the partner. */
  orderer: string;
  /** A partner's report addresses; [] for a referring location. */
  addresses: string[];
  code: string;
  datum: Date;
  ime: string;
  prezime: string;
  verzija: number;
  versionIds: string[];
}

export function outboxListSpec(db: Db, list: ListRequest<{ status: readonly OutboxStatus[] }>) {
  const { status } = list.extra;
  return {
    site: outboxMessages.siteId,
    query: () => db.select({
      _id: outboxMessages.id,
      // The check constraint holds the column to the four outbox statuses.
      status: sql<OutboxStatus>`${outboxMessages.status}`,
      email: outboxMessages.recipient,
      subject: outboxMessages.subject,
      attempts: outboxMessages.attempts,
      next_attempt_at: outboxMessages.nextAttemptAt,
      last_reply: outboxMessages.lastReply,
      sent_at: outboxMessages.sentAt,
      created_at: outboxMessages.createdAt,
      updated_at: outboxMessages.updatedAt,
      idNalaza: outboxMessages.sampleId,
      code: samples.code,
      ime: patients.ime,
      prezime: patients.prezime,
      narucilac: outboxMessages.orderer,
      prilozi: sql<number>`cardinality(${outboxMessages.attachmentIds})`,
    // LEFT JOINs: a group e-mail has no sample; PostgreSQL drops them from the count when no filter reads them.
    }).from(outboxMessages)
      .leftJoin(samples, eq(samples.id, outboxMessages.sampleId))
      .leftJoin(patients, eq(patients.id, samples.patientId)).$dynamic(),
    // Deleted messages leave the list; the predicate is the list index's own (outbox_messages_list_idx).
    where: and(sql`${outboxMessages.deletedAt} is null`, status.length > 0 ? inArray(outboxMessages.status, [...status]) : undefined),
    sortable: {
      created_at: outboxMessages.createdAt, status: outboxMessages.status, email: outboxMessages.recipient,
      sent_at: outboxMessages.sentAt, attempts: outboxMessages.attempts,
    },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    primaryKey: outboxMessages.id,
    filter: [outboxMessages.recipient, samples.code, patients.prezime, patients.ime, outboxMessages.orderer],
    date: outboxMessages.createdAt,
  } satisfies ListSpec<PgSelect>;
}

export function listMessages(db: Db, list: ListRequest<{ status: readonly OutboxStatus[] }>) {
  return runList(db, list, outboxListSpec(db, list));
}

/** The outbox of one site: every statement carries `site_id = siteId`. */
export function outboxRepository(db: Db | Tx, siteId: string) {
  const mine = (id: string) => and(eq(outboxMessages.id, id), eq(outboxMessages.siteId, siteId), isNull(outboxMessages.deletedAt));
  return {
    /**
     * Serialises the site's group e-mails: the site's row locked until the transaction ends (FOR NO KEY
     * UPDATE, so rows that merely reference the site are not held up), so two clicks cannot both find
     * no group e-mail in flight and both queue the same reports.
     */
    async lockForGroupMail(): Promise<void> {
      await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for('no key update');
    },

    /** A group e-mail of the site with messages still queued or being sent, if there is one. */
    async groupMailInFlight(): Promise<string | null> {
      const [row] = await db.select({ id: groupMails.id }).from(groupMails)
        .where(and(eq(groupMails.siteId, siteId), sql`exists (select 1 from ${outboxMessages} m where m.group_mail_id = ${groupMails.id}
          and m.status in ('queued', 'sending') and m.deleted_at is null)`))
        .limit(1);
      return row?.id ?? null;
    },

    async insertGroupMail(groupMail: { rangeFrom: string; rangeTo: string; orderers: number; withoutAddress: string[]; createdBy: string }): Promise<string> {
      const [row] = await db.insert(groupMails).values({ ...groupMail, siteId }).returning({ id: groupMails.id });
      return row!.id;
    },

    /** A group e-mail of the site with its messages counted per orderer; a deleted message counts as settled. */
    async groupMailProgress(id: string): Promise<GroupMailProgressRow | null> {
      if (!isUuid(id)) return null;
      const [groupMail] = await db.select({ id: groupMails.id, orderers: groupMails.orderers, withoutAddress: groupMails.withoutAddress })
        .from(groupMails).where(and(eq(groupMails.id, id), eq(groupMails.siteId, siteId)));
      if (!groupMail) return null;
      const messages = await db.select({
        orderer: sql<string>`coalesce(${outboxMessages.orderer}, '')`,
        messages: sql<number>`count(*)::int`,
        unsettled: sql<number>`(count(*) filter (where ${outboxMessages.status} in ('queued', 'sending') and ${outboxMessages.deletedAt} is null))::int`,
      }).from(outboxMessages)
        .where(and(eq(outboxMessages.groupMailId, id), eq(outboxMessages.siteId, siteId)))
        .groupBy(outboxMessages.orderer);
      return { ...groupMail, messages };
    },

    async insertMessage(message: NewOutboxMessage): Promise<string> {
      const [row] = await db.insert(outboxMessages).values({ ...message, siteId, status: 'queued' }).returning({ id: outboxMessages.id });
      return row!.id;
    },

    /** A message of the site that is not deleted; `forUpdate` locks it against the worker and other calls. */
    async findMessage(id: string, options: { forUpdate?: boolean } = {}): Promise<OutboxMessageRow | null> {
      if (!isUuid(id)) return null;
      const query = db.select(messageColumns).from(outboxMessages).where(mine(id));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    attemptsOf(messageId: string) {
      return db.select({ at: outboxAttempts.at, outcome: outboxAttempts.outcome, reply: outboxAttempts.reply })
        .from(outboxAttempts)
        .where(and(eq(outboxAttempts.messageId, messageId), eq(outboxAttempts.siteId, siteId)))
        .orderBy(asc(outboxAttempts.at), asc(outboxAttempts.id));
    },

    /** Due now, with a fresh count of attempts; a new Message-ID when the message is to go out again after it was accepted. */
    async requeue(id: string, newMessageId: string | null): Promise<void> {
      await db.update(outboxMessages).set({
        status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, claimedAt: null, claimToken: null, updatedAt: sql`now()`,
        ...(newMessageId ? { messageId: newMessageId, sentAt: null } : {}),
      }).where(mine(id));
    },

    async markDeleted(id: string, userId: string): Promise<void> {
      await db.update(outboxMessages).set({ deletedAt: sql`now()`, deletedBy: userId, updatedAt: sql`now()` }).where(mine(id));
    },

    async sampleOf(sampleId: string) {
      const [row] = await db.select({ sid: samples.id, code: samples.code, status: samples.status, pid: samples.patientId })
        .from(samples).where(and(eq(samples.id, sampleId), eq(samples.siteId, siteId)));
      return row ?? null;
    },

    /** The site's report versions among `ids`, in the order asked (ids of another site or of nothing are left out). */
    async reportVersions(ids: readonly string[]): Promise<ReportVersionRow[]> {
      const wanted = ids.filter(isUuid);
      if (wanted.length === 0) return [];
      const rows = await db.select({
        id: reportVersions.id, sampleId: reportVersions.sampleId, jezik: reportVersions.jezik, verzija: reportVersions.verzija, code: samples.code,
      }).from(reportVersions).innerJoin(samples, eq(samples.id, reportVersions.sampleId))
        .where(and(inArray(reportVersions.id, wanted), eq(reportVersions.siteId, siteId)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return wanted.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    /** The bytes of one report version of the site, exactly as issued. */
    async reportVersionPdf(id: string): Promise<Buffer | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select({ pdf: reportVersions.pdf }).from(reportVersions)
        .where(and(eq(reportVersions.id, id), eq(reportVersions.siteId, siteId)));
      return row?.pdf ?? null;
    },

    /** The patient, sample and site a report mail speaks of. */
    async reportMailSubject(sampleId: string): Promise<ReportMailSubject | null> {
      const [row] = await db.select({
        email: patients.email, language: patients.language, ime: patients.ime, prezime: patients.prezime,
        code: samples.code, datum: samples.datum, siteNaziv: sites.naziv,
      }).from(samples).innerJoin(patients, eq(patients.id, samples.patientId)).innerJoin(sites, eq(sites.id, samples.siteId))
        .where(and(eq(samples.id, sampleId), eq(samples.siteId, siteId)));
      return row ?? null;
    },

    /** The site's general options record (its own, beside the lab-wide one read by `labGeneralOptions`). */
    async siteSettingData(type: string): Promise<unknown> {
      const [row] = await db.select({ data: settingRecords.data }).from(settingRecords)
        .where(and(eq(settingRecords.type, type), eq(settingRecords.siteId, siteId))).limit(1);
      return row?.data ?? null;
    },

    /**
     * The orderers of the site's samples verified in [from, before) with how many of their samples have a
     * report: by referring location (samples_site_verified_idx), or by partner with the partner's report addresses.
     */
    async orderersVerifiedBetween(from: Date, before: Date, by: OrdererKind = 'lokacija') {
      const orderer = ordererOf(by);
      return db.select({ orderer: orderer.name, addresses: orderer.addresses, nalaza: sql<number>`(count(*) filter (where ${samples.pdfExists}))::int` })
        .from(samples).leftJoin(partners, eq(partners.id, samples.partnerId))
        .where(and(eq(samples.siteId, siteId), orderer.verified, sql`${samples.verifiedAt} >= ${from.toISOString()}::timestamptz`, lt(samples.verifiedAt, before)))
        .groupBy(orderer.name, orderer.addresses).orderBy(asc(orderer.name));
    },

    /**
     * The site's samples verified in [from, before) that have a report, with their orderer (referring
     * location, or partner with its report addresses) and the latest version's report ids (every
     * language), oldest verification first.
     */
    async reportsVerifiedBetween(from: Date, before: Date, by: OrdererKind = 'lokacija'): Promise<OrdererReportRow[]> {
      const orderer = ordererOf(by);
      const latest = db.select({
        sampleId: reportVersions.sampleId,
        verzija: sql<number>`max(${reportVersions.verzija})`.as('verzija'),
      }).from(reportVersions).where(eq(reportVersions.siteId, siteId)).groupBy(reportVersions.sampleId).as('latest');
      const rows = await db.select({
        sampleId: samples.id, orderer: orderer.name, addresses: orderer.addresses, code: samples.code, datum: samples.datum, ime: patients.ime, prezime: patients.prezime,
        verzija: latest.verzija,
        versionIds: sql<string[]>`array(select rv.id from ${reportVersions} rv where rv.sample_id = ${samples.id} and rv.verzija = ${latest.verzija}
          order by array_position(array['bs','en','de'], rv.jezik))`,
      }).from(samples)
        .innerJoin(latest, eq(latest.sampleId, samples.id))
        .innerJoin(patients, eq(patients.id, samples.patientId))
        .leftJoin(partners, eq(partners.id, samples.partnerId))
        .where(and(eq(samples.siteId, siteId), orderer.verified, sql`${samples.verifiedAt} >= ${from.toISOString()}::timestamptz`, lt(samples.verifiedAt, before)))
        .orderBy(asc(samples.verifiedAt), asc(samples.id));
      return rows;
    },

    /**
     * Records an attempt and its outcome in one transaction: the attempt row
     * always (it happened), the message's new status only while the claim is
     * still this worker's (a claim taken over as stale belongs to the other
     * worker now). Answers whether the message was settled by this call. The worker makes the repository with
     * the claimed message's own site.
     */
    async settleAttempt(messageId: string, claimToken: string, settlement: Settlement): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.insert(outboxAttempts).values({ messageId, siteId, outcome: settlement.outcome, reply: settlement.reply });
        const status = settlement.outcome === 'retry' ? 'queued' : settlement.outcome;
        const settled = await tx.update(outboxMessages).set({
          status, lastReply: settlement.reply, claimedAt: null, claimToken: null, updatedAt: sql`now()`,
          // Sent: a portal code the body carried is masked now that the mail server has it (tables.ts, secret).
          ...(settlement.outcome === 'sent'
            ? { sentAt: sql`now()`, body: sql`case when ${outboxMessages.secret} is null then ${outboxMessages.body} else replace(${outboxMessages.body}, ${outboxMessages.secret}, '*****-*****') end`, secret: null }
            : {}),
          ...(settlement.nextAttemptAt ? { nextAttemptAt: settlement.nextAttemptAt } : {}),
        }).where(and(eq(outboxMessages.id, messageId), eq(outboxMessages.siteId, siteId), eq(outboxMessages.claimToken, claimToken))).returning({ id: outboxMessages.id });
        return settled.length > 0;
      });
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;

/** The lab-wide record of a setting type (site_id null). */
export async function labSettingData(db: Db | Tx, type: string): Promise<unknown> {
  const [row] = await db.select({ data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, type), isNull(settingRecords.siteId))).limit(1);
  return row?.data ?? null;
}

// ---------------------------------------------------------------------------
// The worker's statements (across sites: one outbox, one worker per process)
// ---------------------------------------------------------------------------

/** A claimed message: what the worker needs to send it and to settle it. */
export interface ClaimedMessage {
  id: string;
  siteId: string;
  recipient: string;
  subject: string;
  body: string;
  attachmentIds: string[];
  messageId: string;
  attempts: number;
}

/** The next message to send: queued and due, or claimed by a worker that went quiet before `staleBefore`. */
export function dueMessage(db: Db | Tx, now: Date, staleBefore: Date) {
  return db.select({ id: outboxMessages.id }).from(outboxMessages)
    .where(or(
      and(eq(outboxMessages.status, 'queued'), isNull(outboxMessages.deletedAt), lte(outboxMessages.nextAttemptAt, now)),
      and(eq(outboxMessages.status, 'sending'), lt(outboxMessages.claimedAt, staleBefore)),
    ))
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(1);
}

/**
 * Claims one message that is due (queued and its time has come) or whose
 * claim went stale (status 'sending' since before `staleBefore`: the worker
 * that took it is gone). The row is locked FOR UPDATE SKIP LOCKED, so two
 * workers never take the same row, and the claim commits with the status
 * 'sending', the worker's token and the attempt counted before any SMTP
 * traffic, so a worker that dies leaves a claim that goes stale, never a
 * message that is lost.
 */
export async function claimNext(db: Db, now: Date, staleBefore: Date, claimToken: string): Promise<ClaimedMessage | null> {
  return db.transaction(async (tx) => {
    const [due] = await dueMessage(tx, now, staleBefore).for('update', { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx.update(outboxMessages).set({
      status: 'sending', claimedAt: now, claimToken, attempts: sql`${outboxMessages.attempts} + 1`, updatedAt: now,
    }).where(eq(outboxMessages.id, due.id)).returning({
      id: outboxMessages.id, siteId: outboxMessages.siteId, recipient: outboxMessages.recipient, subject: outboxMessages.subject,
      body: outboxMessages.body, attachmentIds: outboxMessages.attachmentIds, messageId: outboxMessages.messageId, attempts: outboxMessages.attempts,
    });
    return claimed ?? null;
  });
}

export interface Settlement {
  outcome: 'sent' | 'retry' | 'failed';
  reply: string;
  /** When a retry is due. */
  nextAttemptAt?: Date;
}

/** Messages queued and due, and claims older than `staleBefore`: what the worker still has to do (tests and shutdown read it). */
export async function pendingCount(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(outboxMessages)
    .where(or(and(eq(outboxMessages.status, 'queued'), isNull(outboxMessages.deletedAt), lte(outboxMessages.nextAttemptAt, now)), eq(outboxMessages.status, 'sending')));
  return row?.count ?? 0;
}

// ---------------------------------------------------------------------------
// Orderers' e-mail addresses: lab-wide setting records, one per orderer
// ---------------------------------------------------------------------------

export const ORDERER_EMAIL_TYPE = 'orderer_email';

export interface OrdererEmailRecord {
  id: string;
  vrsta: string;
  naziv: string;
  email: string;
}

export async function ordererEmails(db: Db | Tx): Promise<OrdererEmailRecord[]> {
  const rows = await db.select({ id: settingRecords.id, data: settingRecords.data }).from(settingRecords)
    .where(and(eq(settingRecords.type, ORDERER_EMAIL_TYPE), isNull(settingRecords.siteId)))
    .orderBy(desc(settingRecords.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    vrsta: typeof row.data.vrsta === 'string' ? row.data.vrsta : 'lokacija',
    naziv: typeof row.data.naziv === 'string' ? row.data.naziv : '',
    email: typeof row.data.email === 'string' ? row.data.email : '',
  }));
}

export async function saveOrdererEmail(tx: Tx, existingId: string | null, record: Omit<OrdererEmailRecord, 'id'>): Promise<void> {
  if (existingId) {
    await tx.update(settingRecords).set({ data: record, updatedAt: sql`now()` }).where(eq(settingRecords.id, existingId));
  } else {
    await tx.insert(settingRecords).values({ type: ORDERER_EMAIL_TYPE, siteId: null, data: record });
  }
}
