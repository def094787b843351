import { describe, expect, it } from 'vitest';
import { WHONET_FIELDS, whonetColumn, whonetDiskContent, whonetFile, whonetSex, whonetValue, type WhonetField, type WhonetIsolate } from './whonet.ts';

function fields(overrides: Partial<Record<WhonetField, string>> = {}): Record<WhonetField, string> {
  return {
    COUNTRY_A: 'BIH', LABORATORY: 'SA1', PATIENT_ID: 'a1b2', SEX: 'f', AGE: '34', SPEC_NUM: '260105001', SPEC_DATE: '2026-01-05',
    SPEC_TYPE: '', SPEC_CODE: 'Urin', ISOL_NUM: '1', ORGANISM: 'Escherichia coli', ...overrides,
  };
}

describe('WHONET column names', () => {
  it('names a MIC column code_EM and a disk column code_ED under EUCAST, N under CLSI', () => {
    expect(whonetColumn('AMP', 'MIC', 'EUCAST 2025')).toBe('AMP_EM');
    expect(whonetColumn('cip', 'DISK', 'EUCAST 2025')).toBe('CIP_ED');
    expect(whonetColumn('AMP', 'MIC', 'CLSI 2025')).toBe('AMP_NM');
    expect(whonetColumn('AMP', 'DISK', null)).toBe('AMP_ED');
  });

  it('adds a disk column\'s disk content as WHONET writes it, from the breakpoint table\'s text', () => {
    expect(whonetColumn('AMP', 'DISK', 'EUCAST 2025', '10 mcg')).toBe('AMP_ED10');
    expect(whonetColumn('AMC', 'DISK', 'EUCAST 2025', '20/10 mcg')).toBe('AMC_ED20');
    expect(whonetColumn('SXT', 'DISK', 'EUCAST 2025', '1.25/23.75 mcg')).toBe('SXT_ED1_2');
    expect(whonetColumn('PEN', 'DISK', 'CLSI 2025', '1 unit')).toBe('PEN_ND1');
    expect(whonetColumn('AMP', 'MIC', 'EUCAST 2025', '10 mcg')).toBe('AMP_EM');
    expect(whonetDiskContent('75/10-15 mcg')).toBe('75');
    expect(whonetDiskContent('')).toBe('');
    expect(whonetDiskContent(null)).toBe('');
  });
});

describe('WHONET values', () => {
  it('writes measurements with a decimal point and WHONET\'s comparison signs', () => {
    expect(whonetValue('0,5')).toBe('0.5');
    expect(whonetValue('≤ 0,25')).toBe('<=0.25');
    expect(whonetValue('>32')).toBe('>32');
    expect(whonetValue('22')).toBe('22');
  });

  it('maps the patient\'s sex', () => {
    expect([whonetSex('MUŠKI'), whonetSex('ŽENSKI'), whonetSex('')]).toEqual(['m', 'f', '']);
  });
});

describe('the WHONET file', () => {
  const isolates: WhonetIsolate[] = [
    { fields: fields(), guideline: 'EUCAST 2025', results: [{ ab: 'CIP', method: 'MIC', vrijednost: '0,25' }, { ab: 'AMP', method: 'DISK', vrijednost: '12' }] },
    { fields: fields({ PATIENT_ID: 'c3d4', SPEC_CODE: 'Bris\trane', ORGANISM: 'Klebsiella pneumoniae', ISOL_NUM: '2' }), guideline: 'EUCAST 2025', results: [{ ab: 'MEM', method: 'MIC', vrijednost: '≤0,125' }] },
  ];
  const text = whonetFile(isolates);
  const lines = text.split('\r\n');

  it('has a header of WHONET\'s fields, then one column per agent and method, in code order', () => {
    expect(lines[0]!.split('\t')).toEqual([...WHONET_FIELDS, 'AMP_ED', 'CIP_EM', 'MEM_EM']);
  });

  it('has one line per isolate with its measurements under their columns and empty cells elsewhere', () => {
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    const first = Object.fromEntries(lines[0]!.split('\t').map((column, index) => [column, lines[1]!.split('\t')[index]]));
    expect(first).toMatchObject({ PATIENT_ID: 'a1b2', ORGANISM: 'Escherichia coli', AMP_ED: '12', CIP_EM: '0.25', MEM_EM: '' });
    const second = lines[2]!.split('\t');
    expect(second).toHaveLength(WHONET_FIELDS.length + 3);
    // A tab inside a value never splits a column.
    expect(second[WHONET_FIELDS.indexOf('SPEC_CODE')]).toBe('Bris rane');
    expect(second.at(-1)).toBe('<=0.125');
  });

  it('is only the header for no isolates', () => {
    expect(whonetFile([])).toBe(`${WHONET_FIELDS.join('\t')}\r\n`);
  });
});
