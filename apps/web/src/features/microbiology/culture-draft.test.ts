import { describe, expect, it } from 'vitest';
import type { Culture } from '@lis/domain';
import { draftOf, draftProblem, emptyIsolate, emptyRow, saveRequestOf, savedInterpretationHolds, withPanel } from './culture-draft.ts';

const ids = { sid: 'sid', version: 3, test: 'test' };

const saved: Culture = {
  _id: 'c1', materijal: 'Urin', uti: true, infekcija: '', rast: true, napomena: '', guideline: 'EUCAST 2025', updated_at: '2026-11-24T08:00:00.000Z',
  izolati: [{
    _id: 'i1', rbr: 1, kolicina: 5, napomena: '', aparat: null, organizam: { mo: 'B_ESCHR_COLI', naziv: 'Escherichia coli', gram: 'Gram-negative', rank: 'species' },
    antibiogram: [{
      _id: 'r1', antibiotik: { ab: 'AMP', naziv: 'Ampicillin', grupa: 'Beta-lactams/penicillins' }, metoda: 'MIC', vrijednost: '16',
      tumacenje: 'R', osnova: 'breakpoint', granica: null, izmjena: null, konacno: 'R', aparat: null,
    }],
  }],
};

describe('culture draft', () => {
  it('a new culture starts with one isolate, the specimen from the sample type, urinary for urine', () => {
    const draft = draftOf(null, { naziv: 'Urinokultura' }, '');
    expect(draft).toMatchObject({ materijal: 'Urinokultura', uti: true, rast: true });
    expect(draft.izolati).toHaveLength(1);
    expect(draftOf(null, { naziv: 'Bris rane' }, 'Bris').uti).toBe(false);
    // Cerebrospinal fluid: the meningitis breakpoints, unless the person says otherwise.
    expect(draftOf(null, { naziv: 'Kultura likvora' }, 'Likvor')).toMatchObject({ materijal: 'Likvor', uti: false, infekcija: 'meningitis' });
  });

  it('sends the saved culture back unchanged, leaving out empty antibiogram lines', () => {
    const draft = draftOf(saved, { naziv: 'Urinokultura' }, '');
    draft.izolati[0]!.rows.push(emptyRow());
    expect(saveRequestOf(draft, ids)).toEqual({
      ...ids, materijal: 'Urin', uti: true, infekcija: '', rast: true, napomena: '',
      izolati: [{ organizam: 'B_ESCHR_COLI', kolicina: 5, napomena: '', antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '16', izmjena: null }] }],
    });
  });

  it('no growth sends no isolates; missing organism or agent is named before a call', () => {
    const draft = draftOf(null, { naziv: 'Urinokultura' }, '');
    expect(draftProblem(draft)).toBe('pickOrganism');
    expect(saveRequestOf({ ...draft, rast: false }, ids).izolati).toEqual([]);
    draft.izolati[0]!.mo = 'B_ESCHR_COLI';
    draft.izolati[0]!.rows[0]!.vrijednost = '4';
    expect(draftProblem(draft)).toBe('pickAgent');
  });

  it('a changed value waits for the next save before its category is shown', () => {
    const row = draftOf(saved, { naziv: 'Urinokultura' }, '').izolati[0]!.rows[0]!;
    expect(savedInterpretationHolds(row)).toBe(true);
    expect(savedInterpretationHolds({ ...row, vrijednost: '4' })).toBe(false);
  });

  it('a panel offers its agents in order, keeps what was typed, and untested panel rows are not sent', () => {
    const panel = {
      _id: 'p1', naziv: 'Enterobacterales, urin', grupa: { mo: 'B_[ORD]_ENTRBCTR', naziv: 'Enterobacterales' }, uzorak: 'Urin', updated_at: '2026-11-24T08:00:00.000Z',
      antibiotici: [{ ab: 'AMP', naziv: 'Ampicillin' }, { ab: 'CIP', naziv: 'Ciprofloxacin' }, { ab: 'NIT', naziv: 'Nitrofurantoin' }],
    };
    const typed = { ...emptyIsolate(), mo: 'B_ESCHR_COLI', moLabel: 'Escherichia coli' };
    typed.rows = [
      { ...emptyRow(), ab: 'CIP', abLabel: 'Ciprofloxacin (CIP)', vrijednost: '0,5' },
      { ...emptyRow(), ab: 'VAN', abLabel: 'Vancomycin (VAN)', vrijednost: '1' },
      emptyRow(),
    ];
    const offered = withPanel(typed, panel);
    expect(offered.panel).toBe('Enterobacterales, urin');
    expect(offered.rows.map((row) => [row.ab, row.vrijednost, row.fromPanel])).toEqual([
      ['AMP', '', true], ['CIP', '0,5', false], ['NIT', '', true], ['VAN', '1', false],
    ]);
    offered.rows[0]!.vrijednost = '16';
    const draft = { materijal: 'Urin (srednji mlaz)', uti: true, infekcija: '' as const, rast: true, napomena: '', izolati: [offered] };
    expect(saveRequestOf(draft, ids).izolati[0]!.antibiogram.map((row) => row.antibiotik)).toEqual(['AMP', 'CIP', 'VAN']);
    expect(withPanel(typed, null)).toEqual({ ...typed, panel: null });
  });
});
