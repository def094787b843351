/**
 * The culture as the screen edits it, and the save request made of it. A row keeps the interpretation
 * the server gave when it was saved; once its agent, method or value is changed the shown category waits
 * for the next save (the server interprets, by the breakpoints imported there).
 */
import type { AntibiogramRow, Culture, CultureSaveRequest } from '@lis/domain';

export type Method = 'MIC' | 'DISK';
export type Override = '' | 'S' | 'I' | 'R';

export interface RowDraft {
  key: string;
  ab: string | null;
  abLabel: string;
  metoda: Method;
  vrijednost: string;
  izmjena: Override;
  razlog: string;
  /** The row as last saved, with its interpretation. */
  saved: AntibiogramRow | null;
}

export interface IsolateDraft {
  key: string;
  mo: string | null;
  moLabel: string;
  /** The power of ten as text ('5' for 10^5 CFU/mL), '' when not counted. */
  kolicina: string;
  napomena: string;
  rows: RowDraft[];
}

export interface CultureDraft {
  materijal: string;
  uti: boolean;
  rast: boolean;
  napomena: string;
  izolati: IsolateDraft[];
}

/** An agent as the picker shows it: name and code (Ampicillin (AMP)). */
export function agentLabel(agent: { ab: string; naziv: string }): string {
  return `${agent.naziv} (${agent.ab})`;
}

let counter = 0;
export function draftKey(): string {
  counter += 1;
  return `draft-${counter}`;
}

export function emptyRow(): RowDraft {
  return { key: draftKey(), ab: null, abLabel: '', metoda: 'MIC', vrijednost: '', izmjena: '', razlog: '', saved: null };
}

export function emptyIsolate(): IsolateDraft {
  return { key: draftKey(), mo: null, moLabel: '', kolicina: '', napomena: '', rows: [emptyRow()] };
}

/** A urine specimen is judged by the urinary breakpoints unless the person says otherwise. */
function looksUrinary(text: string): boolean {
  return /urin|urokult/i.test(text);
}

/** The screen's draft of a saved culture, or of a new one (specimen from the sample type, else the test's name). */
export function draftOf(culture: Culture | null, test: { naziv: string }, sampleType: string): CultureDraft {
  if (!culture) {
    const materijal = sampleType.trim() || test.naziv;
    return { materijal, uti: looksUrinary(`${materijal} ${test.naziv}`), rast: true, napomena: '', izolati: [emptyIsolate()] };
  }
  return {
    materijal: culture.materijal, uti: culture.uti, rast: culture.rast, napomena: culture.napomena,
    izolati: culture.izolati.map((isolate) => ({
      key: isolate._id, mo: isolate.organizam.mo, moLabel: isolate.organizam.naziv,
      kolicina: isolate.kolicina === null ? '' : String(isolate.kolicina), napomena: isolate.napomena,
      rows: isolate.antibiogram.map((row) => ({
        key: row._id, ab: row.antibiotik.ab, abLabel: agentLabel(row.antibiotik), metoda: row.metoda, vrijednost: row.vrijednost,
        izmjena: row.izmjena?.kategorija ?? '', razlog: row.izmjena?.razlog ?? '', saved: row,
      })),
    })),
  };
}

/** The rows that count: a row with neither agent nor value is an empty line the person has not used. */
function usedRows(rows: readonly RowDraft[]): RowDraft[] {
  return rows.filter((row) => row.ab !== null || row.vrijednost.trim() !== '');
}

/** What is missing before a save can be sent: an isolate without organism, a used row without agent. */
export function draftProblem(draft: CultureDraft): 'pickOrganism' | 'pickAgent' | null {
  if (!draft.rast) return null;
  if (draft.izolati.some((isolate) => isolate.mo === null)) return 'pickOrganism';
  if (draft.izolati.some((isolate) => usedRows(isolate.rows).some((row) => row.ab === null))) return 'pickAgent';
  return null;
}

export function saveRequestOf(
  draft: CultureDraft, ids: { sid: string; version: number; test: string },
): CultureSaveRequest {
  return {
    ...ids,
    materijal: draft.materijal, uti: draft.uti, rast: draft.rast, napomena: draft.napomena,
    izolati: draft.rast ? draft.izolati.map((isolate) => ({
      organizam: isolate.mo ?? '',
      kolicina: isolate.kolicina === '' ? null : Number(isolate.kolicina),
      napomena: isolate.napomena,
      antibiogram: usedRows(isolate.rows).map((row) => ({
        antibiotik: row.ab ?? '', metoda: row.metoda, vrijednost: row.vrijednost,
        izmjena: row.izmjena === '' ? null : { kategorija: row.izmjena, razlog: row.razlog },
      })),
    })) : [],
  };
}

/** The saved interpretation still belongs to the row: its agent, method and value are as saved. */
export function savedInterpretationHolds(row: RowDraft): boolean {
  return row.saved !== null && row.saved.antibiotik.ab === row.ab && row.saved.metoda === row.metoda && row.saved.vrijednost === row.vrijednost.trim();
}
