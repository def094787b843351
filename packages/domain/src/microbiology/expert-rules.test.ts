import { describe, expect, it } from 'vitest';
import { type AstMethod, readAstValue } from './ast-value.ts';
import { type ExpertRuleRow, expertRules } from './expert-rules.ts';
import { interpretReading, selectBreakpoint } from './interpretation.ts';
import { sharedTables } from './test-fixtures.ts';

// The enterococcal expert rules on rows interpreted against the shared EUCAST 2025 table.

const tables = sharedTables();

const GROUPS: Record<string, string> = {
  AMP: 'Beta-lactams/penicillins', AMX: 'Beta-lactams/penicillins', AMC: 'Beta-lactams/penicillins', PIP: 'Beta-lactams/penicillins',
  TZP: 'Beta-lactams/penicillins', IPM: 'Carbapenems', VAN: 'Glycopeptides', TEC: 'Glycopeptides', LNZ: 'Oxazolidinones',
};

function row(mo: string, ab: string, method: AstMethod, value: string): ExpertRuleRow {
  const reading = readAstValue(method, value);
  if (typeof reading === 'string') throw new Error(`${value}: ${reading}`);
  const breakpoint = selectBreakpoint(tables.organism(mo), tables.rowsOf(ab, method), (code) => tables.organisms.get(code), { uti: false });
  return { ab, group: GROUPS[ab]!, interpretation: interpretReading(reading, breakpoint, tables.intrinsic.has(`${mo} ${ab}`)) };
}

describe('EUCAST expert rule: ampicillin-resistant enterococci', () => {
  const FAECIUM = 'B_ENTRC_FACM';
  const isolate = (ampicillin: string) => [
    row(FAECIUM, 'AMP', 'MIC', ampicillin), row(FAECIUM, 'IPM', 'MIC', '1'), row(FAECIUM, 'AMC', 'MIC', '2'), row(FAECIUM, 'LNZ', 'MIC', '2'),
  ];

  it('reports imipenem and amoxicillin/clavulanic acid R when ampicillin is R (MIC above 4), linezolid untouched', () => {
    const rows = isolate('8');
    expect(rows[0]!.interpretation.category).toBe('R');
    expect(Object.fromEntries(expertRules(tables.organism(FAECIUM), rows))).toEqual({
      IPM: 'expertRuleAmpicillinEnterococcus', AMC: 'expertRuleAmpicillinEnterococcus',
    });
  });

  it('does nothing at the breakpoint (ampicillin 4 is S) or for another genus', () => {
    expect(isolate('4')[0]!.interpretation.category).toBe('S');
    expect(expertRules(tables.organism(FAECIUM), isolate('4')).size).toBe(0);
    expect(expertRules(tables.organism('B_ESCHR_COLI'), isolate('8')).size).toBe(0);
  });
});

describe('EUCAST expert rule: teicoplanin-resistant enterococci (VanA)', () => {
  const FAECALIS = 'B_ENTRC_FCLS';

  it('reports vancomycin R when teicoplanin is R, whatever vancomycin read', () => {
    const rows = [row(FAECALIS, 'TEC', 'MIC', '4'), row(FAECALIS, 'VAN', 'MIC', '2')];
    expect(rows.map((item) => item.interpretation.category)).toEqual(['R', 'S']);
    expect(Object.fromEntries(expertRules(tables.organism(FAECALIS), rows))).toEqual({ VAN: 'expertRuleVanA' });
  });

  it('leaves a VanB-like isolate (vancomycin R, teicoplanin S) as read', () => {
    const rows = [row(FAECALIS, 'TEC', 'DISK', '16'), row(FAECALIS, 'VAN', 'DISK', '12')];
    expect(rows.map((item) => item.interpretation.category)).toEqual(['S', 'R']);
    expect(expertRules(tables.organism(FAECALIS), rows).size).toBe(0);
  });
});
