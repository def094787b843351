import { describe, expect, it } from 'vitest';
import type { Culture } from '@lis/domain';
import { draftOf, draftProblem, emptyRow, saveRequestOf, savedInterpretationHolds } from './culture-draft.ts';

const ids = { sid: 'sid', version: 3, test: 'test' };

const saved: Culture = {
  _id: 'c1', materijal: 'Urin', uti: true, rast: true, napomena: '', guideline: 'EUCAST 2025', updated_at: '2026-11-24T08:00:00.000Z',
  izolati: [{
    _id: 'i1', rbr: 1, kolicina: 5, napomena: '', organizam: { mo: 'B_ESCHR_COLI', naziv: 'Escherichia coli', gram: 'Gram-negative', rank: 'species' },
    antibiogram: [{
      _id: 'r1', antibiotik: { ab: 'AMP', naziv: 'Ampicillin', grupa: 'Beta-lactams/penicillins' }, metoda: 'MIC', vrijednost: '16',
      tumacenje: 'R', osnova: 'breakpoint', granica: null, izmjena: null, konacno: 'R',
    }],
  }],
};

describe('culture draft', () => {
  it('a new culture starts with one isolate, the specimen from the sample type, urinary for urine', () => {
    const draft = draftOf(null, { naziv: 'Urinokultura' }, '');
    expect(draft).toMatchObject({ materijal: 'Urinokultura', uti: true, rast: true });
    expect(draft.izolati).toHaveLength(1);
    expect(draftOf(null, { naziv: 'Bris rane' }, 'Bris').uti).toBe(false);
  });

  it('sends the saved culture back unchanged, leaving out empty antibiogram lines', () => {
    const draft = draftOf(saved, { naziv: 'Urinokultura' }, '');
    draft.izolati[0]!.rows.push(emptyRow());
    expect(saveRequestOf(draft, ids)).toEqual({
      ...ids, materijal: 'Urin', uti: true, rast: true, napomena: '',
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
});
