import { describe, expect, it } from 'vitest';
import { colonyCountText, cultureSpecimen, cultureSummary, instrumentDisagrees, reportedCategory } from './culture.ts';

describe('culture summary', () => {
  it('names each organism with its count', () => {
    expect(cultureSummary({ rast: true, izolati: [{ naziv: 'Escherichia coli', kolicina: 5 }, { naziv: 'Enterococcus faecalis', kolicina: null }] }, 'Sterilna'))
      .toBe('Escherichia coli 10^5 CFU/mL; Enterococcus faecalis');
    expect(colonyCountText(4)).toBe('10^4 CFU/mL');
  });

  it("no growth reports the test's normal text, else Nema rasta", () => {
    expect(cultureSummary({ rast: false, izolati: [] }, 'Sterilna')).toBe('Sterilna');
    expect(cultureSummary({ rast: false, izolati: [] }, null)).toBe('Nema rasta');
  });

  it('an override wins over the interpretation', () => {
    expect(reportedCategory('S', 'R')).toBe('R');
    expect(reportedCategory('I', null)).toBe('I');
    expect(reportedCategory(null, null)).toBeNull();
  });
});

describe('cultureSpecimen', () => {
  it('is the sample\'s type, else its bracketed tip, else the test\'s sample type, else the test', () => {
    expect(cultureSpecimen({ type: 'Urin (kateter)', tip: 'Standard' }, 'Urin (srednji mlaz)', 'Urinokultura')).toBe('Urin (kateter)');
    expect(cultureSpecimen({ type: '', tip: 'Bris (grlo)' }, 'Bris', 'Bris grla')).toBe('Bris (grlo)');
    expect(cultureSpecimen({ type: '', tip: 'Standard' }, 'Bris (rana)', 'Bris rane')).toBe('Bris (rana)');
    expect(cultureSpecimen({ type: ' ', tip: 'Mikrobiologija' }, null, 'Hemokultura')).toBe('Hemokultura');
  });
});

describe('instrument disagreement', () => {
  it('flags an instrument S/I/R that differs from ours, and nothing when either side has no category', () => {
    expect(instrumentDisagrees('I', 'S')).toBe(true);
    expect(instrumentDisagrees('R', 'R')).toBe(false);
    expect(instrumentDisagrees(null, 'S')).toBe(false);
    expect(instrumentDisagrees('S', null)).toBe(false);
  });
});
