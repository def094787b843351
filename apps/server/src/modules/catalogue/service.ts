import {
  FormulaSyntaxError, REFERRAL_OPTIONS_TYPE, SETTING_RECORD_KINDS, bosnianSortKey, formulaComponents, isSpol, referralOptionsSchema,
  type ReferralChoicesAnswer, type ReferralOptions,
  type HistoryEntry, type LabAssayInput, type LabAssayListRow, type LabAssayRecord, type ListAnswer, type SettingRecordKind,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { ListRequest } from '../../db/list-query.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import * as assays from './assay-repository.ts';
import * as repo from './repository.ts';

// The lab's catalogue: the setting records (postavke/<path>/edit|list|history) and the lab assays with their
// reference ranges (assays/lab/...). Every change is one transaction with its audit row (the record before and
// after, as JSON); a refused record changes nothing. The catalogue is the lab's, shared by every site.

type SettingRecordRow = Record<string, unknown> & { _id: string };

/** Where a kind's changes are audited (and its history read). */
export function auditEntity(kind: SettingRecordKind): string {
  const { storage } = SETTING_RECORD_KINDS[kind];
  if (storage === 'lab_sections') return 'lab_section';
  if (storage === 'sample_types') return 'sample_type';
  return `setting.${kind}`;
}

function rowOf(record: repo.StoredRecord): SettingRecordRow {
  return { ...record.data, _id: record.id };
}

export async function listRecords(db: Db, kind: SettingRecordKind, list: ListRequest<unknown>): Promise<ListAnswer<SettingRecordRow>> {
  const spec = SETTING_RECORD_KINDS[kind];
  if (spec.storage === 'lab_sections') return repo.listSections(db, list);
  if (spec.storage === 'sample_types') return repo.listSampleTypes(db, list);
  const answer = await repo.listRecords(db, list, kind, spec.listFields);
  return { ...answer, data: answer.data.map(rowOf) };
}

/** Each id a record names in a reference field must exist; the first that does not is a 400 naming it. */
async function checkReferences(tx: Tx, kind: SettingRecordKind, record: Record<string, unknown>): Promise<void> {
  const spec = SETTING_RECORD_KINDS[kind];
  for (const [field, target] of Object.entries(spec.references)) {
    const value = record[field];
    const ids = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : typeof value === 'string' ? [value] : [];
    if (ids.length === 0) continue;
    const found = target === 'labassay' ? await repo.existingAssayIds(tx, ids)
      : target === 'sample_type' ? await repo.existingSampleTypeIds(tx, ids)
        : await repo.existingRecordIds(tx, target, ids);
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing >= 0) {
      const path = `${spec.bodyField}.${field}${Array.isArray(value) ? `.${missing}` : ''}`;
      throw new AppError(400, 'catalogue.unknownReference', path, { field: path });
    }
  }
}

/**
 * POST /postavke/<path>/edit: `_id` updates that record (404 when there is none of this kind), none creates
 * one. The body's record has passed its schema; references are checked here; a code already used (sections,
 * sample types) is a 409 naming `sifra`. Answers the saved record.
 */
export async function editRecord(db: Db, ctx: RequestContext, kind: SettingRecordKind, input: Record<string, unknown>): Promise<SettingRecordRow> {
  const spec = SETTING_RECORD_KINDS[kind];
  const { _id: id, ...fields } = input as Record<string, unknown> & { _id?: string };
  const entity = auditEntity(kind);
  try {
    return await db.transaction(async (tx) => {
      await checkReferences(tx, kind, fields);
      let before: Record<string, unknown> | null = null;
      let saved: SettingRecordRow;
      if (spec.storage === 'lab_sections') {
        if (id) before = await repo.sectionForUpdate(tx, id);
        if (id && !before) throw AppError.notFound();
        saved = await repo.saveSection(tx, id ?? null, fields as repo.SectionWrite);
      } else if (spec.storage === 'sample_types') {
        if (id) before = await repo.sampleTypeForUpdate(tx, id);
        if (id && !before) throw AppError.notFound();
        saved = await repo.saveSampleType(tx, id ?? null, fields as Omit<repo.SampleTypeRow, '_id'>);
      } else {
        const existing = id ? await repo.recordForUpdate(tx, kind, id) : null;
        if (id && !existing) throw AppError.notFound();
        before = existing ? rowOf(existing) : null;
        saved = rowOf(existing ? await repo.updateRecord(tx, kind, existing.id, fields) : await repo.insertRecord(tx, kind, fields));
      }
      await writeAudit(tx, ctx, {
        action: before ? 'settings.update' : 'settings.create', entity, entityId: saved._id, oldValue: before, newValue: saved,
      });
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'catalogue.duplicateCode', `${spec.bodyField}.sifra`, { sifra: typeof fields.sifra === 'string' ? fields.sifra : '' });
    }
    throw error;
  }
}

function parsedJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text) as unknown;
}

/** The analyte names of these lab assays by id; an id the catalogue does not hold is left out (test panels check their tests with it). */
export function assayNames(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  return assays.assayNamesByIds(db, [...new Set(ids)]);
}

/** The ids of the lab assays with these codes (an unknown code is left out); the demo seed's panels name their tests by code. */
export function assayIdsByCodes(db: Db | Tx, codes: readonly string[]): Promise<Map<string, string>> {
  return assays.assayIdsByCode(db, codes);
}

/** The changes of a record, newest first: who, when, what it was before and after. */
export async function history(db: Db, entity: string, id: string): Promise<HistoryEntry[]> {
  const rows = await repo.historyOf(db, entity, id);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    korisnik: row.ime === null && row.prezime === null ? null : `${row.ime ?? ''} ${row.prezime ?? ''}`.trim(),
    akcija: row.action,
    staro: parsedJson(row.oldJson),
    novo: parsedJson(row.newJson),
  }));
}

// Lab assays.

function numberOrNull(value: string | null): number | null {
  return value === null ? null : Number(value);
}

function textOrNull(value: number | null): string | null {
  return value === null ? null : String(value);
}

function recordOf(row: assays.AssayRow, ranges: readonly assays.RangeWrite[]): LabAssayRecord {
  const deltaLimit = numberOrNull(row.deltaLimit);
  return {
    _id: row.id,
    sifra: row.sifra,
    naziv: row.naziv,
    naziv_en: row.nazivEn,
    naziv_de: row.nazivDe,
    analit: row.analit,
    price: Number(row.price),
    sekcija: row.sekcijaId,
    uzorak: row.sampleTypeId,
    jedinica: row.jedinica,
    loinc: row.loinc,
    decimals: row.decimals,
    manual: row.manual,
    calculated: row.calculated,
    formula: row.formula,
    calculatedTests: row.calculatedTests,
    disabled: row.disabled,
    tip: row.tip,
    redoslijed: row.redoslijed,
    vrsta: row.vrsta === 'text' || row.vrsta === 'qualitative' ? row.vrsta : 'numeric',
    opcije: row.opcije,
    critical_low: numberOrNull(row.criticalLow),
    critical_high: numberOrNull(row.criticalHigh),
    delta: (row.deltaKind === 'absolute' || row.deltaKind === 'percent') && deltaLimit !== null ? { kind: row.deltaKind, limit: deltaLimit } : null,
    stabilnost: row.stabilnost,
    reference: ranges.map((range) => ({
      spol: isSpol(range.spol) ? range.spol : null,
      age_min_days: range.ageMinDays,
      age_max_days: range.ageMaxDays,
      trudnica: range.trudnica,
      menopauza: range.menopauza,
      low: numberOrNull(range.low),
      high: numberOrNull(range.high),
      critical_low: numberOrNull(range.criticalLow),
      critical_high: numberOrNull(range.criticalHigh),
      jedinica: range.jedinica,
      tekst: range.tekst,
    })),
  };
}

async function readAssay(db: Db | Tx, id: string, forUpdate = false): Promise<LabAssayRecord | null> {
  const row = await assays.findAssay(db, id, { forUpdate });
  if (!row) return null;
  return recordOf(row, await assays.rangesOfAssay(db, id));
}

export async function listAssays(db: Db, list: ListRequest<{ sekcija?: string | undefined; disabled?: 'true' | 'false' | undefined }>): Promise<ListAnswer<LabAssayListRow>> {
  const answer = await assays.listAssays(db, list);
  return { ...answer, data: answer.data.map((row) => ({ ...row, vrsta: row.vrsta === 'text' || row.vrsta === 'qualitative' ? row.vrsta : 'numeric' })) };
}

export async function showAssay(db: Db, id: string): Promise<LabAssayRecord> {
  const record = await readAssay(db, id);
  if (!record) throw AppError.notFound();
  return record;
}

/**
 * A calculated test's components: the formula must parse and read only codes of existing assays (not the
 * test itself); their ids become `calculatedTests`. Any other test keeps no formula and no components.
 */
async function componentsOf(tx: Tx, input: LabAssayInput): Promise<{ formula: string | null; calculatedTests: string[] }> {
  if (!input.calculated) return { formula: null, calculatedTests: [] };
  const formula = (input.formula ?? '').trim();
  let codes: string[];
  try {
    codes = formulaComponents(formula);
  } catch (error) {
    if (error instanceof FormulaSyntaxError) throw new AppError(400, 'catalogue.formulaInvalid', 'labassay.formula', { detail: error.message });
    throw error;
  }
  if (codes.length === 0) throw new AppError(400, 'catalogue.formulaInvalid', 'labassay.formula', { detail: 'no component test' });
  const ids = await assays.assayIdsByCode(tx, codes);
  const unknown = codes.find((code) => !ids.has(code) || code === input.sifra);
  if (unknown !== undefined) throw new AppError(400, 'catalogue.formulaUnknownComponent', 'labassay.formula', { sifra: unknown });
  return { formula, calculatedTests: codes.map((code) => ids.get(code)!) };
}

/**
 * POST /assays/lab/edit: the assay and its reference ranges in one transaction (the ranges are replaced as a
 * whole, after the schema has refused gaps and overlaps). The section and sample type must exist; a
 * calculated test's formula is checked against the catalogue; a code already used is a 409. Samples keep
 * the reference their results were verified with (copied onto their tests), so this never alters a report.
 */
export async function editAssay(db: Db, ctx: RequestContext, input: LabAssayInput): Promise<LabAssayRecord> {
  try {
    return await db.transaction(async (tx) => {
      const before = input._id ? await readAssay(tx, input._id, true) : null;
      if (input._id && !before) throw AppError.notFound();
      if (!(await repo.existingSectionIds(tx, [input.sekcija])).has(input.sekcija)) {
        throw new AppError(400, 'catalogue.unknownReference', 'labassay.sekcija', { field: 'labassay.sekcija' });
      }
      if (input.uzorak && !(await repo.existingSampleTypeIds(tx, [input.uzorak])).has(input.uzorak)) {
        throw new AppError(400, 'catalogue.unknownReference', 'labassay.uzorak', { field: 'labassay.uzorak' });
      }
      const stabilityTypes = input.stabilnost.map((entry) => entry.uzorak).filter((id): id is string => id !== null);
      const knownTypes = await repo.existingSampleTypeIds(tx, stabilityTypes);
      const unknownType = input.stabilnost.findIndex((entry) => entry.uzorak !== null && !knownTypes.has(entry.uzorak));
      if (unknownType >= 0) {
        const field = `labassay.stabilnost.${unknownType}.uzorak`;
        throw new AppError(400, 'catalogue.unknownReference', field, { field });
      }
      const { formula, calculatedTests } = await componentsOf(tx, input);
      const id = await assays.saveAssay(tx, before?._id ?? null, {
        sifra: input.sifra,
        naziv: input.naziv,
        nazivEn: input.naziv_en,
        nazivDe: input.naziv_de,
        analit: input.analit,
        price: input.price.toFixed(2),
        sekcijaId: input.sekcija,
        sampleTypeId: input.uzorak,
        jedinica: input.jedinica,
        loinc: input.loinc,
        decimals: input.decimals,
        manual: input.manual,
        calculated: input.calculated,
        formula,
        calculatedTests,
        disabled: input.disabled,
        tip: input.tip,
        redoslijed: input.redoslijed,
        vrsta: input.vrsta,
        opcije: input.opcije,
        criticalLow: textOrNull(input.critical_low),
        criticalHigh: textOrNull(input.critical_high),
        deltaKind: input.delta?.kind ?? null,
        deltaLimit: input.delta ? String(input.delta.limit) : null,
        stabilnost: input.stabilnost,
      });
      await assays.replaceRanges(tx, id, input.reference.map((range) => ({
        spol: range.spol,
        ageMinDays: range.age_min_days,
        ageMaxDays: range.age_max_days,
        trudnica: range.trudnica,
        menopauza: range.menopauza,
        low: textOrNull(range.low),
        high: textOrNull(range.high),
        criticalLow: textOrNull(range.critical_low),
        criticalHigh: textOrNull(range.critical_high),
        jedinica: range.jedinica,
        tekst: range.tekst,
      })));
      const saved = await readAssay(tx, id);
      if (!saved) throw new Error('saved assay not found');
      await writeAudit(tx, ctx, { action: before ? 'labassay.update' : 'labassay.create', entity: 'lab_assay', entityId: id, oldValue: before, newValue: saved });
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'catalogue.duplicateCode', 'labassay.sifra', { sifra: input.sifra });
    throw error;
  }
}

/**
 * POST /assays/lab/delete: only an assay no sample has ever had and no calculated test reads. A test that is
 * on samples must never vanish from their results: such an assay is disabled instead (akcija), and the
 * refusal says so (409).
 */
export async function deleteAssay(db: Db, ctx: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readAssay(tx, id, true);
    if (!before) throw AppError.notFound();
    if (await assays.assayIsOnSamples(tx, id)) throw AppError.conflict('catalogue.assayInUse');
    const user = await assays.calculatedUsing(tx, id);
    if (user) throw new AppError(409, 'catalogue.assayIsComponent', undefined, { naziv: user.naziv });
    await assays.deleteAssay(tx, id);
    await writeAudit(tx, ctx, { action: 'labassay.delete', entity: 'lab_assay', entityId: id, oldValue: before, newValue: null });
  });
}

// Referral choices of sample entry (doctor, referring location).

function doctorName(data: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return [text(data.titula), text(data.ime), text(data.prezime)].filter(Boolean).join(' ');
}

function locationName(data: Record<string, unknown>): string {
  return typeof data.naziv === 'string' ? data.naziv.trim() : '';
}

function byName<T extends { naziv: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => (bosnianSortKey(a.naziv) < bosnianSortKey(b.naziv) ? -1 : bosnianSortKey(a.naziv) > bosnianSortKey(b.naziv) ? 1 : 0));
}

async function referralOptions(db: Db | Tx): Promise<ReferralOptions> {
  const stored = await repo.singleRecord(db, REFERRAL_OPTIONS_TYPE);
  return referralOptionsSchema.catch(referralOptionsSchema.parse({})).parse(stored?.data ?? {});
}

/** GET /postavke/uputni: the active doctors and locations by name, and whether each field also takes free text. */
export async function referralChoices(db: Db): Promise<Omit<ReferralChoicesAnswer, 'success'>> {
  const [doctors, locations, options] = await Promise.all([repo.activeRecords(db, 'doktor'), repo.activeRecords(db, 'lokacija'), referralOptions(db)]);
  return {
    doktori: byName(doctors.map((row) => ({ _id: row.id, naziv: doctorName(row.data) }))),
    lokacije: byName(locations.map((row) => ({ _id: row.id, naziv: locationName(row.data) }))),
    slobodan_unos: options,
  };
}

/**
 * The HL7 destination of the referring location a sample names (`lokacija`, the location's name as sample entry
 * stores it): the record of that name, active or not (a sample keeps the name it was taken with), when it has a
 * host and port; null otherwise. Names are not unique in the records: the first active record of the name wins.
 */
export async function locationHl7Destination(db: Db | Tx, lokacija: string): Promise<{ locationId: string; naziv: string; host: string; port: number } | null> {
  const name = lokacija.trim();
  if (name === '') return null;
  const records = await repo.recordsByName(db, 'lokacija', name);
  const record = records.find((row) => row.data.aktivan !== false) ?? records[0];
  if (!record) return null;
  const host = typeof record.data.hl7Host === 'string' ? record.data.hl7Host.trim() : '';
  const port = record.data.hl7Port;
  if (host === '' || typeof port !== 'number') return null;
  return { locationId: record.id, naziv: locationName(record.data), host, port };
}

export type ReferralField = 'doktor' | 'lokacija';

const NOT_LISTED_CODE = { doktor: 'referral.doctorNotListed', lokacija: 'referral.locationNotListed' } as const;

/**
 * The referral fields of a sample or patient save: when the lab allows no free text for a field, its value must be
 * the name of an active doctor (title, first and last name) or referring location, else 400 naming the field.
 * Empty is always allowed (the field is optional), and so is the value the record already holds (`kept`), so a
 * sample saved before the lists, or whose doctor has since been made inactive, can still be edited.
 */
export async function assertReferralChoices(db: Db, values: Partial<Record<ReferralField, string>>, kept: Partial<Record<ReferralField, string>> = {}): Promise<void> {
  const asked = (['doktor', 'lokacija'] as const).filter((field) => {
    const value = values[field]?.trim() ?? '';
    return value !== '' && value !== kept[field]?.trim();
  });
  if (asked.length === 0) return;
  const options = await referralOptions(db);
  for (const field of asked) {
    if (options[field]) continue;
    const records = await repo.activeRecords(db, field);
    const names = new Set(records.map((row) => (field === 'doktor' ? doctorName : locationName)(row.data)));
    if (!names.has(values[field]?.trim() ?? '')) throw AppError.badRequest(NOT_LISTED_CODE[field], field);
  }
}

/** POST /postavke/uputni/edit: whether sample entry takes a doctor or location typed freely, with its audit row. */
export async function editReferralOptions(db: Db, ctx: RequestContext, options: ReferralOptions): Promise<ReferralOptions> {
  return db.transaction(async (tx) => {
    const stored = await repo.singleRecord(tx, REFERRAL_OPTIONS_TYPE, { forUpdate: true });
    const saved = stored ? await repo.updateRecord(tx, REFERRAL_OPTIONS_TYPE, stored.id, options) : await repo.insertRecord(tx, REFERRAL_OPTIONS_TYPE, options);
    await writeAudit(tx, ctx, {
      action: stored ? 'settings.update' : 'settings.create', entity: `setting.${REFERRAL_OPTIONS_TYPE}`, entityId: saved.id,
      oldValue: stored?.data ?? null, newValue: options,
    });
    return options;
  });
}
