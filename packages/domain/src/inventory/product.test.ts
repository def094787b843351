import { describe, expect, it } from 'vitest';
import { createProductRequest } from './contracts.ts';
import { DEFAULT_DANADOROKA, DEFAULT_NIVO, lnCheckDue, missingProductFields, productConfirmState } from './product.ts';

const draft = (change: Partial<Parameters<typeof productConfirmState>[0]> = {}) => ({ LN: 'ABC1', opis: 'Glukoza', sadrzaj: 100, jedinica_mjere: 'test', ...change });

describe('Unos produkta rules', () => {
  it('checks an LN only once it is longer than 3 characters (spaces around do not count)', () => {
    expect(lnCheckDue('ABC')).toBe(false);
    expect(lnCheckDue('  ABC  ')).toBe(false);
    expect(lnCheckDue('ABCD')).toBe(true);
  });

  it('hides confirm while the LN is registered or shorter than 3, disables it while the description is, else enables it', () => {
    expect(productConfirmState(draft(), true)).toBe('hidden');
    expect(productConfirmState(draft({ LN: 'AB' }), false)).toBe('hidden');
    expect(productConfirmState(draft({ LN: 'ABC' }), false)).toBe('enabled');
    expect(productConfirmState(draft({ opis: 'Gl' }), false)).toBe('disabled');
    expect(productConfirmState(draft({ opis: ' Gl ' }), false)).toBe('disabled');
  });

  it('names the missing required fields: LN, opis, sadrzaj and jedinica', () => {
    expect(missingProductFields(draft())).toEqual([]);
    expect(missingProductFields(draft({ LN: ' ', opis: '', sadrzaj: null, jedinica_mjere: '' }))).toEqual(['LN', 'opis', 'sadrzaj', 'jedinica_mjere']);
    expect(missingProductFields(draft({ sadrzaj: Number.NaN }))).toEqual(['sadrzaj']);
  });

  it('fills in the defaults nivo 0 and danadoroka 30 and trims the texts', () => {
    const parsed = createProductRequest.parse({ produkt: { LN: ' ab-12 ', opis: ' Glukoza ', sadrzaj: 4, jedinica_mjere: 'mL' } });
    expect(parsed.produkt).toMatchObject({ LN: 'ab-12', opis: 'Glukoza', nivo: DEFAULT_NIVO, danadoroka: DEFAULT_DANADOROKA, klasa: null, zemlja_porijekla: '' });
    expect(DEFAULT_NIVO).toBe(0);
    expect(DEFAULT_DANADOROKA).toBe(30);
  });

  it('refuses an LN or description under 3 characters with their own codes, and units outside the list', () => {
    const issue = (produkt: Record<string, unknown>) => createProductRequest.safeParse({ produkt: { ...draft(), ...produkt } }).error?.issues[0];
    expect(issue({ LN: 'AB' })).toMatchObject({ message: 'inventory.lnTooShort', path: ['produkt', 'LN'] });
    expect(issue({ opis: 'ab' })).toMatchObject({ message: 'inventory.opisTooShort', path: ['produkt', 'opis'] });
    expect(issue({ jedinica_mjere: 'l' })).toMatchObject({ message: 'form.invalid' });
    expect(issue({ jedinica_mjere: '' })).toMatchObject({ message: 'form.required' });
    expect(issue({ sadrzaj: undefined })).toMatchObject({ message: 'form.required', path: ['produkt', 'sadrzaj'] });
  });
});
