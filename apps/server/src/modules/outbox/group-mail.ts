import {
  addDays, calendarDateOf, fromIsoDate, ordererMail, startOfDay, toLocalDateText, epochDay, type GroupMailJob, type OrdererKind,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../sites/service.ts';
import { ordererEmails, outboxRepository, type OrdererReportRow } from './repository.ts';
import { labSignature, newMessageId } from './service.ts';

/**
 * The group e-mail of /narucioci: the reports of the site's samples
 * verified in a range of days, sent to each orderer (the samples' referring
 * location) as one message with all of that orderer's PDFs attached, split
 * into several messages above `MAX_REPORTS_PER_MESSAGE` reports so no
 * message grows beyond what mail servers take (a report PDF is some tens of
 * kilobytes; 25 of them in three languages stay well under 10 MB).
 *
 * Durable by construction: the group e-mail's row (group_mails), every
 * orderer's messages and their audit rows are written in one transaction, so
 * a server that stops at any moment leaves either the whole group e-mail in
 * the outbox or none of it; sending is the outbox worker's, which survives
 * restarts on its own. The progress the screen polls is read from the
 * database: an orderer is done when none of its messages is still queued or
 * being sent (sent, failed for good, or deleted), and so is one without an
 * address, to whom nothing goes. Queueing only inserts rows (the PDFs are the
 * stored report versions), so even a month of a busy lab commits in well
 * under a second.
 *
 * Orderers are named by kind and name: a referring location (`lokacija`,
 * its address a setting record of /narucioci) and a partner (`partner`, its
 * report addresses kept with the partner on /partneri, one message to each).
 * A sample with both a referring location and a partner goes to both.
 */

export const MAX_REPORTS_PER_MESSAGE = 25;
/** Longest range of days one group e-mail covers. */
export const MAX_GROUP_MAIL_DAYS = 31;

/** GET /narucioci/send/{id}: a group e-mail of the caller's site and how far its sending is; another site's is not found. */
export async function groupMailJob(db: Db, ctx: RequestContext, id: string): Promise<GroupMailJob> {
  const progress = await outboxRepository(db, ctx.siteId).groupMailProgress(id);
  if (!progress) throw AppError.notFound();
  const settled = progress.messages.filter((orderer) => orderer.unsettled === 0).length;
  const done = progress.withoutAddress.length + settled;
  return {
    id: progress.id,
    state: done >= progress.orderers ? 'done' : 'running',
    done,
    total: progress.orderers,
    queued: progress.messages.reduce((sum, orderer) => sum + orderer.messages, 0),
    bezAdrese: [...progress.withoutAddress],
    error: null,
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}

/**
 * POST /narucioci/send: checks the range (days of the site's calendar, at
 * most MAX_GROUP_MAIL_DAYS, from not after to), queues every orderer's
 * messages in one transaction and answers the group e-mail with its
 * progress; `onQueued` (the worker's wake-up) is told after the commit. While
 * a group e-mail of the site still has messages waiting, another answers 409,
 * so a second click never sends the same reports twice.
 */
export async function startGroupMail(
  db: Db, ctx: RequestContext, range: { dateRangeMin: string; dateRangeMax: string }, onQueued: () => void,
): Promise<GroupMailJob> {
  const first = fromIsoDate(range.dateRangeMin);
  const last = fromIsoDate(range.dateRangeMax);
  if (!first) throw AppError.badRequest('form.invalid', 'dateRangeMin');
  if (!last) throw AppError.badRequest('form.invalid', 'dateRangeMax');
  if (epochDay(last) < epochDay(first)) throw new AppError(400, 'dateRange.invalid', 'dateRangeMax');
  if (epochDay(last) - epochDay(first) + 1 > MAX_GROUP_MAIL_DAYS) {
    throw new AppError(400, 'orderers.rangeTooLong', 'dateRangeMax', { days: String(MAX_GROUP_MAIL_DAYS) });
  }
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const id = await db.transaction(async (tx) => {
    const repo = outboxRepository(tx, ctx.siteId);
    await repo.lockForGroupMail();
    if (await repo.groupMailInFlight()) throw AppError.conflict('orderers.busy');
    return queueGroupMail(tx, ctx, {
      from: startOfDay(first, timeZone), before: startOfDay(addDays(last, 1), timeZone),
      fromText: toLocalDateText(first), toText: toLocalDateText(last), timeZone,
      fromIso: range.dateRangeMin, toIso: range.dateRangeMax,
    });
  });
  onQueued();
  return groupMailJob(db, ctx, id);
}

interface JobRange {
  from: Date;
  before: Date;
  fromText: string;
  toText: string;
  fromIso: string;
  toIso: string;
  timeZone: string;
}

/** The reports grouped by their orderer's name, in the order they came (oldest verification first). */
function groupedByOrderer(reports: readonly OrdererReportRow[], kind: OrdererKind) {
  const byOrderer = new Map<string, { kind: OrdererKind; orderer: string; addresses: string[]; reports: OrdererReportRow[] }>();
  for (const report of reports) {
    const entry = byOrderer.get(report.orderer) ?? { kind, orderer: report.orderer, addresses: report.addresses, reports: [] };
    entry.reports.push(report);
    byOrderer.set(report.orderer, entry);
  }
  return [...byOrderer.values()];
}

/** The group e-mail's row, every orderer's messages and their audit rows, in the caller's transaction; answers the group e-mail's id. */
async function queueGroupMail(tx: Tx, ctx: RequestContext, range: JobRange): Promise<string> {
  const repo = outboxRepository(tx, ctx.siteId);
  const [byLocation, byPartner, addresses] = await Promise.all([
    repo.reportsVerifiedBetween(range.from, range.before, 'lokacija'), repo.reportsVerifiedBetween(range.from, range.before, 'partner'), ordererEmails(tx),
  ]);
  // Every orderer with its reports and the addresses they go to: a referring location's address record,
  // or a partner's report addresses (one message each; the outbox sends a message to one recipient).
  const orderers = [...groupedByOrderer(byLocation, 'lokacija'), ...groupedByOrderer(byPartner, 'partner')]
    .map((orderer) => ({
      ...orderer,
      emails: orderer.kind === 'partner'
        ? orderer.addresses
        : [addresses.find((record) => record.vrsta === 'lokacija' && record.naziv === orderer.orderer)?.email ?? ''].filter((email) => email !== ''),
    }))
    .sort((a, b) => a.orderer.localeCompare(b.orderer, 'bs') || a.kind.localeCompare(b.kind));
  const sample = byLocation[0] ?? byPartner[0];
  const lab = sample ? await labSignature(tx, ctx.siteId, (await repo.reportMailSubject(sample.sampleId))?.siteNaziv ?? '') : '';
  const groupMailId = await repo.insertGroupMail({
    rangeFrom: range.fromIso, rangeTo: range.toIso, orderers: orderers.length,
    withoutAddress: orderers.filter((orderer) => orderer.emails.length === 0).map((orderer) => orderer.orderer), createdBy: ctx.userId,
  });
  for (const orderer of orderers) {
    const parts = chunks(orderer.reports, MAX_REPORTS_PER_MESSAGE);
    for (const email of orderer.emails) {
      for (const [index, part] of parts.entries()) {
        const texts = ordererMail({
          orderer: orderer.orderer, from: range.fromText, to: range.toText, lab, part: index + 1, parts: parts.length,
          reports: part.map((report) => ({ code: report.code, ime: report.ime, prezime: report.prezime, datum: toLocalDateText(calendarDateOf(report.datum, range.timeZone)) })),
        });
        const messageId = newMessageId();
        const id = await repo.insertMessage({
          sampleId: null, ordererKind: orderer.kind, orderer: orderer.orderer, recipient: email, subject: texts.subject, body: texts.body,
          language: 'bs', attachmentIds: part.flatMap((report) => report.versionIds), messageId, createdBy: ctx.userId, groupMailId,
        });
        await writeAudit(tx, ctx, {
          action: 'outbox.queue', entity: 'outbox', entityId: id, field: 'status', oldValue: null,
          newValue: { status: 'queued', recipient: email, orderer: orderer.orderer, groupMail: groupMailId, samples: part.map((report) => report.sampleId), messageId },
        });
      }
    }
  }
  return groupMailId;
}
