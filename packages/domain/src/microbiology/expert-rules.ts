import type { Interpretation, OrganismTaxonomy } from './interpretation.ts';

/**
 * EUCAST expert rules the reference data can apply (EUCAST Expert Rules v3.2, staphylococci): a
 * staphylococcus resistant to the cefoxitin screen carries an altered penicillin-binding protein
 * (methicillin resistance, mecA/mecC), and is reported resistant to every beta-lactam agent whatever
 * its own test shows, except ceftaroline and ceftobiprole, which have breakpoints of their own for it.
 *
 * Beta-lactams are recognised by the agents' drug group in the imported antimicrobial table (penicillins,
 * cephalosporins, carbapenems, monobactams). The rule reads the isolate's interpreted rows and names the
 * rows it sets to R; a row already R stays as it is.
 */

const CEFOXITIN = 'FOX';
/** Anti-MRSA cephalosporins: interpreted by their own breakpoints. */
const KEEP_OWN_BREAKPOINTS = new Set(['CPT', 'BPR']);
const BETA_LACTAM_GROUP = /^(Beta-lactams|Cephalosporins|Carbapenems|Monobactams)/;

export interface ExpertRuleRow {
  ab: string;
  /** The agent's drug group (antimicrobials table), e.g. 'Beta-lactams/penicillins'. */
  group: string;
  interpretation: Interpretation;
}

/** The agents the rules set to R for this isolate (empty when no rule applies). */
export function expertRuleResistance(organism: Pick<OrganismTaxonomy, 'genus'>, rows: readonly ExpertRuleRow[]): Set<string> {
  const resistant = new Set<string>();
  if (organism.genus !== 'Staphylococcus') return resistant;
  const cefoxitinResistant = rows.some((row) => row.ab === CEFOXITIN && row.interpretation.category === 'R');
  if (!cefoxitinResistant) return resistant;
  for (const row of rows) {
    if (row.ab === CEFOXITIN || KEEP_OWN_BREAKPOINTS.has(row.ab) || !BETA_LACTAM_GROUP.test(row.group)) continue;
    if (row.interpretation.category !== 'R') resistant.add(row.ab);
  }
  return resistant;
}
