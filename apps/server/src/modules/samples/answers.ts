import {
  type LabelData, type SampleView as DomainSampleView, type SelectedTest, allowedSampleActions, calendarDateOf, fromMinorUnits, patientAge,
  testClass, toLocalDateText, totalPrice, wallClockText,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ListRequest } from '../../db/list-query.ts';
import { siteTimeZone } from '../sites/service.ts';
import { patientById, type PatientRecord } from '../patients/service.ts';
import { partnerChoice } from '../partners/service.ts';
import { listSamples, sampleRepository, type SampleListExtra, type SampleListScope, type SampleRow, type SampleTestRow } from './repository.ts';
import { minorUnits, statusOf, storedSpol } from './values.ts';

// How a sample is answered (GET /uzorci/show, the save and update answers, the label data), and the
// reads that answer it. Every read goes through the site's sample repository: another site's sample is not found.

/** A test entry of a sample: the spec's labassay, ime_testa, analit, manual, calculated, disable, plus price and status. */
function testEntry(test: SampleTestRow, locked: Set<string>) {
  return {
    _id: test.id,
    labassay: test.labassayId,
    ime_testa: test.naziv,
    naziv_en: test.nazivEn,
    naziv_de: test.nazivDe,
    sifra: test.sifra,
    analit: test.analit,
    jedinica: test.jedinica,
    sekcija: test.sekcijaId,
    sekcija_naziv: test.sekcijaNaziv,
    sekcija_naziv_en: test.sekcijaNazivEn,
    sekcija_naziv_de: test.sekcijaNazivDe,
    manual: test.manual,
    calculated: test.calculated,
    klasa: testClass(test),
    /** The test cannot be removed: it has a result, or a calculated test on the sample is computed from it. */
    disable: locked.has(test.labassayId),
    price: test.price,
    status_t: test.statusT,
    component_of: test.componentOf,
    panel: test.panelId,
  };
}

export function selectionOf(tests: readonly SampleTestRow[]): SelectedTest[] {
  return tests.map((test) => ({
    labassay: test.labassayId, price: minorUnits(test.price), component_of: test.componentOf, panel: test.panelId, hasResult: test.rezultat !== null,
  }));
}

function lockedTests(tests: readonly SampleTestRow[]): Set<string> {
  const locked = new Set<string>();
  for (const test of tests) {
    if (test.rezultat !== null) locked.add(test.labassayId);
    for (const component of test.calculatedTests) locked.add(component);
  }
  return locked;
}

interface SampleView {
  sample: SampleRow;
  partner: { _id: string; naziv: string } | null;
  patient: PatientRecord;
  tests: SampleTestRow[];
  timeZone: string;
}

/** The sample as GET /uzorci/show answers it (`uzorak`), and its results (`rezultat.rezultati`). */
function sampleAnswer({ sample, partner, patient, tests, timeZone }: SampleView): DomainSampleView {
  const status = statusOf(sample.status);
  const locked = lockedTests(tests);
  const sections = new Map<string, { _id: string; naziv: string }>();
  for (const test of tests) sections.set(test.sekcijaId, { _id: test.sekcijaId, naziv: test.sekcijaNaziv });
  const age = patientAge(patient, calendarDateOf(sample.datum, timeZone));
  const uzorak = {
    _id: sample.id,
    id: sample.id,
    sid: sample.id,
    code: sample.code,
    pacijentRBr: sample.rbr,
    pid: patient.id,
    status,
    hitan: sample.hitan,
    tip: sample.tip,
    type: sample.type,
    pdf_exists: sample.pdfExists,
    komentar: sample.komentar,
    datum: sample.datum.toISOString(),
    vrijeme: wallClockText(sample.datum, timeZone).slice(11, 16),
    tags: sample.tags,
    created_at: sample.createdAt.toISOString(),
    updated_at: sample.updatedAt.toISOString(),
    received_at: sample.receivedAt?.toISOString() ?? null,
    patient: { _id: patient.id, ime: patient.ime, prezime: patient.prezime, jmbg: patient.jmbg, spol: storedSpol(patient.spol), godiste: patient.godiste },
    jmbgObj: age?.jmbgObj ?? null,
    starost_dana: age?.days ?? null,
    lokacija: { lokacija: sample.lokacija },
    doktor: sample.doktor,
    partner,
    trudnica: sample.trudnica,
    menstc: sample.menstc,
    anticoag: sample.anticoag,
    menopauza: sample.menopauza,
    sekcija: [...sections.values()],
    tests: tests.map((test) => testEntry(test, locked)),
    ukupno: fromMinorUnits(totalPrice(selectionOf(tests))),
    /** What the sample's status allows (delete only while ZAPRIMLJEN, edits until ODOBREN, ...), so screens need not repeat the rule. */
    actions: [...allowedSampleActions({ status, pdf_exists: sample.pdfExists })],
  };
  const rezultati = tests.filter((test) => test.rezultat !== null)
    .map((test) => ({ labassay: test.labassayId, rezultat: test.rezultat, rezultat_f: test.rezultatF }));
  return { uzorak, rezultat: { rezultati } };
}
export type SampleAnswer = DomainSampleView;

/** The sample (of this site) as the calls answer it, read after the change that produced it has committed. */
export async function answerOf(db: Db, ctx: RequestContext, sample: SampleRow): Promise<SampleAnswer> {
  const [patient, tests, timeZone, partner] = await Promise.all([
    patientById(db, sample.patientId), sampleRepository(db, ctx.siteId).testsOfSample(sample.id), siteTimeZone(db, ctx.siteId),
    sample.partnerId ? partnerChoice(db, sample.partnerId) : null,
  ]);
  if (!patient) throw new Error('sample without its patient');
  return sampleAnswer({ sample, partner, patient, tests, timeZone });
}

/** GET /uzorci/show/{sid}: by id, or by the code a scanner reads. Another site's sample is not found. */
export async function show(db: Db, ctx: RequestContext, sid: string): Promise<SampleAnswer> {
  const samples = sampleRepository(db, ctx.siteId);
  const sample = isUuid(sid) ? await samples.findSample(sid) : await samples.findSampleByCode(sid.trim());
  if (!sample) throw AppError.notFound();
  return answerOf(db, ctx, sample);
}

/** GET /uzorci/komentar/{id}: the sample's comment. */
export async function comment(db: Db, ctx: RequestContext, id: string): Promise<string> {
  const sample = await sampleRepository(db, ctx.siteId).findSample(id);
  if (!sample) throw AppError.notFound();
  return sample.komentar;
}

/** What the label shows: GET /uzorci/barcode/{id}, and the PDF and ZPL labels. */
export async function labelData(db: Db, ctx: RequestContext, id: string): Promise<LabelData> {
  const sample = await sampleRepository(db, ctx.siteId).findSample(id);
  if (!sample) throw AppError.notFound();
  const [patient, timeZone] = await Promise.all([patientById(db, sample.patientId), siteTimeZone(db, ctx.siteId)]);
  if (!patient) throw new Error('sample without its patient');
  return {
    code: sample.code,
    pacijentRBr: sample.rbr,
    godiste: patient.godiste,
    datum: toLocalDateText(calendarDateOf(sample.datum, timeZone)),
    ime: patient.ime,
    prezime: patient.prezime,
    hitan: sample.hitan,
  };
}

function sampleWithoutPatient(): never {
  throw new Error('sample without its patient');
}

/**
 * GET /uzorci/list: the site's samples (sample table, /naljepnice); with the
 * `protocol` scope only those waiting for a check (the processing module's
 * /protokol list builds on this one).
 */
export async function list(db: Db, listRequest: ListRequest<SampleListExtra>, scope: SampleListScope = 'all') {
  const answer = await listSamples(db, listRequest, scope);
  // The list joins the patient with a LEFT JOIN (for the planner); every sample has its patient, so the columns are never null.
  return {
    ...answer,
    data: answer.data.map((row) => ({
      ...row, status: statusOf(row.status), pid: row.pid ?? sampleWithoutPatient(), ime: row.ime ?? '', prezime: row.prezime ?? '', jmbg: row.jmbg ?? '',
    })),
  };
}
