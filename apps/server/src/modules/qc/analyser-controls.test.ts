import { and, eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyserAnswer, HoldsAnswer, RetryAnswer } from '@lis/domain';
import { analyserMessages, analyserReviewItems, auditLog, qcResults, sampleTests } from '../../db/schema.ts';
import { signIn, siteId, type SignedIn } from '../../test/harness.ts';
import { createResultCatalogue, resultCalls, type ResultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { captureMessageText, sendAstmMessage, sendHl7Message } from '../integration/replay.ts';
import { astmMessage, createIntegrationApp, portOf, readCapture, saveAnalyser, type IntegrationTestApp } from '../integration/test-fixtures.ts';
import { defineLot, enterRun } from './test-fixtures.ts';

// Control results from analysers: a specimen the analyser's setting recognises as a control (its id's prefix, or the
// message's QC flag: ASTM O-12 action code Q, HL7 OBR-11 Q) goes to quality control as a run of the lot and level its
// specimen id names, through the same rules as /kontrole/unos, with the analyser recorded; never to a patient's
// sample. A rejected analyser run holds that analyser's patient results of the assay and those entered by hand.

let t: IntegrationTestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let admin: SignedIn;
let tech: SignedIn;
let specialist: SignedIn;
let patient: { _id: string };
const HOST = '127.0.0.1';
const emitted: { event: string; payload: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await createIntegrationApp();
  client = api(t);
  [admin, tech, specialist] = await Promise.all(['admin@demo.lab', 'tehnicar@demo.lab', 'specijalista@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn, SignedIn];
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(50 * 365 + 3), 'ŽENSKI'), { ime: 'Kontrolna', prezime: 'Aparatović' });
  const room = (name: string) => ({ emit: (event: string, payload: Record<string, unknown>) => { if (name.startsWith('site:')) emitted.push({ event, payload }); } });
  t.realtime.attach({ to: room } as unknown as Server);
});
afterAll(async () => { await t.close(); });

/** The Abbott Afinion 2 capture (one order, HbA1c 5.9 %) with its specimen id (O-4), action code (O-12) and value replaced. */
function afinion(specimen: string, actionCode: string, value = '5.9'): string {
  const text = captureMessageText(readCapture('abbott-afinion2_astm-e1381-framed.astm'));
  return text.split('\r').map((record) => {
    const fields = record.split('|');
    if (fields[0] === 'O') { fields[3] = specimen; fields[11] = actionCode; }
    if (fields[0] === 'R') fields[3] = value;
    return fields.join('|');
  }).join('\r');
}

async function analyserWith(ime: string, fields: Record<string, unknown>, site = admin.site): Promise<{ analyser: AnalyserAnswer; port: number }> {
  const analyser = await saveAnalyser(client, admin, { ime, ...fields }, site);
  return { analyser, port: portOf(analyser) };
}

async function messagesOf(analyserId: string) {
  return t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, analyserId)).orderBy(analyserMessages.receivedAt);
}

async function controlResultsOf(controlId: string) {
  return t.database.db.select().from(qcResults).where(eq(qcResults.controlId, controlId)).orderBy(qcResults.createdAt);
}

async function send(port: number, text: string): Promise<void> {
  const report = await sendAstmMessage(HOST, port, text);
  expect(report.ok, report.steps.join('\n')).toBe(true);
}

/** A sample of the patient with the assay's result from this analyser's message (the analyser's code HbA1c or K). */
async function sampleFromAnalyser(port: number, assay: 'GLU' | 'K', code: string, value: string): Promise<string> {
  const sample = await calls.createSample(tech, patient._id, [assay]);
  await send(port, astmMessage(sample.code, [[code, value, 'mmol/L', 'N']], `PAC-${sample.code}`));
  expect((await calls.tests(tech, sample._id))[assay]?.rezultat).toBe(value);
  return sample._id;
}

describe('control results from an analyser (ASTM and HL7)', () => {
  it('a real Afinion message flagged QC (O-12 Q) becomes a run of the lot and level its specimen id names, with the analyser; judged, audited, announced', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.GLU, nivo: 1, mean: 5, sd: 0.2 }], { uzorci_aparata: [{ nivo: 1, uzorak: 'QC-A1C-1' }] });
    expect(lot.uzorci_aparata).toEqual([{ nivo: 1, uzorak: 'QC-A1C-1' }]);
    const { analyser, port } = await analyserWith('Afinion QC', { mapa: { HbA1c: cat.sifra.GLU } });
    expect(analyser).toMatchObject({ kontrole: { prefiksi: [], qc_oznaka: true } });

    await send(port, afinion('qc-a1c-1', 'Q'));
    const [message] = await messagesOf(analyser._id);
    expect(message).toMatchObject({ outcome: 'control', kontrolnih: 1, rezultata: 0, zaPregled: 0 });
    const [row] = await controlResultsOf(lot._id);
    // 5.9 against 5.0 ± 0.2: z 4.5, beyond 3 SD.
    expect(row).toMatchObject({
      labassayId: cat.ids.GLU, nivo: 1, unos: '5.9', vrijednost: 5.9, z: 4.5, status: 'odbijen', analyserId: analyser._id, messageId: message!.id,
      izvor: 'Afinion QC', unioBy: null,
    });
    expect(row!.pravila).toContain('1-3s');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'qc.result.create', userId: null, requestId: `analyser-message:${message!.id}` })]);
    expect(emitted).toContainEqual({
      event: 'qc:rejected', payload: expect.objectContaining({ labassay: cat.ids.GLU, serija: row!.serija, analyser: 'Afinion QC', lot: lot.lot }) as unknown,
    });
    const listed = (await client.get(tech, `/kontrole/obrada/rezultati?kontrola=${lot._id}&datum=SVE`)).json<{ data: { izvor: string }[] }>();
    expect(listed.data).toEqual([expect.objectContaining({ izvor: 'Afinion QC' })]);
    const holds = (await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade;
    expect(holds).toContainEqual(expect.objectContaining({ labassay: cat.ids.GLU, analyser: analyser._id, analyser_ime: 'Afinion QC', pravila: ['1-3s'] }));
  });

  it('a QC-flagged specimen is never a patient result, even with a sample code; unknown, expired and targetless controls are kept for review', async () => {
    await defineLot(client, specialist, [{ labassay: cat.ids.GLU, nivo: 1, mean: 5, sd: 0.2 }], { rok_trajanja: '2020-01-31', uzorci_aparata: [{ nivo: 1, uzorak: 'QC-STARI' }] });
    await defineLot(client, specialist, [{ labassay: cat.ids.K, nivo: 1, mean: 4, sd: 0.1 }], { uzorci_aparata: [{ nivo: 1, uzorak: 'QC-BEZ-GLU' }] });
    const { analyser, port } = await analyserWith('Afinion pregled', { mapa: { HbA1c: cat.sifra.GLU } });
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const text = [
      'H|\\^&|||Afinion 2 Analyzer^^AF1', 'P|1',
      `O|1||${sample.code}|^^^HbA1c|||||||Q`, 'R|1|^^^HbA1c|5.1|%||||F',
      'O|2||QC-STARI|^^^HbA1c|||||||Q', 'R|1|^^^HbA1c|5.0|%||||F',
      'O|3||QC-BEZ-GLU|^^^HbA1c|||||||Q', 'R|1|^^^HbA1c|5.0|%||||F',
      'O|4||QC-A1C-1|^^^XYZ|||||||Q', 'R|1|^^^XYZ|1.0|%||||F',
      'L|1|N',
    ].join('\r');
    await send(port, text);
    expect((await calls.tests(tech, sample._id)).GLU?.rezultat).toBeNull();
    const [stored] = await t.database.db.select().from(sampleTests).where(and(eq(sampleTests.sampleId, sample._id), eq(sampleTests.labassayId, cat.ids.GLU)));
    expect(stored?.rezultat).toBeNull();
    const [message] = await messagesOf(analyser._id);
    expect(message).toMatchObject({ outcome: 'review', kontrolnih: 0, rezultata: 0, zaPregled: 4 });
    const items = await t.database.db.select().from(analyserReviewItems).where(eq(analyserReviewItems.messageId, message!.id));
    expect(items.map((item) => [item.specimenId, item.razlog, item.kontrola, item.sampleId]).sort()).toEqual([
      ['QC-A1C-1', 'unmappedCode', true, null],
      ['QC-BEZ-GLU', 'controlNoTarget', true, null],
      ['QC-STARI', 'controlExpired', true, null],
      [sample.code, 'unknownControl', true, null],
    ].sort());
    expect(await t.database.db.select().from(qcResults).where(eq(qcResults.messageId, message!.id))).toEqual([]);
  });

  it('recognises controls by the prefix of the analyser; an unknown one waits for review and becomes a run on retry once its lot names it', async () => {
    const { analyser, port } = await analyserWith('Hemija KON', { mapa: { GLU: cat.sifra.GLU }, kontrole: { prefiksi: ['KON'], qc_oznaka: false } });
    await send(port, astmMessage('kon-novi-2', [['GLU', '10.4', 'mmol/L', 'N']], 'KON-1'));
    const [message] = await messagesOf(analyser._id);
    expect(message).toMatchObject({ outcome: 'review', zaPregled: 1 });
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.GLU, nivo: 2, mean: 10, sd: 0.4 }], { uzorci_aparata: [{ nivo: 2, uzorak: 'KON-NOVI-2' }] });
    const retried = await client.post(tech, '/retry', { id: message!.id });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<RetryAnswer>()).toMatchObject({ ishod: 'control', primijenjeno: 1, za_pregled: 0 });
    expect(await controlResultsOf(lot._id)).toEqual([expect.objectContaining({ nivo: 2, vrijednost: 10.4, z: 1, status: 'prihvacen', analyserId: analyser._id })]);
    const [after] = await messagesOf(analyser._id);
    expect(after).toMatchObject({ outcome: 'control', kontrolnih: 1, zaPregled: 0 });
    // With the flag not heeded, a QC-flagged specimen without the prefix is a patient's sample as usual.
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    await send(port, astmMessage(sample.code, [['GLU', '6.6', 'mmol/L', 'N']], 'KON-2').replace('|R||||||N', '|R||||||Q'));
    expect((await calls.tests(tech, sample._id)).GLU?.rezultat).toBe('6.6');
  });

  it('an HL7 ORU whose OBR-11 is Q is a control run too', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.HGB, nivo: 3, mean: 140, sd: 4 }], { uzorci_aparata: [{ nivo: 3, uzorak: 'HEM-3' }] });
    const { analyser, port } = await analyserWith('Hematologija HL7', { protokol: 'hl7', mapa: { HGB: cat.sifra.HGB } });
    const text = [
      'MSH|^~\\&|BC5380|LAB|LIS|LAB|20260101120000||ORU^R01|QC-77|P|2.5', 'PID|1||QC',
      'OBR|1|HEM-3|HEM-3|CBC^CBC|||||||Q', 'OBX|1|NM|HGB^HGB||142|g/L||N|||F',
    ].join('\r');
    const report = await sendHl7Message(HOST, port, `${text}\r`);
    expect(report.ok, report.steps.join('\n')).toBe(true);
    expect(await controlResultsOf(lot._id)).toEqual([expect.objectContaining({ nivo: 3, vrijednost: 142, status: 'prihvacen', analyserId: analyser._id })]);
  });

  it("a specimen id names one lot's level at the site (case ignored): another lot's is refused naming it", async () => {
    const response = await client.post(specialist, '/kontrole/definicija/save', {
      element: { control: 'Druga', lot: 'D-1', rok_trajanja: '2099-12-31', uzorci_aparata: [{ nivo: 1, uzorak: 'qc-a1c-1' }] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'qc.specimenTaken', field: 'element.uzorci_aparata.0.uzorak', params: { uzorak: 'qc-a1c-1' } });
  });

  it("a TZ analyser's control with an SA lot's specimen id is an unknown control at TZ", async () => {
    const tuzla = siteId(admin, 'TZ');
    const { analyser, port } = await analyserWith('Afinion Tuzla', { mapa: { HbA1c: cat.sifra.GLU } }, tuzla);
    await send(port, afinion('QC-A1C-1', 'Q', '5.2'));
    const [message] = await messagesOf(analyser._id);
    expect(message).toMatchObject({ siteId: tuzla, outcome: 'review', kontrolnih: 0 });
    const [item] = await t.database.db.select().from(analyserReviewItems).where(eq(analyserReviewItems.messageId, message!.id));
    expect(item).toMatchObject({ razlog: 'unknownControl', kontrola: true });
  });
});

describe('holds per analyser', () => {
  it("an analyser's rejected run holds its own and hand-entered results of the assay, not another analyser's; the refusal names the assay and rule", async () => {
    // The Afinion QC run of the first test rejected GLU on that analyser.
    const afinionQc = (await client.get(admin, '/postavke/analysers/list?per_page=100')).json<{ data: AnalyserAnswer[] }>().data.find((row) => row.ime === 'Afinion QC')!;
    const other = await analyserWith('Drugi analizator', { mapa: { HbA1c: cat.sifra.GLU, K: cat.sifra.K } });
    const fromAfinion = await sampleFromAnalyser(portOf(afinionQc), 'GLU', 'HbA1c', '5.3');
    const fromOther = await sampleFromAnalyser(other.port, 'GLU', 'HbA1c', '5.4');
    const { _id: byHand } = await calls.createSample(tech, patient._id, ['GLU']);
    await calls.saved(specialist, byHand, { GLU: '5.5' });

    const refused = await calls.move(specialist, 'odobri', { sid: fromAfinion });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'qc.hold', params: { naziv: 'GLU test', pravilo: '1-3s' } });
    expect((await calls.move(specialist, 'odobri', { sid: byHand })).json()).toMatchObject({ code: 'qc.hold' });
    await calls.moved(specialist, 'odobri', { sid: fromOther });

    const hold = (await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade.find((entry) => entry.analyser === afinionQc._id)!;
    expect((await client.post(tech, '/kontrole/korektivna', { serija: hold.serija, opis: 'Novi uložak, kontrola ponovljena' })).statusCode).toBe(200);
    await calls.moved(specialist, 'odobri', { sid: fromAfinion });
    await calls.moved(specialist, 'odobri', { sid: byHand });
  });

  it("a rejected run entered by hand holds every result of the assay, an analyser's too", async () => {
    const other = (await client.get(admin, '/postavke/analysers/list?per_page=100')).json<{ data: AnalyserAnswer[] }>().data.find((row) => row.ime === 'Drugi analizator')!;
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.K, nivo: 1, mean: 4, sd: 0.1 }]);
    const run = await enterRun(client, tech, lot._id, cat.ids.K, { 1: '4.5' });
    expect(run.status).toBe('odbijen');
    const fromOther = await sampleFromAnalyser(portOf(other), 'K', 'K', '4.1');
    const refused = await calls.move(specialist, 'odobri', { sid: fromOther });
    expect(refused.json()).toMatchObject({ code: 'qc.hold', params: { naziv: 'K test', pravilo: '1-3s' } });
    const holds = (await client.get(tech, '/kontrole/blokade')).json<HoldsAnswer>().blokade;
    expect(holds).toContainEqual(expect.objectContaining({ labassay: cat.ids.K, analyser: null, analyser_ime: null, serija: run.serija }));
  });
});
