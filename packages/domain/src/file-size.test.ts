import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('file sizes', () => {
  it('are written from Bytes to YB, 1024 apart, with up to two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 ** 2)).toBe('1 MB');
    expect(formatFileSize(5.25 * 1024 ** 3)).toBe('5.25 GB');
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
    expect(formatFileSize(3 * 1024 ** 9)).toBe('3072 YB');
  });

  it('take the decimal mark of the language', () => {
    expect(formatFileSize(1536, ',')).toBe('1,5 KB');
    expect(formatFileSize(5.25 * 1024 ** 3, ',')).toBe('5,25 GB');
  });
});
