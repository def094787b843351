import { describe, expect, it } from 'vitest';
import { applicableTarget, historyOfSource, sameSource } from './source.ts';

const general = { labassayId: 'glu', nivo: 1, analyserId: null, mean: 5 };
const ofA = { labassayId: 'glu', nivo: 1, analyserId: 'A', mean: 5.4 };
const level2 = { labassayId: 'glu', nivo: 2, analyserId: null, mean: 12 };
const otherAssay = { labassayId: 'urea', nivo: 1, analyserId: 'A', mean: 7 };

describe('applicableTarget', () => {
  const targets = [general, ofA, level2, otherAssay];
  it("takes the analyser's own target when it has one", () => {
    expect(applicableTarget(targets, 'glu', 1, 'A')).toBe(ofA);
  });
  it('falls back to the general target for an analyser without one', () => {
    expect(applicableTarget(targets, 'glu', 1, 'B')).toBe(general);
    expect(applicableTarget(targets, 'glu', 2, 'A')).toBe(level2);
  });
  it("judges a run by hand by the general target, never an analyser's", () => {
    expect(applicableTarget(targets, 'glu', 1, null)).toBe(general);
    expect(applicableTarget(targets, 'urea', 1, null)).toBeUndefined();
  });
  it('finds none when neither exists', () => {
    expect(applicableTarget(targets, 'urea', 1, 'B')).toBeUndefined();
    expect(applicableTarget(targets, 'glu', 3, 'A')).toBeUndefined();
  });
});

describe('historyOfSource', () => {
  const rows = [
    { analyserId: 'A', z: 2.5 }, { analyserId: 'B', z: 2.5 }, { analyserId: null, z: 1 }, { analyserId: 'A', z: -1 },
  ];
  it("keeps only the run's own source, in order", () => {
    expect(historyOfSource(rows, 'A').map((row) => row.z)).toEqual([2.5, -1]);
    expect(historyOfSource(rows, 'B').map((row) => row.z)).toEqual([2.5]);
    expect(historyOfSource(rows, null).map((row) => row.z)).toEqual([1]);
  });
  it('tells sources apart: hand entry is a source of its own', () => {
    expect(sameSource(null, null)).toBe(true);
    expect(sameSource('A', null)).toBe(false);
    expect(sameSource('A', 'B')).toBe(false);
  });
});
