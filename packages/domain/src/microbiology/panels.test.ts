import { describe, expect, it } from 'vitest';
import { agentsOutsidePanel, panelEditRequest, selectPanel, specimenOf } from './panels.ts';
import { sharedTables } from './test-fixtures.ts';

// Panels are matched to isolates through the shared EUCAST 2025 organism table's taxonomy.

const tables = sharedTables();
const panel = (name: string, mo: string, uzorak: string) => ({ name, grupa: tables.organism(mo), uzorak });

const PANELS = [
  panel('Enterobacterales', 'B_[ORD]_ENTRBCTR', ''),
  panel('Enterobacterales, urin', 'B_[ORD]_ENTRBCTR', 'Urin'),
  panel('Stafilokoki', 'B_STPHY', ''),
  panel('S. pneumoniae', 'B_STRPT_PNMN', ''),
  panel('Streptokoki', 'B_STRPT', ''),
  panel('KNS', 'B_STPHY_CONS', ''),
];

describe('specimenOf', () => {
  it('is the material before its bracketed subtype', () => {
    expect(specimenOf('Urin (srednji mlaz)')).toBe('Urin');
    expect(specimenOf('Bris (grlo)')).toBe('Bris');
    expect(specimenOf('Urin, srednji mlaz')).toBe('Urin');
    expect(specimenOf('Sputum')).toBe('Sputum');
    expect(specimenOf('  Likvor  ')).toBe('Likvor');
  });
});

describe('selectPanel', () => {
  it('takes the order panel for a member of the order, the specimen\'s own panel before the general one', () => {
    expect(selectPanel(tables.organism('B_ESCHR_COLI'), 'Urin (srednji mlaz)', PANELS)?.name).toBe('Enterobacterales, urin');
    expect(selectPanel(tables.organism('B_ESCHR_COLI'), 'URIN (kateter)', PANELS)?.name).toBe('Enterobacterales, urin');
    expect(selectPanel(tables.organism('B_KLBSL_PNMN'), 'Bris (rana)', PANELS)?.name).toBe('Enterobacterales');
    expect(selectPanel(tables.organism('B_ESCHR_COLI'), '', PANELS)?.name).toBe('Enterobacterales');
  });

  it('prefers the most specific organism: a species over its genus, a species group over the genus', () => {
    expect(selectPanel(tables.organism('B_STRPT_PNMN'), 'Sputum', PANELS)?.name).toBe('S. pneumoniae');
    expect(selectPanel(tables.organism('B_STRPT_PYGN'), 'Bris (grlo)', PANELS)?.name).toBe('Streptokoki');
    expect(selectPanel(tables.organism('B_STPHY_EPDR'), 'Hemokultura', PANELS)?.name).toBe('KNS');
    expect(selectPanel(tables.organism('B_STPHY_AURS'), 'Bris (rana)', PANELS)?.name).toBe('Stafilokoki');
  });

  it('is null for an organism no panel covers', () => {
    expect(selectPanel(tables.organism('B_PSDMN_AERG'), 'Urin (srednji mlaz)', PANELS)).toBeNull();
    expect(selectPanel(tables.organism('B_ESCHR_COLI'), 'Urin', [panel('Urin samo', 'B_STPHY', 'Urin')])).toBeNull();
  });
});

describe('agentsOutsidePanel', () => {
  it('names the rows whose agent the panel does not hold', () => {
    expect(agentsOutsidePanel({ antibiotici: ['AMP', 'CIP', 'GEN'] }, ['CIP', 'VAN', 'AMP', 'OXA'])).toEqual([1, 3]);
    expect(agentsOutsidePanel({ antibiotici: ['AMP'] }, [])).toEqual([]);
  });
});

describe('panelEditRequest', () => {
  it('needs a name, a group and at least one agent', () => {
    const empty = panelEditRequest.safeParse({ naziv: 'X', grupa: 'B_STPHY', antibiotici: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]).toMatchObject({ path: ['antibiotici'], message: 'micro.panelEmpty' });
    const noName = panelEditRequest.safeParse({ naziv: ' ', grupa: 'B_STPHY', antibiotici: ['FOX'] });
    expect(noName.error?.issues[0]).toMatchObject({ path: ['naziv'], message: 'form.required' });
    expect(panelEditRequest.parse({ naziv: ' Stafilokoki ', grupa: 'B_STPHY', antibiotici: ['FOX'] })).toMatchObject({ naziv: 'Stafilokoki', uzorak: '' });
  });
});
