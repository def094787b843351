import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MllpDecoder, astmChecksum, interpretAstm, mllpFrame } from '@lis/analyser-protocols';
import type { AnalyserAssaysAnswer, AnalyserMessagesAnswer, ReviewItemsAnswer, RetryAnswer } from '@lis/domain';
import { analyserMessages, analyserResults, auditLog, sampleTests } from '../../db/schema.ts';
import { signIn, siteId, type SignedIn } from '../../test/harness.ts';
import { createResultCatalogue, resultCalls, type ResultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { captureFrames, captureMessageText, replayAstmFrames, sendAstmMessage, sendHl7Message, withSpecimen } from './replay.ts';
import {
  CAPTURES_DIR, astmMessage, captureFiles, createIntegrationApp, hl7Oru, listAnalysers, portOf, readCapture, saveAnalyser, until,
  type IntegrationTestApp,
} from './test-fixtures.ts';
import { freePort } from '../../test/server-process.ts';

let t: IntegrationTestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let admin: SignedIn;
let tech: SignedIn;
let sarajevo: string;
let tuzla: string;
let patient: { _id: string };
const HOST = '127.0.0.1';

beforeAll(async () => {
  t = await createIntegrationApp();
  client = api(t);
  [admin, tech] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab')]);
  sarajevo = siteId(admin, 'SA');
  tuzla = siteId(admin, 'TZ');
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(40 * 365 + 20), 'MUŠKI'), { ime: 'Analizator', prezime: 'Prijemović' });
});
afterAll(async () => { await t.close(); });

const ENQ_BYTE = 0x05;
const ACK_BYTE = 0x06;
const EOT_BYTE = 0x04;

/**
 * An analyser's end of an ASTM connection written byte by byte (no link state machine of ours), for the
 * exchanges a sender that follows the rules cannot make, such as bidding for the line against the LIS.
 */
async function rawAstmPeer(port: number) {
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const connection = net.connect({ host: HOST, port }, () => resolve(connection));
    connection.once('error', reject);
  });
  const received: number[] = [];
  let wake: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => { received.push(...chunk); wake?.(); });
  const next = async (timeoutMs = 10_000): Promise<number | null> => {
    if (received.length === 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        wake = () => { clearTimeout(timer); resolve(); };
      });
      wake = null;
    }
    return received.shift() ?? null;
  };
  const write = (bytes: number[] | Buffer) => { socket.write(Buffer.from(bytes)); };
  /** One frame per record, numbered from 1, each sent once the previous one was acknowledged. */
  const sendFrames = async (records: readonly string[]) => {
    for (const [index, record] of records.entries()) {
      const body = Buffer.from(`${(index + 1) % 8}${record}\r\u0003`, 'latin1');
      write(Buffer.concat([Buffer.of(0x02), body, Buffer.from(`${astmChecksum(body)}\r\n`, 'latin1')]));
      expect(await next(), `the ACK of frame ${index + 1}`).toBe(ACK_BYTE);
    }
  };
  return {
    next, write, sendFrames,
    async sendSession(records: readonly string[]) {
      write([ENQ_BYTE]);
      expect(await next()).toBe(ACK_BYTE);
      await sendFrames(records);
      write([EOT_BYTE]);
    },
    /** Acknowledges the LIS's ENQ (already read) and each frame, answering the text up to its EOT. */
    async receiveSession(): Promise<string> {
      const bytes: number[] = [];
      write([ACK_BYTE]);
      for (let byte = await next(); byte !== EOT_BYTE; byte = await next()) {
        if (byte === null) throw new Error('the LIS stopped sending before EOT');
        bytes.push(byte);
        if (byte === 0x0a) write([ACK_BYTE]);
      }
      return captureMessageText(Uint8Array.from(bytes));
    },
    close: () => socket.destroy(),
  };
}

async function messagesOf(analyserId: string) {
  return t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, analyserId));
}

async function reviewItems(user: SignedIn = admin, site = sarajevo): Promise<ReviewItemsAnswer['data']> {
  const response = await client.get(user, '/integracija/pregled/stavke?per_page=500&datum=SVE', site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewItemsAnswer>().data;
}

/** A listening analyser with a map of the fixture assays; answers it and the port. */
async function listeningAnalyser(ime: string, fields: Record<string, unknown> = {}, user = admin, site = sarajevo) {
  const analyser = await saveAnalyser(client, user, {
    ime, mapa: { GLU: cat.sifra.GLU, K: cat.sifra.K, HGB: cat.sifra.HGB }, ...fields,
  }, site);
  return { analyser, port: portOf(analyser) };
}

describe('analyser settings (postavke/analysers/edit and list)', () => {
  it('adds an analyser that listens at once, changes it with _id (restarting the listener), stops it when inactive; audited', async () => {
    const { analyser, port } = await listeningAnalyser('Cobas Postavke', { serijski_broj: 'SN-1' });
    expect(analyser).toMatchObject({ protokol: 'astm', checksum: true, aktivan: true, serijski_broj: 'SN-1', veza: { stanje: 'listening' } });
    const changed = await saveAnalyser(client, admin, { _id: analyser._id, ime: 'Cobas Postavke', protokol: 'hl7', mapa: {} });
    expect(changed.protokol).toBe('hl7');
    expect(changed.veza.stanje).toBe('listening');
    // The HL7 listener answers an HL7 message now.
    expect((await sendHl7Message(HOST, portOf(changed), hl7Oru('NIJEDAN', 'SET-1', [['GLU', '5', 'mmol/L', 'N']]))).ok).toBe(true);
    const stopped = await saveAnalyser(client, admin, { _id: analyser._id, ime: 'Cobas Postavke', protokol: 'hl7', aktivan: false });
    expect(stopped.veza).toMatchObject({ stanje: 'off', port: null });
    await expect(sendHl7Message(HOST, port, 'MSH|^~\\&|X')).rejects.toThrow();
    const listed = (await listAnalysers(client, admin)).find((row) => row._id === analyser._id);
    expect(listed).toMatchObject({ ime: 'Cobas Postavke', aktivan: false, poruka_danas: 1 });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, analyser._id));
    expect(audit.map((row) => row.action).sort()).toEqual(['analyser.create', 'analyser.update', 'analyser.update']);
  });

  it.each([
    [{ protokol: 'ftp' }, 'analyser.protokol'],
    [{ transport: { mode: 'listen', port: 70000 } }, 'analyser.transport.port'],
    [{ transport: { mode: 'connect', port: 5000 } }, 'analyser.transport.host'],
    [{ ime: '' }, 'analyser.ime'],
    [{ mapa: { WBC: 'NEPOSTOJI-XYZ' } }, 'analyser.mapa.WBC'],
    [{ checksum: 'da' }, 'analyser.checksum'],
  ])('refuses %j naming the field', async (change, field) => {
    const response = await client.post(admin, '/postavke/analysers/edit', { analyser: { ime: 'Loš', protokol: 'astm', transport: { mode: 'listen', port: 0 }, ...change } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
  });

  it('refuses a second analyser of the same name at the site, a port another listener has, and a technician', async () => {
    const { port } = await listeningAnalyser('Jedinstveni', { transport: { mode: 'listen', port: await freePort() } });
    const sameName = await client.post(admin, '/postavke/analysers/edit', { analyser: { ime: 'jedinstveni', protokol: 'astm', transport: { mode: 'listen', port: 0 } } });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ code: 'integration.duplicateName', field: 'analyser.ime' });
    // The port is the lab's: a TZ analyser cannot take it either.
    const samePort = await client.post(admin, '/postavke/analysers/edit', { analyser: { ime: 'Drugi', protokol: 'astm', transport: { mode: 'listen', port } } }, tuzla);
    expect(samePort.statusCode).toBe(409);
    expect(samePort.json()).toMatchObject({ code: 'integration.portTaken', field: 'analyser.transport.port' });
    const byTech = await client.post(tech, '/postavke/analysers/edit', { analyser: { ime: 'Tehničarev', protokol: 'astm', transport: { mode: 'listen', port: 0 } } });
    expect(byTech.statusCode).toBe(403);
  });
});

describe('the analyser assay table (GET /api/assays/analyser/list) and switched-off mappings', () => {
  async function assayRows(query: string, site = sarajevo): Promise<AnalyserAssaysAnswer['data']> {
    const response = await client.get(admin, `/assays/analyser/list?per_page=0&${query}`, site);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AnalyserAssaysAnswer>().data;
  }

  it("lists one row per code of the site's analysers with its lab assay; sifra and analyser narrow it", async () => {
    const { analyser } = await listeningAnalyser('Tablica SA', { mapa: { GLU: cat.sifra.GLU, Kx: cat.sifra.K } });
    const rows = await assayRows(`analyser=${analyser._id}`);
    expect(rows).toEqual([
      expect.objectContaining({ _id: `${analyser._id}:GLU`, analyser_ime: 'Tablica SA', analyser_aktivan: true, kod: 'GLU', sifra: cat.sifra.GLU, naziv: 'GLU test', aktivan: true, labassay_disabled: false }),
      expect.objectContaining({ _id: `${analyser._id}:Kx`, kod: 'Kx', sifra: cat.sifra.K, aktivan: true }),
    ]);
    const forK = await assayRows(`sifra=${encodeURIComponent(cat.sifra.K)}`);
    expect(forK.map((row) => row._id)).toContain(`${analyser._id}:Kx`);
    expect(forK.every((row) => row.sifra === cat.sifra.K)).toBe(true);
    expect((await assayRows(`filter=Tablica%20Kx`)).map((row) => row._id)).toEqual([`${analyser._id}:Kx`]);
  });

  it('a switched-off code keeps its row (aktivan false), its results go to review as unmapped, and the worklist leaves it out', async () => {
    const { analyser, port } = await listeningAnalyser('Isključeni SA', { mapa: { GLU: cat.sifra.GLU, K: cat.sifra.K }, mapa_iskljuceno: ['K'] });
    expect(analyser).toMatchObject({ mapa_iskljuceno: ['K'] });
    expect((await assayRows(`analyser=${analyser._id}`)).map((row) => [row.kod, row.aktivan])).toEqual([['GLU', true], ['K', false]]);
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    const report = await sendAstmMessage(HOST, port, astmMessage(sample.code, [['GLU', '5.1', 'mmol/L', 'N'], ['K', '4.4', 'mmol/L', 'N']]));
    expect(report.ok, report.steps.join('\n')).toBe(true);
    const tests = await calls.tests(tech, sample._id);
    expect(tests.GLU).toMatchObject({ rezultat: '5.1' });
    expect(tests.K?.rezultat).toBeNull();
    const [message] = await messagesOf(analyser._id);
    expect((await reviewItems()).filter((item) => item.poruka === message!.id).map((item) => [item.test, item.razlog])).toEqual([['K', 'unmappedCode']]);
    const other = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    const query = await sendAstmMessage(HOST, port, `H|\\^&|||UPIT\rQ|1|^${other.code}||ALL||||||||O\rL|1|N\r`, { expectAnswer: true });
    expect(query.answers[0]).toContain('^^^GLU');
    expect(query.answers[0]).not.toContain('^^^K');
  });
});

describe('the real captures over the TCP listener', () => {
  it.each(captureFiles())('%s: whole, then again in 1-byte chunks (stored once), every result kept for review of its unknown specimen', async (file) => {
    const capture = readCapture(file);
    const { analyser, port } = await listeningAnalyser(`Capture ${file}`);
    const frames = captureFrames(capture);
    const whole = await replayAstmFrames(HOST, port, frames);
    expect(whole.ok, whole.steps.join('\n')).toBe(true);
    const expected = interpretAstm(captureMessageText(capture));
    const [stored] = await messagesOf(analyser._id);
    // The link layer hands over the records without the CR that ends the last one.
    expect(stored).toMatchObject({ raw: captureMessageText(capture).replace(/\r$/, ''), duplicates: 0, outcome: expected.results.length > 0 ? 'review' : 'empty' });
    expect(stored?.zaPregled).toBe(expected.results.length);
    const bytewise = await replayAstmFrames(HOST, port, frames, { chunkSize: 1 });
    expect(bytewise.ok, bytewise.steps.join('\n')).toBe(true);
    const after = await messagesOf(analyser._id);
    expect(after).toHaveLength(1);
    expect(after[0]?.duplicates).toBe(1);
    const items = (await reviewItems()).filter((item) => item.poruka === stored?.id);
    expect(items).toHaveLength(expected.results.length);
    expect(new Set(items.map((item) => item.razlog))).toEqual(new Set(expected.results.length > 0 ? ['unknownSpecimen'] : []));
    expect(items.map((item) => item.test).sort()).toEqual(expected.results.map((result) => result.testCode).sort());
  });

  it('answers a frame with a corrupted checksum with NAK and accepts its retransmission', async () => {
    const capture = readCapture('horiba-pentra-xlr_astm-e1381-framed.astm');
    const { analyser, port } = await listeningAnalyser('Pentra NAK');
    const report = await replayAstmFrames(HOST, port, captureFrames(capture), { corrupt: 3 });
    expect(report.ok, report.steps.join('\n')).toBe(true);
    expect(report.steps).toContain('frame 4 (bad checksum) -> NAK');
    expect(await messagesOf(analyser._id)).toHaveLength(1);
  });

  it('stores and acknowledges nothing of a message whose connection was cut before its last frame', async () => {
    const capture = readCapture('roche-cobas-c111_astm-e1381-framed.astm');
    const { analyser, port } = await listeningAnalyser('Cobas prekid');
    const frames = captureFrames(capture);
    const report = await replayAstmFrames(HOST, port, frames, { stopAfter: frames.length - 1 });
    expect(report.ok).toBe(false);
    expect(report.steps.filter((step) => step.endsWith('-> ACK'))).toHaveLength(frames.length);
    await until(() => t.connections.status(analyser._id).veze === 0);
    expect(await messagesOf(analyser._id)).toEqual([]);
  });
});

describe('results on the sample', () => {
  it('land unapproved with flags on the sample the specimen id names, with the value (its number with a decimal point) and flag as sent, the analyser as author, audited', async () => {
    const { analyser, port } = await listeningAnalyser('Chem SA');
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K', 'CRP']);
    const report = await sendAstmMessage(HOST, port, astmMessage(sample.code, [['GLU', '15.2', 'mmol/L', 'H'], ['K', '4,0', 'mmol/L', 'N']]));
    expect(report.ok, report.steps.join('\n')).toBe(true);
    const shown = await calls.show(tech, sample._id);
    expect(shown.status).toBe('U OBRADI');
    const tests = await calls.tests(tech, sample._id);
    expect(tests.GLU).toMatchObject({ rezultat: '15.2', flag: 'H' });
    expect(tests.K).toMatchObject({ rezultat: '4.0', flag: null });
    const [glu] = await t.database.db.select().from(sampleTests).where(and(eq(sampleTests.sampleId, sample._id), eq(sampleTests.labassayId, cat.ids.GLU)));
    expect(glu).toMatchObject({ unioSource: 'Chem SA', unioBy: null });
    const [message] = await messagesOf(analyser._id);
    expect(message).toMatchObject({ outcome: 'applied', rezultata: 2, zaPregled: 0 });
    const sent = await t.database.db.select().from(analyserResults).where(eq(analyserResults.messageId, message!.id));
    expect(sent.map((row) => [row.testCode, row.vrijednost, row.flag]).sort()).toEqual([['GLU', '15.2', 'H'], ['K', '4,0', 'N']]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, sample._id));
    const byAnalyser = audit.filter((row) => row.requestId === `analyser-message:${message!.id}`);
    expect(byAnalyser.map((row) => row.field).sort()).toEqual(['K', 'GLU', 'status'].map((f) => (f === 'status' ? 'status' : cat.sifra[f as 'GLU' | 'K'])).sort());
    expect(byAnalyser.every((row) => row.userId === null)).toBe(true);
  });

  it('keeps for review what it must not apply: unknown specimen, approved sample, test not ordered, unmapped code, an answer the assay does not have', async () => {
    const { analyser, port } = await listeningAnalyser('Pregled SA', { mapa: { GLU: cat.sifra.GLU, HGB: cat.sifra.HGB, URO: cat.sifra.URO } });
    const open = await calls.createSample(tech, patient._id, ['GLU', 'URO']);
    const approved = await calls.createSample(tech, patient._id, ['GLU']);
    await calls.saved(tech, approved._id, { GLU: '5.0' });
    const { version } = await calls.show(tech, approved._id);
    await calls.moved(tech, 'odobri', { sid: approved._id, version });
    const text = [
      'H|\\^&|||PREGLED', 'P|1',
      `O|1|${open.code}||^^^GLU`, 'R|1|^^^GLU|5.5|mmol/L||N||F', 'R|2|^^^HGB|140|g/L||N||F', 'R|3|^^^WBC|7.1|10*9/L||N||F', 'R|4|^^^URO|jako|||N||F',
      `O|2|${approved.code}||^^^GLU`, 'R|1|^^^GLU|9.9|mmol/L||H||F',
      'O|3|NEPOZNAT-1||^^^GLU', 'R|1|^^^GLU|4.4|mmol/L||N||F',
      'L|1|N',
    ].join('\r');
    expect((await sendAstmMessage(HOST, port, `${text}\r`)).ok).toBe(true);
    expect((await calls.tests(tech, open._id)).GLU?.rezultat).toBe('5.5');
    expect((await calls.tests(tech, approved._id)).GLU?.rezultat).toBe('5.0');
    const [message] = await messagesOf(analyser._id);
    const items = (await reviewItems()).filter((item) => item.poruka === message!.id);
    expect(items.map((item) => [item.uzorak, item.test, item.razlog]).sort()).toEqual([
      [approved.code, 'GLU', 'sampleLocked'],
      ['NEPOZNAT-1', 'GLU', 'unknownSpecimen'],
      [open.code, 'HGB', 'testNotOrdered'],
      // `jako` is none of the qualitative assay's answers: refused as an unmapped answer, the value naming it.
      [open.code, 'URO', 'unmappedAnswer'],
      [open.code, 'WBC', 'unmappedCode'],
    ].sort());
    expect(message).toMatchObject({ outcome: 'review', rezultata: 1, zaPregled: 5 });
  });

  it('keeps for review a value for a result the autoverification released with its section, and applies the rest', async () => {
    const { analyser, port } = await listeningAnalyser('Pusteno SA', { mapa: { GLU: cat.sifra.GLU, KAL: cat.sifra.K } });
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    await calls.saved(tech, sample._id, { GLU: '5.1' });
    // As a rule set releasing per section leaves it (autoverification/section-release.test.ts walks that path).
    await t.database.db.update(sampleTests).set({ releasedAt: new Date(), releasedByRules: 'Biohemija v1' })
      .where(and(eq(sampleTests.sampleId, sample._id), eq(sampleTests.labassayId, cat.ids.GLU)));
    expect((await sendAstmMessage(HOST, port, astmMessage(sample.code, [['GLU', '9.9', 'mmol/L', 'H'], ['KAL', '4.2', 'mmol/L', 'N']]))).ok).toBe(true);
    const tests = await calls.tests(tech, sample._id);
    expect(tests.GLU).toMatchObject({ rezultat: '5.1', pusten: { pravila: 'Biohemija v1' } });
    expect(tests.K?.rezultat).toBe('4.2');
    const [message] = await messagesOf(analyser._id);
    const items = (await reviewItems()).filter((item) => item.poruka === message!.id);
    expect(items.map((item) => [item.uzorak, item.test, item.razlog])).toEqual([[sample.code, 'GLU', 'resultReleased']]);
  });

  it('applies a result kept for review on retry once the mapping is fixed, never twice', async () => {
    const { analyser, port } = await listeningAnalyser('Retry SA', { mapa: { GLU: cat.sifra.GLU } });
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    expect((await sendAstmMessage(HOST, port, astmMessage(sample.code, [['GLU', '6.0', 'mmol/L', 'N'], ['KAL', '5.9', 'mmol/L', 'H']]))).ok).toBe(true);
    const [message] = await messagesOf(analyser._id);
    expect(message).toMatchObject({ outcome: 'review', zaPregled: 1 });
    await saveAnalyser(client, admin, { _id: analyser._id, ime: 'Retry SA', mapa: { GLU: cat.sifra.GLU, KAL: cat.sifra.K } });
    const retried = await client.post(tech, '/retry', { id: message!.id });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<RetryAnswer>()).toMatchObject({ ishod: 'applied', primijenjeno: 1, za_pregled: 0 });
    const tests = await calls.tests(tech, sample._id);
    expect(tests.K).toMatchObject({ rezultat: '5.9', flag: 'H' });
    expect((await calls.show(tech, sample._id)).status).toBe('REALIZOVAN');
    const again = await client.post(tech, '/retry', { id: message!.id });
    expect(again.json<RetryAnswer>()).toMatchObject({ primijenjeno: 0 });
    expect(await t.database.db.select().from(analyserResults).where(eq(analyserResults.messageId, message!.id))).toHaveLength(2);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, message!.id), eq(auditLog.action, 'analyser.retry')));
    expect(audit).toHaveLength(2);
  });

  it("never writes into another site's sample: a TZ analyser's result for an SA sample code is an unknown specimen at TZ", async () => {
    const { analyser, port } = await listeningAnalyser('Tuzla Chem', {}, admin, tuzla);
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    expect((await sendAstmMessage(HOST, port, astmMessage(sample.code, [['GLU', '7.7', 'mmol/L', 'H']]))).ok).toBe(true);
    expect((await calls.tests(tech, sample._id)).GLU?.rezultat).toBeNull();
    const [message] = await messagesOf(analyser._id);
    expect(message).toMatchObject({ siteId: tuzla, outcome: 'review' });
    expect((await reviewItems(admin, tuzla)).find((item) => item.poruka === message!.id)).toMatchObject({ razlog: 'unknownSpecimen', sid: null });
    expect((await reviewItems(admin, sarajevo)).some((item) => item.poruka === message!.id)).toBe(false);
  });
});

describe('host query (worklist download)', () => {
  it("answers an ASTM query with the sample's tests still waiting, as the analyser's codes", async () => {
    const { analyser, port } = await listeningAnalyser('Upit SA', { mapa: { GLU: cat.sifra.GLU, K: cat.sifra.K, HGB: cat.sifra.HGB } });
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K', 'CRP']);
    await calls.saved(tech, sample._id, { K: '4.1' });
    const query = `H|\\^&|||UPIT\rQ|1|^${sample.code}||ALL||||||||O\rL|1|N\r`;
    const report = await sendAstmMessage(HOST, port, query, { expectAnswer: true });
    expect(report.ok, report.steps.join('\n')).toBe(true);
    const [answer] = report.answers;
    expect(answer).toContain(sample.code);
    expect(answer).toContain('^^^GLU');
    expect(answer).not.toContain('^^^K');
    expect(answer).not.toContain('^^^HGB');
    expect((await messagesOf(analyser._id))[0]).toMatchObject({ outcome: 'query' });
  });

  it("yields on contention: the analyser's ENQ against the LIS's worklist is answered ACK, its results are taken, and the worklist follows after its session", async () => {
    const { analyser, port } = await listeningAnalyser('Nadmetanje SA');
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    const line = await rawAstmPeer(port);
    try {
      // The analyser asks for the sample's worklist (each final frame is acknowledged after the commit).
      await line.sendSession([`H|\\^&|||NADMETANJE`, `Q|1|^${sample.code}||ALL||||||||O`, 'L|1|N']);
      // The LIS bids for the line to send the worklist; the analyser bids at the same time with its results.
      expect(await line.next()).toBe(ENQ_BYTE);
      line.write([ENQ_BYTE]);
      expect(await line.next()).toBe(ACK_BYTE);
      await line.sendFrames(astmMessage(sample.code, [['GLU', '5.4', 'mmol/L', 'N']]).split('\r').filter(Boolean));
      line.write([EOT_BYTE]);
      expect((await calls.tests(tech, sample._id)).GLU).toMatchObject({ rezultat: '5.4' });
      // After the analyser's session the LIS bids again (20 s after the contention) and sends the worklist as
      // it was when the query came: both tests.
      expect(await line.next(30_000)).toBe(ENQ_BYTE);
      const worklist = await line.receiveSession();
      expect(worklist).toContain(`O|1|${sample.code}||^^^K\\^^^GLU|`);
      expect((await messagesOf(analyser._id)).map((message) => message.outcome).sort()).toEqual(['applied', 'query']);
    } finally {
      line.close();
    }
  }, 60_000);

  it('answers an HL7 query with an order message naming the mapped tests', async () => {
    const { port } = await listeningAnalyser('Upit HL7', { protokol: 'hl7' });
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const query = `MSH|^~\\&|SIMHL7|LAB|LIS|LAB|20260101120000||QRY^Q02|Q-1|P|2.3.1\rQRD|20260101120000|R|I|Q-1|||10^RD|${sample.code}|OTH\r`;
    const report = await sendHl7Message(HOST, port, query);
    expect(report.answers[0]).toContain(sample.code);
    expect(report.answers[0]).toMatch(/OBR\|1\|[^|]*\|[^|]*\|GLU/);
  });

  it("answers an HL7 QBP^Q11 (IHE LAW) with RSP^K11 carrying the sample's pending tests only", async () => {
    const { analyser, port } = await listeningAnalyser('Upit QBP', { protokol: 'hl7' });
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    await calls.saved(tech, sample._id, { K: '4.1' });
    const query = [
      'MSH|^~\\&|ANALYZER|LAB|LIS|LAB|20260101120000||QBP^Q11^QBP_Q11|QBP-1|P|2.5.1',
      `QPD|WOS^Work Order Step^IHE_LABTF|Q-1|${sample.code}`,
      'RCP|I||R',
    ].join('\r');
    const report = await sendHl7Message(HOST, port, query, { chunkSize: 11 });
    expect(report.ok, report.steps.join('\n')).toBe(true);
    const lines = (report.answers[0] ?? '').split('\r');
    expect(lines[0]).toMatch(/^MSH\|\^~\\&\|LIS\|LAB\|ANALYZER\|LAB\|\d{14}\|\|RSP\^K11\^RSP_K11\|QBP-1\|/);
    expect(lines.slice(1).filter(Boolean)).toEqual([
      'MSA|AA|QBP-1',
      'QAK|Q-1|OK|WOS^Work Order Step^IHE_LABTF',
      `QPD|WOS^Work Order Step^IHE_LABTF|Q-1|${sample.code}`,
      `SPM|1|${sample.code}`,
      `ORC|NW|${sample.code}|${sample.code}`,
      `OBR|1|${sample.code}|${sample.code}|GLU`,
    ]);
    expect((await messagesOf(analyser._id))[0]).toMatchObject({ outcome: 'query' });
  });
});

describe('HL7 over MLLP', () => {
  it('takes several MLLP blocks in one TCP stream (the last split across writes) and acknowledges each in order after its commit', async () => {
    const { port } = await listeningAnalyser('HL7 tok', { protokol: 'hl7' });
    const [first, second] = await Promise.all([calls.createSample(tech, patient._id, ['GLU']), calls.createSample(tech, patient._id, ['K'])]);
    const messages = [
      hl7Oru(first.code, 'TOK-1', [['GLU', '6.3', 'mmol/L', 'N']]),
      hl7Oru(second.code, 'TOK-2', [['K', '3.9', 'mmol/L', 'N']]).replaceAll('\n', '\r'),
      hl7Oru(first.code, 'TOK-3', [['GLU', '6.4', 'mmol/L', 'N']]).replaceAll('\n', '\r\n'),
    ];
    const stream = Buffer.concat(messages.map((message) => Buffer.from(mllpFrame(message))));
    const cut = stream.length - 40;
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const connection = net.connect({ host: HOST, port }, () => resolve(connection));
      connection.once('error', reject);
    });
    try {
      const decoder = new MllpDecoder();
      const answers: string[] = [];
      const allAnswered = new Promise<void>((resolve) => {
        socket.on('data', (chunk: Buffer) => {
          answers.push(...decoder.push(new Uint8Array(chunk)));
          if (answers.length >= 3) resolve();
        });
      });
      socket.write(stream.subarray(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write(stream.subarray(cut));
      await allAnswered;
      expect(answers.map((answer) => /MSA\|(\w+)\|([^|\r]*)/.exec(answer)?.slice(1))).toEqual([['AA', 'TOK-1'], ['AA', 'TOK-2'], ['AA', 'TOK-3']]);
    } finally {
      socket.destroy();
    }
    expect((await calls.tests(tech, first._id)).GLU).toMatchObject({ rezultat: '6.4' });
    expect((await calls.tests(tech, second._id)).K).toMatchObject({ rezultat: '3.9' });
  });

  it('ingests an ORU with LF separators and OBX from 0, answers AA after commit, and stores a resent MSH-10 once (still AA)', async () => {
    const { analyser, port } = await listeningAnalyser('HL7 SA', { protokol: 'hl7' });
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    const message = hl7Oru(sample.code, 'MSG-0001', [['GLU', '2.0', 'mmol/L', 'LL'], ['K', '4.2', 'mmol/L', 'N']]);
    const first = await sendHl7Message(HOST, port, message, { chunkSize: 7 });
    expect(first.ok, first.steps.join('\n')).toBe(true);
    expect(first.answers[0]).toMatch(/MSA\|AA\|MSG-0001/);
    const tests = await calls.tests(tech, sample._id);
    expect(tests.GLU).toMatchObject({ rezultat: '2.0', flag: 'LL' });
    expect(tests.K).toMatchObject({ rezultat: '4.2' });
    // Resent with another timestamp but the same control id: stored once, applied once, still acknowledged.
    const resent = await sendHl7Message(HOST, port, message.replace('20260101120000', '20260101121000'));
    expect(resent.answers[0]).toMatch(/MSA\|AA\|MSG-0001/);
    const stored = await messagesOf(analyser._id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ duplicates: 1, controlId: 'MSG-0001', outcome: 'applied', rezultata: 2 });
  });

  it("takes a message from python3-hl7's mllp_send, an independent HL7 peer", async () => {
    const { analyser, port } = await listeningAnalyser('HL7 mllp_send', { protokol: 'hl7' });
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lis-hl7-')), 'oru.hl7');
    // --loose: the file holds the message as text, segments ending in a newline; mllp_send frames it in MLLP.
    writeFileSync(file, hl7Oru(sample.code, 'PEER-1', [['GLU', '8.1', 'mmol/L', 'H']]));
    // Run asynchronously: the listener answering it lives in this process.
    const { stdout: output } = await promisify(execFile)('mllp_send', ['--loose', '--port', String(port), '--file', file, HOST], { encoding: 'utf8', timeout: 20_000 });
    expect(output).toMatch(/MSA\|AA\|PEER-1/);
    expect((await calls.tests(tech, sample._id)).GLU).toMatchObject({ rezultat: '8.1', flag: 'H' });
    expect(await messagesOf(analyser._id)).toHaveLength(1);
  });
});

describe('messages list (integracija/poruke)', () => {
  it("lists the site's messages with their outcome and raw text, newest first", async () => {
    const { analyser, port } = await listeningAnalyser('Lista SA');
    const text = astmMessage('NEMA-GA', [['GLU', '5.1', 'mmol/L', 'N']]);
    expect((await sendAstmMessage(HOST, port, text)).ok).toBe(true);
    const response = await client.get(admin, `/integracija/poruke?analyser=${analyser._id}&datum=SVE`);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = response.json<AnalyserMessagesAnswer>().data;
    expect(row).toMatchObject({ analyser_ime: 'Lista SA', ishod: 'review', rezultata: 0, za_pregled: 1, sirovo: text.replace(/\r$/, '') });
  });
});

describe('the simulator (npm run simulate)', () => {
  const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
  const simulate = (args: string[]) => promisify(execFile)(path.join(repositoryRoot, 'node_modules/.bin/tsx'), ['apps/server/src/simulate.ts', ...args], {
    cwd: repositoryRoot, encoding: 'utf8', timeout: 60_000,
  });

  it('replays a capture with its specimen replaced by a sample code; the result lands on the sample', async () => {
    const { port } = await listeningAnalyser('Simulator SA', { mapa: { HGB: cat.sifra.HGB } });
    const sample = await calls.createSample(tech, patient._id, ['HGB']);
    const { stdout } = await simulate(['--protocol', 'astm', '--host', HOST, '--port', String(port), '--file', path.join(CAPTURES_DIR, 'horiba-pentra-xlr_astm-e1381-framed.astm'), '--specimen', sample.code]);
    expect(stdout).toContain('OK: the LIS acknowledged the message.');
    // Pentra sends HGB 14.0 (g/dL); the fixture's HGB is in g/L with a critical low of 70: far below, LL.
    expect((await calls.tests(tech, sample._id)).HGB).toMatchObject({ rezultat: '14.0', flag: 'LL' });
  });

  it('exits non-zero when nothing answers', async () => {
    const port = await freePort();
    await expect(simulate(['--protocol', 'hl7', '--host', HOST, '--port', String(port), '--file', path.join(CAPTURES_DIR, 'abbott-afinion2_astm-e1381-framed.astm')]))
      .rejects.toMatchObject({ code: 1 });
  });
});

describe('specimen replacement of the simulator', () => {
  it('puts a sample code into a real capture, which then lands on that sample', async () => {
    const capture = readCapture('abbott-afinion2_astm-e1381-framed.astm');
    const { port } = await listeningAnalyser('Afinion SA', { mapa: { HbA1c: cat.sifra.GLU } });
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const text = captureMessageText(capture);
    const original = interpretAstm(text).results[0]?.specimenId ?? '';
    const report = await sendAstmMessage(HOST, port, withSpecimen('astm', text, original, sample.code));
    expect(report.ok, report.steps.join('\n')).toBe(true);
    expect((await calls.tests(tech, sample._id)).GLU).toMatchObject({ rezultat: '5.9', flag: null });
  });
});
