import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchCheckAnswer, BenchStoreAnswer } from '@lis/domain';
import { astmChecksum } from '@lis/analyser-protocols';
import { analyserMessages, analyserResults, analyserReviewItems, auditLog } from '../../db/schema.ts';
import { signIn, siteId, type SignedIn } from '../../test/harness.ts';
import { createResultCatalogue, resultCalls, type ResultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { astmMessage, createIntegrationApp, saveAnalyser, type IntegrationTestApp } from './test-fixtures.ts';

/**
 * The capture bench (POST /integracija/provjera and /provjera/spremi): a capture is read with the ingest's own
 * interpretation and judgement; the check stores nothing, the store goes through the ingest as a TCP message.
 */

let t: IntegrationTestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let admin: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
let sarajevo: string;
let patient: { _id: string };

beforeAll(async () => {
  t = await createIntegrationApp();
  client = api(t);
  [admin, tech, viewer] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'pregled@demo.lab')]);
  sarajevo = siteId(admin, 'SA');
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(30 * 365), 'ŽENSKI'), { ime: 'Klupa', prezime: 'Provjerić' });
});
afterAll(async () => { await t.close(); });

/** The message framed as an E1381 log shows it: one record per frame, numbered, each with its checksum. */
function framed(text: string): string {
  const records = text.split('\r').filter((record) => record !== '');
  return records.map((record, index) => {
    const body = `${(index + 1) % 8}${record}\r\u0003`;
    return `\u0002${body}${astmChecksum(new TextEncoder().encode(body))}\r\n`;
  }).join('');
}

async function rowCounts() {
  const [messages] = await t.database.db.select({ n: count() }).from(analyserMessages);
  const [applied] = await t.database.db.select({ n: count() }).from(analyserResults);
  const [review] = await t.database.db.select({ n: count() }).from(analyserReviewItems);
  return [messages!.n, applied!.n, review!.n];
}

describe('the capture bench', () => {
  it('checks a framed capture without storing anything, then stores it through the ingest', async () => {
    const analyser = await saveAnalyser(client, admin, { ime: 'Klupa ASTM', mapa: { GLU: cat.sifra.GLU } }, sarajevo);
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const capture = framed(astmMessage(sample.code, [['GLU', '5.4', 'mmol/L', 'N'], ['XYZ', '1.0', '', '']]));
    const before = await rowCounts();

    const check = await client.post(admin, '/integracija/provjera', { analyser: analyser._id, tekst: capture }, sarajevo);
    expect(check.statusCode, check.body).toBe(200);
    const answer = check.json<BenchCheckAnswer>();
    expect(answer).toMatchObject({ protokol: 'astm', delimiteri: '|\\^&', greska: null });
    expect(answer.rezultati).toEqual([
      expect.objectContaining({ uzorak: sample.code, uzorak_postoji: true, test: 'GLU', sifra: cat.sifra.GLU, vrijednost: '5.4', pohranjeno: '5.4', flag: 'N', razlog: null }),
      expect.objectContaining({ uzorak: sample.code, uzorak_postoji: true, test: 'XYZ', sifra: null, pohranjeno: null, razlog: 'unmappedCode' }),
    ]);
    expect(await rowCounts()).toEqual(before);
    expect((await calls.tests(tech, sample._id)).GLU).toMatchObject({ rezultat: null });

    const store = await client.post(admin, '/integracija/provjera/spremi', { analyser: analyser._id, tekst: capture }, sarajevo);
    expect(store.statusCode, store.body).toBe(200);
    expect(store.json<BenchStoreAnswer>()).toMatchObject({ duplikat: false, primijenjeno: 1, za_pregled: 1, greska: null });
    expect((await calls.tests(tech, sample._id)).GLU).toMatchObject({ rezultat: '5.4' });
    const [message] = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, analyser._id));
    expect(message).toMatchObject({ outcome: 'review', rezultata: 1, zaPregled: 1 });
    expect(message!.raw.startsWith('H|\\^&')).toBe(true);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, message!.id));
    expect(audit.map((row) => row.action)).toContain('analyser.benchStore');
  });

  it('says why a no-result value and an unknown specimen would be refused', async () => {
    const analyser = await saveAnalyser(client, admin, { ime: 'Klupa nema rezultata', mapa: { GLU: cat.sifra.GLU } }, sarajevo);
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const text = `${astmMessage(sample.code, [['GLU', '----', 'mmol/L', '']])}`.replace(/\r/g, '\n');
    const answer = (await client.post(admin, '/integracija/provjera', { analyser: analyser._id, tekst: text }, sarajevo)).json<BenchCheckAnswer>();
    expect(answer.rezultati).toEqual([expect.objectContaining({ test: 'GLU', razlog: 'noResult', pohranjeno: null })]);
    const unknown = (await client.post(admin, '/integracija/provjera', {
      analyser: analyser._id, tekst: astmMessage('NEMA-TAKVOG', [['GLU', '5.0', 'mmol/L', '']]),
    }, sarajevo)).json<BenchCheckAnswer>();
    expect(unknown.rezultati).toEqual([expect.objectContaining({ uzorak: 'NEMA-TAKVOG', uzorak_postoji: false, razlog: 'unknownSpecimen' })]);
  });

  it('refuses a user without the right to enter results on store (403), storing nothing', async () => {
    const analyser = await saveAnalyser(client, admin, { ime: 'Klupa pregled', mapa: { GLU: cat.sifra.GLU } }, sarajevo);
    const before = await rowCounts();
    const capture = astmMessage('X1', [['GLU', '5.0', 'mmol/L', '']]);
    const response = await client.post(viewer, '/integracija/provjera/spremi', { analyser: analyser._id, tekst: capture }, sarajevo);
    expect(response.statusCode).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });
});
