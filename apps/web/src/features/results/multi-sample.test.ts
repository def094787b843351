import { describe, expect, it } from 'vitest';
import { planEntries, planTarget, sourceValues } from './multi-sample.ts';
import { fixtureAnswer, fixtureTests } from './test-fixtures.ts';

const here = fixtureTests({ uro: { rezultat: 'Pozitivan (++)' }, glu: { rezultat: '5,1' }, k: { rezultat: '  ' } });

describe('multi-sample save', () => {
  it('copies the results this sample holds, never calculated ones nor blanks', () => {
    expect([...sourceValues(here)]).toEqual([['URO', 'Pozitivan (++)'], ['GLU', '5,1'], ['CHOL', '6,3']]);
  });

  it('changes in the target only what differs, for the assays it has, and keeps its version', () => {
    const target = fixtureAnswer({ version: 9 }, fixtureTests({ glu: { rezultat: '5,1' }, chol: { rezultat: '6,0' }, uro: { opcije: ['+'] } })
      .filter((test) => test.sifra !== 'K'));
    const plan = planTarget(sourceValues(here), target);
    // URO: the target's assay has no grade '++', so the value is not one it can take.
    expect(plan).toMatchObject({ version: 9, locked: false, shared: 3 });
    expect(plan.changes).toEqual([{ test: target.tests[3]!._id, naziv: 'Holesterol', naziv_en: 'Total cholesterol', naziv_de: 'Gesamtcholesterin', from: '6,0', to: '6,3' }]);
    expect(planEntries(plan)).toEqual([{ test: target.tests[3]!._id, rezultat: '6,3' }]);
  });

  it('marks an approved target as locked', () => {
    expect(planTarget(sourceValues(here), fixtureAnswer({ status: 'ODOBREN' })).locked).toBe(true);
  });
});
