import type { AstMethod } from './ast-value.ts';
import type { Breakpoint, OrganismTaxonomy } from './interpretation.ts';

/**
 * The microbiology reference tables as published with the AMR package for R (EUCAST clinical
 * breakpoints, EUCAST expected resistant phenotypes, antimicrobials, organisms): tab-separated UTF-8
 * with a header row, no quoting, an empty field for a missing value, multi-valued fields joined with
 * '|'. These readers turn a file's text into rows; the server's import stores them, the tests read
 * the shared copy through the same code.
 *
 * Only what interpretation and reporting need is read. Left out on purpose: ATC codes and defined
 * daily doses (WHO Collaborating Centre copyright: no commercial use), LOINC codes (LOINC licence),
 * synonyms and external taxonomy ids.
 */

/** The files of a reference set, by the names they are published under. */
export const REFERENCE_FILES = {
  breakpoints: 'eucast_2025_clinical_breakpoints_human.tsv',
  intrinsic: 'intrinsic_resistant.tsv',
  antimicrobials: 'antimicrobials.tsv',
  organisms: 'microorganisms_reduced.tsv',
} as const;

/** The rules the intrinsic-resistance table follows (stored with every intrinsic R). */
export const INTRINSIC_RESISTANCE_SOURCE = 'EUCAST Expected Resistant Phenotypes v1.2';

/** Where the data comes from, stored with the imported set and printed where it is used. */
export const REFERENCE_ATTRIBUTION = 'EUCAST clinical breakpoints (www.eucast.org) and EUCAST Expected Resistant Phenotypes v1.2, '
  + 'as published in the AMR package for R 3.0.0 (M.S. Berends et al., https://amr-for-r.org, GPL-2); '
  + 'taxonomy from LPSN, MycoBank and GBIF.';

export interface OrganismRecord extends OrganismTaxonomy {
  fullname: string;
  /** accepted, synonym, not validly published, unknown (groups and manual additions). */
  status: string;
  /** A synonym's current code, else ''. */
  currentMo: string;
  kingdom: string;
  /** Clinical relevance: 1 most common in human clinical microbiology, then 1.15, 1.25, 1.5, 2. */
  prevalence: number;
}

export interface AntimicrobialRecord {
  ab: string;
  name: string;
  /** Drug group, e.g. Carbapenems. */
  group: string;
  /** Lower-case abbreviations labs and instruments use (amk, mero …). */
  abbreviations: string[];
}

export interface IntrinsicResistanceRecord {
  mo: string;
  ab: string;
}

/** The rows of a TSV text as records keyed by the header, checking the columns a reader needs are there. */
export function tsvRecords(text: string, required: readonly string[]): Record<string, string>[] {
  const lines = text.split('\n').filter((line) => line.length > 0);
  const header = (lines.shift() ?? '').replace(/\r$/, '').split('\t');
  const missing = required.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new Error(`reference file lacks the column(s) ${missing.join(', ')}`);
  return lines.map((line) => {
    const fields = line.replace(/\r$/, '').split('\t');
    return Object.fromEntries(header.map((column, index) => [column, fields[index] ?? '']));
  });
}

function finiteNumber(text: string, what: string): number {
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) throw new Error(`reference file: ${what} is not a number: "${text}"`);
  return value;
}

const list = (text: string): string[] => (text === '' ? [] : text.split('|'));

/** Clinical breakpoint rows, human, in table order (MIC and DISK; ECOFF and animal rows are skipped). */
export function readBreakpoints(text: string): Breakpoint[] {
  return tsvRecords(text, ['guideline', 'type', 'method', 'site', 'mo', 'rank_index', 'ab', 'breakpoint_S', 'breakpoint_R', 'uti'])
    .filter((row) => row.type === 'human' && (row.method === 'MIC' || row.method === 'DISK'))
    .map((row) => ({
      guideline: row.guideline!,
      method: row.method as AstMethod,
      site: row.site!,
      mo: row.mo!,
      rankIndex: finiteNumber(row.rank_index!, 'rank_index'),
      ab: row.ab!,
      breakpointS: finiteNumber(row.breakpoint_S!, `breakpoint_S of ${row.mo}/${row.ab}`),
      breakpointR: finiteNumber(row.breakpoint_R!, `breakpoint_R of ${row.mo}/${row.ab}`),
      uti: row.uti === 'TRUE',
      // An optional column: tables without it (older extracts) import as before.
      diskDose: row.method === 'DISK' && row.disk_dose ? row.disk_dose : null,
    }));
}

export function readOrganisms(text: string): OrganismRecord[] {
  return tsvRecords(text, ['mo', 'fullname', 'status', 'rank', 'genus', 'species', 'family', 'order', 'gram_stain', 'member_of_groups'])
    .map((row) => ({
      mo: row.mo!, fullname: row.fullname!, status: row.status!, currentMo: row.current_mo ?? '', kingdom: row.kingdom ?? '',
      rank: row.rank!, genus: row.genus!, species: row.species!, family: row.family!, order: row.order!,
      gramStain: row.gram_stain!, oxygenTolerance: row.oxygen_tolerance ?? '', groups: list(row.member_of_groups!),
      prevalence: row.prevalence ? finiteNumber(row.prevalence, `prevalence of ${row.mo}`) : 2,
    }));
}

export function readAntimicrobials(text: string): AntimicrobialRecord[] {
  return tsvRecords(text, ['ab', 'name', 'group', 'abbreviations'])
    .map((row) => ({ ab: row.ab!, name: row.name!, group: row.group!, abbreviations: list(row.abbreviations!) }));
}

export function readIntrinsicResistance(text: string): IntrinsicResistanceRecord[] {
  return tsvRecords(text, ['mo', 'ab']).map((row) => ({ mo: row.mo!, ab: row.ab! }));
}

/**
 * The organisms a laboratory picks from and reports: current names (accepted, or the package's own
 * groups and additions) of clinical relevance (prevalence up to 1.25), and every organism a breakpoint
 * row is written for (groups, genera, the order Enterobacterales). Synonyms and rare taxa stay out of the
 * picker; their intrinsic-resistance rows go with them.
 */
export function isClinicalOrganism(organism: OrganismRecord, breakpointOrganisms: ReadonlySet<string>): boolean {
  if (breakpointOrganisms.has(organism.mo)) return true;
  return (organism.status === 'accepted' || organism.status === 'unknown') && organism.prevalence <= 1.25;
}
