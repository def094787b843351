import { createHash } from 'node:crypto';
import {
  type ReportJezik, type ReportListRow, type ReportVersion, type ReportVersionsAnswer,
  type ReportVersionInput, type SampleTypeEntry, addDays, buildCumulativeReportContent, buildReportContent, effectiveGeneralOptions,
  freezeReportInput, fromIsoDate, isReportJezik, isSampleStatus, portalTrends, reportJeziciOf, startOfDay, thawReportInput, REPORT_JEZICI,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { issuePortalCode, logPatientView } from '../patients/service.ts';
import { judge, patientFacts, rangesByAssay } from '../results/service.ts';
import { queuePortalMail, queueReportMail } from '../outbox/service.ts';
import { queueResultMessage } from '../hl7/service.ts';
import { referenceRangesOf } from '../../db/reference-ranges.ts';
import { renderCumulativePdf } from './cumulative-pdf.ts';
import { renderReportPdf } from './pdf.ts';
import { newVerificationToken, portalUrl, reportSigner, verificationUrl } from './signing.ts';
import { reportMicrobiology } from '../microbiology/service.ts';
import { sampleTypes as sampleTypeCatalogue } from '../sample-types/service.ts';
import {
  type ReportRepository, type ReportSampleRow, type ReportTestRow, listReports, reportPatient, reportRepository, userDisplayName,
} from './repository.ts';
import * as portalRepo from './portal-repository.ts';

// Result reports: issued when a sample is verified (in the verification's transaction), one PDF per
// language the patient asked for, stored with its SHA-256 and never rendered again. An unlock followed by
// a new verification issues the next version, headed as a corrected report with the unlock's reason and
// the date of the version it replaces. The list, each version's bytes and the withdrawal from the list.

/** What an issue stored: the version number and the id of each language's PDF (for the e-mail outbox). */
export interface IssuedReport {
  patientId: string;
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

/**
 * What the report prints as the sample's material, in each language: the type the sample records (a sample
 * stores the Bosnian name; the catalogue's entry of that name gives the others), else the sample types of its
 * tests in report order, once each. A name with no translation prints the Bosnian one.
 */
function sampleTypeNames(
  sample: ReportSampleRow, tests: readonly ReportTestRow[], catalogue: readonly SampleTypeEntry[],
): { type: string; typeNames: { nazivEn: string; nazivDe: string } } {
  const named = sample.type.trim()
    ? [catalogue.find((entry) => entry.naziv === sample.type) ?? { naziv: sample.type, naziv_en: '', naziv_de: '' }]
    : [...new Map(tests.filter((test) => test.sampleType)
      .map((test) => [test.sampleType, { naziv: test.sampleType ?? '', naziv_en: test.sampleTypeEn ?? '', naziv_de: test.sampleTypeDe ?? '' }])).values()];
  const join = (pick: (entry: { naziv: string; naziv_en: string; naziv_de: string }) => string) => named.map((entry) => pick(entry).trim() || entry.naziv).join(', ');
  return {
    type: named.map((entry) => entry.naziv).join(', '),
    typeNames: { nazivEn: join((entry) => entry.naziv_en), nazivDe: join((entry) => entry.naziv_de) },
  };
}

/** The site (its zone) and the letterhead its reports print now: the general options' lab name, address, header and footer. */
async function currentLetterhead(repo: ReportRepository): Promise<{ site: { timeZone: string }; letterhead: ReportVersionInput['letterhead'] }> {
  const site = await repo.siteLetterhead();
  const options = await repo.generalOptionsData();
  if (!site) throw new Error('a report of a site that does not exist');
  const general = effectiveGeneralOptions(options.labWide, options.siteOwn);
  return {
    site,
    letterhead: {
      labName: general.labName, address: general.labAddress || site.adresa, header: general.reportHeader,
      footer: general.reportFooter, siteName: `${site.naziv} (${site.sifra})`,
    },
  };
}

/**
 * Issues the report of a sample of the caller's site that has just been
 * verified, inside the verification's transaction `tx` (the sample row is
 * locked by it): renders one PDF per language of the patient, stores them as
 * version N+1 (1 for the first), marks the sample's `pdf_exists`, writes an
 * audit row per stored PDF, and answers what it stored, so the e-mail outbox
 * can queue the same versions in the same transaction.
 */
export async function issueReport(tx: Tx, ctx: RequestContext, sampleId: string, kind: 'final' | 'partial' = 'final'): Promise<IssuedReport> {
  const repo = reportRepository(tx, ctx.siteId);
  const sample = await repo.reportSample(sampleId);
  if (!sample) throw AppError.notFound();
  const partial = kind === 'partial';
  if (!partial && (sample.status !== 'VERIFICIRAN' || !sample.verifiedAt)) throw new Error('a report is issued for a verified sample only');
  if (partial && (sample.status === 'ODOBREN' || sample.status === 'VERIFICIRAN')) throw new Error('a partial report is issued only before the whole sample is released');
  // One after another: a transaction is one connection, which runs one statement at a time.
  const patient = await reportPatient(tx, sample.patientId);
  const allTests = await repo.testsOfSample(sample.id);
  // A partial report prints the results the rules released with their sections, and nothing of the rest.
  const tests = partial ? allTests.filter((test) => test.releasedAt !== null) : allTests;
  if (tests.length === 0) throw new Error('a partial report needs a released result');
  const { site, letterhead } = await currentLetterhead(repo);
  const previous = await repo.findReport(sample.id);
  if (!patient) throw new Error('a sample without its patient');
  const facts = await patientFacts(tx, ctx.siteId, sample);
  const rangeRows = await referenceRangesOf(tx, tests.map((test) => test.labassayId));
  const correctionReason = previous ? await correctionReasonAfter(repo, sample.id, previous) : null;
  const microbiology = partial ? null : await reportMicrobiology(tx, ctx.siteId, sample.id);
  const ranges = rangesByAssay(rangeRows);
  const jezici = reportJeziciOf(patient.language);
  const verzija = await repo.nextVersion(sample.id, jezici, partial);
  const correction = previous && correctionReason !== null ? { razlog: correctionReason, originalIssuedAt: previous.issuedAt } : null;
  // A partial report is dated and signed as the rules released its latest section: now, by the rules' account.
  const verifiedAt = partial ? new Date() : (sample.verifiedAt as Date);
  const verifiedBy = partial ? await userDisplayName(tx, ctx.userId) : (sample.verifiedBy ?? '');

  const base: ReportVersionInput = {
    timeZone: site.timeZone,
    letterhead,
    patient: { ime: patient.ime, prezime: patient.prezime, jmbg: patient.jmbg, godiste: patient.godiste, spol: patient.spol },
    sample: {
      code: sample.code, ...sampleTypeNames(sample, tests, await sampleTypeCatalogue(tx)), lokacija: sample.lokacija, doktor: sample.doktor, komentar: sample.komentar,
      collectedAt: sample.datum, receivedAt: sample.receivedAt ?? sample.createdAt,
    },
    reportedAt: verifiedAt,
    approved: !partial && sample.approvedAt ? { name: sample.approvedBy ?? '', at: sample.approvedAt } : null,
    verified: { name: verifiedBy, at: verifiedAt },
    autoverified: ctx.releasedByRules ?? null,
    ...(partial ? { partial: true } : {}),
    verzija,
    correction: previous && correction ? { reason: correction.razlog, replacesVerzija: previous.verzija, replacesIssuedAt: previous.issuedAt } : null,
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
  const { signer } = await reportSigner(tx);
  const rendered = await Promise.all(jezici.map(async (jezik) => {
    const verificationToken = newVerificationToken();
    // Signed as it is frozen: the stored bytes and their SHA-256 are the signed ones.
    const pdf = await signer.sign(await renderReportPdf(buildReportContent({ ...base, jezik }), verifiedAt, verificationUrl(verificationToken)), verifiedAt);
    return { jezik, pdf, sha256: sha256(pdf), verificationToken };
  }));
  const stored = await repo.insertVersions(sample.id, verzija, ctx.userId, correction, rendered, partial);
  // The content of the version, so it can be printed in another language later exactly as verified now.
  await repo.insertContent(sample.id, verzija, freezeReportInput(base));
  // The sample's PDF mark is its verified report's: a partial report is found on the report list, not on the sample.
  if (!partial) await repo.markPdfExists(sample.id);
  await writeAudit(tx, ctx, rendered.map((version) => ({
    action: correction ? 'report.correct' : partial ? 'report.issuePartial' : 'report.issue',
    entity: 'report',
    entityId: sample.id,
    field: version.jezik,
    newValue: { verzija, jezik: version.jezik, sha256: version.sha256 },
    reason: correction?.razlog || null,
  })));
  return { patientId: sample.patientId, verzija, versions: stored.map((row) => ({ id: row.id, jezik: jezikOf(row.jezik) })) };
}

/**
 * Whether the version about to follow `previous` corrects it, and why: after a verified report, the sample was
 * unlocked (with a reason) and verified again, so it is a correction with the unlock's reason; after a partial
 * report, only when a result it carried was changed since (with a reason): the final report that merely adds the
 * sample's other results corrects nothing. Null: not a correction.
 */
async function correctionReasonAfter(repo: ReportRepository, sampleId: string, previous: { partial: boolean; issuedAt: Date }): Promise<string | null> {
  if (previous.partial) return repo.releasedResultChangeSince(sampleId, previous.issuedAt);
  return (await repo.latestUnlockReason(sampleId)) ?? '';
}

/**
 * The partial report the autoverification owes when it releases sections of a sample ahead of the rest, in the
 * release's transaction: issued like a verified report (its PDFs signed, a version of the report, audited) with
 * the released results only, and mailed to a patient with an e-mail address as a verified report is. The portal,
 * the cumulative report and hospital systems wait for the verified sample.
 */
export async function issuePartialReport(tx: Tx, ctx: RequestContext, sampleId: string): Promise<void> {
  const issued = await issueReport(tx, ctx, sampleId, 'partial');
  await queueReportMail(tx, ctx, { sampleId, ...issued });
}

/**
 * What a verification owes in its transaction `tx` (the results chain calls it through its port, see
 * results/ports.ts): the report is issued, a patient with an e-mail address gets its PDFs by mail (and,
 * consenting to the patient portal, a second mail with the portal's address and a one-time code), and
 * a partner with an HL7 destination its ORU^R01, both queued in the same transaction: the mail goes out only if the verification commits, and a committed
 * verification always has its mail queued.
 */
export async function issueVerifiedReport(tx: Tx, ctx: RequestContext, sampleId: string): Promise<void> {
  const issued = await issueReport(tx, ctx, sampleId);
  await queueReportMail(tx, ctx, { sampleId, ...issued });
  // A patient who consents to the portal (and has an address) gets a one-time code to read it, in its own mail.
  const portal = await issuePortalCode(tx, ctx, issued.patientId);
  if (portal) {
    await queuePortalMail(tx, ctx, {
      sampleId, recipient: portal.email, ime: portal.ime, prezime: portal.prezime, code: portal.code, expiresAt: portal.expiresAt,
      link: portalUrl(), language: issued.versions[0]?.jezik ?? 'bs',
    });
  }
  // The ordering partner's hospital system gets the results as HL7 (F, or C for a correction) when it has a destination.
  await queueResultMessage(tx, ctx, { sampleId, verzija: issued.verzija });
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
 * GET /pacijenti/{id}/kumulativni: the patient's verified results of the caller's site collected on days
 * `od` to `do` (the site's calendar, both included), as one table of assays × sample dates in `jezik` (else
 * the patient's first report language), rendered now and not stored. The values are those the issued reports
 * print: each verified sample's latest report version as it was frozen (a corrected value as corrected); an
 * unlocked sample is left out until it is verified again, and another site's samples are never read. Logged
 * as a view of the patient's record. An unknown patient, or one without a verified report of this site in
 * the period (a patient only another site has seen, say), answers 404.
 */
export async function cumulativePdf(db: Db, ctx: RequestContext, patientId: string, query: { od: string; do: string; jezik?: ReportJezik | undefined }) {
  const patient = isUuid(patientId) ? await reportPatient(db, patientId) : null;
  if (!patient) throw AppError.notFound();
  const repo = reportRepository(db, ctx.siteId);
  const { site, letterhead } = await currentLetterhead(repo);
  const od = fromIsoDate(query.od);
  const last = fromIsoDate(query.do);
  if (!od) throw AppError.badRequest('form.invalid', 'od');
  if (!last) throw AppError.badRequest('form.invalid', 'do');
  const contents = await repo.cumulativeContents(patientId, startOfDay(od, site.timeZone), startOfDay(addDays(last, 1), site.timeZone));
  // A look at the patient's results, even one that finds none here.
  await logPatientView(db, ctx, patientId);
  if (contents.length === 0) throw new AppError(404, 'nalazi.cumulativeEmpty');
  const jezik = query.jezik ?? reportJeziciOf(patient.language)[0] ?? 'bs';
  const printedAt = new Date();
  const content = buildCumulativeReportContent({
    jezik, timeZone: site.timeZone, letterhead,
    patient: { ime: patient.ime, prezime: patient.prezime, jmbg: patient.jmbg, godiste: patient.godiste, spol: patient.spol },
    period: { od, do: last },
    samples: contents.map(thawReportInput).map((input) => ({ code: input.sample.code, collectedAt: input.sample.collectedAt, tests: input.tests })),
    printedAt,
  });
  return { pdf: await renderCumulativePdf(content, printedAt), jezik };
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
    const verificationToken = newVerificationToken();
    const { signer } = await reportSigner(tx);
    const pdf = await signer.sign(await renderReportPdf(buildReportContent({ ...input, jezik }), input.reportedAt, verificationUrl(verificationToken)), new Date());
    const hash = sha256(pdf);
    const stored = await repo.insertLanguage(sid, verzija, ctx.userId, {
      corrected: first.corrected, razlog: first.razlog, originalIssuedAt: first.originalIssuedAt,
    }, { jezik, pdf, sha256: hash, verificationToken });
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
      verzija: row.verzija, jezici: [], created_at: row.createdAt.toISOString(), issued_by: row.issuedBy, corrected: row.corrected, partial: row.partial,
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

export { verifyReport } from './verification.ts';
export { ensureReportSigning, configureReportSigning, installCertificate, signingCertificate, verificationQrReadable, verificationUrl } from './signing.ts';

// The patient portal's reads (modules/portal): always bound to the signed-in patient, so a report of another
// patient answers exactly like a missing one.

/** The patient's issued reports at every site of the lab (current version each, sample verified, report listed), and their trends. */
export async function patientPortalReports(db: Db, patientId: string) {
  const rows = await portalRepo.patientReports(db, patientId);
  const sampleIds = rows.map((row) => row.sampleId);
  const [corrected, contents] = await Promise.all([
    portalRepo.correctedVersions(db, sampleIds),
    portalRepo.versionContents(db, rows.map((row) => ({ sampleId: row.sampleId, verzija: row.verzija }))),
  ]);
  return {
    reports: rows.map((row) => ({
      sid: row.sampleId, code: row.code, datum: row.datum.toISOString(), verzija: row.verzija, issued_at: row.issuedAt.toISOString(),
      corrected: corrected.get(`${row.sampleId}:${row.verzija}`) ?? false, jezici: REPORT_JEZICI.filter((jezik) => row.jezici.includes(jezik)),
      site: row.siteName,
    })),
    trends: portalTrends(contents.map((item) => ({ sid: item.sampleId, content: item.content }))),
  };
}

/**
 * The stored PDF of the current version of one of the patient's reports, in `jezik` (without it Bosnian when
 * issued so, else its first language). Not this patient's, not shown, or not issued in that language: 404.
 */
export async function patientPortalPdf(db: Db, patientId: string, sid: string, jezik: ReportJezik | undefined) {
  const report = await portalRepo.patientReport(db, patientId, sid);
  if (!report) throw AppError.notFound();
  const chosen = jezik ?? REPORT_JEZICI.find((candidate) => report.jezici.includes(candidate));
  const stored = chosen ? await portalRepo.versionPdf(db, report.sampleId, report.verzija, chosen) : null;
  if (!stored || !chosen) throw AppError.notFound();
  return { versionId: stored.id, siteId: report.siteId, pdf: stored.pdf, sha256: stored.sha256, code: report.code, verzija: report.verzija, jezik: chosen };
}
