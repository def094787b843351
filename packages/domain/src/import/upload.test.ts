import { describe, expect, it } from 'vitest';
import { hasAllowedExtension, looksLikeXlsx } from './upload.ts';

describe('upload rules', () => {
  it('filters by extension with case ignored', () => {
    expect(hasAllowedExtension('pacijenti.xlsx', ['.xlsx'])).toBe(true);
    expect(hasAllowedExtension('PACIJENTI.XLSX', ['.xlsx'])).toBe(true);
    expect(hasAllowedExtension('pacijenti.xls', ['.xlsx'])).toBe(false);
    expect(hasAllowedExtension('pacijenti.xlsx.pdf', ['.xlsx'])).toBe(false);
    expect(hasAllowedExtension('.xlsx', ['.xlsx'])).toBe(false);
  });

  it('knows an xlsx by its ZIP signature', () => {
    expect(looksLikeXlsx(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe(true);
    expect(looksLikeXlsx(new TextEncoder().encode('JMBG;Ime;Prezime'))).toBe(false);
  });
});
