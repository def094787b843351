import { describe, expect, it } from 'vitest';
import { holdCovers } from './hold.ts';

describe('holdCovers', () => {
  it("a run entered by hand holds every result of the assay, whatever its source", () => {
    expect(holdCovers(null, null)).toBe(true);
    expect(holdCovers(null, 'analyser-a')).toBe(true);
  });
  it("an analyser's run holds that analyser's results and those entered by hand, never another analyser's", () => {
    expect(holdCovers('analyser-a', 'analyser-a')).toBe(true);
    expect(holdCovers('analyser-a', null)).toBe(true);
    expect(holdCovers('analyser-a', 'analyser-b')).toBe(false);
  });
});
