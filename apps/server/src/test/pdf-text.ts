import { execFileSync } from 'node:child_process';

/** The text of a PDF as pdftotext (poppler-utils) reads it, columns kept apart by spaces (-layout). */
export function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes, encoding: 'utf8' });
}
