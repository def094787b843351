import { randomUUID } from 'node:crypto';
import {
  addDays, calendarDateOf, fromIsoDate, ordererMail, startOfDay, toLocalDateText, epochDay, type GroupMailJob,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
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
 * Queueing runs as a background job whose progress the screen polls; each
 * orderer's messages are queued in one transaction with their audit row.
 *
 * Orderers are named by kind and name (`lokacija` today), so partners can be
 * added as a kind of their own with their own address records.
 */

export const MAX_REPORTS_PER_MESSAGE = 25;
/** Longest range of days one group e-mail covers. */
export const MAX_GROUP_MAIL_DAYS = 31;

interface Job extends GroupMailJob {
  siteId: string;
}

/** Jobs of this process, by id; finished ones are kept for an hour so the screen can read the outcome. */
const jobs = new Map<string, Job>();
const KEEP_FINISHED_MS = 60 * 60_000;

function publicJob(job: Job): GroupMailJob {
  const { siteId: _site, ...visible } = job;
  return { ...visible, bezAdrese: [...visible.bezAdrese] };
}

/** A job of the caller's site; another site's job is not found, like a missing one. */
export function groupMailJob(ctx: RequestContext, id: string): GroupMailJob {
  const job = jobs.get(id);
  if (!job || job.siteId !== ctx.siteId) throw AppError.notFound();
  return publicJob(job);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}

/**
 * POST /narucioci/send: checks the range (days of the site's calendar, at
 * most MAX_GROUP_MAIL_DAYS, from not after to), starts the job and answers
 * it at once; `onQueued` is told after each orderer's messages commit (the
 * worker's wake-up). One job per site at a time: a second answers 409.
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
  for (const job of jobs.values()) {
    if (job.siteId === ctx.siteId && job.state === 'running') throw AppError.conflict('orderers.busy');
  }
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const job: Job = { id: randomUUID(), siteId: ctx.siteId, state: 'running', done: 0, total: 0, queued: 0, bezAdrese: [], error: null };
  jobs.set(job.id, job);
  void runJob(db, ctx, job, {
    from: startOfDay(first, timeZone), before: startOfDay(addDays(last, 1), timeZone),
    fromText: toLocalDateText(first), toText: toLocalDateText(last), timeZone,
  }, onQueued).finally(() => {
    setTimeout(() => jobs.delete(job.id), KEEP_FINISHED_MS).unref();
  });
  return publicJob(job);
}

interface JobRange {
  from: Date;
  before: Date;
  fromText: string;
  toText: string;
  timeZone: string;
}

async function runJob(db: Db, ctx: RequestContext, job: Job, range: JobRange, onQueued: () => void): Promise<void> {
  try {
    const repo = outboxRepository(db, ctx.siteId);
    const [reports, addresses] = await Promise.all([repo.reportsVerifiedBetween(range.from, range.before), ordererEmails(db)]);
    const byOrderer = new Map<string, OrdererReportRow[]>();
    for (const report of reports) byOrderer.set(report.lokacija, [...(byOrderer.get(report.lokacija) ?? []), report]);
    job.total = byOrderer.size;
    const sample = reports[0];
    const lab = sample ? await labSignature(db, ctx.siteId, (await repo.reportMailSubject(sample.sampleId))?.siteNaziv ?? '') : '';
    for (const [orderer, ordererReports] of [...byOrderer.entries()].sort(([a], [b]) => a.localeCompare(b, 'bs'))) {
      const email = addresses.find((record) => record.vrsta === 'lokacija' && record.naziv === orderer)?.email ?? '';
      if (email === '') {
        job.bezAdrese.push(orderer);
      } else {
        job.queued += await queueOrdererMessages(db, ctx, { orderer, email, reports: ordererReports, lab, range });
        onQueued();
      }
      job.done += 1;
    }
    job.state = 'done';
  } catch (error) {
    job.state = 'failed';
    job.error = error instanceof Error ? error.message : String(error);
  }
}

async function queueOrdererMessages(
  db: Db, ctx: RequestContext, work: { orderer: string; email: string; reports: OrdererReportRow[]; lab: string; range: JobRange },
): Promise<number> {
  const parts = chunks(work.reports, MAX_REPORTS_PER_MESSAGE);
  return db.transaction(async (tx) => {
    const repo = outboxRepository(tx, ctx.siteId);
    for (const [index, part] of parts.entries()) {
      const texts = ordererMail({
        orderer: work.orderer, from: work.range.fromText, to: work.range.toText, lab: work.lab, part: index + 1, parts: parts.length,
        reports: part.map((report) => ({ code: report.code, ime: report.ime, prezime: report.prezime, datum: toLocalDateText(calendarDateOf(report.datum, work.range.timeZone)) })),
      });
      const messageId = newMessageId();
      const id = await repo.insertMessage({
        sampleId: null, ordererKind: 'lokacija', orderer: work.orderer, recipient: work.email, subject: texts.subject, body: texts.body,
        language: 'bs', attachmentIds: part.flatMap((report) => report.versionIds), messageId, createdBy: ctx.userId,
      });
      await writeAudit(tx, ctx, {
        action: 'outbox.queue', entity: 'outbox', entityId: id, field: 'status', oldValue: null,
        newValue: { status: 'queued', recipient: work.email, orderer: work.orderer, samples: part.map((report) => report.sampleId), messageId },
      });
    }
    return parts.length;
  });
}
