import { describe, expect, it } from 'vitest';
import { allowedSampleActions, isSampleActionAllowed } from './actions.ts';

const sorted = (actions: Set<string>) => [...actions].sort();

describe('allowed actions by status', () => {
  it('ZAPRIMLJEN: delete and everything of an open sample', () => {
    expect(sorted(allowedSampleActions({ status: 'ZAPRIMLJEN' }))).toEqual(
      ['barcode', 'check', 'comment', 'delete', 'edit', 'note', 'retest', 'save', 'sender'],
    );
  });

  it('U OBRADI and REALIZOVAN: no delete', () => {
    for (const status of ['U OBRADI', 'REALIZOVAN'] as const) {
      expect(sorted(allowedSampleActions({ status }))).toEqual(['barcode', 'check', 'comment', 'edit', 'note', 'retest', 'save', 'sender']);
    }
  });

  it('ODOBREN: only remove approval and verify', () => {
    expect(sorted(allowedSampleActions({ status: 'ODOBREN', pdf_exists: true }))).toEqual(['undo', 'verify']);
  });

  it('VERIFICIRAN: remove verification, and the PDF only when it exists', () => {
    expect(sorted(allowedSampleActions({ status: 'VERIFICIRAN', pdf_exists: false }))).toEqual(['unlock']);
    expect(sorted(allowedSampleActions({ status: 'VERIFICIRAN', pdf_exists: true }))).toEqual(['pdf', 'unlock']);
  });

  it('offers the erase icon on a ZAPRIMLJEN sample with a negative/positive result only', () => {
    expect(isSampleActionAllowed('erase', { status: 'ZAPRIMLJEN', hasQualitativeResult: true })).toBe(true);
    expect(isSampleActionAllowed('erase', { status: 'ZAPRIMLJEN' })).toBe(false);
    expect(isSampleActionAllowed('erase', { status: 'U OBRADI', hasQualitativeResult: true })).toBe(false);
  });

  it('makes the edit dialog read-only when ODOBREN or VERIFICIRAN', () => {
    expect(isSampleActionAllowed('edit', { status: 'REALIZOVAN' })).toBe(true);
    expect(isSampleActionAllowed('edit', { status: 'ODOBREN' })).toBe(false);
    expect(isSampleActionAllowed('edit', { status: 'VERIFICIRAN' })).toBe(false);
  });
});
