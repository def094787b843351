import { describe, expect, it } from 'vitest';
import {
  passedStabilities, reflexDecisions, reflexFires, reflexRuleSchema, reflexRulesSchema, stabilityCheck, stabilityFor,
  type AssayStability, type ReflexAssay, type ReflexRule, type ReflexSample,
} from './rules.ts';

const TSH = '00000000-0000-4000-8000-000000000001';
const FT4 = '00000000-0000-4000-8000-000000000002';
const FT3 = '00000000-0000-4000-8000-000000000003';
const PSA = '00000000-0000-4000-8000-000000000004';
const FPSA = '00000000-0000-4000-8000-000000000005';

const rule = (overrides: Partial<ReflexRule> = {}): ReflexRule => reflexRuleSchema.parse({ trigger: TSH, condition: 'above-range', add: FT4, ...overrides });

describe('reflexFires', () => {
  it('above the range: H and HH fire, N, L and no result do not', () => {
    const tshHigh = rule();
    expect(reflexFires(tshHigh, { labassayId: TSH, rezultat: '6,2', flag: 'H' })).toBe(true);
    expect(reflexFires(tshHigh, { labassayId: TSH, rezultat: '60', flag: 'HH' })).toBe(true);
    expect(reflexFires(tshHigh, { labassayId: TSH, rezultat: '2,1', flag: 'N' })).toBe(false);
    expect(reflexFires(tshHigh, { labassayId: TSH, rezultat: '0,1', flag: 'L' })).toBe(false);
    expect(reflexFires(tshHigh, { labassayId: TSH, rezultat: null, flag: null })).toBe(false);
    expect(reflexFires(tshHigh, { labassayId: TSH, rezultat: '  ', flag: 'H' })).toBe(false);
  });

  it('only the trigger test, and only while the rule is active', () => {
    expect(reflexFires(rule(), { labassayId: FT3, rezultat: '9', flag: 'H' })).toBe(false);
    expect(reflexFires(rule({ active: false }), { labassayId: TSH, rezultat: '9', flag: 'H' })).toBe(false);
  });

  it('below and outside the range, and abnormal', () => {
    expect(reflexFires(rule({ condition: 'below-range' }), { labassayId: TSH, rezultat: '0,1', flag: 'L' })).toBe(true);
    expect(reflexFires(rule({ condition: 'below-range' }), { labassayId: TSH, rezultat: '0,01', flag: 'LL' })).toBe(true);
    expect(reflexFires(rule({ condition: 'below-range' }), { labassayId: TSH, rezultat: '6', flag: 'H' })).toBe(false);
    expect(reflexFires(rule({ condition: 'outside-range' }), { labassayId: TSH, rezultat: '6', flag: 'H' })).toBe(true);
    expect(reflexFires(rule({ condition: 'outside-range' }), { labassayId: TSH, rezultat: '0,1', flag: 'L' })).toBe(true);
    expect(reflexFires(rule({ condition: 'outside-range' }), { labassayId: TSH, rezultat: '2', flag: 'N' })).toBe(false);
    expect(reflexFires(rule({ condition: 'abnormal' }), { labassayId: TSH, rezultat: 'Pozitivan', flag: 'A' })).toBe(true);
    expect(reflexFires(rule({ condition: 'abnormal' }), { labassayId: TSH, rezultat: 'Negativan', flag: 'N' })).toBe(false);
    expect(reflexFires(rule({ condition: 'abnormal' }), { labassayId: TSH, rezultat: 'Negativan', flag: null })).toBe(false);
  });

  it("a cut-off of the rule's own: strictly beyond it, either decimal mark; a censored value only when its bound settles it", () => {
    const psa = rule({ trigger: PSA, add: FPSA, condition: 'above', value: 4 });
    expect(reflexFires(psa, { labassayId: PSA, rezultat: '4,1', flag: 'N' })).toBe(true);
    expect(reflexFires(psa, { labassayId: PSA, rezultat: '4.1', flag: 'N' })).toBe(true);
    expect(reflexFires(psa, { labassayId: PSA, rezultat: '4', flag: 'N' })).toBe(false);
    expect(reflexFires(psa, { labassayId: PSA, rezultat: '>100', flag: 'H' })).toBe(true);
    expect(reflexFires(psa, { labassayId: PSA, rezultat: '>4', flag: 'H' })).toBe(true);
    expect(reflexFires(psa, { labassayId: PSA, rezultat: '>=4', flag: 'H' })).toBe(false);
    expect(reflexFires(psa, { labassayId: PSA, rezultat: '<10', flag: 'N' })).toBe(false);
    expect(reflexFires(psa, { labassayId: PSA, rezultat: 'hemoliza', flag: null })).toBe(false);
    const low = rule({ condition: 'below', value: 0.1 });
    expect(reflexFires(low, { labassayId: TSH, rezultat: '0,05', flag: 'L' })).toBe(true);
    expect(reflexFires(low, { labassayId: TSH, rezultat: '<0,1', flag: 'L' })).toBe(true);
    expect(reflexFires(low, { labassayId: TSH, rezultat: '<=0,1', flag: 'L' })).toBe(false);
    expect(reflexFires(low, { labassayId: TSH, rezultat: '0,1', flag: 'N' })).toBe(false);
    expect(reflexFires(low, { labassayId: TSH, rezultat: '>0,01', flag: 'N' })).toBe(false);
  });
});

describe('the rule schema', () => {
  it('a cut-off condition needs its value; a rule never adds its own trigger; a rule is listed once', () => {
    expect(reflexRuleSchema.safeParse({ trigger: PSA, condition: 'above', add: FPSA }).error?.issues[0]).toMatchObject({ message: 'reflex.valueRequired', path: ['value'] });
    expect(reflexRuleSchema.safeParse({ trigger: TSH, condition: 'above-range', add: TSH }).error?.issues[0]).toMatchObject({ message: 'reflex.addsItself', path: ['add'] });
    expect(reflexRulesSchema.safeParse([rule(), rule({ charge: 'charged' })]).error?.issues[0]).toMatchObject({ message: 'reflex.duplicateRule' });
    expect(reflexRulesSchema.safeParse([rule(), rule({ add: FT3 })]).success).toBe(true);
    expect(rule()).toMatchObject({ charge: 'free', active: true, value: null });
  });
});

describe('stability', () => {
  const stabilities: AssayStability[] = [
    { labassayId: FT4, sampleType: null, hours: 48 },
    { labassayId: FT4, sampleType: 'Plazma (EDTA)', hours: 24 },
  ];

  it("the sample type's own stability first, else the test's general one, else none", () => {
    expect(stabilityFor(stabilities, FT4, 'Plazma (EDTA)')?.hours).toBe(24);
    expect(stabilityFor(stabilities, FT4, 'Serum')?.hours).toBe(48);
    expect(stabilityFor(stabilities, FT4, null)?.hours).toBe(48);
    expect(stabilityFor(stabilities, FT3, 'Serum')).toBeNull();
  });

  it('passed only beyond the hours: at the boundary the sample still serves', () => {
    const collected = new Date('2026-11-28T08:00:00Z');
    const stability = stabilities[0]!;
    expect(stabilityCheck(stability, collected, new Date('2026-11-30T08:00:00Z'))).toEqual({ expired: false, ageHours: 48, hours: 48 });
    expect(stabilityCheck(stability, collected, new Date('2026-11-30T08:01:00Z')).expired).toBe(true);
    expect(stabilityCheck(null, collected, new Date('2027-01-01T00:00:00Z')).expired).toBe(false);
    // The add-on warning: only the added tests past their stability in this sample's type, with whole hours.
    const sample = { sampleType: 'Plazma (EDTA)', collectedAt: collected };
    expect(passedStabilities([FT4, FT3], stabilities, sample, new Date('2026-11-29T08:30:00Z'))).toEqual([{ labassayId: FT4, ageHours: 24, hours: 24 }]);
    expect(passedStabilities([FT4], stabilities, { ...sample, sampleType: 'Serum' }, new Date('2026-11-29T08:30:00Z'))).toEqual([]);
    // A collection time in the future (a clock off by minutes) is age 0, not negative.
    expect(stabilityCheck(stability, collected, new Date('2026-11-28T07:00:00Z')).ageHours).toBe(0);
  });
});

describe('reflexDecisions', () => {
  const assays = new Map<string, ReflexAssay>([
    [FT4, { id: FT4, sampleType: 'Serum', disabled: false }],
    [FT3, { id: FT3, sampleType: null, disabled: false }],
    [FPSA, { id: FPSA, sampleType: 'Serum', disabled: true }],
  ]);
  const collectedAt = new Date('2026-11-28T08:00:00Z');
  const now = new Date('2026-11-28T10:00:00Z');
  const sample: ReflexSample = { sampleType: 'Serum', collectedAt, orderedAssayIds: [TSH] };
  const high = [{ labassayId: TSH, rezultat: '7,5', flag: 'H' as const }];

  it('a firing rule adds its test; a rule that does not fire decides nothing', () => {
    expect(reflexDecisions({ rules: [rule()], results: high, sample, assays, stabilities: [], now }))
      .toEqual([{ rule: rule(), add: FT4, skipped: null }]);
    expect(reflexDecisions({ rules: [rule()], results: [{ labassayId: TSH, rezultat: '2', flag: 'N' }], sample, assays, stabilities: [], now })).toEqual([]);
  });

  it('never adds a test already on the sample, of another sample type, past its stability, or disabled', () => {
    const decide = (overrides: Partial<ReflexSample>, rules = [rule()], stabilities: AssayStability[] = []) =>
      reflexDecisions({ rules, results: high, sample: { ...sample, ...overrides }, assays, stabilities, now }).map((decision) => decision.skipped);
    expect(decide({ orderedAssayIds: [TSH, FT4] })).toEqual(['alreadyOrdered']);
    expect(decide({ sampleType: 'Plazma (EDTA)' })).toEqual(['wrongSampleType']);
    expect(decide({}, [rule()], [{ labassayId: FT4, sampleType: null, hours: 1 }])).toEqual(['stabilityPassed']);
    expect(decide({}, [rule({ add: FPSA })])).toEqual(['unknownAssay']);
    expect(decide({}, [rule({ add: '00000000-0000-4000-8000-0000000000ff' })])).toEqual(['unknownAssay']);
    // A test that names no sample type, or a sample without one, is not refused for the type.
    expect(decide({}, [rule({ add: FT3 })])).toEqual([null]);
    expect(decide({ sampleType: null })).toEqual([null]);
  });

  it('two rules adding one test add it once, with the first rule; each rule once however many results fire it', () => {
    const rules = [rule(), rule({ condition: 'above', value: 5, charge: 'charged' })];
    const decisions = reflexDecisions({ rules, results: [...high, ...high], sample, assays, stabilities: [], now });
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ add: FT4, skipped: null, rule: { charge: 'free' } });
    const both = reflexDecisions({ rules: [rule(), rule({ add: FT3 })], results: high, sample, assays, stabilities: [], now });
    expect(both.map((decision) => [decision.add, decision.skipped])).toEqual([[FT4, null], [FT3, null]]);
  });
});
