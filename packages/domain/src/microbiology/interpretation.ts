import { type AstMethod, type AstReading, type MicReading, dilutionStep } from './ast-value.ts';

/**
 * Interpretation of an antimicrobial susceptibility test against clinical breakpoints, by EUCAST's
 * conventions:
 *
 * - MIC (mg/L): S when MIC ≤ the S breakpoint, R when MIC > the R breakpoint, otherwise I
 *   ("susceptible, increased exposure"). Compared by doubling-dilution step.
 * - Zone diameter (mm): S when zone ≥ the S breakpoint, R when zone < the R breakpoint, otherwise I.
 * - When the S and R breakpoints are equal there is no I.
 * - EUCAST's off-scale S breakpoints ("(0.001)" mg/L, "(50)" mm, stored as 0.0001 and 50) mark agents
 *   with no S category: the wild type reads I, as the comparison above gives by itself.
 * - An organism with expected (intrinsic) resistance to the agent is R whatever the value, with that
 *   reason: EUCAST Expected Resistant Phenotypes.
 * - No breakpoint for the organism, agent and method gives no category ("no breakpoint"), never a guess.
 */

export const SIR_CATEGORIES = ['S', 'I', 'R'] as const;
export type SirCategory = (typeof SIR_CATEGORIES)[number];

/** One clinical breakpoint row (a guideline's table): for an organism or organism group, agent and method. */
export interface Breakpoint {
  guideline: string;
  method: AstMethod;
  /** The clinical condition the row is limited to ('Meningitis', 'Oral', 'Screen' …); '' = general. */
  site: string;
  /** The organism or organism-group code the row is written for. */
  mo: string;
  /** How specific `mo` is: 1 subspecies, 2 species, 2.5 species group, 3 genus, 5 order, 6 anaerobes of a Gram stain, 7 PK/PD. */
  rankIndex: number;
  ab: string;
  breakpointS: number;
  breakpointR: number;
  /** The row applies only to urinary tract infections. */
  uti: boolean;
  /** A disk row's disk content ('10 mcg', '1.25/23.75 mcg'); null for MIC rows and tables without it. */
  diskDose?: string | null;
}

/** Where an organism sits in the taxonomy: what decides which group rows apply to it. */
export interface OrganismTaxonomy {
  mo: string;
  rank: string;
  genus: string;
  species: string;
  family: string;
  order: string;
  gramStain: string;
  oxygenTolerance: string;
  /** The species groups and complexes it belongs to (e.g. B_STRPT_ABCG). */
  groups: readonly string[];
}

/** The codes of breakpoint rows that are not about an organism group but about anaerobes of a Gram stain, and PK/PD. */
const ANAEROBES_GRAM_NEGATIVE = 'B_ANAER-NEG';
const ANAEROBES_GRAM_POSITIVE = 'B_ANAER-POS';
export const PK_PD_CODE = 'UNKNOWN';
const SCREEN_SITE = 'Screen';

function isAnaerobe(organism: OrganismTaxonomy): boolean {
  return /^(likely )?anaerobe/.test(organism.oxygenTolerance);
}

/**
 * Whether a breakpoint row written for `rowOrganism` applies to `organism`: the same code; a genus,
 * family or order row to every organism of that taxon; a species row to its subspecies; a species-group
 * row to the group's members; the anaerobe rows to anaerobes of that Gram stain. PK/PD rows are never
 * matched here (see selectBreakpoint).
 */
export function breakpointOrganismApplies(rowOrganism: OrganismTaxonomy, organism: OrganismTaxonomy): boolean {
  if (rowOrganism.mo === organism.mo) return true;
  if (rowOrganism.mo === ANAEROBES_GRAM_NEGATIVE) return isAnaerobe(organism) && organism.gramStain === 'Gram-negative';
  if (rowOrganism.mo === ANAEROBES_GRAM_POSITIVE) return isAnaerobe(organism) && organism.gramStain === 'Gram-positive';
  if (organism.groups.includes(rowOrganism.mo)) return true;
  switch (rowOrganism.rank) {
    case 'genus': return rowOrganism.genus !== '' && organism.genus === rowOrganism.genus;
    case 'family': return rowOrganism.family !== '' && organism.family === rowOrganism.family;
    case 'order': return rowOrganism.order !== '' && organism.order === rowOrganism.order;
    case 'species': return organism.rank === 'subspecies' && organism.genus === rowOrganism.genus && organism.species === rowOrganism.species;
    default: return false;
  }
}

/**
 * The order sites are preferred in when several rows remain for one organism, agent and method: the
 * general row, then the rows for the common case (not meningitis, not endocarditis, parenteral), then
 * the urinary rows; any other site after these in table order. The chosen row's site is kept with the
 * interpretation, so the report says which one was used.
 */
const SITE_PREFERENCE = [
  '', 'Non-meningitis', 'Non-meningitis, Non-endocarditis', 'Non-endocarditis', 'Non-pneumonia', 'Intravenous',
  'Uncomplicated urinary tract infection', 'Oral, Uncomplicated urinary tract infection', 'Oral, Infections originating from the urinary tract',
  'Oral, Other indications', 'Oral',
];

function sitePreference(site: string): number {
  const index = SITE_PREFERENCE.indexOf(site);
  return index === -1 ? SITE_PREFERENCE.length : index;
}

/**
 * The site of infection a culture can name (beside UTI, its own flag), each matched to the breakpoint table's
 * site column: '' general; 'meningitis' the Meningitis rows; 'endocarditis' the Endocarditis rows;
 * 'pneumonia' the Pneumonia rows; 'oral' the rows for oral treatment.
 */
export const INFECTION_SITES = ['', 'meningitis', 'endocarditis', 'pneumonia', 'oral'] as const;
export type InfectionSite = (typeof INFECTION_SITES)[number];

/** The rows written for the site, and the rows written for its opposite (never used for it). */
const SITE_ROWS: Record<Exclude<InfectionSite, ''>, { matches: RegExp; excludes: RegExp }> = {
  meningitis: { matches: /(^|, )Meningitis/, excludes: /Non-meningitis/ },
  endocarditis: { matches: /(^|, )Endocarditis/, excludes: /Non-endocarditis/ },
  pneumonia: { matches: /(^|, )Pneumonia/, excludes: /Non-pneumonia/ },
  oral: { matches: /^Oral/, excludes: /^Intravenous/ },
};

export interface BreakpointContext {
  /** The isolate is from a urinary tract infection: its urinary rows are preferred where they exist. */
  uti: boolean;
  /**
   * The site of infection: its rows come first among rows of the same organism rank, and the rows written
   * for the opposite ('Non-meningitis' for meningitis, 'Intravenous' for oral) are not used; an agent with
   * nothing else then has no breakpoint for it.
   */
  site?: InfectionSite;
}

/**
 * The breakpoint row that interprets `organism` with agent `ab` and `method`, from the rows of that agent
 * and method (`rows`, in table order) and the taxonomy of each row's organism (`taxonomyOf`).
 *
 * - Rows of organisms that do not apply (breakpointOrganismApplies) and PK/PD rows are set aside: PK/PD
 *   breakpoints are not used to interpret an organism EUCAST has not given a breakpoint for.
 * - Screening rows interpret only a screening agent: used when the agent has nothing but screening rows.
 * - A UTI isolate uses the agent's urinary rows when it has any, else the others; any other isolate only
 *   rows that are not urinary (an agent with only urinary rows, such as nitrofurantoin, has no breakpoint).
 * - A named site of infection sets aside the rows written for its opposite (BreakpointContext.site).
 * - Of the rest, the most specific organism (lowest rank index) wins, then the infection site's own rows,
 *   then SITE_PREFERENCE, then table order.
 */
export function selectBreakpoint(
  organism: OrganismTaxonomy, rows: readonly Breakpoint[], taxonomyOf: (mo: string) => OrganismTaxonomy | undefined,
  context: BreakpointContext,
): Breakpoint | null {
  const applicable = rows.filter((row) => {
    if (row.mo === PK_PD_CODE) return false;
    const rowOrganism = taxonomyOf(row.mo);
    return rowOrganism !== undefined && breakpointOrganismApplies(rowOrganism, organism);
  });
  const clinical = applicable.filter((row) => row.site !== SCREEN_SITE);
  const pool = clinical.length > 0 ? clinical : applicable;
  const urinary = pool.filter((row) => row.uti);
  const siteRows = context.site ? SITE_ROWS[context.site] : null;
  const candidates = (context.uti && urinary.length > 0 ? urinary : pool.filter((row) => !row.uti))
    .filter((row) => !siteRows || !siteRows.excludes.test(row.site));
  // The infection site's own rows before any other site of the same organism rank.
  const preference = (row: Breakpoint) => (siteRows?.matches.test(row.site) ? -1 : sitePreference(row.site));
  let best: Breakpoint | null = null;
  for (const row of candidates) {
    if (best === null || row.rankIndex < best.rankIndex
      || (row.rankIndex === best.rankIndex && preference(row) < preference(best))) best = row;
  }
  return best;
}

/** S, I or R of a MIC against a row; null when a censored value could be either side ("≤4" against S ≤ 1). */
export function interpretMic(reading: MicReading, breakpoint: Pick<Breakpoint, 'breakpointS' | 'breakpointR'>): SirCategory | null {
  const s = breakpointStep(breakpoint.breakpointS);
  const r = breakpointStep(breakpoint.breakpointR);
  const lowest = reading.bound === 'ge' ? reading.step : Number.NEGATIVE_INFINITY;
  const highest = reading.bound === 'le' ? reading.step : Number.POSITIVE_INFINITY;
  const exact = reading.bound === 'eq' ? reading.step : null;
  const categoryOf = (step: number): SirCategory => (step <= s ? 'S' : step > r ? 'R' : 'I');
  if (exact !== null) return categoryOf(exact);
  // A censored value: a category only when every step it stands for has the same one.
  if (highest !== Number.POSITIVE_INFINITY) return highest <= s ? 'S' : null;
  return lowest > r ? 'R' : null;
}

/** S, I or R of a zone diameter against a row. */
export function interpretZone(mm: number, breakpoint: Pick<Breakpoint, 'breakpointS' | 'breakpointR'>): SirCategory {
  if (mm >= breakpoint.breakpointS) return 'S';
  if (mm < breakpoint.breakpointR) return 'R';
  return 'I';
}

/** A breakpoint's dilution step; EUCAST's off-scale 0.0001 sits below every step a MIC can have. */
function breakpointStep(mgPerL: number): number {
  return dilutionStep(mgPerL) ?? Math.floor(Math.log2(mgPerL));
}

/** Which EUCAST expert rule (expert-rules.ts) made a row R: stored as the row's basis, so the screen and the report say why. */
export const EXPERT_RULE_BASES = ['expertRule', 'expertRuleAmpicillinEnterococcus', 'expertRuleVanA'] as const;
export type ExpertRuleBasis = (typeof EXPERT_RULE_BASES)[number];

/** Why an interpretation is what it is. */
export type InterpretationBasis = 'breakpoint' | 'intrinsic' | ExpertRuleBasis | 'noBreakpoint' | 'undetermined';

export interface Interpretation {
  category: SirCategory | null;
  basis: InterpretationBasis;
  /** The row that gave the category (also kept for an intrinsic R when the agent has one), else null. */
  breakpoint: Breakpoint | null;
}

/**
 * The category of one test: intrinsic resistance first (R, whatever the value), else the value against
 * the selected breakpoint row; no row is 'noBreakpoint', a censored value that spans categories 'undetermined'.
 */
export function interpretReading(reading: AstReading, breakpoint: Breakpoint | null, intrinsicResistant: boolean): Interpretation {
  if (intrinsicResistant) return { category: 'R', basis: 'intrinsic', breakpoint };
  if (!breakpoint) return { category: null, basis: 'noBreakpoint', breakpoint: null };
  const category = reading.method === 'MIC' ? interpretMic(reading, breakpoint) : interpretZone(reading.mm, breakpoint);
  return category === null ? { category: null, basis: 'undetermined', breakpoint } : { category, basis: 'breakpoint', breakpoint };
}
