import { z } from 'zod';
import { type CalendarDate, epochDay, fromLocalDateText } from '../calendar-date.ts';
import { EARLIEST_DAY } from '../date-range.ts';
import type { MessageCode } from '../messages.ts';
import { type PatientSaveRequest, patientSaveRequest } from '../patient/contracts.ts';
import { jmbgProblem } from '../patient/personal-id.ts';

/**
 * The rows of the Excel import (/import): one row is a patient with one
 * order (a sample with its tests). A row is checked by the intake rules
 * themselves (the patient save schema and the JMBG's date, the same code the
 * intake form and POST /pacijenti/unos/save use) and by the sample rules the
 * import needs: a reference, known tests, a date not in the future nor
 * before the earliest day, a known partner. A patient is keyed by JMBG and a
 * sample by its reference, so importing the same file twice creates nothing twice.
 */

/** The template's columns in order: the row field, its header, and an example value. */
export const IMPORT_COLUMNS = [
  { key: 'jmbg', header: 'JMBG', example: '1503978175002' },
  { key: 'ime', header: 'Ime', example: 'LEJLA' },
  { key: 'prezime', header: 'Prezime', example: 'DEMIĆ' },
  { key: 'spol', header: 'Spol', example: 'ŽENSKI' },
  { key: 'adresa', header: 'Adresa', example: 'Titova 1, Sarajevo' },
  { key: 'telefon', header: 'Telefon', example: '061 123 456' },
  { key: 'email', header: 'Email', example: '' },
  { key: 'referenca', header: 'Referenca uzorka', example: 'NAR-2026-0001' },
  { key: 'testovi', header: 'Testovi', example: 'GLU, CHOL' },
  { key: 'datum', header: 'Datum uzorka', example: '' },
  { key: 'partner', header: 'Partner', example: '' },
  { key: 'hitan', header: 'Hitno', example: 'NE' },
] as const;
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];

/** At most this many rows in one file; the import sends them in parts of IMPORT_CHUNK_ROWS. */
export const MAX_IMPORT_ROWS = 20_000;
export const IMPORT_CHUNK_ROWS = 500;

export const IMPORT_LIMITS = { referenca: 100, testovi: 1000, cell: 500 } as const;

const cell = z.string().max(IMPORT_LIMITS.cell).default('');

/** A row as read from the file: its number in the sheet and every column as text. */
export const importRowSchema = z.object({
  red: z.number().int().min(1),
  jmbg: cell, ime: cell, prezime: cell, spol: cell, adresa: cell, telefon: cell, email: cell,
  referenca: cell, testovi: z.string().max(IMPORT_LIMITS.testovi).default(''), datum: cell, partner: cell, hitan: cell,
});
export type ImportRow = z.output<typeof importRowSchema>;

export interface ImportProblem {
  field: ImportColumnKey;
  code: MessageCode;
  params?: Record<string, string>;
}

/** What the lab knows that a row is checked against. */
export interface ImportContext {
  /** The site's today: a JMBG's birth date and a sample's date may not be after it. */
  today: CalendarDate;
  /** Codes (sifra) of the tests that can be ordered, upper-cased. */
  testCodes: ReadonlySet<string>;
  /** Names of the active partners, lower-cased. */
  partners: ReadonlySet<string>;
}

/** A valid row: the patient as intake saves it and the order. */
export interface ImportOrder {
  red: number;
  patient: PatientSaveRequest;
  referenca: string;
  /** Test codes (sifra) upper-cased, each once, in the file's order. */
  testovi: string[];
  /** The day the sample was taken; null: the moment of the import. */
  datum: CalendarDate | null;
  /** The partner's name as the file gives it; null for none. */
  partner: string | null;
  hitan: boolean;
}

export type ImportReading = { ok: true; order: ImportOrder } | { ok: false; problems: ImportProblem[] };

const SPOL_WORDS: Record<string, string> = { M: 'MUŠKI', MUSKI: 'MUŠKI', Z: 'ŽENSKI', Ž: 'ŽENSKI', ZENSKI: 'ŽENSKI' };
const YES = new Set(['DA', 'D', 'YES', 'Y', 'JA', '1', 'TRUE', 'X']);
const NO = new Set(['', 'NE', 'N', 'NO', 'NEIN', '0', 'FALSE']);

export function testCodesOf(text: string): string[] {
  return [...new Set(text.split(/[,;\s]+/).map((code) => code.trim().toUpperCase()).filter((code) => code !== ''))];
}

const PATIENT_FIELDS: readonly ImportColumnKey[] = ['jmbg', 'ime', 'prezime', 'spol', 'adresa', 'telefon', 'email'];

function isMessageCode(value: string): value is MessageCode {
  return /^[a-z]+\.[A-Za-z]+$/.test(value);
}

/** Reads and checks one row. Every problem of the row is named, not only the first. */
export function readImportRow(row: ImportRow, context: ImportContext): ImportReading {
  const problems: ImportProblem[] = [];
  const spolText = row.spol.trim().toUpperCase();
  // The import has no symptom checklist: an imported patient is registered as without symptoms.
  const patient = patientSaveRequest.safeParse({
    jmbg: row.jmbg, ime: row.ime, prezime: row.prezime, spol: SPOL_WORDS[spolText] ?? spolText, adresa: row.adresa, telefon: row.telefon,
    email: row.email, symptoms: { pacijentbezsimptoma: true },
  });
  if (!patient.success) {
    for (const issue of patient.error.issues) {
      const field = String(issue.path[0] ?? '') as ImportColumnKey;
      if (!PATIENT_FIELDS.includes(field) || problems.some((problem) => problem.field === field)) continue;
      problems.push({ field, code: isMessageCode(issue.message) ? issue.message : 'form.invalid', ...(isMessageCode(issue.message) ? {} : { params: { field } }) });
    }
  } else {
    const jmbg = jmbgProblem(patient.data.jmbg, context.today);
    if (jmbg) problems.push({ field: 'jmbg', code: jmbg });
  }

  const referenca = row.referenca.trim();
  if (referenca === '') problems.push({ field: 'referenca', code: 'import.referenceRequired' });
  else if (referenca.length > IMPORT_LIMITS.referenca) problems.push({ field: 'referenca', code: 'form.invalid', params: { field: 'referenca' } });

  const testovi = testCodesOf(row.testovi);
  if (testovi.length === 0) problems.push({ field: 'testovi', code: 'form.required' });
  const unknown = testovi.filter((code) => !context.testCodes.has(code));
  if (unknown.length > 0) problems.push({ field: 'testovi', code: 'import.unknownTest', params: { sifra: unknown.join(', ') } });

  let datum: CalendarDate | null = null;
  if (row.datum.trim() !== '') {
    datum = fromLocalDateText(row.datum.trim());
    if (!datum || epochDay(datum) > epochDay(context.today) || epochDay(datum) < epochDay(EARLIEST_DAY)) {
      problems.push({ field: 'datum', code: 'sample.datumInvalid' });
    }
  }

  const partner = row.partner.trim() === '' ? null : row.partner.trim();
  if (partner !== null && !context.partners.has(partner.toLowerCase())) problems.push({ field: 'partner', code: 'import.unknownPartner', params: { naziv: partner } });

  const hitanText = row.hitan.trim().toUpperCase();
  if (!YES.has(hitanText) && !NO.has(hitanText)) problems.push({ field: 'hitan', code: 'form.invalid', params: { field: 'hitan' } });

  if (problems.length > 0 || !patient.success) return { ok: false, problems };
  return { ok: true, order: { red: row.red, patient: patient.data, referenca, testovi, datum, partner, hitan: YES.has(hitanText) } };
}

/** Every row of a file read and checked; a reference given to two rows is a problem of the later ones. */
export function readImportRows(rows: readonly ImportRow[], context: ImportContext): ImportReading[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const reading = readImportRow(row, context);
    const key = row.referenca.trim().toLowerCase();
    if (key === '') return reading;
    if (!seen.has(key)) {
      seen.add(key);
      return reading;
    }
    const duplicate: ImportProblem = { field: 'referenca', code: 'import.duplicateReference' };
    return { ok: false, problems: reading.ok ? [duplicate] : [...reading.problems, duplicate] };
  });
}
