import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewItemsAnswer } from '@lis/domain';
import { analyserMessages, analyserResults } from '../../db/schema.ts';
import { signIn, siteId, type SignedIn } from '../../test/harness.ts';
import { createResultCatalogue, resultCalls, type ResultAssay, type ResultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { captureFrames, replayAstmFrames, sendAstmMessage, sendHl7Message } from './replay.ts';
import { captureFiles, createIntegrationApp, giveSampleCode, hl7Oru, portOf, readCapture, saveAnalyser, type IntegrationTestApp } from './test-fixtures.ts';

/**
 * Every shared real capture (../shared/analyser-captures) sent over TCP to the running ingest lands on a
 * sample: the test gives samples the captures' specimen ids as codes, maps the captures' test codes to the
 * fixture's lab assays, and reads the values on the samples literally.
 */

let t: IntegrationTestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let admin: SignedIn;
let tech: SignedIn;
let sarajevo: string;
let patient: { _id: string };
const HOST = '127.0.0.1';

beforeAll(async () => {
  t = await createIntegrationApp();
  client = api(t);
  [admin, tech] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab')]);
  sarajevo = siteId(admin, 'SA');
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(40 * 365 + 20), 'MUŠKI'), { ime: 'Snimka', prezime: 'Aparatović' });
});
afterAll(async () => { await t.close(); });

/** A sample with these tests whose code is the capture's specimen id. */
async function sampleWithCode(code: string, tests: readonly ResultAssay[]): Promise<string> {
  const sample = await calls.createSample(tech, patient._id, tests);
  await giveSampleCode(t.database.db, sample._id, code);
  return sample._id;
}

/** Sends a capture over TCP to an analyser mapping the given codes to fixture assays; answers its stored message. */
async function sendCapture(file: string, ime: string, mapping: Partial<Record<string, ResultAssay>>) {
  const mapa = Object.fromEntries(Object.entries(mapping).map(([code, assay]) => [code, cat.sifra[assay as ResultAssay]]));
  const analyser = await saveAnalyser(client, admin, { ime, mapa }, sarajevo);
  const report = await replayAstmFrames(HOST, portOf(analyser), captureFrames(readCapture(file)));
  expect(report.ok, report.steps.join('\n')).toBe(true);
  const [message] = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, analyser._id));
  if (!message) throw new Error('the capture was not stored');
  return message;
}

async function reviewOf(messageId: string): Promise<ReviewItemsAnswer['data']> {
  const response = await client.get(admin, '/integracija/pregled/stavke?per_page=500&datum=SVE', sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewItemsAnswer>().data.filter((item) => item.poruka === messageId);
}

async function appliedOf(messageId: string) {
  const rows = await t.database.db.select().from(analyserResults).where(eq(analyserResults.messageId, messageId));
  return rows.map((row) => [row.testCode, row.vrijednost, row.jedinica, row.flag]).sort();
}

describe('every real capture lands on a sample over TCP', () => {
  it('knows every capture this test covers', () => {
    expect(captureFiles()).toEqual([
      'abbott-afinion2_astm-e1381-framed.astm',
      'horiba-pentra-xlr_astm-e1381-framed.astm',
      'roche-cobas-c111_astm-e1381-framed.astm',
      'sysmex-xn550_astm-e1381-framed.astm',
    ]);
  });

  it('Abbott Afinion 2: HbA1c 5.9 % on sample 5 (O-4)', async () => {
    const sid = await sampleWithCode('5', ['CHOL']);
    const message = await sendCapture('abbott-afinion2_astm-e1381-framed.astm', 'Afinion 2', { HbA1c: 'CHOL' });
    expect(message).toMatchObject({ outcome: 'applied', rezultata: 1, zaPregled: 0 });
    expect((await calls.tests(tech, sid)).CHOL).toMatchObject({ rezultat: '5.9' });
    expect(await appliedOf(message.id)).toEqual([['HbA1c', '5.9', '%', null]]);
  });

  it('Sysmex XN-550: WBC 8.13 and HGB 8.0 on sample 27 (O-4 `^^  27^M`, test ids `^^^^WBC^1`); its other codes wait as unmapped', async () => {
    const sid = await sampleWithCode('27', ['ALP', 'HGB']);
    const message = await sendCapture('sysmex-xn550_astm-e1381-framed.astm', 'Sysmex XN-550', { WBC: 'ALP', HGB: 'HGB' });
    const tests = await calls.tests(tech, sid);
    expect(tests.ALP).toMatchObject({ rezultat: '8.13' });
    expect(tests.HGB).toMatchObject({ rezultat: '8.0' });
    expect(await appliedOf(message.id)).toEqual([['HGB', '8.0', 'g/dL', 'N'], ['WBC', '8.13', '10*3/uL', 'N']]);
    const review = await reviewOf(message.id);
    expect(review.length).toBe(39);
    expect(new Set(review.map((item) => [item.uzorak, item.razlog].join(' ')))).toEqual(new Set(['27 unmappedCode']));
    expect(message).toMatchObject({ outcome: 'review', rezultata: 2, zaPregled: 39 });
  });

  it("Horiba Pentra XLR: WBC 8.5 and HGB 14.0 on sample S1234 (O-3 `S1234^00^00`, LOINC in the test id); BAS# ----- held for review as no result", async () => {
    const sid = await sampleWithCode('S1234', ['CRP', 'HGB', 'K']);
    const message = await sendCapture('horiba-pentra-xlr_astm-e1381-framed.astm', 'Pentra XLR', { WBC: 'CRP', HGB: 'HGB', 'BAS#': 'K' });
    const tests = await calls.tests(tech, sid);
    expect(tests.CRP).toMatchObject({ rezultat: '8.5' });
    expect(tests.HGB).toMatchObject({ rezultat: '14.0' });
    expect(tests.K).toMatchObject({ rezultat: null });
    expect(await appliedOf(message.id)).toEqual([['HGB', '14.0', '1', null], ['WBC', '8.5', '1', null]]);
    const review = await reviewOf(message.id);
    expect(review.find((item) => item.test === 'BAS#')).toMatchObject({ uzorak: 'S1234', razlog: 'noResult', vrijednost: '-----', flag: 'HH', sid });
    expect(review.filter((item) => item.razlog !== 'unmappedCode').map((item) => item.test)).toEqual(['BAS#']);
  });

  it('Roche cobas c111: test 413 40.13 g/L on sample `T20 10134GA D28` (O-4), its M record ignored', async () => {
    const sid = await sampleWithCode('T20 10134GA D28', ['TG']);
    const message = await sendCapture('roche-cobas-c111_astm-e1381-framed.astm', 'cobas c111', { 413: 'TG' });
    expect(message).toMatchObject({ outcome: 'applied', rezultata: 1, zaPregled: 0, error: null });
    expect((await calls.tests(tech, sid)).TG).toMatchObject({ rezultat: '40.13' });
    expect(await appliedOf(message.id)).toEqual([['413', '40.13', 'g/L', 'N']]);
  });
});

describe('one value interpretation for every protocol (analyserValue in the ingest)', () => {
  it('haematology value^flag under non-default delimiters, a censored value, a ratio on a text assay and *** as no result', async () => {
    const mapa = { HGB: cat.sifra.HGB, GLU: cat.sifra.GLU, TITER: cat.sifra.BOJA, K: cat.sifra.K };
    const analyser = await saveAnalyser(client, admin, { ime: 'Hematologija !~@$', mapa }, sarajevo);
    const sample = await calls.createSample(tech, patient._id, ['HGB', 'GLU', 'BOJA', 'K']);
    const text = [
      'H!~@$!!!XN@1!!!!!!!P!1',
      'P!1',
      `O!1!${sample.code}!!@@@HGB`,
      'R!1!@@@HGB!140@H!g/L!!!!F',
      'R!2!@@@GLU!<0.5!mmol/L!!L!!F',
      'R!3!@@@TITER!1:40!!!!!F',
      'R!4!@@@K!***!mmol/L!!!!F',
      'L!1!N',
    ].join('\r');
    const report = await sendAstmMessage(HOST, portOf(analyser), `${text}\r`);
    expect(report.ok, report.steps.join('\n')).toBe(true);
    const tests = await calls.tests(tech, sample._id);
    expect(tests.HGB).toMatchObject({ rezultat: '140' });
    expect(tests.GLU).toMatchObject({ rezultat: '<0.5' });
    expect(tests.BOJA).toMatchObject({ rezultat: '1:40' });
    expect(tests.K).toMatchObject({ rezultat: null });
    const [message] = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, analyser._id));
    // The instrument's flag (the value field's second component) is kept with the analyser result.
    expect(await appliedOf(message!.id)).toEqual([['GLU', '<0.5', 'mmol/L', 'L'], ['HGB', '140', 'g/L', 'H'], ['TITER', '1:40', null, null]]);
    expect((await reviewOf(message!.id)).map((item) => [item.test, item.razlog, item.vrijednost])).toEqual([['K', 'noResult', '***']]);
    // The result screen shows the analyser's flags beside the results it entered, until a person changes one.
    expect([tests.HGB?.aparat_flag, tests.GLU?.aparat_flag, tests.BOJA?.aparat_flag, tests.K?.aparat_flag]).toEqual(['H', 'L', null, null]);
    await calls.saved(tech, sample._id, { HGB: '141' });
    expect((await calls.tests(tech, sample._id)).HGB).toMatchObject({ rezultat: '141', aparat_flag: null });
  });

  it('reads values with the decimal mark the analyser is set to, and an HL7 value the same way', async () => {
    const astm = await saveAnalyser(client, admin, { ime: 'Zarez', mapa: { ALP: cat.sifra.ALP }, tumacenje: { decimalMark: ',' } }, sarajevo);
    const sample = await calls.createSample(tech, patient._id, ['ALP', 'CRP']);
    const text = `H|\\^&\rP|1\rO|1|${sample.code}\rR|1|^^^ALP|1.234,5|U/L\rL|1|N\r`;
    expect((await sendAstmMessage(HOST, portOf(astm), text)).ok).toBe(true);
    expect((await calls.tests(tech, sample._id)).ALP).toMatchObject({ rezultat: '1234.5' });
    const hl7 = await saveAnalyser(client, admin, { ime: 'HL7 vrijednosti', protokol: 'hl7', mapa: { CRP: cat.sifra.CRP } }, sarajevo);
    const report = await sendHl7Message(HOST, portOf(hl7), hl7Oru(sample.code, 'VAL-1', [['CRP', '----', 'mg/L', '']]));
    expect(report.ok, report.steps.join('\n')).toBe(true);
    const [message] = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, hl7._id));
    expect((await reviewOf(message!.id)).map((item) => [item.test, item.razlog, item.vrijednost])).toEqual([['CRP', 'noResult', '----']]);
  });
});

describe('framing set per analyser', () => {
  it('with tumacenje.bareFrames, takes STX text ETX frames with no frame number and no checksum over TCP', async () => {
    const analyser = await saveAnalyser(client, admin, { ime: 'Bez okvira', mapa: { GLU: cat.sifra.GLU }, tumacenje: { bareFrames: true } }, sarajevo);
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const connection = net.connect({ host: HOST, port: portOf(analyser) }, () => resolve(connection));
      connection.once('error', reject);
    });
    const received: number[] = [];
    let wake: (() => void) | null = null;
    socket.on('data', (chunk: Buffer) => { received.push(...chunk); wake?.(); });
    const next = async (): Promise<number | undefined> => {
      if (received.length === 0) await new Promise<void>((resolve) => { wake = resolve; setTimeout(resolve, 10_000); });
      return received.shift();
    };
    try {
      socket.write(Buffer.of(0x05));
      expect(await next()).toBe(0x06);
      for (const record of ['H|\\^&|||BARE', 'P|1', `O|1|${sample.code}||^^^GLU`, 'R|1|^^^GLU|6.3|mmol/L||H||F', 'L|1|N']) {
        socket.write(Buffer.concat([Buffer.of(0x02), Buffer.from(`${record}\r`, 'latin1'), Buffer.from('\u0003\r\n', 'latin1')]));
        expect(await next(), record).toBe(0x06);
      }
      socket.write(Buffer.of(0x04));
    } finally {
      socket.destroy();
    }
    expect((await calls.tests(tech, sample._id)).GLU).toMatchObject({ rezultat: '6.3', aparat_flag: 'H' });
  });
});
