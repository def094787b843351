/**
 * Antimicrobial susceptibility test (AST) values as a person types them: a MIC in mg/L or an
 * inhibition zone diameter in mm.
 *
 * MICs are read on the doubling-dilution scale (…, 0.125, 0.25, 0.5, 1, 2, …): a value must be one of
 * its steps, because a value between two steps is not something a dilution series or a gradient strip
 * reading gives (EUCAST: a strip reading between steps is rounded up to the next step before it is
 * interpreted, which the person does). Steps are compared by their power of two, never as floats, so
 * 0.03 and 0.032 (or 0.06 and 0.064, as WHONET writes them) are the same step.
 *
 * A MIC may be censored, as instruments report off-scale readings: "≤0.25" / "<=0.25" (at most),
 * "<0.25" (below: at most the step under), ">32" (above: at least the step over), "≥32" / ">=32".
 * Decimal commas are read as points.
 */

export const AST_METHODS = ['MIC', 'DISK'] as const;
export type AstMethod = (typeof AST_METHODS)[number];

/** The lowest and highest MIC the dilution scale covers here (mg/L). */
const MIC_LOWEST_STEP = -10; // 2^-10 ≈ 0.001 mg/L
const MIC_HIGHEST_STEP = 10; // 1024 mg/L
/** How far (in log2) a typed MIC may sit from its step: 0.03 vs 0.03125 and 0.12 vs 0.125 are the printed steps. */
const STEP_TOLERANCE = 0.1;
/** Zone diameters in whole millimetres: the disk itself is 6 mm, no plate is wider than this. */
const ZONE_MAX_MM = 100;

/** A MIC as a dilution step (log2 of mg/L) with the side it is censored on. */
export interface MicReading {
  method: 'MIC';
  /** The step the value names: round(log2(mg/L)). */
  step: number;
  /** 'eq': exactly this step; 'le': this step or lower; 'ge': this step or higher. */
  bound: 'eq' | 'le' | 'ge';
}

export interface ZoneReading {
  method: 'DISK';
  /** Millimetres. */
  mm: number;
}

export type AstReading = MicReading | ZoneReading;

/** Why a typed value was refused: a message-catalogue code. */
export type AstValueProblem = 'micro.micNotStep' | 'micro.zoneInvalid';

const NUMBER = /^\d+(?:[.,]\d+)?$/;

/** The dilution step of a positive number (log2), or null when it lies between steps. */
export function dilutionStep(mgPerL: number): number | null {
  if (!(mgPerL > 0) || !Number.isFinite(mgPerL)) return null;
  const exact = Math.log2(mgPerL);
  const step = Math.round(exact);
  return Math.abs(exact - step) <= STEP_TOLERANCE ? step : null;
}

/** The printed value of a dilution step: 0.125, 0.25, 0.5, 1, 2 …; below 0.125 the laboratory's 0.06, 0.03, 0.016 … */
export function stepText(step: number): string {
  if (step >= -3) return String(2 ** step);
  const printed: Record<number, string> = { [-4]: '0.06', [-5]: '0.03', [-6]: '0.016', [-7]: '0.008', [-8]: '0.004', [-9]: '0.002', [-10]: '0.001' };
  return printed[step] ?? String(2 ** step);
}

/** Reads a typed MIC or zone; a problem code when it is neither a number nor (for a MIC) a dilution step. */
export function readAstValue(method: AstMethod, text: string): AstReading | AstValueProblem {
  const typed = text.trim().replace(/\s+/g, '');
  if (method === 'DISK') {
    if (!/^\d{1,3}$/.test(typed)) return 'micro.zoneInvalid';
    const mm = Number(typed);
    return mm <= ZONE_MAX_MM ? { method: 'DISK', mm } : 'micro.zoneInvalid';
  }
  const match = /^(<=|≤|<|>=|≥|>)?(.*)$/.exec(typed)!;
  const [, prefix = '', rest = ''] = match;
  if (!NUMBER.test(rest)) return 'micro.micNotStep';
  const step = dilutionStep(Number(rest.replace(',', '.')));
  if (step === null || step < MIC_LOWEST_STEP || step > MIC_HIGHEST_STEP) return 'micro.micNotStep';
  // "<x" is at most the step under x; ">x" at least the step over it.
  const reading: MicReading = prefix === '<' ? { method: 'MIC', step: step - 1, bound: 'le' }
    : prefix === '>' ? { method: 'MIC', step: step + 1, bound: 'ge' }
      : prefix === '<=' || prefix === '≤' ? { method: 'MIC', step, bound: 'le' }
        : prefix === '>=' || prefix === '≥' ? { method: 'MIC', step, bound: 'ge' }
          : { method: 'MIC', step, bound: 'eq' };
  return reading;
}
