import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyserAnswer, ChartAnswer, ControlAnswer, MonthlyAnswer } from '@lis/domain';
import { qcResults } from '../../db/schema.ts';
import { signIn, siteId, type SignedIn } from '../../test/harness.ts';
import { createResultCatalogue, type ResultCatalogue } from '../results/test-fixtures.ts';
import { api, type Api } from '../samples/test-fixtures.ts';
import { siteIsoMonth } from '../../test/site-day.ts';
import { sendAstmMessage } from '../integration/replay.ts';
import { astmMessage, createIntegrationApp, portOf, saveAnalyser, type IntegrationTestApp } from '../integration/test-fixtures.ts';
import { FAR_EXPIRY, enterRun } from './test-fixtures.ts';

// A lot's target is defined per assay, level and analyser: an analyser's run is judged by its own target when
// the lot has one, else by the general target (no analyser), which also judges hand entry. The Westgard history
// of a run is the earlier runs of its own source only, so two analysers' runs never meet in 2-2s and the like.

let t: IntegrationTestApp;
let client: Api;
let cat: ResultCatalogue;
let admin: SignedIn;
let tech: SignedIn;
let specialist: SignedIn;
let analyserA: AnalyserAnswer;
let analyserB: AnalyserAnswer;
let lot: ControlAnswer;

beforeAll(async () => {
  t = await createIntegrationApp();
  client = api(t);
  [admin, tech, specialist] = await Promise.all(['admin@demo.lab', 'tehnicar@demo.lab', 'specijalista@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn, SignedIn];
  cat = await createResultCatalogue(t.database.db);
  const controls = { mapa: { GLU: cat.sifra.GLU }, kontrole: { prefiksi: ['QCT'], qc_oznaka: false } };
  analyserA = await saveAnalyser(client, admin, { ime: 'Hemija A', ...controls });
  analyserB = await saveAnalyser(client, admin, { ime: 'Hemija B', ...controls });
});
afterAll(async () => { await t.close(); });

function saveLot(ciljevi: Record<string, unknown>[], change: Record<string, unknown> = {}) {
  return client.post(specialist, '/kontrole/definicija/save', {
    element: { control: 'Po analizatoru', proizvodjac: 'Bio-Rad', lot: 'PA-1', rok_trajanja: FAR_EXPIRY, mod: 'Multi', ciljevi, uzorci_aparata: [{ nivo: 1, uzorak: 'QCT-GLU-1' }], ...change },
  });
}

let sent = 0;
/** The analyser sends GLU level 1 of the lot; answers the stored control result. */
async function fromAnalyser(analyser: AnalyserAnswer, value: string) {
  sent += 1;
  const report = await sendAstmMessage('127.0.0.1', portOf(analyser), astmMessage('QCT-GLU-1', [['GLU', value, 'mmol/L', 'N']], `QCT-${sent}`));
  expect(report.ok, report.steps.join('\n')).toBe(true);
  const rows = await t.database.db.select().from(qcResults).where(eq(qcResults.controlId, lot._id)).orderBy(qcResults.createdAt);
  const row = rows.at(-1)!;
  expect(row).toMatchObject({ analyserId: analyser._id, vrijednost: Number(value) });
  return row;
}

describe('targets per analyser', () => {
  it('a target names an analyser of the site; bad rows are refused naming the field', async () => {
    const general = { labassay: cat.ids.GLU, nivo: 1, mean: 5, sd: 0.2 };
    const tuzla = await saveAnalyser(client, admin, { ime: 'Hemija Tuzla', mapa: {} }, siteId(admin, 'TZ'));
    const foreign = await saveLot([general, { ...general, analyser: tuzla._id }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'form.invalid', field: 'element.ciljevi.1.analyser' });
    const twice = await saveLot([general, { ...general, mean: 6, analyser: analyserA._id }, { ...general, mean: 7, analyser: analyserA._id }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'qc.duplicateLevel', field: 'element.ciljevi.2' });
    const noSd = await saveLot([general, { ...general, sd: 0, analyser: analyserA._id }]);
    expect(noSd.statusCode).toBe(400);
    expect(noSd.json()).toMatchObject({ code: 'qc.sdNotPositive' });

    const saved = await saveLot([general, { ...general, mean: 6, analyser: analyserA._id }]);
    expect(saved.statusCode, saved.body).toBe(200);
    lot = saved.json<{ kontrola: ControlAnswer }>().kontrola;
    expect(lot.ciljevi.map((target) => [target.nivo, target.mean, target.analyser, target.analyser_ime])).toEqual([
      [1, 5, null, null], [1, 6, analyserA._id, 'Hemija A'],
    ]);
  });

  it("an analyser's run is judged by its own target, another's by the general one, each against its own history only", async () => {
    // 6.0 on A is its target's mean (z 0); against the general target it would be 5 SD off.
    expect(await fromAnalyser(analyserA, '6.0')).toMatchObject({ mean: 6, z: 0, status: 'prihvacen' });
    // B has no target of its own: the general target (5 ± 0.2).
    expect(await fromAnalyser(analyserB, '5.0')).toMatchObject({ mean: 5, z: 0, status: 'prihvacen' });
    const firstA = await fromAnalyser(analyserA, '6.45');
    expect(firstA).toMatchObject({ z: 2.25, status: 'upozorenje', pravila: ['1-2s'] });
    // B's +2.25 SD follows A's +2.25 SD: A's run is not B's history, so no 2-2s.
    expect(await fromAnalyser(analyserB, '5.45')).toMatchObject({ z: 2.25, status: 'upozorenje', pravila: ['1-2s'] });
    // By hand: the general target, and hand entry's own (empty) history.
    const byHand = await enterRun(client, tech, lot._id, cat.ids.GLU, { 1: '5.45' });
    expect(byHand).toMatchObject({ status: 'upozorenje', rezultati: [expect.objectContaining({ z: 2.25 })] });
    // A's second +2.25 SD in a row on A: 2-2s across runs.
    const secondA = await fromAnalyser(analyserA, '6.45');
    expect(secondA).toMatchObject({ status: 'odbijen' });
    expect(secondA.pravila).toContain('2-2s');

    // Excluding A's first +2.25 SD judges A's later run again without it; B's runs are untouched.
    const excluded = await client.post(tech, '/kontrole/pregled/delete/', { _id: firstA.id, razlog: 'Pogrešan uložak' });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const after = await t.database.db.select().from(qcResults).where(eq(qcResults.controlId, lot._id)).orderBy(qcResults.createdAt);
    expect(after.map((row) => [row.izvor, row.vrijednost, row.status])).toEqual([
      ['Hemija A', 6, 'prihvacen'], ['Hemija B', 5, 'prihvacen'], ['Hemija A', 6.45, 'upozorenje'], ['Hemija B', 5.45, 'upozorenje'],
      ['rucno', 5.45, 'upozorenje'], ['Hemija A', 6.45, 'upozorenje'],
    ]);
  });

  it("the chart and the monthly table show one source's results against that source's target, and list the lot's sources", async () => {
    const base = `/kontrole/charts?kontrola=${lot._id}&labassay=${cat.ids.GLU}`;
    const ofA = (await client.get(tech, `${base}&izvor=${analyserA._id}`)).json<ChartAnswer>();
    expect(ofA.nivoi.map((level) => [level.mean, level.sd, level.tacke.map((point) => point.vrijednost)])).toEqual([[6, 0.2, [6, 6.45, 6.45]]]);
    expect(ofA.izvori).toEqual([
      { analyser: null, ime: null }, { analyser: analyserA._id, ime: 'Hemija A' }, { analyser: analyserB._id, ime: 'Hemija B' },
    ]);
    const ofB = (await client.get(tech, `${base}&izvor=${analyserB._id}`)).json<ChartAnswer>();
    expect(ofB.nivoi.map((level) => [level.mean, level.tacke.map((point) => point.vrijednost)])).toEqual([[5, [5, 5.45]]]);
    const byHand = (await client.get(tech, `${base}&izvor=rucno`)).json<ChartAnswer>();
    expect(byHand.nivoi.map((level) => [level.mean, level.tacke.map((point) => point.vrijednost)])).toEqual([[5, [5.45]]]);
    const all = (await client.get(tech, base)).json<ChartAnswer>();
    expect(all.nivoi[0]!.tacke).toHaveLength(6);

    const month = siteIsoMonth();
    const monthlyA = (await client.get(tech, `/kontrole/mjesecno?kontrola=${lot._id}&mjesec=${month}&izvor=${analyserA._id}`)).json<MonthlyAnswer>();
    // A's counted results (the excluded one left out): 6.0 and 6.45 against A's target 6.
    expect(monthlyA.redovi).toEqual([expect.objectContaining({ nivo: 1, cilj: 6, n: 2, mean: 6.225 })]);
    expect(monthlyA.izvori).toHaveLength(3);
    const bad = await client.get(tech, `/kontrole/charts?kontrola=${lot._id}&labassay=${cat.ids.GLU}&izvor=nesto`);
    expect(bad.statusCode).toBe(400);
  });
});
