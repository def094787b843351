import { describe, expect, it } from 'vitest';
import {
  RESULT_TEXT_LIMITS, approveRefusal, canPerformResultAction, hasCriticalResult, unapproveRefusal, unverifyRefusal, verifyRefusal,
} from './verification.ts';

const now = new Date('2026-11-23T12:00:00.000Z');

describe('permissions of the result calls', () => {
  it('lets a technician enter and approve but not verify', () => {
    expect(canPerformResultAction('technician', 0, 'save')).toBe(true);
    expect(canPerformResultAction('technician', 0, 'approve')).toBe(true);
    expect(canPerformResultAction('technician', 0, 'unapprove')).toBe(true);
    expect(canPerformResultAction('technician', 0, 'verify')).toBe(false);
    expect(canPerformResultAction('technician', 0, 'unverify')).toBe(false);
  });
  it('lets a specialist verify and unlock', () => {
    expect(canPerformResultAction('specialist', 0, 'verify')).toBe(true);
    expect(canPerformResultAction('specialist', 0, 'unverify')).toBe(true);
  });
  it('refuses every write to a viewer and to a read-only access level', () => {
    expect(canPerformResultAction('viewer', 0, 'save')).toBe(false);
    expect(canPerformResultAction('specialist', 1, 'verify')).toBe(false);
    expect(canPerformResultAction('admin', 1, 'save')).toBe(false);
  });
});

describe('approval', () => {
  it('is allowed for a complete sample and refused after it', () => {
    expect(approveRefusal('REALIZOVAN')).toBeNull();
    expect(approveRefusal('ODOBREN')).toEqual({ code: 'results.transitionNotAllowed', params: { status: 'ODOBREN' } });
    expect(approveRefusal('VERIFICIRAN')?.code).toBe('results.transitionNotAllowed');
  });
  it('refuses a sample still waiting for results with that reason', () => {
    expect(approveRefusal('ZAPRIMLJEN')).toEqual({ code: 'results.incomplete' });
    expect(approveRefusal('U OBRADI')).toEqual({ code: 'results.incomplete' });
  });
  it('is undone only from ODOBREN', () => {
    expect(unapproveRefusal('ODOBREN')).toBeNull();
    expect(unapproveRefusal('VERIFICIRAN')?.code).toBe('results.transitionNotAllowed');
    expect(unapproveRefusal('REALIZOVAN')?.code).toBe('results.transitionNotAllowed');
  });
});

describe('verifyRefusal', () => {
  const obavijesten = { ko: 'dr. Hodžić', kada: '2026-11-23T11:45:00.000Z' };

  it('verifies an approved sample without critical values with no acknowledgement', () => {
    expect(verifyRefusal({ status: 'ODOBREN', flags: ['H', 'N', null], now })).toBeNull();
  });
  it('refuses a sample that is not approved', () => {
    expect(verifyRefusal({ status: 'REALIZOVAN', flags: [], now })?.code).toBe('results.transitionNotAllowed');
    expect(verifyRefusal({ status: 'VERIFICIRAN', flags: [], now })?.code).toBe('results.transitionNotAllowed');
  });
  it('asks who was told, and when, about a critical value', () => {
    expect(hasCriticalResult(['N', 'LL'])).toBe(true);
    expect(hasCriticalResult(['L', 'H', 'A'])).toBe(false);
    expect(verifyRefusal({ status: 'ODOBREN', flags: ['HH'], now })).toEqual({ code: 'results.notifiedRequired', field: 'obavijesten' });
    expect(verifyRefusal({ status: 'ODOBREN', flags: ['LL'], obavijesten: { ko: '  ', kada: obavijesten.kada }, now })?.code).toBe('results.notifiedRequired');
    expect(verifyRefusal({ status: 'ODOBREN', flags: ['LL'], obavijesten: { ko: 'dr. Hodžić', kada: '' }, now })?.code).toBe('results.notifiedRequired');
    expect(verifyRefusal({ status: 'ODOBREN', flags: ['LL'], obavijesten: { ko: 'dr. Hodžić', kada: 'jučer' }, now })?.code).toBe('results.notifiedRequired');
    expect(verifyRefusal({ status: 'ODOBREN', flags: ['HH'], obavijesten, now })).toBeNull();
  });
  it('refuses a notification time after the verification', () => {
    const later = { ...obavijesten, kada: '2026-11-23T12:00:01.000Z' };
    expect(verifyRefusal({ status: 'ODOBREN', flags: ['HH'], obavijesten: later, now })).toEqual({ code: 'results.notifiedInFuture', field: 'obavijesten' });
    expect(verifyRefusal({ status: 'ODOBREN', flags: ['HH'], obavijesten: { ...obavijesten, kada: now.toISOString() }, now })).toBeNull();
  });
});

describe('unverifyRefusal', () => {
  it('unlocks a verified sample with a reason', () => {
    expect(unverifyRefusal('VERIFICIRAN', 'Ponoviti analizu')).toBeNull();
  });
  it('needs a reason that is not blank', () => {
    expect(unverifyRefusal('VERIFICIRAN', undefined)).toEqual({ code: 'results.reasonRequired', field: 'razlog' });
    expect(unverifyRefusal('VERIFICIRAN', ' \n ')).toEqual({ code: 'results.reasonRequired', field: 'razlog' });
  });
  it('refuses a reason over the limit', () => {
    expect(unverifyRefusal('VERIFICIRAN', 'x'.repeat(RESULT_TEXT_LIMITS.razlog))).toBeNull();
    expect(unverifyRefusal('VERIFICIRAN', 'x'.repeat(RESULT_TEXT_LIMITS.razlog + 1))?.code).toBe('form.invalid');
  });
  it('unlocks only a verified sample', () => {
    expect(unverifyRefusal('ODOBREN', 'razlog')?.code).toBe('results.transitionNotAllowed');
  });
});
