import { createHash } from 'node:crypto';
import {
  type ReportJezik, type ReportListRow, type ReportVersion, type ReportVersionsAnswer,
  type ReportVersionInput, buildReportContent, effectiveGeneralOptions, freezeReportInput, isReportJezik, isSampleStatus,
  reportJeziciOf, thawReportInput, REPORT_JEZICI,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { logPatientView } from '../patients/service.ts';
import { judge, patientFacts, rangesByAssay } from '../results/service.ts';
import { queueReportMail } from '../outbox/service.ts';
import { referenceRangesOf } from '../../db/reference-ranges.ts';
import { renderReportPdf } from './pdf.ts';
import { reportMicrobiology } from '../microbiology/service.ts';
import {
  type ReportSampleRow, type ReportTestRow, listReports, reportPatient, reportRepository,
} from './repository.ts';

// Result reports: issued when a sample is verified (in the verification's transaction), one PDF per
// language the patient asked for, stored with its SHA-256 and never rendered again. An unlock followed by
// a new verification issues the next version, headed as a corrected report with the unlock's reason and
// the date of the version it replaces. The list, each version's bytes and the withdrawal from the list.

/** What an issue stored: the version number and the id of each language's PDF (for the e-mail outbox). */
export interface IssuedReport {
  verzija: number;
  versions: { id: string; jezik: ReportJezik }[];
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function jezikOf(value: string): ReportJezik {
  if (!isReportJezik(value)) throw new Error(`unknown report language in the database: ${value}`);
  return value;
}

/** The sample types of the tests, in report order, once each: what was taken when the sample records none. */
function sampleTypesText(sample: ReportSampleRow, tests: readonly ReportTestRow[]): string {
  if (sample.type.trim()) return sample.type;
  return [...new Set(tests.map((test) => test.sampleType).filter((type): type is string => Boolean(type)))].join(', ');
}

/**
 * Issues the report of a sample of the caller's site that has just been
 * verified, inside the verification's transaction `tx` (the sample row is
 * locked by it): renders one PDF per language of the patient, stores them as
 * version N+1 (1 for the first), marks the sample's `pdf_exists`, writes an
 * audit row per stored PDF, and answers what it stored, so the e-mail outbox
 * can queue the same versions in the same transaction.
 */
export async function issueReport(tx: Tx, ctx: RequestContext, sampleId: string): Promise<IssuedReport> {
  const repo = reportRepository(tx, ctx.siteId);
  const sample = await repo.reportSample(sampleId);
  if (!sample) throw AppError.notFound();
  if (sample.status !== 'VERIFICIRAN' || !sample.verifiedAt) throw new Error('a report is issued for a verified sample only');
  // One after another: a transaction is one connection, which runs one statement at a time.
  const patient = await reportPatient(tx, sample.patientId);
  const tests = await repo.testsOfSample(sample.id);
  const site = await repo.siteLetterhead();
  const options = await repo.generalOptionsData();
  const previous = await repo.findReport(sample.id);
  if (!patient || !site) throw new Error('a sample without its patient or site');
  const facts = await patientFacts(tx, ctx.siteId, sample);
  const rangeRows = await referenceRangesOf(tx, tests.map((test) => test.labassayId));
  const unlockReason = previous ? await repo.latestUnlockReason(sample.id) : null;
  const microbiology = await reportMicrobiology(tx, ctx.siteId, sample.id);
  const ranges = rangesByAssay(rangeRows);
  const jezici = reportJeziciOf(patient.language);
  const verzija = await repo.nextVersion(sample.id, jezici);
  // A version after the first is a correction: the sample was unlocked (with a reason) and verified again.
  const correction = previous ? { razlog: unlockReason ?? '', originalIssuedAt: previous.issuedAt } : null;
  const general = effectiveGeneralOptions(options.labWide, options.siteOwn);

  const base: ReportVersionInput = {
    timeZone: site.timeZone,
    letterhead: {
      labName: general.labName, address: general.labAddress || site.adresa, header: general.reportHeader,
      footer: general.reportFooter, siteName: `${site.naziv} (${site.sifra})`,
    },
    patient: { ime: patient.ime, prezime: patient.prezime, jmbg: patient.jmbg, godiste: patient.godiste, spol: patient.spol },
    sample: {
      code: sample.code, type: sampleTypesText(sample, tests), lokacija: sample.lokacija, doktor: sample.doktor, komentar: sample.komentar,
      collectedAt: sample.datum, receivedAt: sample.receivedAt ?? sample.createdAt,
    },
    reportedAt: sample.verifiedAt,
    approved: sample.approvedAt ? { name: sample.approvedBy ?? '', at: sample.approvedAt } : null,
    verified: { name: sample.verifiedBy ?? '', at: sample.verifiedAt },
    verzija,
    correction: previous ? { reason: unlockReason ?? '', replacesVerzija: previous.verzija, replacesIssuedAt: previous.issuedAt } : null,
    tests: tests.map((test) => {
      // Judged by the reference copied onto the test at this verification, never by a catalogue edited since.
      const { range, flag, snapshot } = judge(test, test.rezultat, ranges, facts, true);
      return {
        section: { naziv: test.sekcijaNaziv, nazivEn: test.sekcijaNazivEn, nazivDe: test.sekcijaNazivDe, redoslijed: test.sekcijaRedoslijed },
        name: { naziv: test.naziv, nazivEn: test.nazivEn, nazivDe: test.nazivDe },
        redoslijed: test.redoslijed,
        rezultat: test.rezultat,
        jedinica: snapshot.jedinica,
        range: range ? { low: range.low, high: range.high, text: range.tekst } : null,
        flag,
        calculated: test.calculated,
      };
    }),
    microbiology,
  };
  const rendered = await Promise.all(jezici.map(async (jezik) => {
    const pdf = await renderReportPdf(buildReportContent({ ...base, jezik }), sample.verifiedAt as Date);
    return { jezik, pdf, sha256: sha256(pdf) };
  }));
  const stored = await repo.insertVersions(sample.id, verzija, ctx.userId, correction, rendered);
  // The content of the version, so it can be printed in another language later exactly as verified now.
  await repo.insertContent(sample.id, verzija, freezeReportInput(base));
  await repo.markPdfExists(sample.id);
  await writeAudit(tx, ctx, rendered.map((version) => ({
    action: correction ? 'report.correct' : 'report.issue',
    entity: 'report',
    entityId: sample.id,
    field: version.jezik,
    newValue: { verzija, jezik: version.jezik, sha256: version.sha256 },
    reason: correction?.razlog || null,
  })));
  return { verzija, versions: stored.map((row) => ({ id: row.id, jezik: jezikOf(row.jezik) })) };
}

/**
 * What a verification owes in its transaction `tx` (the results chain calls it through its port, see
 * results/ports.ts): the report is issued, and a patient with an e-mail address gets its PDFs by mail,
 * queued in the same transaction: the mail goes out only if the verification commits, and a committed
 * verification always has its mail queued.
 */
export async function issueVerifiedReport(tx: Tx, ctx: RequestContext, sampleId: string): Promise<void> {
  const issued = await issueReport(tx, ctx, sampleId);
  await queueReportMail(tx, ctx, { sampleId, ...issued });
}

/** GET /nalazi/list: the site's reports on the list, newest issue first by default. */
export async function list(db: Db, listRequest: ListRequest<unknown>) {
  const page = await listReports(db, listRequest);
  return {
    ...page,
    data: page.data.map((row): Omit<ReportListRow, 'datum'> & { datum: Date } => {
      if (!isSampleStatus(row.status)) throw new Error(`unknown sample status in the database: ${row.status}`);
      return { ...row, status: row.status, jezici: row.jezici.map(jezikOf) };
    }),
  };
}

/**
 * GET /nalazi/pdf/{sid}: the stored bytes of one version (the latest without
 * `verzija`) in one language (without `jezik`: Bosnian when the version has
 * it, else its first). A withdrawn report still answers: what was issued
 * stays retrievable. Logged as a view of the patient's record.
 */
export async function pdf(db: Db, ctx: RequestContext, sid: string, jezik: ReportJezik | undefined, verzija: number | undefined) {
  const repo = reportRepository(db, ctx.siteId);
  const [report, sample] = await Promise.all([repo.findReport(sid), repo.reportSample(sid)]);
  if (!report || !sample) throw AppError.notFound();
  const wanted = verzija ?? report.verzija;
  const languages = verzija === undefined ? report.jezici : (await repo.versionsOf(sid)).filter((row) => row.verzija === wanted).map((row) => row.jezik);
  const chosen = jezik ?? REPORT_JEZICI.find((candidate) => languages.includes(candidate));
  const stored = chosen ? await repo.pdfOf(sid, wanted, chosen) : null;
  if (!stored || !chosen) throw AppError.notFound();
  await logPatientView(db, ctx, sample.patientId);
  return { ...stored, code: sample.code, verzija: wanted, jezik: chosen };
}

/**
 * POST /nalazi/jezik: issues version `verzija` of the report of sample `sid` in language `jezik`, rendered
 * from the content frozen when the version was issued, so it says exactly what the version's other
 * languages say. It is not a correction: the version keeps its number, its marks (corrected, reason) and
 * its place. The PDF is stored with its SHA-256 like every issued one and audited as 'report.language'
 * ('language added'). A language the version has already answers what is stored (dodan false).
 */
export async function addLanguage(db: Db, ctx: RequestContext, sid: string, verzija: number, jezik: ReportJezik) {
  return db.transaction(async (tx) => {
    const repo = reportRepository(tx, ctx.siteId);
    if (!(await repo.lockReport(sid))) throw AppError.notFound();
    const rows = (await repo.versionsOf(sid)).filter((row) => row.verzija === verzija);
    const first = rows[0];
    if (!first) throw AppError.notFound();
    const existing = rows.find((row) => row.jezik === jezik);
    if (existing) return { verzija, jezik, sha256: existing.sha256, dodan: false, code: 'nalazi.languageExists' as const };
    const frozen = await repo.contentOf(sid, verzija);
    if (!frozen) throw AppError.conflict('nalazi.notFrozen', 'verzija');
    const input = thawReportInput(frozen);
    // Dated as the version was issued (its verification), like the version's other languages.
    const pdf = await renderReportPdf(buildReportContent({ ...input, jezik }), input.reportedAt);
    const hash = sha256(pdf);
    const stored = await repo.insertLanguage(sid, verzija, ctx.userId, {
      corrected: first.corrected, razlog: first.razlog, originalIssuedAt: first.originalIssuedAt,
    }, { jezik, pdf, sha256: hash });
    if (!stored) throw new Error('a language stored beside a locked report');
    await repo.addListedLanguage(sid, verzija, jezik);
    await writeAudit(tx, ctx, {
      action: 'report.language', entity: 'report', entityId: sid, field: jezik, newValue: { verzija, jezik, sha256: hash }, reason: 'language added',
    });
    return { verzija, jezik, sha256: hash, dodan: true, code: 'nalazi.languageAdded' as const };
  });
}

/**
 * POST /nalazi/posalji: queues version `verzija` (the latest without it) of the report of sample `sid`, in
 * every language it has, for the patient's e-mail address as it is now, through the outbox (which sends,
 * retries and records each attempt). Without an address: 409 nalazi.noEmail, field email.
 */
export async function send(db: Db, ctx: RequestContext, sid: string, verzija: number | undefined) {
  return db.transaction(async (tx) => {
    const repo = reportRepository(tx, ctx.siteId);
    const report = await repo.findReport(sid);
    if (!report) throw AppError.notFound();
    const wanted = verzija ?? report.verzija;
    const rows = (await repo.versionsOf(sid)).filter((row) => row.verzija === wanted);
    if (rows.length === 0) throw AppError.notFound();
    const queued = await queueReportMail(tx, ctx, { sampleId: sid, verzija: wanted, versions: rows.map((row) => ({ id: row.id, jezik: row.jezik })) });
    if (!queued) throw AppError.conflict('nalazi.noEmail', 'email');
    return queued;
  });
}

/** GET /nalazi/versions/{sid}: the report's versions, newest first, each with its languages. */
export async function versions(db: Db, ctx: RequestContext, sid: string): Promise<Omit<ReportVersionsAnswer, 'success'>> {
  const repo = reportRepository(db, ctx.siteId);
  const [report, sample, rows] = await Promise.all([repo.findReport(sid), repo.reportSample(sid), repo.versionsOf(sid)]);
  if (!report || !sample) throw AppError.notFound();
  const patient = await reportPatient(db, sample.patientId);
  if (!patient || !isSampleStatus(sample.status)) throw new Error('a report without its patient, or an unknown status');
  const byVersion = new Map<number, ReportVersion>();
  for (const row of rows) {
    const known = byVersion.get(row.verzija);
    // A language added later does not make the version newer: it was issued, by whom, when its first PDF was.
    if (known && row.createdAt.toISOString() < known.created_at) {
      known.created_at = row.createdAt.toISOString();
      known.issued_by = row.issuedBy;
    }
    const version = known ?? {
      verzija: row.verzija, jezici: [], created_at: row.createdAt.toISOString(), issued_by: row.issuedBy, corrected: row.corrected,
      razlog: row.razlog, original_issued_at: row.originalIssuedAt?.toISOString() ?? null, sha256: {},
    };
    version.jezici.push(jezikOf(row.jezik));
    version.sha256[row.jezik] = row.sha256;
    byVersion.set(row.verzija, version);
  }
  await logPatientView(db, ctx, sample.patientId);
  return {
    nalaz: {
      samples: sample.id, code: sample.code, status: sample.status, pacijent: `${patient.prezime} ${patient.ime}`.trim(),
      final: sample.status === 'VERIFICIRAN', withdrawn: report.withdrawnAt !== null,
    },
    versions: [...byVersion.values()],
  };
}

/**
 * POST /nalazi/delete: takes the report of sample `idNalaza` off the report
 * list, audited. A lab keeps what it issued: the versions stay stored and
 * retrievable (pdf, versions), and a later verification puts it back.
 */
export async function withdraw(db: Db, ctx: RequestContext, sid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const repo = reportRepository(tx, ctx.siteId);
    const report = await repo.findReport(sid);
    if (!report || report.withdrawnAt !== null || !(await repo.withdraw(sid, ctx.userId))) throw AppError.notFound();
    await writeAudit(tx, ctx, {
      action: 'report.withdraw', entity: 'report', entityId: sid, field: 'withdrawn', oldValue: false, newValue: { verzija: report.verzija },
    });
  });
}
