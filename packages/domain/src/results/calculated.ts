import { evaluateFormula, type FormulaPatient } from '../assays/formula.ts';
import { exactNumericValue } from '../assays/result-flags.ts';
import { formatAssayValue } from '../assays/rounding.ts';

/**
 * The results of a sample's calculated tests (LDL, eGFR ...), computed from
 * the sample's own results whenever they are saved, never typed.
 *
 * A formula reads its components by assay code (`friedewald(CHOL, HDL, TG)`)
 * and gets each one's exact number as entered ("5,4" is 5.4); a component
 * without a result, or with one that is not an exact number ("<0.5",
 * "hemoliza"), leaves the calculated test without a result, and so does a
 * formula that does not apply to the patient or the values (Friedewald above
 * TG 4.5 mmol/L, eGFR of a child) or that is broken. A calculated result is
 * stored as the text the assay's decimals give ("3.42"): that is the value the
 * report shows, and the value a calculated test built on this one reads.
 */

export interface CalculatedTest {
  /** The sample's test entry. */
  id: string;
  sifra: string;
  formula: string | null;
  decimals: number;
}

/** A result of the sample by assay code, as stored (exact text or null). */
export interface ResultByCode {
  sifra: string;
  rezultat: string | null;
}

/**
 * Each calculated test's result (by test entry id): its formatted value, or
 * null when it cannot be computed. Calculated tests that read other calculated
 * tests are resolved by repeating the pass until nothing changes; they start
 * empty, so a stale stored value never feeds a formula and a circular pair
 * stays empty.
 */
export function calculatedResults(
  calculated: readonly CalculatedTest[],
  entered: readonly ResultByCode[],
  patient: FormulaPatient,
): Map<string, string | null> {
  const calculatedCodes = new Set(calculated.map((test) => test.sifra));
  const values: Record<string, number | null> = {};
  for (const result of entered) {
    if (calculatedCodes.has(result.sifra)) continue;
    values[result.sifra] = result.rezultat === null ? null : exactNumericValue(result.rezultat);
  }
  const results = new Map<string, string | null>(calculated.map((test) => [test.id, null]));
  for (let pass = 0; pass <= calculated.length; pass += 1) {
    let changed = false;
    for (const test of calculated) {
      const next = computed(test, values, patient);
      if (next === results.get(test.id)) continue;
      results.set(test.id, next);
      values[test.sifra] = next === null ? null : exactNumericValue(next);
      changed = true;
    }
    if (!changed) break;
  }
  return results;
}

function computed(test: CalculatedTest, values: Readonly<Record<string, number | null>>, patient: FormulaPatient): string | null {
  if (test.formula === null || test.formula.trim() === '') return null;
  const outcome = evaluateFormula(test.formula, values, patient);
  return outcome.ok ? formatAssayValue(outcome.value, test.decimals) : null;
}

/** `unio` of a calculated result: it was computed from its components, not entered by a person or an analyser. */
export const CALCULATED_RESULT_SOURCE = 'formula';
