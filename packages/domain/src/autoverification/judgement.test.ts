import { describe, expect, it } from 'vitest';
import { autoverificationRulesSchema, type AutoverificationRules } from './rules.ts';
import { judgeSample, releaseOf, type AutoverificationResultFacts, type AutoverificationSampleFacts } from './judgement.ts';

const GLU = '00000000-0000-4000-8000-000000000001';
const CHOL = '00000000-0000-4000-8000-000000000002';
const LDL = '00000000-0000-4000-8000-000000000003';
const NOW = new Date('2026-03-10T12:00:00Z');

function rules(overrides: Record<string, unknown> = {}, body: Record<string, unknown> = {}): AutoverificationRules {
  return autoverificationRulesSchema.parse({
    rules: [{ labassay: null, conditions: { limits: { limits: [{ low: 3.9, high: 6.1 }] }, qc: { hours: 24 }, ...overrides } }],
    ...body,
  });
}

function result(overrides: Partial<AutoverificationResultFacts> = {}): AutoverificationResultFacts {
  return {
    id: 't1', labassayId: GLU, sekcijaId: 'bio', sifra: 'GLU', rezultat: '5.0', flag: 'N', delta: null, qcHeld: false,
    lastPassingRunAt: new Date('2026-03-10T08:00:00Z'), instrumentFlags: null, final: true, components: null, ...overrides,
  };
}

function sample(results: AutoverificationResultFacts[], overrides: Partial<AutoverificationSampleFacts> = {}): AutoverificationSampleFacts {
  return { patient: { spol: 'ŽENSKI', ageDays: 365 * 40 }, komentar: '', now: NOW, results, ...overrides };
}

const codes = (set: AutoverificationRules, facts: AutoverificationSampleFacts) => judgeSample(set, facts).map((verdict) => verdict.failures.map((failure) => failure.code));

describe('autoverification judgement', () => {
  it('releases a normal result that meets every condition', () => {
    expect(codes(rules(), sample([result()]))).toEqual([[]]);
  });

  it('judges the limits with both ends inclusive, per sex and age like reference ranges', () => {
    expect(codes(rules(), sample([result({ rezultat: '3.9' })]))).toEqual([[]]);
    expect(codes(rules(), sample([result({ rezultat: '6.1' })]))).toEqual([[]]);
    expect(codes(rules(), sample([result({ rezultat: '3.89' })]))).toEqual([['limits']]);
    expect(codes(rules(), sample([result({ rezultat: '6.11' })]))).toEqual([['limits']]);
    const bySex = rules({ limits: { limits: [{ spol: 'MUŠKI', low: 1, high: 2 }, { spol: 'ŽENSKI', ageMinDays: 0, ageMaxDays: 6574, low: 4, high: 5 }] } });
    // A 40-year-old woman: no band covers her, so the result cannot be judged by limits.
    expect(codes(bySex, sample([result()]))).toEqual([['noLimit']]);
    expect(codes(bySex, sample([result({ rezultat: '1.5' })], { patient: { spol: 'MUŠKI', ageDays: 100 } }))).toEqual([[]]);
    expect(codes(bySex, sample([result({ rezultat: '4.5' })], { patient: { spol: 'ŽENSKI', ageDays: 6574 } }))).toEqual([[]]);
    expect(codes(bySex, sample([result({ rezultat: '4.5' })], { patient: { spol: 'ŽENSKI', ageDays: 6575 } }))).toEqual([['noLimit']]);
  });

  it('stops a critical value, a failed delta check, a QC hold and an instrument flag, each by its code', () => {
    expect(codes(rules({ limits: { on: false } }), sample([result({ rezultat: '30', flag: 'HH' })]))).toEqual([['critical']]);
    expect(codes(rules({ limits: { on: false } }), sample([result({ rezultat: '1', flag: 'LL' })]))).toEqual([['critical']]);
    expect(codes(rules(), sample([result({ delta: { previous: '9', previousAt: '2026-03-01T00:00:00Z', exceeded: true } })]))).toEqual([['delta']]);
    expect(codes(rules(), sample([result({ delta: { previous: '5.1', previousAt: '2026-03-01T00:00:00Z', exceeded: false } })]))).toEqual([[]]);
    expect(codes(rules(), sample([result({ qcHeld: true })]))).toEqual([['qcHold']]);
    expect(codes(rules(), sample([result({ instrumentFlags: 'H^HEM' })]))).toEqual([['instrumentFlag']]);
    expect(codes(rules(), sample([result({ instrumentFlags: '  ' })]))).toEqual([[]]);
    expect(codes(rules(), sample([result({ final: false })]))).toEqual([['notFinal']]);
  });

  it('wants a passing control run within the last N hours, the boundary included', () => {
    expect(codes(rules(), sample([result({ lastPassingRunAt: new Date('2026-03-09T12:00:00Z') })]))).toEqual([[]]);
    expect(codes(rules(), sample([result({ lastPassingRunAt: new Date('2026-03-09T11:59:59Z') })]))).toEqual([['qcNoRun']]);
    expect(codes(rules(), sample([result({ lastPassingRunAt: null })]))).toEqual([['qcNoRun']]);
    expect(codes(rules({ qc: { hours: 48 } }), sample([result({ lastPassingRunAt: new Date('2026-03-08T12:00:00Z') })]))).toEqual([[]]);
  });

  it('wants a number within the measuring range, censored values only when allowed', () => {
    const measuring = rules({ limits: { on: false }, numeric: { low: 0.5, high: 40 } });
    expect(codes(measuring, sample([result({ rezultat: '0.5' })]))).toEqual([[]]);
    expect(codes(measuring, sample([result({ rezultat: '40' })]))).toEqual([[]]);
    expect(codes(measuring, sample([result({ rezultat: '40.01' })]))).toEqual([['measuringRange']]);
    expect(codes(measuring, sample([result({ rezultat: '<0.5' })]))).toEqual([['censored']]);
    expect(codes(rules({ limits: { on: false }, numeric: { allowCensored: true } }), sample([result({ rezultat: '<0.5' })]))).toEqual([[]]);
    expect(codes(measuring, sample([result({ rezultat: 'hemoliza' })]))).toEqual([['notNumeric']]);
    // The limits cannot be shown to hold for a censored value either.
    expect(codes(rules({ numeric: { allowCensored: true } }), sample([result({ rezultat: '<5' })]))).toEqual([['limits']]);
  });

  it('wants the sample comment empty', () => {
    expect(codes(rules(), sample([result()], { komentar: 'lipemičan' }))).toEqual([['comment']]);
    expect(codes(rules({ comment: { on: false } }), sample([result()], { komentar: 'lipemičan' }))).toEqual([[]]);
  });

  it('judges nothing of a condition that is switched off', () => {
    const off = rules({ limits: { on: false }, critical: { on: false }, delta: { on: false }, qc: { on: false }, instrument: { on: false }, numeric: { on: false }, comment: { on: false } });
    expect(codes(off, sample([result({ rezultat: 'x', flag: 'HH', qcHeld: true, lastPassingRunAt: null, instrumentFlags: 'E', final: false, delta: { previous: '1', previousAt: '', exceeded: true } })], { komentar: 'k' }))).toEqual([[]]);
  });

  it('lists every failed condition of a result, and no rule or no result as such', () => {
    expect(codes(rules(), sample([result({ rezultat: '40', flag: 'HH', qcHeld: true })]))).toEqual([['limits', 'critical', 'qcHold']]);
    const onlyChol = autoverificationRulesSchema.parse({ rules: [{ labassay: CHOL, conditions: {} }] });
    expect(codes(onlyChol, sample([result()]))).toEqual([['noRule']]);
    expect(codes(rules(), sample([result({ rezultat: null })]))).toEqual([['noResult']]);
  });

  it('prefers an assay rule to the rule for every assay', () => {
    const set = autoverificationRulesSchema.parse({ rules: [
      { labassay: null, conditions: { limits: { limits: [{ low: 0, high: 1 }] } } },
      { labassay: GLU, conditions: { limits: { limits: [{ low: 3, high: 7 }] } } },
    ] });
    expect(codes(set, sample([result()]))).toEqual([[]]);
    expect(codes(set, sample([result({ labassayId: CHOL })]))).toEqual([['limits']]);
  });

  it('passes a calculated test only when every component passed', () => {
    const set = rules({ limits: { on: false } });
    const chol = result({ id: 't2', labassayId: CHOL, sifra: 'CHOL' });
    const ldl = result({ id: 't3', labassayId: LDL, sifra: 'LDL', components: ['GLU', 'CHOL'] });
    expect(codes(set, sample([result(), chol, ldl]))).toEqual([[], [], []]);
    expect(codes(set, sample([result({ flag: 'HH' }), chol, ldl]))).toEqual([['critical'], [], ['component']]);
    // A component the sample does not have cannot have passed.
    expect(codes(set, sample([chol, ldl]))).toEqual([[], ['component']]);
    expect(codes(rules({ limits: { on: false }, components: { on: false } }), sample([result({ flag: 'HH' }), chol, ldl]))).toEqual([['critical'], [], []]);
  });

  it('releases a sample only when all its results pass, or per section when the rule set says so', () => {
    const set = rules();
    const hema = result({ id: 't9', sekcijaId: 'hema', rezultat: '9' });
    const verdicts = judgeSample(set, sample([result(), hema]));
    expect(releaseOf(set, verdicts)).toEqual({ sample: false, sections: [] });
    expect(releaseOf({ perSection: true }, verdicts)).toEqual({ sample: false, sections: ['bio'] });
    expect(releaseOf(set, judgeSample(set, sample([result(), result({ id: 't9', sekcijaId: 'hema' })])))).toEqual({ sample: true, sections: ['bio', 'hema'] });
    expect(releaseOf(set, [])).toEqual({ sample: false, sections: [] });
  });

  it('refuses a rule set that names an assay twice or a limit with low above high', () => {
    expect(autoverificationRulesSchema.safeParse({ rules: [{ labassay: GLU, conditions: {} }, { labassay: GLU, conditions: {} }] }).success).toBe(false);
    expect(autoverificationRulesSchema.safeParse({ rules: [{ labassay: GLU, conditions: { limits: { limits: [{ low: 5, high: 4 }] } } }] }).success).toBe(false);
  });
});
