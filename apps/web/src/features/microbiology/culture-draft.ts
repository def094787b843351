/**
 * The culture as the screen edits it, and the save request made of it. A row keeps the interpretation
 * the server gave when it was saved; once its agent, method or value is changed the shown category waits
 * for the next save (the server interprets, by the breakpoints imported there).
 */
import type { AntibiogramPanel, AntibiogramRow, Culture, CultureSaveRequest, InfectionSite } from '@lis/domain';

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
  /** Offered by the isolate's panel: left without a value, the agent was not tested and the row is not saved. */
  fromPanel: boolean;
}

export interface IsolateDraft {
  key: string;
  mo: string | null;
  moLabel: string;
  /** The power of ten as text ('5' for 10^5 CFU/mL), '' when not counted. */
  kolicina: string;
  napomena: string;
  /** The name of the panel the rows were offered from, null when none was. */
  panel: string | null;
  /** The microbiology instrument that reported the isolate and its isolate number, null when a person entered it. */
  aparat: { naziv: string; izolat: string } | null;
  rows: RowDraft[];
}

export interface CultureDraft {
  materijal: string;
  uti: boolean;
  infekcija: InfectionSite;
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
  return { key: draftKey(), ab: null, abLabel: '', metoda: 'MIC', vrijednost: '', izmjena: '', razlog: '', saved: null, fromPanel: false };
}

export function emptyIsolate(): IsolateDraft {
  return { key: draftKey(), mo: null, moLabel: '', kolicina: '', napomena: '', panel: null, aparat: null, rows: [emptyRow()] };
}

/** A urine specimen is judged by the urinary breakpoints unless the person says otherwise. */
function looksUrinary(text: string): boolean {
  return /urin|urokult/i.test(text);
}

/** Cerebrospinal fluid is judged by the meningitis breakpoints unless the person says otherwise. */
function looksMeningeal(text: string): boolean {
  return /likvor|liquor|cerebrospin/i.test(text);
}

/**
 * The screen's draft of a saved culture, or of a new one: the specimen the server proposes (the sample's
 * type, else the test's sample type; see @lis/domain cultureSpecimen), else the test's name.
 */
export function draftOf(culture: Culture | null, test: { naziv: string }, specimen: string): CultureDraft {
  if (!culture) {
    const materijal = specimen.trim() || test.naziv;
    const text = `${materijal} ${test.naziv}`;
    return {
      materijal, uti: looksUrinary(text), infekcija: looksMeningeal(text) ? 'meningitis' : '', rast: true, napomena: '', izolati: [emptyIsolate()],
    };
  }
  return {
    materijal: culture.materijal, uti: culture.uti, infekcija: culture.infekcija, rast: culture.rast, napomena: culture.napomena,
    izolati: culture.izolati.map((isolate) => ({
      key: isolate._id, mo: isolate.organizam.mo, moLabel: isolate.organizam.naziv,
      kolicina: isolate.kolicina === null ? '' : String(isolate.kolicina), napomena: isolate.napomena, panel: null, aparat: isolate.aparat,
      rows: isolate.antibiogram.map((row) => ({
        key: row._id, ab: row.antibiotik.ab, abLabel: agentLabel(row.antibiotik), metoda: row.metoda, vrijednost: row.vrijednost,
        izmjena: row.izmjena?.kategorija ?? '', razlog: row.izmjena?.razlog ?? '', saved: row, fromPanel: false,
      })),
    })),
  };
}

/**
 * The rows that count: a row with neither agent nor value is an empty line the person has not used, and a
 * panel's row left without a value is an agent that was not tested.
 */
function usedRows(rows: readonly RowDraft[]): RowDraft[] {
  return rows.filter((row) => (row.fromPanel ? row.vrijednost.trim() !== '' || row.izmjena !== '' : row.ab !== null || row.vrijednost.trim() !== ''));
}

/**
 * The isolate's rows once its organism's panel is known: the panel's agents in the panel's order, each with
 * what was already typed for it; then the rows the person used for agents outside the panel (the server
 * refuses those, naming the row, so nothing typed disappears unseen). No panel: the rows stay as they are.
 */
export function withPanel(isolate: IsolateDraft, panel: AntibiogramPanel | null): IsolateDraft {
  if (!panel) return { ...isolate, panel: null };
  const used = usedRows(isolate.rows);
  const inPanel = new Set(panel.antibiotici.map((agent) => agent.ab));
  const rows = panel.antibiotici.map((agent) => used.find((row) => row.ab === agent.ab)
    ?? { ...emptyRow(), ab: agent.ab, abLabel: agentLabel(agent), fromPanel: true });
  return { ...isolate, panel: panel.naziv, rows: [...rows, ...used.filter((row) => row.ab === null || !inPanel.has(row.ab))] };
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
    materijal: draft.materijal, uti: draft.uti, infekcija: draft.infekcija, rast: draft.rast, napomena: draft.napomena,
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
