import {
  type CalendarDate, type LabassayTipRequest, type PatientScope, type PickerAssay, type SampleSaveRequest, type SampleStatus,
  type SampleUpdateRequest, type SelectedTest, type Spol, allowedSampleActions, calendarDateOf, formatSampleCode,
  fromMinorUnits, isAssayOffered, isSampleLocked, isSampleStatus, isSpol, nextStatus, patientAge, reconcileTests, sampleCodeDay,
  sampleFlagsProblem, testClass, toLocalDateText, toMinorUnits, totalPrice,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit, type AuditEntry } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/list-query.ts';
import * as patientRepo from '../patients/repository.ts';
import * as repo from './repository.ts';

/** A sample's date may run ahead of the server clock by this much (a workstation clock slightly fast), never more. */
const CLOCK_SKEW_MS = 5 * 60_000;

function dayIn(instant: Date, timeZone: string): CalendarDate {
  return calendarDateOf(instant, timeZone);
}

function timeIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

function minorUnits(price: string): number {
  const units = toMinorUnits(price);
  if (units === null) throw new Error(`price is not an amount: ${price}`);
  return units;
}

function spolOf(value: string | null | undefined): Spol | null {
  return isSpol(value) ? value : null;
}

function statusOf(value: string): SampleStatus {
  if (!isSampleStatus(value)) throw new Error(`unknown sample status in the database: ${value}`);
  return value;
}

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/** A test entry of a sample: the spec's labassay, ime_testa, analit, manual, calculated, disable, plus price and status. */
function testEntry(test: repo.SampleTestRow, locked: Set<string>) {
  return {
    _id: test.id,
    labassay: test.labassayId,
    ime_testa: test.naziv,
    sifra: test.sifra,
    analit: test.analit,
    jedinica: test.jedinica,
    sekcija: test.sekcijaId,
    sekcija_naziv: test.sekcijaNaziv,
    manual: test.manual,
    calculated: test.calculated,
    klasa: testClass(test),
    /** The test cannot be removed: it has a result, or a calculated test on the sample is computed from it. */
    disable: locked.has(test.labassayId),
    price: test.price,
    status_t: test.statusT,
    component_of: test.componentOf,
  };
}

function selectionOf(tests: readonly repo.SampleTestRow[]): SelectedTest[] {
  return tests.map((test) => ({ labassay: test.labassayId, price: minorUnits(test.price), component_of: test.componentOf, hasResult: test.rezultat !== null }));
}

function lockedTests(tests: readonly repo.SampleTestRow[]): Set<string> {
  const locked = new Set<string>();
  for (const test of tests) {
    if (test.rezultat !== null) locked.add(test.labassayId);
    for (const component of test.calculatedTests) locked.add(component);
  }
  return locked;
}

interface SampleView {
  sample: repo.SampleRow;
  patient: patientRepo.PatientRow;
  tests: repo.SampleTestRow[];
  timeZone: string;
}

/** The sample as GET /uzorci/show answers it (`uzorak`), and its results (`rezultat.rezultati`). */
function sampleAnswer({ sample, patient, tests, timeZone }: SampleView) {
  const status = statusOf(sample.status);
  const locked = lockedTests(tests);
  const sections = new Map<string, { _id: string; naziv: string }>();
  for (const test of tests) sections.set(test.sekcijaId, { _id: test.sekcijaId, naziv: test.sekcijaNaziv });
  const age = patientAge(patient, dayIn(sample.datum, timeZone));
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
    vrijeme: timeIn(sample.datum, timeZone),
    tags: sample.tags,
    created_at: sample.createdAt.toISOString(),
    updated_at: sample.updatedAt.toISOString(),
    received_at: sample.receivedAt?.toISOString() ?? null,
    patient: { _id: patient.id, ime: patient.ime, prezime: patient.prezime, jmbg: patient.jmbg, spol: patient.spol, godiste: patient.godiste },
    jmbgObj: age?.jmbgObj ?? null,
    starost_dana: age?.days ?? null,
    lokacija: { lokacija: sample.lokacija },
    doktor: sample.doktor,
    trudnica: sample.trudnica,
    menstc: sample.menstc,
    anticoag: sample.anticoag,
    menopauza: sample.menopauza,
    sekcija: [...sections.values()],
    tests: tests.map((test) => testEntry(test, locked)),
    ukupno: fromMinorUnits(totalPrice(selectionOf(tests))),
    /** What the sample's status allows (spec section 4), so screens need not repeat the rule. */
    actions: [...allowedSampleActions({ status, pdf_exists: sample.pdfExists })],
  };
  const rezultati = tests.filter((test) => test.rezultat !== null)
    .map((test) => ({ labassay: test.labassayId, rezultat: test.rezultat, rezultat_f: test.rezultatF }));
  return { uzorak, rezultat: { rezultati } };
}
export type SampleAnswer = ReturnType<typeof sampleAnswer>;

async function loadView(db: Db, ctx: RequestContext, sample: repo.SampleRow): Promise<SampleView> {
  const [patient, tests, timeZone] = await Promise.all([
    patientRepo.findPatientById(db, sample.patientId), repo.testsOfSample(db, sample.id), siteTimeZone(db, ctx.siteId),
  ]);
  if (!patient) throw new Error('sample without its patient');
  return { sample, patient, tests, timeZone };
}

/** GET /uzorci/show/{sid}: by id, or by the code a scanner reads. Another site's sample is not found. */
export async function show(db: Db, ctx: RequestContext, sid: string): Promise<SampleAnswer> {
  const sample = patientRepo.isUuid(sid) ? await repo.findSample(db, ctx.siteId, sid) : await repo.findSampleByCode(db, ctx.siteId, sid.trim());
  if (!sample) throw AppError.notFound();
  return sampleAnswer(await loadView(db, ctx, sample));
}

// ---------------------------------------------------------------------------
// Patients and the test picker
// ---------------------------------------------------------------------------

async function patientByReference(db: Db, reference: { pid?: string | undefined; jmbg?: string | undefined }): Promise<patientRepo.PatientRow> {
  const patient = reference.pid ? await patientRepo.findPatientById(db, reference.pid) : reference.jmbg ? await patientRepo.findPatientByJmbg(db, reference.jmbg) : null;
  if (!patient) throw AppError.notFound();
  return patient;
}

/** POST /uzorci/patient: the patient of the sample-entry screen with the age the picker filters by (a logged view of the patient). */
export async function patientForSampleEntry(db: Db, ctx: RequestContext, reference: { pid?: string | undefined; jmbg?: string | undefined }) {
  const patient = await patientByReference(db, reference);
  await patientRepo.logPatientAccess(db, ctx, patient.id);
  const age = patientAge(patient, dayIn(new Date(), await siteTimeZone(db, ctx.siteId)));
  return {
    _id: patient.id, id: patient.id, ime: patient.ime, prezime: patient.prezime, jmbg: patient.jmbg, spol: patient.spol,
    godiste: patient.godiste, datum_rodjenja: patient.datumRodjenja, jmbgObj: age?.jmbgObj ?? null, starost_dana: age?.days ?? null,
  };
}

function rangesByAssay(ranges: readonly repo.RangeRow[]): Map<string, repo.RangeRow[]> {
  const byAssay = new Map<string, repo.RangeRow[]>();
  for (const range of ranges) byAssay.set(range.labassayId, [...(byAssay.get(range.labassayId) ?? []), range]);
  return byAssay;
}

function offered(ranges: readonly repo.RangeRow[] | undefined, scope: PatientScope): boolean {
  return isAssayOffered((ranges ?? []).map((range) => ({ ...range, spol: spolOf(range.spol) })), scope);
}

function pickerEntry(assay: repo.CatalogueAssay) {
  return {
    _id: assay.id,
    sifra: assay.sifra,
    naziv: assay.naziv,
    price: assay.price,
    analit: assay.analit,
    jedinica: assay.jedinica,
    sekcija: assay.sekcijaId,
    manual: assay.manual,
    calculated: assay.calculated,
    calculatedTests: assay.calculatedTests,
    disabled: assay.disabled,
    tip: assay.tip,
    klasa: testClass(assay),
  };
}

/** POST /uzorci/labassay/tip: the tests the picker offers this patient, in section and report order. */
export async function pickerTests(db: Db, ctx: RequestContext, input: LabassayTipRequest) {
  const patient = input.pid || input.jmbg ? await patientByReference(db, input) : null;
  const today = dayIn(new Date(), await siteTimeZone(db, ctx.siteId));
  const scope: PatientScope = {
    ageDays: patient ? patientAge(patient, today)?.days ?? null : null,
    spol: spolOf(patient?.spol) ?? input.spol ?? null,
    trudnica: input.trudnica ?? false,
    menopauza: input.menopauza ?? false,
  };
  const assays = await repo.pickerAssays(db, { sekcija: input.sekcija, tip: input.tip });
  const ranges = rangesByAssay(await repo.rangesOf(db, assays.map((assay) => assay.id)));
  const testovi = assays.filter((assay) => offered(ranges.get(assay.id), scope));
  const sekcije = new Map<string, { _id: string; sifra: string; naziv: string; redoslijed: number }>();
  for (const assay of testovi) {
    sekcije.set(assay.sekcijaId, { _id: assay.sekcijaId, sifra: assay.sekcijaSifra, naziv: assay.sekcijaNaziv, redoslijed: assay.sekcijaRedoslijed });
  }
  return { testovi: testovi.map(pickerEntry), sekcije: [...sekcije.values()], starost_dana: scope.ageDays, spol: scope.spol };
}

/** The catalogue entries of these tests and, transitively, of the components of calculated ones. */
async function catalogueFor(db: Db, ids: readonly string[]): Promise<Map<string, repo.CatalogueAssay>> {
  const catalogue = new Map<string, repo.CatalogueAssay>();
  let missing = [...new Set(ids)];
  for (let depth = 0; depth < 5 && missing.length > 0; depth += 1) {
    for (const assay of await repo.assaysByIds(db, missing)) catalogue.set(assay.id, assay);
    missing = [...new Set([...catalogue.values()].flatMap((assay) => assay.calculatedTests))].filter((id) => !catalogue.has(id));
  }
  return catalogue;
}

function pickerLookup(catalogue: Map<string, repo.CatalogueAssay>) {
  return (id: string): PickerAssay | undefined => {
    const assay = catalogue.get(id);
    return assay && { _id: assay.id, price: minorUnits(assay.price), calculated: assay.calculated, calculatedTests: assay.calculatedTests };
  };
}

/**
 * Tests a person picks must exist, be enabled and be offered to the patient
 * (the picker's own filter, checked again here whatever the client sends).
 * Components a calculated test pulls in are not checked: the calculation needs them.
 */
async function assertOrderable(db: Db, picked: readonly string[], catalogue: Map<string, repo.CatalogueAssay>, scope: PatientScope): Promise<void> {
  const ranges = rangesByAssay(await repo.rangesOf(db, picked));
  picked.forEach((id, index) => {
    const assay = catalogue.get(id);
    if (!assay) throw AppError.badRequest('form.invalid', `testovi.${index}`);
    if (assay.disabled || !offered(ranges.get(id), scope)) {
      throw new AppError(400, 'sample.testUnavailable', `testovi.${index}`, { naziv: assay.naziv });
    }
  });
}

function flagsOrRefuse(spol: Spol | null, flags: { trudnica: boolean; menopauza: boolean }): void {
  const problem = sampleFlagsProblem(spol, flags);
  if (problem) throw AppError.badRequest(problem, flags.trudnica ? 'trudnica' : 'menopauza');
}

function datumOrRefuse(datum: string | undefined, now: Date): Date | undefined {
  if (datum === undefined) return undefined;
  const instant = new Date(datum);
  if (instant.getTime() > now.getTime() + CLOCK_SKEW_MS) throw AppError.badRequest('sample.datumInvalid', 'datum');
  return instant;
}

// ---------------------------------------------------------------------------
// Create, update, delete
// ---------------------------------------------------------------------------

/**
 * POST /uzorci/save: a new sample, status ZAPRIMLJEN, with the day's next code.
 * Prices come from the catalogue (components of calculated tests at 0), never from the client.
 */
export async function create(db: Db, ctx: RequestContext, input: SampleSaveRequest): Promise<SampleAnswer> {
  const patient = await patientByReference(db, input);
  const spol = spolOf(patient.spol);
  const flags = { trudnica: input.trudnica ?? false, menopauza: input.menopauza ?? false };
  flagsOrRefuse(spol, flags);
  const now = new Date();
  const datum = datumOrRefuse(input.datum, now) ?? now;
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const scope: PatientScope = { ageDays: patientAge(patient, dayIn(datum, timeZone))?.days ?? null, spol, ...flags };
  const catalogue = await catalogueFor(db, input.testovi);
  await assertOrderable(db, input.testovi, catalogue, scope);
  const outcome = reconcileTests([], input.testovi, pickerLookup(catalogue), 'new');
  if (!outcome.ok) throw new AppError(409, outcome.code, 'testovi');

  const sample = await db.transaction(async (tx) => {
    const codeDay = sampleCodeDay(calendarDateOf(now, timeZone));
    const rbr = await repo.allocateDayCounter(tx, codeDay);
    const created = await repo.insertSample(tx, {
      siteId: ctx.siteId, patientId: patient.id, code: formatSampleCode(codeDay, rbr), rbr, status: 'ZAPRIMLJEN',
      hitan: input.hitan ?? false, tip: input.tip ?? 'Standard', type: input.type ?? '', ...flags, menstc: input.menstc ?? '',
      anticoag: input.anticoag ?? false, lokacija: input.lokacija ?? '', doktor: input.doktor ?? '', komentar: input.komentar, datum, createdBy: ctx.userId, updatedBy: ctx.userId,
    });
    await repo.insertSampleTests(tx, created.id, outcome.selection.map((test) => ({
      labassayId: test.labassay, price: fromMinorUnits(test.price), componentOf: test.component_of,
    })));
    await writeAudit(tx, ctx, {
      action: 'sample.create', entity: 'sample', entityId: created.id,
      newValue: { code: created.code, patient_id: patient.id, status: created.status, hitan: created.hitan, tests: outcome.selection.map((test) => test.labassay) },
    });
    return created;
  });
  return sampleAnswer(await loadView(db, ctx, sample));
}

const EDITABLE_FIELDS = ['hitan', 'tip', 'type', 'trudnica', 'menstc', 'anticoag', 'menopauza', 'lokacija', 'doktor', 'datum'] as const;

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/**
 * POST /uzorci/update: the sample edit dialog. Refused once ODOBREN or
 * VERIFICIRAN. `testovi`, when sent, is the sample's whole list: new tests
 * are added (with components), tests left out are removed by the rules of
 * spec section 5. One audit row per changed field, one for the tests.
 */
export async function update(db: Db, ctx: RequestContext, input: SampleUpdateRequest): Promise<SampleAnswer> {
  const now = new Date();
  const datum = datumOrRefuse(input.datum, now);
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const sample = await db.transaction(async (tx) => {
    const current = await repo.findSample(tx, ctx.siteId, input.sid, { forUpdate: true });
    if (!current) throw AppError.notFound();
    if (isSampleLocked(statusOf(current.status))) throw AppError.conflict('sample.locked');
    const patient = await patientRepo.findPatientById(tx, current.patientId);
    if (!patient) throw new Error('sample without its patient');
    const spol = spolOf(patient.spol);
    const flags = { trudnica: input.trudnica ?? current.trudnica, menopauza: input.menopauza ?? current.menopauza };
    flagsOrRefuse(spol, flags);

    const requested: Partial<Record<(typeof EDITABLE_FIELDS)[number], unknown>> = {
      hitan: input.hitan, tip: input.tip, type: input.type, trudnica: input.trudnica, menstc: input.menstc, anticoag: input.anticoag,
      menopauza: input.menopauza, lokacija: input.lokacija, doktor: input.doktor, datum,
    };
    const changes: repo.SampleChanges = {};
    const audit: AuditEntry[] = [];
    for (const field of EDITABLE_FIELDS) {
      const value = requested[field];
      if (value === undefined || sameValue(value, current[field])) continue;
      Object.assign(changes, { [field]: value });
      audit.push({ action: 'sample.update', entity: 'sample', entityId: current.id, field, oldValue: current[field], newValue: value });
    }

    if (input.testovi !== undefined) {
      const existingTests = await repo.testsOfSample(tx, current.id);
      const existing = selectionOf(existingTests);
      const catalogue = await catalogueFor(tx, [...existing.map((test) => test.labassay), ...input.testovi]);
      const picked = input.testovi.filter((id) => !existing.some((test) => test.labassay === id));
      const scope: PatientScope = { ageDays: patientAge(patient, dayIn(datum ?? current.datum, timeZone))?.days ?? null, spol, ...flags };
      await assertOrderable(tx, picked, catalogue, scope);
      const outcome = reconcileTests(existing, input.testovi, pickerLookup(catalogue), 'edit');
      if (!outcome.ok) throw new AppError(409, outcome.code, 'testovi');
      const before = new Map(existing.map((test) => [test.labassay, test]));
      const after = new Map(outcome.selection.map((test) => [test.labassay, test]));
      const removed = [...before.keys()].filter((id) => !after.has(id));
      const added = outcome.selection.filter((test) => !before.has(test.labassay));
      const repriced = outcome.selection.filter((test) => {
        const old = before.get(test.labassay);
        return old !== undefined && (old.price !== test.price || old.component_of !== test.component_of);
      });
      await repo.deleteSampleTests(tx, current.id, removed);
      await repo.insertSampleTests(tx, current.id, added.map((test) => ({ labassayId: test.labassay, price: fromMinorUnits(test.price), componentOf: test.component_of })));
      for (const test of repriced) {
        await repo.updateSampleTest(tx, current.id, test.labassay, { price: fromMinorUnits(test.price), componentOf: test.component_of });
      }
      if (removed.length + added.length + repriced.length > 0) {
        audit.push({
          action: 'sample.tests', entity: 'sample', entityId: current.id, field: 'tests',
          oldValue: existing.map((test) => test.labassay), newValue: outcome.selection.map((test) => test.labassay),
        });
      }
    }
    if (audit.length === 0) return current;
    const updated = await repo.updateSample(tx, current.id, changes, ctx.userId);
    await writeAudit(tx, ctx, audit);
    return updated;
  });
  return sampleAnswer(await loadView(db, ctx, sample));
}

/** POST /uzorci/delete: only while ZAPRIMLJEN; the tests (and any results) go with it. The code is never given again. */
export async function remove(db: Db, ctx: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.findSample(tx, ctx.siteId, id, { forUpdate: true });
    if (!current) throw AppError.notFound();
    if (current.status !== 'ZAPRIMLJEN') throw AppError.conflict('sample.deleteNotAllowed');
    const tests = await repo.testsOfSample(tx, current.id);
    await repo.deleteSample(tx, current.id);
    await writeAudit(tx, ctx, {
      action: 'sample.delete', entity: 'sample', entityId: current.id,
      oldValue: {
        code: current.code, patient_id: current.patientId, status: current.status,
        tests: tests.map((test) => ({ labassay: test.labassayId, price: test.price, rezultat: test.rezultat })),
      },
    });
  });
}

// ---------------------------------------------------------------------------
// Comment, urgent star, reception, label data
// ---------------------------------------------------------------------------

export async function comment(db: Db, ctx: RequestContext, id: string): Promise<string> {
  const sample = await repo.findSample(db, ctx.siteId, id);
  if (!sample) throw AppError.notFound();
  return sample.komentar;
}

/** The sample's comment; refused once ODOBREN or VERIFICIRAN. */
export async function setComment(db: Db, ctx: RequestContext, id: string, komentar: string): Promise<string> {
  return db.transaction(async (tx) => {
    const current = await repo.findSample(tx, ctx.siteId, id, { forUpdate: true });
    if (!current) throw AppError.notFound();
    if (isSampleLocked(statusOf(current.status))) throw AppError.conflict('sample.locked');
    if (current.komentar === komentar) return komentar;
    await repo.updateSample(tx, current.id, { komentar }, ctx.userId);
    await writeAudit(tx, ctx, { action: 'sample.update', entity: 'sample', entityId: current.id, field: 'komentar', oldValue: current.komentar, newValue: komentar });
    return komentar;
  });
}

/** Sets or clears the urgent star; refused once ODOBREN or VERIFICIRAN. Setting it twice is the same as once. */
export async function setUrgent(db: Db, ctx: RequestContext, id: string, hitan: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await repo.findSample(tx, ctx.siteId, id, { forUpdate: true });
    if (!current) throw AppError.notFound();
    if (isSampleLocked(statusOf(current.status))) throw AppError.conflict('sample.locked');
    if (current.hitan === hitan) return hitan;
    await repo.updateSample(tx, current.id, { hitan }, ctx.userId);
    await writeAudit(tx, ctx, { action: 'sample.update', entity: 'sample', entityId: current.id, field: 'hitan', oldValue: current.hitan, newValue: hitan });
    return hitan;
  });
}

export interface ReceptionOutcome {
  received: boolean;
  uzorak: { _id: string; code: string; status: SampleStatus; hitan: boolean; pacijentRBr: number; received_at: string | null; pid: string };
}

/**
 * POST /uzorci/prijem: the tube is scanned at the lab of this site.
 * ZAPRIMLJEN -> U OBRADI with the time of receipt; a sample already past
 * ZAPRIMLJEN answers that it was received (nothing changes), so scanning twice
 * is harmless. Another site's code is not found.
 */
export async function receive(db: Db, ctx: RequestContext, code: string): Promise<ReceptionOutcome> {
  return db.transaction(async (tx) => {
    const current = await repo.findSampleByCode(tx, ctx.siteId, code, { forUpdate: true });
    if (!current) throw AppError.notFound();
    const status = statusOf(current.status);
    const next = nextStatus(status, 'receive');
    const summary = (row: repo.SampleRow) => ({
      _id: row.id, code: row.code, status: statusOf(row.status), hitan: row.hitan, pacijentRBr: row.rbr,
      received_at: row.receivedAt?.toISOString() ?? null, pid: row.patientId,
    });
    if (next === null) return { received: false, uzorak: summary(current) };
    const updated = await repo.updateSample(tx, current.id, { status: next, receivedAt: new Date() }, ctx.userId);
    await writeAudit(tx, ctx, { action: 'sample.receive', entity: 'sample', entityId: current.id, field: 'status', oldValue: status, newValue: next });
    return { received: true, uzorak: summary(updated) };
  });
}

/** What the label shows: GET /uzorci/barcode/{id}, and the PDF and ZPL labels. */
export async function labelData(db: Db, ctx: RequestContext, id: string) {
  const sample = await repo.findSample(db, ctx.siteId, id);
  if (!sample) throw AppError.notFound();
  const [patient, timeZone] = await Promise.all([patientRepo.findPatientById(db, sample.patientId), siteTimeZone(db, ctx.siteId)]);
  if (!patient) throw new Error('sample without its patient');
  return {
    code: sample.code,
    pacijentRBr: sample.rbr,
    godiste: patient.godiste,
    datum: toLocalDateText(dayIn(sample.datum, timeZone)),
    ime: patient.ime,
    prezime: patient.prezime,
    hitan: sample.hitan,
  };
}
export type LabelData = Awaited<ReturnType<typeof labelData>>;
