import { describe, expect, it } from 'vitest';
import { formatFileSize, hasAllowedExtension, looksLikeXlsx } from './upload.ts';

describe('upload rules', () => {
  it('filters by extension with case ignored', () => {
    expect(hasAllowedExtension('pacijenti.xlsx', ['.xlsx'])).toBe(true);
    expect(hasAllowedExtension('PACIJENTI.XLSX', ['.xlsx'])).toBe(true);
    expect(hasAllowedExtension('pacijenti.xls', ['.xlsx'])).toBe(false);
    expect(hasAllowedExtension('pacijenti.xlsx.pdf', ['.xlsx'])).toBe(false);
    expect(hasAllowedExtension('.xlsx', ['.xlsx'])).toBe(false);
  });

  it('shows sizes from Bytes to YB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 ** 2)).toBe('1 MB');
    expect(formatFileSize(5.25 * 1024 ** 3)).toBe('5.25 GB');
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
    expect(formatFileSize(1024 ** 9)).toBe('1024 YB');
  });

  it('knows an xlsx by its ZIP signature', () => {
    expect(looksLikeXlsx(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe(true);
    expect(looksLikeXlsx(new TextEncoder().encode('JMBG;Ime;Prezime'))).toBe(false);
  });
});
