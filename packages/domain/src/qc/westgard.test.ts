import { describe, expect, it } from 'vitest';
import { type ControlPoint, WESTGARD_RULES, judgeRun, violationLabel, zScore } from './westgard.ts';

/** Points of one run: z-scores by level (level 1, 2, ...). */
function run(id: string, ...zs: number[]): ControlPoint[] {
  return zs.map((z, index) => ({ run: id, level: index + 1, z }));
}
/** A history of single-level runs with these z-scores, oldest first. */
function series(...zs: number[]): ControlPoint[] {
  return zs.map((z, index) => ({ run: `h${index}`, level: 1, z }));
}
const ALL = WESTGARD_RULES;
const rulesOf = (history: ControlPoint[], current: ControlPoint[], rules = ALL) => judgeRun(history, current, rules).violations.map((v) => v.rule);

describe('zScore', () => {
  it('is (value − mean) / SD', () => {
    expect(zScore(110, 100, 5)).toBe(2);
    expect(zScore(85, 100, 5)).toBe(-3);
  });
  it('lands decimal values on the boundary they are meant to (4.4 against 4.2 ± 0.1 is exactly 2 SD)', () => {
    expect((4.4 - 4.2) / 0.1).not.toBe(2);
    expect(zScore(4.4, 4.2, 0.1)).toBe(2);
    expect(zScore(4.5, 4.2, 0.1)).toBe(3);
  });
  it('refuses an SD that is not above zero', () => {
    expect(() => zScore(1, 1, 0)).toThrow(RangeError);
    expect(() => zScore(1, 1, -1)).toThrow(RangeError);
  });
});

describe('1-2s (warning)', () => {
  it('is not violated exactly at 2 SD, and is just beyond it, on either side', () => {
    expect(judgeRun([], run('r', 2), ALL)).toEqual({ status: 'prihvacen', violations: [] });
    expect(judgeRun([], run('r', -2), ALL).status).toBe('prihvacen');
    expect(judgeRun([], run('r', 2.01), ALL)).toEqual({ status: 'upozorenje', violations: [{ rule: '1-2s', levels: [1] }] });
    expect(judgeRun([], run('r', -2.01), ALL).status).toBe('upozorenje');
  });
  it('only warns: the run stays usable', () => {
    expect(judgeRun(series(0, 0.5), run('r', 2.5), ALL).status).toBe('upozorenje');
  });
});

describe('1-3s', () => {
  it('is not violated exactly at 3 SD, and rejects just beyond it', () => {
    expect(rulesOf([], run('r', 3))).toEqual(['1-2s']);
    expect(rulesOf([], run('r', -3))).toEqual(['1-2s']);
    expect(rulesOf([], run('r', 3.01))).toEqual(['1-3s', '1-2s']);
    expect(judgeRun([], run('r', -3.01), ALL).status).toBe('odbijen');
  });
});

describe('2-2s', () => {
  it('within a run: two levels beyond the same 2 SD limit', () => {
    expect(judgeRun([], run('r', 2.1, 2.2), ALL)).toEqual({
      status: 'odbijen', violations: [{ rule: '1-2s', levels: [1, 2] }, { rule: '2-2s', levels: [1, 2] }],
    });
    expect(rulesOf([], run('r', -2.1, -2.5))).toContain('2-2s');
  });
  it('within a run: not when one level is exactly at 2 SD', () => {
    expect(rulesOf([], run('r', 2.1, 2))).toEqual(['1-2s']);
  });
  it('across runs: the same level beyond the same limit in its previous result', () => {
    expect(rulesOf(series(2.1), run('r', 2.3))).toEqual(['1-2s', '2-2s']);
    expect(rulesOf(series(-2.5), run('r', -2.01))).toEqual(['1-2s', '2-2s']);
  });
  it('across runs: not when the previous result is exactly at 2 SD, or beyond the other limit', () => {
    expect(rulesOf(series(2), run('r', 2.3))).toEqual(['1-2s']);
    expect(rulesOf(series(-2.1), run('r', 2.3))).toEqual(['1-2s']);
  });
  it('across runs: only the previous result of the same level counts', () => {
    const history: ControlPoint[] = [{ run: 'a', level: 2, z: 2.5 }, { run: 'a', level: 1, z: 0 }];
    expect(rulesOf(history, [{ run: 'r', level: 2, z: 2.1 }])).toContain('2-2s');
    expect(rulesOf(history, [{ run: 'r', level: 1, z: 2.1 }])).toEqual(['1-2s']);
  });
  it('is not applied when the assay does not use it', () => {
    expect(judgeRun(series(2.1), run('r', 2.3), ['1-3s', 'R-4s'])).toEqual({ status: 'prihvacen', violations: [] });
  });
});

describe('R-4s', () => {
  it('within a run: one level beyond +2 SD and another beyond −2 SD', () => {
    expect(rulesOf([], run('r', 2.1, -2.1))).toEqual(['1-2s', 'R-4s']);
  });
  it('not when one of them is exactly at its 2 SD limit (a range of 4.1 SD alone is not enough)', () => {
    expect(rulesOf([], run('r', 2.1, -2))).toEqual(['1-2s']);
    expect(rulesOf([], run('r', 2, -2))).toEqual([]);
  });
  it('not across runs', () => {
    expect(rulesOf(series(2.5), run('r', -2.5))).toEqual(['1-2s']);
  });
});

describe('4-1s', () => {
  it('four results of a level beyond the same 1 SD limit', () => {
    expect(rulesOf(series(1.1, 1.5, 1.2), run('r', 1.01))).toEqual(['4-1s']);
    expect(rulesOf(series(-1.1, -1.5, -1.2), run('r', -1.01))).toEqual(['4-1s']);
  });
  it('not when one of the four is exactly at 1 SD, or on the other side', () => {
    expect(rulesOf(series(1.1, 1, 1.2), run('r', 1.3))).toEqual([]);
    expect(rulesOf(series(1.1, 1.5, 1.2), run('r', 1))).toEqual([]);
    expect(rulesOf(series(1.1, -1.5, 1.2), run('r', 1.3))).toEqual([]);
  });
  it('not with three results only', () => {
    expect(rulesOf(series(1.5, 1.5), run('r', 1.5))).toEqual([]);
  });
  it('across levels: two levels in two runs in a row', () => {
    const history = run('a', 1.2, 1.4);
    expect(rulesOf(history, run('r', 1.1, 1.3))).toEqual(['4-1s']);
  });
  it('counts only when the newest run takes part', () => {
    expect(rulesOf(series(1.1, 1.5, 1.2, 1.3), run('r', 0))).toEqual([]);
  });
});

describe('10x', () => {
  it('ten results of a level on the same side of the mean', () => {
    expect(rulesOf(series(0.1, 0.5, 0.2, 0.9, 0.3, 0.4, 0.6, 0.2, 0.1), run('r', 0.05))).toEqual(['10x']);
    expect(rulesOf(series(-0.1, -0.5, -0.2, -0.9, -0.3, -0.4, -0.6, -0.2, -0.1), run('r', -0.05))).toEqual(['10x']);
  });
  it('not with nine, and a result exactly at the mean breaks the sequence', () => {
    expect(rulesOf(series(0.5, 0.2, 0.9, 0.3, 0.4, 0.6, 0.2, 0.1), run('r', 0.05))).toEqual([]);
    expect(rulesOf(series(0.1, 0.5, 0.2, 0.9, 0, 0.4, 0.6, 0.2, 0.1), run('r', 0.05))).toEqual([]);
    expect(rulesOf(series(0.1, 0.5, 0.2, 0.9, 0.3, 0.4, 0.6, 0.2, 0.1), run('r', 0))).toEqual([]);
  });
  it('across levels: two levels in five runs in a row', () => {
    const history = [...run('a', 0.2, 0.3), ...run('b', 0.2, 0.3), ...run('c', 0.2, 0.3), ...run('d', 0.2, 0.3)];
    expect(rulesOf(history, run('r', 0.1, 0.1))).toEqual(['10x']);
    expect(rulesOf(history, run('r', 0.1, -0.1))).toEqual([]);
  });
});

describe('a worked example (Westgard, multirule on two levels)', () => {
  // Runs 1-4 in control; run 5 has both levels high (2-2s within the run) after a warning in run 4.
  const history = [...run('1', 0.5, -0.3), ...run('2', -0.8, 0.4), ...run('3', 1.1, 0.9), ...run('4', 2.2, 1.4)];
  it('rejects run 5 for 2-2s (within the run and across runs for level 1)', () => {
    const judgement = judgeRun(history, run('5', 2.4, 2.1), ALL);
    expect(judgement.status).toBe('odbijen');
    expect(judgement.violations).toContainEqual({ rule: '2-2s', levels: [1, 2] });
    expect(violationLabel(judgement.violations)).toBe('2-2s, 4-1s, 1-2s');
  });
  it('accepts run 5 within 2 SD', () => {
    expect(judgeRun(history, run('5', 0.2, -0.4), ALL)).toEqual({ status: 'prihvacen', violations: [] });
  });
  it('an empty run is accepted', () => {
    expect(judgeRun(history, [], ALL)).toEqual({ status: 'prihvacen', violations: [] });
  });
});
