/**
 * Westgard multirules over control results, as pure functions.
 *
 * A control result is judged by its z-score, (value − target mean) / target SD, of its level's target.
 * The rules (J. O. Westgard, "Basic QC Practices"):
 * - 1-2s (warning): one result beyond mean ± 2 SD.
 * - 1-3s: one result beyond mean ± 3 SD.
 * - 2-2s: two consecutive results beyond the same mean + 2 SD or the same mean − 2 SD: two levels of the
 *   same run ("within run"), or the same level in the two latest runs ("across runs").
 * - R-4s: within one run, one level beyond mean + 2 SD and another beyond mean − 2 SD.
 * - 4-1s: four consecutive results beyond the same mean + 1 SD or the same mean − 1 SD, of one level or of
 *   all levels taken in order.
 * - 10x: ten consecutive results on the same side of the mean, of one level or of all levels in order.
 *
 * "Beyond" is strict: a result exactly at 2 SD does not violate 1-2s, exactly at 3 SD not 1-3s, and a
 * result exactly at the mean breaks a 10x sequence. z-scores are rounded to 9 decimals first, so that
 * decimal values the floating point cannot hold exactly (4.4 against 4.2 ± 0.1) land on the boundary they
 * are meant to, not just past it.
 *
 * Every rejection rule is checked on every run (not only after a 1-2s warning), and a violation counts only
 * when the newest run takes part in it: an old violation has been judged with its own run.
 */

export const WESTGARD_RULES = ['1-2s', '1-3s', '2-2s', 'R-4s', '4-1s', '10x'] as const;
export type WestgardRule = (typeof WESTGARD_RULES)[number];

/** The rules a run is judged by when an assay has none chosen: the classic multirule. */
export const DEFAULT_WESTGARD_RULES: readonly WestgardRule[] = WESTGARD_RULES;

/** The most results of a level a rule looks back on (10x): the history a run needs for its judgement. */
export const LONGEST_RULE = 10;

/** 1-2s only warns; every other rule rejects the run. */
export function isRejectionRule(rule: WestgardRule): boolean {
  return rule !== '1-2s';
}

/** A control result placed on its level's target: `run` groups the levels measured together. */
export interface ControlPoint {
  run: string;
  level: number;
  z: number;
}

export interface Violation {
  rule: WestgardRule;
  /** The levels of the newest run that take part in the violation. */
  levels: number[];
}

export type RunStatus = 'prihvacen' | 'upozorenje' | 'odbijen';

export interface RunJudgement {
  status: RunStatus;
  violations: Violation[];
}

const Z_DECIMALS = 1e9;

/** (value − mean) / sd, rounded to 9 decimals (see above). A target's SD is always above zero. */
export function zScore(value: number, mean: number, sd: number): number {
  if (!(sd > 0)) throw new RangeError('SD must be above zero');
  return Math.round(((value - mean) / sd) * Z_DECIMALS) / Z_DECIMALS;
}

/** The side of the mean a z-score is beyond `limit` on: +1 above, −1 below, 0 within. */
function sideBeyond(z: number, limit: number): -1 | 0 | 1 {
  if (z > limit) return 1;
  if (z < -limit) return -1;
  return 0;
}

/** Whether the last `count` points all lie beyond `limit` on one side. */
function runOfSameSide(points: readonly ControlPoint[], count: number, limit: number): boolean {
  if (points.length < count) return false;
  const last = points.slice(-count);
  const side = sideBeyond(last[0]!.z, limit);
  return side !== 0 && last.every((point) => sideBeyond(point.z, limit) === side);
}

/**
 * Judges the newest run: `history` is every earlier, counted result of the lot in order (oldest first,
 * levels of a run in level order), `current` the newest run's results. Only the `rules` given apply.
 */
export function judgeRun(history: readonly ControlPoint[], current: readonly ControlPoint[], rules: readonly WestgardRule[]): RunJudgement {
  if (current.length === 0) return { status: 'prihvacen', violations: [] };
  const inForce = new Set(rules);
  const violations: Violation[] = [];
  const add = (rule: WestgardRule, levels: number[]) => {
    if (inForce.has(rule) && levels.length > 0) violations.push({ rule, levels: [...new Set(levels)].sort((a, b) => a - b) });
  };

  add('1-3s', current.filter((point) => sideBeyond(point.z, 3) !== 0).map((point) => point.level));
  add('1-2s', current.filter((point) => sideBeyond(point.z, 2) !== 0).map((point) => point.level));

  // 2-2s within the run: two levels beyond 2 SD on the same side.
  const twoSd22: number[] = [];
  for (const side of [1, -1] as const) {
    const beyond = current.filter((point) => sideBeyond(point.z, 2) === side);
    if (beyond.length >= 2) twoSd22.push(...beyond.map((point) => point.level));
  }
  // 2-2s across runs: a level beyond 2 SD now and in its previous result, on the same side.
  for (const point of current) {
    const previous = history.filter((earlier) => earlier.level === point.level).at(-1);
    if (previous && runOfSameSide([previous, point], 2, 2)) twoSd22.push(point.level);
  }
  add('2-2s', twoSd22);

  const above = current.filter((point) => sideBeyond(point.z, 2) === 1);
  const below = current.filter((point) => sideBeyond(point.z, 2) === -1);
  if (above.length > 0 && below.length > 0) add('R-4s', [...above, ...below].map((point) => point.level));

  add('4-1s', sequenceViolations(history, current, 4, 1));
  add('10x', sequenceViolations(history, current, 10, 0));

  const status: RunStatus = violations.some((violation) => isRejectionRule(violation.rule)) ? 'odbijen'
    : violations.length > 0 ? 'upozorenje' : 'prihvacen';
  return { status, violations };
}

/**
 * The levels of the newest run that end a sequence of `count` results beyond `limit` SD on one side: of
 * their own level, or of all levels in order (the sequence ending at that level's result of the newest run).
 */
function sequenceViolations(history: readonly ControlPoint[], current: readonly ControlPoint[], count: number, limit: number): number[] {
  const all = [...history, ...current];
  const levels: number[] = [];
  for (const point of current) {
    const ownLevel = all.filter((earlier) => earlier.level === point.level);
    const upToPoint = all.slice(0, all.indexOf(point) + 1);
    if (runOfSameSide(ownLevel, count, limit) || runOfSameSide(upToPoint, count, limit)) levels.push(point.level);
  }
  return levels;
}

/** The rules a run violated as one label ("2-2s, 1-2s"): rejection rules first. */
export function violationLabel(violations: readonly Violation[]): string {
  return [...violations].sort((a, b) => Number(isRejectionRule(b.rule)) - Number(isRejectionRule(a.rule)))
    .map((violation) => violation.rule).join(', ');
}
