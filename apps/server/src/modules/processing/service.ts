import {
  resultKindOf,
  type ApprovalBarcodesAnswer, type AssaySettingsAnswer, type CalendarDate, type ListQuery, type PatientAssaySeries,
  type PatientResultsAnswer, type ResultFlag, addDays, answerFlag, calendarDateOf, exactNumericValue,
  fromLocalDateText, isSampleStatus, isSpol, patientAge, selectReferenceRange, startOfDay, toLocalDateText,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { logPatientView, patientById } from '../patients/service.ts';
import * as samplesService from '../samples/service.ts';
import { siteTimeZone, siteToday } from '../sites/service.ts';
import * as repo from './repository.ts';

// The processing lists (/obrada/pregled, /protokol), the labels of the approval screen, the assay settings
// and a patient's results over time. The lists are the samples module's sample list (one query, one set of
// presets and indexes) with each row's result summary added for the page's rows only.

type SampleListAnswer = Awaited<ReturnType<typeof samplesService.list>>;

/** The worklist is what a technician opens /obrada/pregled for; the call without `datum` shows it. */
export const PROCESSING_DEFAULT_DATUM = 'RADNA LISTA';

async function withResultSummaries(db: Db, siteId: string, page: SampleListAnswer) {
  const summaries = new Map((await repo.processingRepository(db, siteId).resultSummaries(page.data.map((row) => row._id))).map((summary) => [summary.sampleId, summary]));
  return {
    ...page,
    data: page.data.map((row) => {
      // A sample deleted between the two reads has no summary: nothing of it is in, flagged or verified.
      const summary = summaries.get(row._id);
      return {
        ...row,
        rezultata: summary?.rezultata ?? 0,
        kriticni: summary?.kriticni ?? false,
        abnormalni: summary?.abnormalni ?? 0,
        verified_once: summary?.verifiedOnce ?? false,
        retest: summary?.retest ?? 0,
        refleks: summary?.refleks ?? 0,
      };
    }),
  };
}

/** GET /obrada/list: the site's samples, by default the worklist (every sample not yet approved). */
export async function processingList(db: Db, listRequest: ListRequest<samplesService.SampleListExtra>) {
  const query = { ...listRequest.query, datum: listRequest.query.datum ?? PROCESSING_DEFAULT_DATUM };
  return withResultSummaries(db, listRequest.siteId, await samplesService.list(db, { ...listRequest, query }));
}

/** GET /protokol/list: samples waiting for approval or verification, or carrying a comment and not yet verified; all days by default. */
export async function protocolList(db: Db, listRequest: ListRequest<ListQuery>) {
  const page = await samplesService.list(db, { ...listRequest, extra: { status: [], hitan: undefined } }, 'protocol');
  return withResultSummaries(db, listRequest.siteId, page);
}

/**
 * GET /protokol/count: how many samples wait for a check on 'Provjera nalaza' (the protocol list over every
 * day), for the badge of its sidebar item (the item whose `note` flag is set). The list's own query and
 * count, so the badge and the list can never disagree; a total past the list's count cap is that cap.
 */
export async function protocolCount(db: Db, ctx: RequestContext): Promise<number> {
  const page = await samplesService.list(db, {
    query: { sort: [], page: 1, per_page: 1, filter: '', datum: 'SVE' },
    extra: { status: [], hitan: undefined },
    siteId: ctx.siteId,
    timeZone: await siteTimeZone(db, ctx.siteId),
    baseUrl: '/protokol/count',
    now: new Date(),
    accessLevel: ctx.accessLevel,
    language: ctx.language,
  }, 'protocol');
  return page.pagination.total;
}

type ApprovalLabel = ApprovalBarcodesAnswer['results'][number];

function approvalLabel(row: repo.LabelSampleRow, timeZone: string): ApprovalLabel {
  return {
    patient: { jmbg: row.jmbg, ime: row.ime, prezime: row.prezime },
    id: row.id,
    created_at: row.createdAt.toISOString(),
    sample: { pid: row.patientId, datum: toLocalDateText(calendarDateOf(row.datum, timeZone)), code: row.code },
  };
}

/**
 * GET /rezultati/odobravanje/barcodes/{sampleId}/{id}: the labels of every
 * sample the patient gave at this site on the day (`date` as dd-mm-yyyy, else
 * the day the named sample was taken, in the site's zone), the named sample
 * first. A sample of another site, or one that is not this patient's, is not found.
 */
export async function approvalBarcodes(db: Db, ctx: RequestContext, sampleId: string, patientId: string, dateText: string | undefined): Promise<ApprovalLabel[]> {
  let asked: CalendarDate | null = null;
  if (dateText !== undefined) {
    asked = fromLocalDateText(dateText);
    if (!asked) throw AppError.badRequest('form.invalid', 'date');
  }
  const sample = await repo.processingRepository(db, ctx.siteId).labelSample(sampleId);
  if (!sample || sample.patientId !== patientId) throw AppError.notFound();
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const day = asked ?? calendarDateOf(sample.datum, timeZone);
  const sameDay = await repo.processingRepository(db, ctx.siteId).patientSamplesTakenBetween(patientId, startOfDay(day, timeZone), startOfDay(addDays(day, 1), timeZone));
  return [sample, ...sameDay.filter((row) => row.id !== sample.id)].map((row) => approvalLabel(row, timeZone));
}

/** GET /assays/settings: the lab's predefined comments ('Izaberite željeni komentar'); none when the lab has no settings record. */
export async function assaySettings(db: Db): Promise<AssaySettingsAnswer['settings']> {
  const data = await repo.assaySettingsData(db);
  if (!data) return [];
  const komentari = Array.isArray(data.komentari) ? data.komentari.filter((komentar): komentar is string => typeof komentar === 'string') : [];
  return [{ komentari }];
}

const STORED_FLAGS: readonly string[] = ['LL', 'L', 'N', 'H', 'HH', 'A'] satisfies ResultFlag[];

function storedFlag(value: string | null): ResultFlag | null {
  return value !== null && STORED_FLAGS.includes(value) ? (value as ResultFlag) : null;
}


function numberOrNull(value: string | null): number | null {
  return value === null ? null : Number(value);
}

/**
 * GET /rezultati/pacijent/{id}: the patient's results at this site over time,
 * assay by assay in report order, each with the reference range that applies
 * to the patient today (sex and age today; pregnancy and menopause are facts
 * of a sample, not of the patient, so today they count as unknown). The read
 * is logged in the access log like a view of the patient's record.
 */
export async function patientResults(db: Db, ctx: RequestContext, patientId: string, sifre: readonly string[]): Promise<PatientResultsAnswer> {
  const patient = await patientById(db, patientId);
  if (!patient) throw AppError.notFound();
  const [rows, today] = await Promise.all([repo.processingRepository(db, ctx.siteId).patientResults(patient.id, sifre), siteToday(db, ctx.siteId)]);
  const ranges = await repo.referenceRangesOf(db, [...new Set(rows.map((row) => row.labassayId))]);
  const age = patientAge(patient, today);
  const referencePatient = { spol: isSpol(patient.spol) ? patient.spol : null, ageDays: age?.days ?? null, trudnica: null, menopauza: null };

  const series = new Map<string, PatientAssaySeries>();
  for (const row of rows) {
    let assay = series.get(row.labassayId);
    if (!assay) {
      const range = selectReferenceRange(
        ranges.filter((candidate) => candidate.labassayId === row.labassayId)
          .map((candidate) => ({ ...candidate, spol: isSpol(candidate.spol) ? candidate.spol : null, low: numberOrNull(candidate.low), high: numberOrNull(candidate.high) })),
        referencePatient,
      );
      assay = {
        sifra: row.sifra, naziv: row.naziv, naziv_en: row.nazivEn, naziv_de: row.nazivDe, analit: row.analit, jedinica: row.jedinica, decimals: row.decimals, vrsta: resultKindOf(row.vrsta),
        referenca: { low: range?.low ?? null, high: range?.high ?? null, text: range?.tekst ?? null },
        points: [],
      };
      series.set(row.labassayId, assay);
    }
    if (!isSampleStatus(row.status)) throw new Error(`unknown sample status in the database: ${row.status}`);
    assay.points.push({
      sid: row.sid, code: row.code, datum: row.datum.toISOString(), rezultat: row.rezultat,
      value: exactNumericValue(row.rezultat), flag: answerFlag(storedFlag(row.flag)), status: row.status,
    });
  }
  await logPatientView(db, ctx, patient.id);
  return {
    success: true,
    pacijent: { _id: patient.id, ime: patient.ime, prezime: patient.prezime, jmbg: patient.jmbg, spol: patient.spol, datum_rodjenja: patient.datumRodjenja },
    assays: [...series.values()],
  };
}
