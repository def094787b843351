import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheet-text.ts';

describe('spreadsheetText', () => {
  it('marks as text a cell a spreadsheet would run as a formula', () => {
    expect(spreadsheetText('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(spreadsheetText('+cmd|\' /C calc\'!A0')).toBe('\'+cmd|\' /C calc\'!A0');
    expect(spreadsheetText('-2+3')).toBe('\'-2+3');
    expect(spreadsheetText('@SUM(A1)')).toBe('\'@SUM(A1)');
    expect(spreadsheetText('\t=1')).toBe('\'\t=1');
    expect(spreadsheetText('\r=1')).toBe('\'\r=1');
  });

  it('keeps every other text and plain signed numbers as they are', () => {
    for (const text of ['', 'Urin', 'Escherichia coli', '<=0.5', '>=32', '16', '0.25', '-4', '+0.5', '-1,5', 'a=b', '-', '=']) expect(spreadsheetText(text)).toBe(text);
  });
});
