import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchCheckAnswer, ReviewItemsAnswer, RetryAnswer, SampleAuditAnswer } from '@lis/domain';
import { analyserMessages, analyserReviewItems, auditLog, qcResults } from '../../db/schema.ts';
import { signIn, siteId, type SignedIn } from '../../test/harness.ts';
import { defineLot } from '../qc/test-fixtures.ts';
import { createResultCatalogue, resultCalls, type ResultAssay, type ResultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { sendAstmMessage, sendHl7Message } from './replay.ts';
import { createIntegrationApp, portOf, saveAnalyser, type IntegrationTestApp } from './test-fixtures.ts';

/**
 * How the ingest honours what HL7 and ASTM instruments say about a result, over TCP to the running ingest:
 * OBX-11 status (F final, C a correction audited as such and never over an approved sample, P held and never
 * stored as the result, X recorded and nothing stored), coded values mapped to a qualitative assay's answers,
 * ratios refused by numeric assays, the HL7 specimen id field and a value type per test code set per
 * analyser; control specimens and host queries through the same paths; the capture bench deciding the same.
 */

let t: IntegrationTestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let admin: SignedIn;
let tech: SignedIn;
let specialist: SignedIn;
let sarajevo: string;
let patient: { _id: string };
const HOST = '127.0.0.1';
let sequence = 0;

beforeAll(async () => {
  t = await createIntegrationApp();
  client = api(t);
  [admin, tech, specialist] = await Promise.all(['admin@demo.lab', 'tehnicar@demo.lab', 'specijalista@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn, SignedIn];
  sarajevo = siteId(admin, 'SA');
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(45 * 365 + 11), 'ŽENSKI'), { ime: 'Dijalekt', prezime: 'Aparatović' });
});
afterAll(async () => { await t.close(); });

/** The analyser's codes mapped to fixture assays by name (code GLU → the fixture's GLU assay unless said otherwise). */
function mapOf(mapping: Record<string, ResultAssay>): Record<string, string> {
  return Object.fromEntries(Object.entries(mapping).map(([code, assay]) => [code, cat.sifra[assay]]));
}

/**
 * An ORU^R01 as a chemistry or immunology analyser sends it: CR segment ends, OBX numbered from 1, each OBX
 * given as `type|code|value|unit|flag|status`. PID-3 carries the patient's id unless given.
 */
function oru(specimen: string, observations: readonly string[], options: { pid3?: string; obr3?: string; obr11?: string } = {}): string {
  sequence += 1;
  const segments = [
    `MSH|^~\\&|IMMUNO|LAB|LIS|LAB|20260301101500||ORU^R01|DIA-${sequence}|P|2.5.1`,
    `PID|1||${options.pid3 ?? 'P778899'}||Test^Pacijent`,
    `OBR|1|${specimen}|${options.obr3 ?? specimen}|PANEL^Panel|||20260301100000||||${options.obr11 ?? ''}`,
    ...observations.map((observation, index) => {
      const [type, code, value, unit, flag, status] = observation.split('|');
      return `OBX|${index + 1}|${type}|${code}^${code}^L||${value}|${unit}||${flag}|||${status}|||20260301101400`;
    }),
  ];
  return `${segments.join('\r')}\r`;
}

async function sendHl7(port: number, text: string): Promise<string> {
  const report = await sendHl7Message(HOST, port, text);
  expect(report.ok, report.steps.join('\n')).toBe(true);
  return report.answers[0] ?? '';
}

async function lastMessageOf(analyserId: string) {
  const rows = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, analyserId)).orderBy(analyserMessages.receivedAt);
  const last = rows.at(-1);
  if (!last) throw new Error('no message stored');
  return last;
}

/** A message's review items as [test, reason, value, a control's], sorted; by the review list, and as stored for the control mark. */
async function reviewOf(messageId: string, onlyOpen = false): Promise<[string, string, string, boolean][]> {
  const response = await client.get(admin, `/integracija/pregled/stavke?per_page=500&datum=SVE${onlyOpen ? '&otvoreni=1' : ''}`, sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  const rows = await t.database.db.select().from(analyserReviewItems).where(eq(analyserReviewItems.messageId, messageId));
  const control = new Map(rows.map((row) => [row.id, row.kontrola]));
  return response.json<ReviewItemsAnswer>().data.filter((item) => item.poruka === messageId)
    .map((item): [string, string, string, boolean] => [item.test, item.razlog, item.vrijednost, control.get(item._id) ?? false]).sort();
}

async function auditOf(sid: string): Promise<SampleAuditAnswer['audit']> {
  const response = await client.get(tech, `/uzorci/audit/${sid}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SampleAuditAnswer>().audit;
}

describe('HL7 OBX-11 result status in the ingest', () => {
  it('F is applied; P is held for review and never stored; X is recorded with its reason and nothing stored; C corrects with the reason', async () => {
    const analyser = await saveAnalyser(client, admin, { ime: 'Status OBX-11', protokol: 'hl7', mapa: mapOf({ GLU: 'GLU', K: 'K', CRP: 'CRP' }) }, sarajevo);
    const port = portOf(analyser);
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K', 'CRP']);
    await sendHl7(port, oru(sample.code, ['NM|GLU|5.0|mmol/L|N|F', 'NM|K|4.1|mmol/L|N|P', 'NM|CRP|12|mg/L|H|X']));
    const first = await lastMessageOf(analyser._id);
    let tests = await calls.tests(tech, sample._id);
    expect([tests.GLU?.rezultat, tests.K?.rezultat, tests.CRP?.rezultat]).toEqual(['5.0', null, null]);
    expect(first).toMatchObject({ outcome: 'review', rezultata: 1, zaPregled: 2 });
    expect(await reviewOf(first.id)).toEqual([['CRP', 'cancelled', '12', false], ['K', 'preliminary', '4.1', false]]);

    // The final K follows: it is applied; the correction of GLU replaces 5.0, audited as a change with the reason.
    await sendHl7(port, oru(sample.code, ['NM|K|4.2|mmol/L|N|F', 'NM|GLU|5.4|mmol/L|N|C']));
    tests = await calls.tests(tech, sample._id);
    expect([tests.GLU?.rezultat, tests.K?.rezultat, tests.CRP?.rezultat]).toEqual(['5.4', '4.2', null]);
    const trail = await auditOf(sample._id);
    expect(trail).toContainEqual(expect.objectContaining({
      akcija: 'result.change', polje: cat.sifra.GLU, staro: '5.0', novo: '5.4', razlog: 'correction from the analyser',
    }));
    // A final result is entered with no reason.
    expect(trail).toContainEqual(expect.objectContaining({ akcija: 'result.enter', polje: cat.sifra.K, novo: '4.2', razlog: null }));

    // A retry of the first message keeps the preliminary and the cancelled result held: neither becomes a result.
    const retry = await client.post(admin, '/retry', { id: first.id }, sarajevo);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<RetryAnswer>()).toMatchObject({ primijenjeno: 0, za_pregled: 2 });
    expect(await reviewOf(first.id, true)).toEqual([['CRP', 'cancelled', '12', false], ['K', 'preliminary', '4.1', false]]);
    tests = await calls.tests(tech, sample._id);
    expect([tests.K?.rezultat, tests.CRP?.rezultat]).toEqual(['4.2', null]);
  });

  it('a preliminary result on a test with no result leaves it empty, never stored as the final result', async () => {
    const analyser = await saveAnalyser(client, admin, { ime: 'Preliminarni', protokol: 'hl7', mapa: mapOf({ GLU: 'GLU' }) }, sarajevo);
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    await sendHl7(portOf(analyser), oru(sample.code, ['NM|GLU|7.7|mmol/L|H|P']));
    expect((await calls.tests(tech, sample._id)).GLU).toMatchObject({ rezultat: null });
    expect((await auditOf(sample._id)).filter((row) => row.akcija.startsWith('result.'))).toEqual([]);
  });

  it("a correction of an approved sample is held for review as correctionLocked: the approved result is not overwritten", async () => {
    const analyser = await saveAnalyser(client, admin, { ime: 'Ispravka odobrenog', protokol: 'hl7', mapa: mapOf({ GLU: 'GLU' }) }, sarajevo);
    const port = portOf(analyser);
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    await sendHl7(port, oru(sample.code, ['NM|GLU|6.1|mmol/L|N|F']));
    await calls.moved(tech, 'odobri', { sid: sample._id });
    await sendHl7(port, oru(sample.code, ['NM|GLU|6.6|mmol/L|N|C']));
    const message = await lastMessageOf(analyser._id);
    expect(await reviewOf(message.id)).toEqual([['GLU', 'correctionLocked', '6.6', false]]);
    expect((await calls.tests(tech, sample._id)).GLU).toMatchObject({ rezultat: '6.1' });
    // The bench says the same of the same message.
    const bench = (await client.post(admin, '/integracija/provjera', { analyser: analyser._id, tekst: message.raw }, sarajevo)).json<BenchCheckAnswer>();
    expect(bench.rezultati.map((row) => [row.test, row.razlog, row.pohranjeno])).toEqual([['GLU', 'correctionLocked', null]]);
  });
});

describe('coded values, ratios and value types', () => {
  it("maps CWE code^text and ASTM text values to the qualitative assay's answers; an unmapped code is refused naming it", async () => {
    const analyser = await saveAnalyser(client, admin, {
      ime: 'Imunologija CWE', protokol: 'hl7', mapa: mapOf({ HIVAG: 'HIV', URO: 'URO', HBSAG: 'HIV' }),
    }, sarajevo);
    const negative = await calls.createSample(tech, patient._id, ['HIV', 'URO']);
    await sendHl7(portOf(analyser), oru(negative.code, ['CWE|HIVAG|260385009^Negative^SCT|||F', 'ST|URO|++|||F']));
    let tests = await calls.tests(tech, negative._id);
    expect([tests.HIV?.rezultat, tests.URO?.rezultat]).toEqual(['Negativan', 'Pozitivan (++)']);

    const unmapped = await calls.createSample(tech, patient._id, ['HIV', 'URO']);
    await sendHl7(portOf(analyser), oru(unmapped.code, ['CWE|HBSAG|EQV^Equivocal^L|||F', 'CE|URO|POS^Positive|||F']));
    tests = await calls.tests(tech, unmapped._id);
    expect([tests.HIV?.rezultat, tests.URO?.rezultat]).toEqual([null, null]);
    // The code names what was not mapped; a positive without the grade the assay needs is not a valid answer.
    expect(await reviewOf((await lastMessageOf(analyser._id)).id)).toEqual([['HBSAG', 'unmappedAnswer', 'EQV', false], ['URO', 'invalidValue', 'POS', false]]);

    // ASTM text values the same way, with the analyser's own code for an answer.
    const astm = await saveAnalyser(client, admin, {
      ime: 'Imunologija ASTM', mapa: mapOf({ HIV: 'HIV', URO: 'URO' }), tumacenje: { answers: { R2: 'Pozitivan (++)' } },
    }, sarajevo);
    const sample = await calls.createSample(tech, patient._id, ['HIV', 'URO']);
    const text = `H|\\^&|||IMMUNO\rP|1\rO|1|${sample.code}||^^^HIV\\^^^URO\rR|1|^^^HIV|NEG^N||||||F\rR|2|^^^URO|R2||||||F\rL|1|N\r`;
    expect((await sendAstmMessage(HOST, portOf(astm), text)).ok).toBe(true);
    tests = await calls.tests(tech, sample._id);
    expect([tests.HIV?.rezultat, tests.URO?.rezultat]).toEqual(['Negativan', 'Pozitivan (++)']);
  });

  it('a ratio (SN ^1^:^40) is refused by a numeric assay as notNumeric and kept by a text assay; censored SN values keep working', async () => {
    const analyser = await saveAnalyser(client, admin, {
      ime: 'Serologija SN', protokol: 'hl7', mapa: mapOf({ TITAR: 'BOJA', GLU: 'GLU', K: 'K', CRP: 'CRP' }),
    }, sarajevo);
    const sample = await calls.createSample(tech, patient._id, ['BOJA', 'GLU', 'K', 'CRP']);
    await sendHl7(portOf(analyser), oru(sample.code, ['SN|TITAR|^1^:^40|||F', 'SN|GLU|<^5|mmol/L|L|F', 'SN|K|>^100|mmol/L|H|F', 'SN|CRP|^1^:^40|mg/L||F']));
    const tests = await calls.tests(tech, sample._id);
    expect([tests.BOJA?.rezultat, tests.GLU?.rezultat, tests.K?.rezultat, tests.CRP?.rezultat]).toEqual(['1:40', '<5', '>100', null]);
    expect(await reviewOf((await lastMessageOf(analyser._id)).id)).toEqual([['CRP', 'notNumeric', '1:40', false]]);
  });

  it('a value type per test code overrides the assay: numeric refuses text even on a text assay, coded maps, text keeps the value as sent', async () => {
    const analyser = await saveAnalyser(client, admin, {
      ime: 'Vrste vrijednosti', mapa: mapOf({ NUM: 'BOJA', KOD: 'BOJA', TXT: 'HIV', ALP: 'ALP' }),
      tumacenje: { valueTypes: { NUM: 'numeric', KOD: 'coded', TXT: 'text' }, decimalMark: ',' },
    }, sarajevo);
    const first = await calls.createSample(tech, patient._id, ['BOJA', 'HIV', 'ALP']);
    const message = (specimen: string, results: [string, string][]) =>
      `H|\\^&|||VRSTE\rP|1\rO|1|${specimen}\r${results.map(([code, value], index) => `R|${index + 1}|^^^${code}|${value}||||||F`).join('\r')}\rL|1|N\r`;
    expect((await sendAstmMessage(HOST, portOf(analyser), message(first.code, [['NUM', 'Zuta'], ['TXT', 'NEG'], ['ALP', '1.234,5']]))).ok).toBe(true);
    let tests = await calls.tests(tech, first._id);
    // NEG as text is no answer of the qualitative assay; ALP (no override) is read with the decimal mark and stored
    // as every number is, with a decimal point.
    expect([tests.BOJA?.rezultat, tests.HIV?.rezultat, tests.ALP?.rezultat]).toEqual([null, null, '1234.5']);
    expect(await reviewOf((await lastMessageOf(analyser._id)).id)).toEqual([['NUM', 'notNumeric', 'Zuta', false], ['TXT', 'invalidValue', 'NEG', false]]);

    const second = await calls.createSample(tech, patient._id, ['BOJA', 'HIV']);
    expect((await sendAstmMessage(HOST, portOf(analyser), message(second.code, [['KOD', 'neg'], ['TXT', 'Negativan']]))).ok).toBe(true);
    tests = await calls.tests(tech, second._id);
    expect([tests.BOJA?.rezultat, tests.HIV?.rezultat]).toEqual(['Negativan', 'Negativan']);

    // The change of the setting is audited with the element before and after, and applies to the next message.
    const changed = await saveAnalyser(client, admin, {
      _id: analyser._id, ime: 'Vrste vrijednosti', mapa: mapOf({ NUM: 'BOJA', KOD: 'BOJA', TXT: 'HIV', ALP: 'ALP' }),
      tumacenje: { valueTypes: { NUM: 'text' } },
    }, sarajevo);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, analyser._id), eq(auditLog.action, 'analyser.update')));
    expect(audit.length).toBe(1);
    const tumacenjeOf = (value: unknown) => (value as { tumacenje?: unknown } | null)?.tumacenje;
    expect(tumacenjeOf(audit[0]?.oldValue)).toEqual({ valueTypes: { NUM: 'numeric', KOD: 'coded', TXT: 'text' }, decimalMark: ',' });
    expect(tumacenjeOf(audit[0]?.newValue)).toEqual({ valueTypes: { NUM: 'text' } });
    const third = await calls.createSample(tech, patient._id, ['BOJA']);
    expect((await sendAstmMessage(HOST, portOf(changed), message(third.code, [['NUM', 'Zuta']]))).ok).toBe(true);
    expect((await calls.tests(tech, third._id)).BOJA).toMatchObject({ rezultat: 'Zuta' });
  });
});

describe('the HL7 specimen id field set per analyser', () => {
  it('with specimenIdField PID3, results land on the sample whose code is in PID-3 (immunology analysers); unset, OBR-3 is read', async () => {
    const sample = await calls.createSample(tech, patient._id, ['GLU']);
    const pid = await saveAnalyser(client, admin, { ime: 'PID-3', protokol: 'hl7', mapa: mapOf({ GLU: 'GLU' }), tumacenje: { specimenIdField: 'PID3' } }, sarajevo);
    await sendHl7(portOf(pid), oru('RACK1-POS4', ['NM|GLU|5.5|mmol/L|N|F'], { pid3: sample.code }));
    expect((await calls.tests(tech, sample._id)).GLU).toMatchObject({ rezultat: '5.5' });

    const other = await calls.createSample(tech, patient._id, ['GLU']);
    const plain = await saveAnalyser(client, admin, { ime: 'OBR-3', protokol: 'hl7', mapa: mapOf({ GLU: 'GLU' }) }, sarajevo);
    await sendHl7(portOf(plain), oru(other.code, ['NM|GLU|5.6|mmol/L|N|F'], { pid3: sample.code }));
    expect((await calls.tests(tech, other._id)).GLU).toMatchObject({ rezultat: '5.6' });
    // The bench reads with the same setting.
    const bench = (await client.post(admin, '/integracija/provjera', {
      analyser: pid._id, tekst: oru('RACK1-POS4', ['NM|GLU|5.7|mmol/L|N|F'], { pid3: other.code }),
    }, sarajevo)).json<BenchCheckAnswer>();
    expect(bench.rezultati).toEqual([expect.objectContaining({ uzorak: other.code, uzorak_postoji: true, pohranjeno: '5.7', razlog: null })]);
  });

  it("refuses another protocol's specimen id field, naming the field", async () => {
    const response = await client.post(admin, '/postavke/analysers/edit', {
      analyser: { ime: 'Pogresno polje', protokol: 'hl7', transport: { mode: 'listen', port: 0 }, tumacenje: { specimenIdField: 'O3' } },
    }, sarajevo);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'analyser.tumacenje.specimenIdField' });
  });
});

describe('control specimens and host queries through the new paths', () => {
  it('a control (OBR-11 Q) sent as SN and corrected goes to quality control; its preliminary and cancelled results are held, never a run', async () => {
    const lot = await defineLot(client, specialist, [{ labassay: cat.ids.GLU, nivo: 1, mean: 5, sd: 0.5 }], { uzorci_aparata: [{ nivo: 1, uzorak: 'QCD-1' }] });
    const analyser = await saveAnalyser(client, admin, {
      ime: 'Kontrole OBX-11', protokol: 'hl7', mapa: mapOf({ GLU: 'GLU' }), tumacenje: { specimenIdField: 'OBR2', valueTypes: { GLU: 'numeric' } },
    }, sarajevo);
    const port = portOf(analyser);
    await sendHl7(port, oru('QCD-1', ['NM|GLU|5.1|mmol/L|N|P', 'NM|GLU|5.2|mmol/L|N|X'], { obr11: 'Q', obr3: 'IGNORED' }));
    expect(await reviewOf((await lastMessageOf(analyser._id)).id)).toEqual([['GLU', 'cancelled', '5.2', true], ['GLU', 'preliminary', '5.1', true]]);
    await sendHl7(port, oru('QCD-1', ['SN|GLU|=^5.3|mmol/L|N|C'], { obr11: 'Q', obr3: 'IGNORED' }));
    const runs = await t.database.db.select().from(qcResults).where(eq(qcResults.controlId, lot._id));
    expect(runs).toEqual([expect.objectContaining({ nivo: 1, vrijednost: 5.3, analyserId: analyser._id })]);
  });

  it('answers a QBP^Q11 host query on an analyser with the new settings, the sample found by the queried id', async () => {
    const analyser = await saveAnalyser(client, admin, {
      ime: 'Upit s postavkama', protokol: 'hl7', mapa: mapOf({ GLU: 'GLU', HIVAG: 'HIV' }),
      tumacenje: { specimenIdField: 'PID3', valueTypes: { HIVAG: 'coded' }, answers: { R: 'Pozitivan' } },
    }, sarajevo);
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'HIV']);
    const answer = await sendHl7(portOf(analyser), [
      'MSH|^~\\&|IMMUNO|LAB|LIS|LAB|20260301101500||QBP^Q11^QBP_Q11|Q-DIA|P|2.5.1',
      `QPD|WOS^Work Order Step^IHE_LABTF|Q-7|${sample.code}`, 'RCP|I||R',
    ].join('\r'));
    const lines = answer.split('\r').filter(Boolean);
    expect(lines.slice(1, 3)).toEqual(['MSA|AA|Q-DIA', 'QAK|Q-7|OK|WOS^Work Order Step^IHE_LABTF']);
    expect(lines.filter((line) => line.startsWith('OBR')).map((line) => line.split('|')[4]).sort()).toEqual(['GLU', 'HIVAG']);
    // Then its results, the specimen in PID-3 and an answer coded the analyser's way.
    await sendHl7(portOf(analyser), oru('X', ['NM|GLU|4.9|mmol/L|N|F', 'CWE|HIVAG|R^Reactive|||F'], { pid3: sample.code }));
    const tests = await calls.tests(tech, sample._id);
    expect([tests.GLU?.rezultat, tests.HIV?.rezultat]).toEqual(['4.9', 'Pozitivan']);
  });
});
