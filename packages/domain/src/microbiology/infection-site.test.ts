import { describe, expect, it } from 'vitest';
import { type AstMethod, readAstValue } from './ast-value.ts';
import { type Breakpoint, type InfectionSite, interpretReading, selectBreakpoint } from './interpretation.ts';
import { sharedTables } from './test-fixtures.ts';

// The site of infection in breakpoint selection, against the shared EUCAST 2025 table.

const tables = sharedTables();

function chosen(mo: string, ab: string, method: AstMethod, site: InfectionSite): Breakpoint | null {
  return selectBreakpoint(tables.organism(mo), tables.rowsOf(ab, method), (code) => tables.organisms.get(code), { uti: false, site });
}

function category(mo: string, ab: string, method: AstMethod, value: string, site: InfectionSite) {
  const reading = readAstValue(method, value);
  if (typeof reading === 'string') throw new Error(reading);
  return interpretReading(reading, chosen(mo, ab, method, site), false).category;
}

describe('infection site', () => {
  it('meningitis takes the Meningitis row: S. pneumoniae benzylpenicillin 0.125 mg/L is R there, I otherwise', () => {
    expect(chosen('B_STRPT_PNMN', 'PEN', 'MIC', '')?.site).toBe('Non-meningitis, Non-endocarditis');
    expect(category('B_STRPT_PNMN', 'PEN', 'MIC', '0.125', '')).toBe('I');
    expect(chosen('B_STRPT_PNMN', 'PEN', 'MIC', 'meningitis')?.site).toBe('Meningitis, Endocarditis');
    expect(category('B_STRPT_PNMN', 'PEN', 'MIC', '0.125', 'meningitis')).toBe('R');
    expect(category('B_STRPT_PNMN', 'PEN', 'MIC', '0.125', 'endocarditis')).toBe('R');
  });

  it('Enterobacterales ciprofloxacin: 0.25 mg/L is S in general, R for meningitis (S ≤ 0.125)', () => {
    expect(category('B_ESCHR_COLI', 'CIP', 'MIC', '0.25', '')).toBe('S');
    expect(chosen('B_ESCHR_COLI', 'CIP', 'MIC', 'meningitis')).toMatchObject({ site: 'Meningitis', breakpointS: 0.125 });
    expect(category('B_ESCHR_COLI', 'CIP', 'MIC', '0.25', 'meningitis')).toBe('R');
  });

  it('never uses the row written for the opposite: an agent with only a non-meningitis row has no breakpoint for meningitis', () => {
    const row: Breakpoint = {
      guideline: 'T', method: 'MIC', site: 'Non-meningitis', mo: 'B_ESCHR_COLI', rankIndex: 2, ab: 'X', breakpointS: 1, breakpointR: 2, uti: false,
    };
    const taxonomy = (mo: string) => tables.organisms.get(mo);
    expect(selectBreakpoint(tables.organism('B_ESCHR_COLI'), [row], taxonomy, { uti: false, site: '' })).toBe(row);
    expect(selectBreakpoint(tables.organism('B_ESCHR_COLI'), [row], taxonomy, { uti: false, site: 'meningitis' })).toBeNull();
    const intravenous = { ...row, site: 'Intravenous' };
    expect(selectBreakpoint(tables.organism('B_ESCHR_COLI'), [intravenous], taxonomy, { uti: false, site: 'oral' })).toBeNull();
  });
});
