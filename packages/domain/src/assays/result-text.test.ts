import { describe, expect, it } from 'vitest';
import { exactNumericText, parseResultValue } from './result-flags.ts';
import { canonicalResultText, resultTextWithMark, sameResultText } from './result-text.ts';

describe('one decimal mark for results', () => {
  it('stores a number typed with either mark with a decimal point, its digits as typed', () => {
    expect(canonicalResultText('5,2')).toBe('5.2');
    expect(canonicalResultText('1.1')).toBe('1.1');
    expect(canonicalResultText(' 5,20 ')).toBe('5.20');
    expect(canonicalResultText('< 0,5')).toBe('<0.5');
    expect(canonicalResultText('≥1000')).toBe('>=1000');
    expect(canonicalResultText('-0,25')).toBe('-0.25');
  });

  it('keeps every text that is no number exactly as typed', () => {
    for (const text of ['Pozitivan', '1:40', '1,234,5', 'see comment', ' Negativan ', '5,2 mmol']) expect(canonicalResultText(text)).toBe(text);
  });

  it("shows a result with the reader's mark, whether it was stored with a point or (before this rule) a comma", () => {
    expect(resultTextWithMark('1.1', ',')).toBe('1,1');
    expect(resultTextWithMark('5,2', ',')).toBe('5,2');
    expect(resultTextWithMark('5,2', '.')).toBe('5.2');
    expect(resultTextWithMark('<0.5', ',')).toBe('<0,5');
    expect(resultTextWithMark('Pozitivan', '.')).toBe('Pozitivan');
    expect(resultTextWithMark('1:40', ',')).toBe('1:40');
  });

  it('reads the same value from either form, so flags and formulas do not depend on the mark', () => {
    expect(sameResultText('5,2', '5.2')).toBe(true);
    expect(sameResultText('5,20', '5.2')).toBe(false);
    expect(parseResultValue('5,2')).toEqual(parseResultValue('5.2'));
    expect(exactNumericText('5,40')).toBe('5.40');
    expect(exactNumericText('<0,5')).toBeNull();
  });
});
