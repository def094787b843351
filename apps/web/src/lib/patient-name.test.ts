import { describe, expect, it } from 'vitest';
import { patientName } from './patient-name.ts';

describe('patientName', () => {
  it('puts the surname first, in upper case', () => {
    expect(patientName({ ime: 'Ana', prezime: 'Hodžić' })).toBe('HODŽIĆ ANA');
  });

  it('keeps names already upper-cased as they are', () => {
    expect(patientName({ ime: 'EMIR', prezime: 'ŠEHIĆ' })).toBe('ŠEHIĆ EMIR');
  });

  it('leaves out a missing or blank part without a stray space', () => {
    expect(patientName({ ime: 'ANA', prezime: '' })).toBe('ANA');
    expect(patientName({ ime: null, prezime: ' HODŽIĆ ' })).toBe('HODŽIĆ');
    expect(patientName({})).toBe('');
  });
});
