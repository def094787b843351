import { type LabassayTipRequest, type PatientScope, type SamplePatient, type PickerAssay, type PickerSection, isAssayOffered, patientAge, testClass } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { referenceRangesOf, type RangeRow } from '../../db/reference-ranges.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { siteToday } from '../sites/service.ts';
import { partnerPrices } from '../partners/service.ts';
import { logPatientView, patientById, patientByJmbg, type PatientRecord } from '../patients/service.ts';
import * as repo from './repository.ts';
import { minorUnits, spolOf, storedSpol } from './values.ts';

// The test picker: which tests the catalogue offers a patient, and the same rule checked again when a
// sample is saved. Patients and the catalogue are lab-wide; the site only gives "today" its time zone.

export async function patientByReference(db: Db, reference: { pid?: string | undefined; jmbg?: string | undefined }): Promise<PatientRecord> {
  const patient = reference.pid ? await patientById(db, reference.pid) : reference.jmbg ? await patientByJmbg(db, reference.jmbg) : null;
  if (!patient) throw AppError.notFound();
  return patient;
}

/** POST /uzorci/patient: the patient of the sample-entry screen with the age the picker filters by (a logged view of the patient). */
export async function patientForSampleEntry(db: Db, ctx: RequestContext, reference: { pid?: string | undefined; jmbg?: string | undefined }): Promise<SamplePatient> {
  const patient = await patientByReference(db, reference);
  await logPatientView(db, ctx, patient.id);
  const age = patientAge(patient, await siteToday(db, ctx.siteId));
  return {
    _id: patient.id, id: patient.id, ime: patient.ime, prezime: patient.prezime, jmbg: patient.jmbg, spol: storedSpol(patient.spol),
    godiste: patient.godiste, datum_rodjenja: patient.datumRodjenja, jmbgObj: age?.jmbgObj ?? null, starost_dana: age?.days ?? null,
  };
}

function rangesByAssay(ranges: readonly RangeRow[]): Map<string, RangeRow[]> {
  const byAssay = new Map<string, RangeRow[]>();
  for (const range of ranges) byAssay.set(range.labassayId, [...(byAssay.get(range.labassayId) ?? []), range]);
  return byAssay;
}

function offered(ranges: readonly RangeRow[] | undefined, scope: PatientScope): boolean {
  return isAssayOffered((ranges ?? []).map((range) => ({ ...range, spol: spolOf(range.spol) })), scope);
}

function pickerEntry(assay: repo.CatalogueAssay) {
  return {
    _id: assay.id,
    sifra: assay.sifra,
    naziv: assay.naziv,
    naziv_en: assay.nazivEn,
    naziv_de: assay.nazivDe,
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
    sample_type: assay.sampleTypeId,
    stabilnost: assay.stabilnost,
  };
}

/** POST /uzorci/labassay/tip: the tests the picker offers this patient, in section and report order. */
export async function pickerTests(db: Db, ctx: RequestContext, input: LabassayTipRequest) {
  const patient = input.pid || input.jmbg ? await patientByReference(db, input) : null;
  const today = await siteToday(db, ctx.siteId);
  const scope: PatientScope = {
    ageDays: patient ? patientAge(patient, today)?.days ?? null : null,
    spol: spolOf(patient?.spol) ?? input.spol ?? null,
    trudnica: input.trudnica ?? false,
    menopauza: input.menopauza ?? false,
  };
  const listed = await repo.pickerAssays(db, { sekcija: input.sekcija, tip: input.tip });
  const priced = await pricedFor(db, new Map(listed.map((assay) => [assay.id, assay])), input.partner ?? null);
  const assays = listed.map((assay) => priced.get(assay.id) ?? assay);
  const ranges = rangesByAssay(await referenceRangesOf(db, assays.map((assay) => assay.id)));
  const testovi = assays.filter((assay) => offered(ranges.get(assay.id), scope));
  const sekcije = new Map<string, PickerSection>();
  for (const assay of testovi) {
    sekcije.set(assay.sekcijaId, {
      _id: assay.sekcijaId, sifra: assay.sekcijaSifra, naziv: assay.sekcijaNaziv, naziv_en: assay.sekcijaNazivEn, naziv_de: assay.sekcijaNazivDe, redoslijed: assay.sekcijaRedoslijed,
    });
  }
  return { testovi: testovi.map(pickerEntry), sekcije: [...sekcije.values()], starost_dana: scope.ageDays, spol: scope.spol };
}

/**
 * The catalogue entries of these tests and, transitively, of the components of calculated ones, priced
 * for the sample's ordering partner: a test on the partner's price list costs that price instead of the
 * catalogue's. Every price a sample's tests get comes from here (save, edit, the picker), so the sample's
 * tests, its price_total and the pro-forma invoice all carry the partner's price.
 */
export async function catalogueFor(db: Db, ids: readonly string[], partnerId: string | null): Promise<Map<string, repo.CatalogueAssay>> {
  const catalogue = new Map<string, repo.CatalogueAssay>();
  let missing = [...new Set(ids)];
  for (let depth = 0; depth < 5 && missing.length > 0; depth += 1) {
    for (const assay of await repo.assaysByIds(db, missing)) catalogue.set(assay.id, assay);
    missing = [...new Set([...catalogue.values()].flatMap((assay) => assay.calculatedTests))].filter((id) => !catalogue.has(id));
  }
  return pricedFor(db, catalogue, partnerId);
}

async function pricedFor<Assay extends { id: string; price: string }>(
  db: Db, assays: Map<string, Assay>, partnerId: string | null,
): Promise<Map<string, Assay>> {
  const prices = await partnerPrices(db, partnerId, [...assays.keys()]);
  if (prices.size === 0) return assays;
  return new Map([...assays].map(([id, assay]) => [id, { ...assay, price: prices.get(id) ?? assay.price }]));
}

export function pickerLookup(catalogue: Map<string, repo.CatalogueAssay>) {
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
export async function assertOrderable(db: Db, picked: readonly string[], catalogue: Map<string, repo.CatalogueAssay>, scope: PatientScope): Promise<void> {
  const ranges = rangesByAssay(await referenceRangesOf(db, picked));
  picked.forEach((id, index) => {
    const assay = catalogue.get(id);
    if (!assay) throw AppError.badRequest('form.invalid', `testovi.${index}`);
    if (assay.disabled || !offered(ranges.get(id), scope)) {
      throw new AppError(400, 'sample.testUnavailable', `testovi.${index}`, { naziv: assay.naziv });
    }
  });
}
