import type { ExpertRuleBasis, Interpretation, OrganismTaxonomy } from './interpretation.ts';

/**
 * EUCAST expert rules the reference data can apply (EUCAST Expert Rules v3.2). Each rule reads the
 * isolate's interpreted rows and names the rows it reports resistant whatever their own test shows; a row
 * already R stays as it is (its own reading is the stronger reason).
 *
 * - Staphylococci, cefoxitin screen R: an altered penicillin-binding protein (methicillin resistance,
 *   mecA/mecC) makes every beta-lactam agent R, except ceftaroline and ceftobiprole, which have breakpoints
 *   of their own for it. Beta-lactams are recognised by the agents' drug group in the imported
 *   antimicrobial table (penicillins, cephalosporins, carbapenems, monobactams).
 * - Enterococci, ampicillin R: the altered penicillin-binding protein (PBP5) of ampicillin-resistant
 *   enterococci also defeats amoxicillin (with or without an inhibitor), ampicillin-sulbactam, piperacillin
 *   (with or without tazobactam) and imipenem: those are reported R.
 * - Enterococci, teicoplanin R (the VanA phenotype: VanB leaves teicoplanin active): vancomycin is
 *   reported R.
 */

const CEFOXITIN = 'FOX';
/** Anti-MRSA cephalosporins: interpreted by their own breakpoints. */
const KEEP_OWN_BREAKPOINTS = new Set(['CPT', 'BPR']);
const BETA_LACTAM_GROUP = /^(Beta-lactams|Cephalosporins|Carbapenems|Monobactams)/;

const AMPICILLIN = 'AMP';
/** Amoxicillin, amoxicillin/clavulanic acid, ampicillin/sulbactam, piperacillin, piperacillin/tazobactam, imipenem. */
const AMPICILLIN_RESISTANT_ENTEROCOCCUS_AGENTS = new Set(['AMX', 'AMC', 'SAM', 'PIP', 'TZP', 'IPM']);
const TEICOPLANIN = 'TEC';
const VANCOMYCIN = 'VAN';

export interface ExpertRuleRow {
  ab: string;
  /** The agent's drug group (antimicrobials table), e.g. 'Beta-lactams/penicillins'. */
  group: string;
  interpretation: Interpretation;
}

function resistantTo(rows: readonly ExpertRuleRow[], ab: string): boolean {
  return rows.some((row) => row.ab === ab && row.interpretation.category === 'R');
}

/** The agents the rules report R for this isolate, each with the rule's basis (empty when no rule applies). */
export function expertRules(organism: Pick<OrganismTaxonomy, 'genus'>, rows: readonly ExpertRuleRow[]): Map<string, ExpertRuleBasis> {
  const resistant = new Map<string, ExpertRuleBasis>();
  const report = (row: ExpertRuleRow, basis: ExpertRuleBasis) => {
    if (row.interpretation.category !== 'R' && !resistant.has(row.ab)) resistant.set(row.ab, basis);
  };
  if (organism.genus === 'Staphylococcus' && resistantTo(rows, CEFOXITIN)) {
    for (const row of rows) {
      if (row.ab !== CEFOXITIN && !KEEP_OWN_BREAKPOINTS.has(row.ab) && BETA_LACTAM_GROUP.test(row.group)) report(row, 'expertRule');
    }
  }
  if (organism.genus === 'Enterococcus') {
    if (resistantTo(rows, AMPICILLIN)) {
      for (const row of rows) if (AMPICILLIN_RESISTANT_ENTEROCOCCUS_AGENTS.has(row.ab)) report(row, 'expertRuleAmpicillinEnterococcus');
    }
    if (resistantTo(rows, TEICOPLANIN)) {
      for (const row of rows) if (row.ab === VANCOMYCIN) report(row, 'expertRuleVanA');
    }
  }
  return resistant;
}

/** The agents the rules set to R for this isolate (empty when no rule applies). */
export function expertRuleResistance(organism: Pick<OrganismTaxonomy, 'genus'>, rows: readonly ExpertRuleRow[]): Set<string> {
  return new Set(expertRules(organism, rows).keys());
}
