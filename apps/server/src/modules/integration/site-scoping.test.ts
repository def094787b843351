import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyserAnswer, AnalyserAssaysAnswer, AnalyserMessagesAnswer, ReviewItemsAnswer } from '@lis/domain';
import { analyserMessages, analysers } from '../../db/schema.ts';
import { signIn, siteId, type SignedIn } from '../../test/harness.ts';
import { expectEveryRouteCovered, type RouteKey } from '../../test/site-scoping.ts';
import { api, type Api } from '../samples/test-fixtures.ts';
import { sendAstmMessage } from './replay.ts';
import { integrationRoutes } from './routes.ts';
import { astmMessage, createIntegrationApp, listAnalysers, portOf, saveAnalyser, type IntegrationTestApp } from './test-fixtures.ts';

// Analysers, their messages and the results kept for review belong to a site. With a session on SA
// (tehnicar@demo.lab has SA only; admin@demo.lab working on SA), a TZ analyser, message or review item is
// never listed, and naming it answers 404 exactly like a missing one, leaving it unchanged.

let t: IntegrationTestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;
let tzAnalyser: AnalyserAnswer;
let tzMessageId: string;

beforeAll(async () => {
  t = await createIntegrationApp();
  client = api(t);
  [tech, admin] = await Promise.all([signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'admin@demo.lab')]);
  sarajevo = siteId(admin, 'SA');
  tuzla = siteId(admin, 'TZ');
  tzAnalyser = await saveAnalyser(client, admin, { ime: 'Tuzlanski analizator', mapa: { GLU: 'GLU' } }, tuzla);
  const report = await sendAstmMessage('127.0.0.1', portOf(tzAnalyser), astmMessage('TZ-NEPOZNAT', [['GLU', '5.5', 'mmol/L', 'N']]));
  expect(report.ok, report.steps.join('\n')).toBe(true);
  const [message] = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, tzAnalyser._id));
  tzMessageId = message!.id;
});
afterAll(async () => { await t.close(); });

async function unchangedTzAnalyser(): Promise<void> {
  const [row] = await t.database.db.select().from(analysers).where(eq(analysers.id, tzAnalyser._id));
  expect(row).toMatchObject({ ime: 'Tuzlanski analizator', siteId: tuzla, protokol: 'astm' });
}

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/postavke/analysers/list': async () => {
    expect((await listAnalysers(client, admin, sarajevo)).map((row) => row._id)).not.toContain(tzAnalyser._id);
    expect((await listAnalysers(client, admin, tuzla)).map((row) => row._id)).toContain(tzAnalyser._id);
  },
  'POST /api/postavke/analysers/edit': async () => {
    const response = await client.post(admin, '/postavke/analysers/edit', {
      analyser: { _id: tzAnalyser._id, ime: 'Preuzeti', protokol: 'hl7', transport: { mode: 'listen', port: 0 } },
    }, sarajevo);
    expect(response.statusCode).toBe(404);
    await unchangedTzAnalyser();
    // The TZ name does not block the same name at SA: names are per site.
    const own = await client.post(admin, '/postavke/analysers/edit', {
      analyser: { ime: 'Tuzlanski analizator', protokol: 'astm', transport: { mode: 'listen', port: 0 }, aktivan: false },
    }, sarajevo);
    expect(own.statusCode, own.body).toBe(200);
  },
  'GET /api/assays/analyser/list': async () => {
    const rows = async (query: string, site: string) => {
      const response = await client.get(admin, `/assays/analyser/list?per_page=0${query}`, site);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AnalyserAssaysAnswer>().data.map((row) => row.analyser);
    };
    expect(await rows('', sarajevo)).not.toContain(tzAnalyser._id);
    expect(await rows(`&analyser=${tzAnalyser._id}`, sarajevo)).toEqual([]);
    expect(await rows(`&analyser=${tzAnalyser._id}`, tuzla)).toEqual([tzAnalyser._id]);
  },
  'GET /api/integracija/poruke': async () => {
    const all = (await client.get(admin, '/integracija/poruke?datum=SVE', sarajevo)).json<AnalyserMessagesAnswer>();
    expect(all.data.map((row) => row._id)).not.toContain(tzMessageId);
    const named = (await client.get(admin, `/integracija/poruke?datum=SVE&analyser=${tzAnalyser._id}`, sarajevo)).json<AnalyserMessagesAnswer>();
    expect(named.data).toEqual([]);
    const atTuzla = (await client.get(admin, '/integracija/poruke?datum=SVE', tuzla)).json<AnalyserMessagesAnswer>();
    expect(atTuzla.data.map((row) => row._id)).toContain(tzMessageId);
  },
  'GET /api/integracija/pregled/stavke': async () => {
    const atSarajevo = (await client.get(admin, '/integracija/pregled/stavke?datum=SVE', sarajevo)).json<ReviewItemsAnswer>();
    expect(atSarajevo.data.map((row) => row.poruka)).not.toContain(tzMessageId);
    const atTuzla = (await client.get(admin, '/integracija/pregled/stavke?datum=SVE', tuzla)).json<ReviewItemsAnswer>();
    expect(atTuzla.data.map((row) => row.poruka)).toContain(tzMessageId);
  },
  'POST /api/retry': async () => {
    const [before] = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.id, tzMessageId));
    const response = await client.post(tech, '/retry', { id: tzMessageId }, sarajevo);
    expect(response.statusCode).toBe(404);
    const [after] = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.id, tzMessageId));
    expect(after).toEqual(before);
  },
  'POST /api/integracija/provjera': async () => {
    const capture = astmMessage('TZ-NEPOZNAT', [['GLU', '6.1', 'mmol/L', 'N']]);
    const response = await client.post(admin, '/integracija/provjera', { analyser: tzAnalyser._id, tekst: capture }, sarajevo);
    expect(response.statusCode).toBe(404);
    const atTuzla = await client.post(admin, '/integracija/provjera', { analyser: tzAnalyser._id, tekst: capture }, tuzla);
    expect(atTuzla.statusCode, atTuzla.body).toBe(200);
  },
  'POST /api/integracija/provjera/spremi': async () => {
    const messages = async () => (await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, tzAnalyser._id))).length;
    const before = await messages();
    const capture = astmMessage('TZ-NEPOZNAT', [['GLU', '6.2', 'mmol/L', 'N']]);
    const response = await client.post(admin, '/integracija/provjera/spremi', { analyser: tzAnalyser._id, tekst: capture }, sarajevo);
    expect(response.statusCode).toBe(404);
    expect(await messages()).toBe(before);
  },
};

describe('integration site scoping', () => {
  it('has a cross-site case for every route of the module', async () => {
    await expectEveryRouteCovered(integrationRoutes, crossSiteCases);
  });
  it.each(Object.keys(crossSiteCases))('%s', async (route) => {
    await crossSiteCases[route as RouteKey]!();
  });
});
