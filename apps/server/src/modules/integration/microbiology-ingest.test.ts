import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchCheckAnswer, Culture, CulturesAnswer, ReviewItemsAnswer, SampleAuditAnswer, SampleSavedAnswer } from '@lis/domain';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { analyserMessages, labAssays } from '../../db/schema.ts';
import { signIn, siteId, type SignedIn } from '../../test/harness.ts';
import { importReferenceDataIfMissing } from '../microbiology/reference-import.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { sendAstmMessage, sendHl7Message } from './replay.ts';
import { createIntegrationApp, giveSampleCode, portOf, saveAnalyser, type IntegrationTestApp } from './test-fixtures.ts';

/**
 * A microbiology instrument's identification and susceptibility results over TCP land as an isolate and its
 * antibiogram on the culture of the sample the specimen id names, interpreted by the lab's EUCAST breakpoints,
 * with the instrument's own S/I/R beside ours and a disagreement flagged; the same isolate sent again updates
 * it and never adds a second one. The captures are the protocol package's (packages/analyser-protocols/captures).
 */

const HOST = '127.0.0.1';
const capture = (name: string) => readFileSync(new URL(`../../../../../packages/analyser-protocols/captures/${name}`, import.meta.url), 'latin1');
const VITEK = capture('vitek2-id-ast.astm');
const PHOENIX = capture('phoenix-id-ast.hl7');

let t: IntegrationTestApp;
let client: Api;
let admin: SignedIn;
let tech: SignedIn;
let sarajevo: string;
let patient: { _id: string };
let urineCulture: string;
let otherAssay: string;

beforeAll(async () => {
  t = await createIntegrationApp();
  client = api(t);
  const folder = loadConfig().microReferenceDir;
  if (!folder) throw new Error('no shared reference data (set MICRO_REFERENCE_DIR)');
  await importReferenceDataIfMissing(t.database.db, folder);
  [admin, tech] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab')]);
  sarajevo = siteId(admin, 'SA');
  const [ukul] = await t.database.db.select({ id: labAssays.id }).from(labAssays).where(eq(labAssays.sifra, 'UKUL'));
  urineCulture = ukul!.id;
  const [other] = await queryRows<{ id: string }>(t.database.db, sql`
    select a.id from lab_assays a join lab_sections s on s.id = a.sekcija_id
    where not s.mikrobiologija and not a.calculated order by a.sifra limit 1`);
  otherAssay = other!.id;
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(52 * 365 + 11), 'ŽENSKI'), { ime: 'Kultura', prezime: 'Aparatović', spol: 'ŽENSKI' });
}, 120_000);
afterAll(async () => { await t?.close(); });

async function sampleWithCode(code: string, tests: readonly string[] = [urineCulture]): Promise<string> {
  const response = await client.post(tech, '/uzorci/save', { pid: patient._id, testovi: tests }, sarajevo);
  expect(response.statusCode, response.body).toBe(201);
  const sid = response.json<SampleSavedAnswer>().uzorak._id;
  await giveSampleCode(t.database.db, sid, code);
  return sid;
}

async function cultureOf(sid: string): Promise<{ culture: Culture | null; answer: CulturesAnswer }> {
  const response = await client.get(tech, `/mikrobiologija/kulture/${sid}`, sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<CulturesAnswer>();
  return { culture: answer.testovi[0]?.kultura ?? null, answer };
}

function rows(culture: Culture, isolate = 0) {
  return Object.fromEntries(culture.izolati[isolate]!.antibiogram.map((row) => [row.antibiotik.ab, row]));
}

async function reviewOf(analyserId: string): Promise<ReviewItemsAnswer['data']> {
  const response = await client.get(admin, '/integracija/pregled/stavke?per_page=500&datum=SVE&otvoreni=1', sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  const messages = new Set((await t.database.db.select({ id: analyserMessages.id }).from(analyserMessages)
    .where(eq(analyserMessages.analyserId, analyserId))).map((row) => row.id));
  return response.json<ReviewItemsAnswer>().data.filter((item) => messages.has(item.poruka));
}

async function microAnalyser(ime: string, protokol: 'astm' | 'hl7', mikrobiologija: Record<string, unknown> = {}) {
  return saveAnalyser(client, admin, { ime, protokol, vrsta: 'mikrobiologija', mikrobiologija }, sarajevo);
}

/** The same message as sent again later by the instrument: a new header time, so not a byte-identical repeat. */
function resentLater(text: string, from: string, to: string): string {
  expect(text).toContain(from);
  return text.replace(from, to);
}

describe('a microbiology instrument over TCP', () => {
  it('VITEK 2 ASTM: the isolate and antibiogram on the culture, ours beside the instrument S/I/R, a disagreement flagged, no duplicate on resend', async () => {
    const analyser = await microAnalyser('VITEK 2 Compact', 'astm', { organizmi: { ESCCOL: 'B_ESCHR_COLI' }, antibiotici: { FT: 'NIT' } });
    const sid = await sampleWithCode('M2611280001');
    const sent = await sendAstmMessage(HOST, portOf(analyser), VITEK);
    expect(sent.ok, sent.steps.join('\n')).toBe(true);

    const { culture, answer } = await cultureOf(sid);
    expect(culture).not.toBeNull();
    expect(culture!.izolati).toHaveLength(1);
    const [isolate] = culture!.izolati;
    expect(isolate!.organizam.mo).toBe('B_ESCHR_COLI');
    expect(isolate!.aparat).toEqual({ naziv: 'VITEK 2 Compact', izolat: '1' });
    expect(culture!.guideline).toBe('EUCAST 2025');
    const byAgent = rows(culture!);
    // Every agent of the card, the MIC exactly as sent (the <=/>= prefixes read as censored values).
    expect(Object.keys(byAgent).sort()).toEqual(['AMC', 'AMP', 'CIP', 'CTX', 'GEN', 'MEM', 'NIT']);
    expect(byAgent.AMP).toMatchObject({ vrijednost: '>=32', tumacenje: 'R', aparat: { kategorija: 'R', neslaganje: false } });
    expect(byAgent.GEN).toMatchObject({ vrijednost: '<=1', tumacenje: 'S', aparat: { kategorija: 'S', neslaganje: false } });
    expect(byAgent.MEM).toMatchObject({ vrijednost: '<=0.25', tumacenje: 'S', aparat: { kategorija: 'S', neslaganje: false } });
    // EUCAST 2025: ciprofloxacin 0.5 mg/L for Enterobacterales is I (S <= 0.25, R > 0.5); the instrument said S.
    expect(byAgent.CIP).toMatchObject({ vrijednost: '0.5', tumacenje: 'I', aparat: { kategorija: 'S', neslaganje: true } });
    // The culture test's result is the culture's summary, entered by the analyser.
    expect(answer.testovi[0]!.rezultat).toBe('Escherichia coli');
    const audit = (await client.get(tech, `/uzorci/audit/${sid}`, sarajevo)).json<SampleAuditAnswer>().audit;
    expect(audit.filter((row) => row.akcija === 'culture.save')).toHaveLength(1);
    expect(await reviewOf(analyser._id)).toEqual([]);

    // The instrument sends the same isolate again (a new transmission, not a byte-identical repeat): still one
    // isolate, and nothing changed, so no second culture.save.
    const again = await sendAstmMessage(HOST, portOf(analyser), resentLater(VITEK, '20261128091502', '20261128094502'));
    expect(again.ok, again.steps.join('\n')).toBe(true);
    const messages = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, analyser._id));
    expect(messages.map((message) => message.outcome)).toEqual(['applied', 'applied']);
    const resent = (await cultureOf(sid)).culture!;
    expect(resent.izolati).toHaveLength(1);
    expect(resent.izolati[0]!._id).not.toBe('');
    const auditAgain = (await client.get(tech, `/uzorci/audit/${sid}`, sarajevo)).json<SampleAuditAnswer>().audit;
    expect(auditAgain.filter((row) => row.akcija === 'culture.save')).toHaveLength(1);

    // A corrected MIC for the same isolate updates that isolate's row (and is audited).
    const corrected = resentLater(VITEK, '20261128091502', '20261128101502').replace('R|6|^^^CIP^1|0.5^S|mg/L||S', 'R|6|^^^CIP^1|1^R|mg/L||R');
    expect((await sendAstmMessage(HOST, portOf(analyser), corrected)).ok).toBe(true);
    const updated = (await cultureOf(sid)).culture!;
    expect(updated.izolati).toHaveLength(1);
    expect(rows(updated).CIP).toMatchObject({ vrijednost: '1', tumacenje: 'R', aparat: { kategorija: 'R', neslaganje: false } });
    const auditCorrected = (await client.get(tech, `/uzorci/audit/${sid}`, sarajevo)).json<SampleAuditAnswer>().audit;
    expect(auditCorrected.filter((row) => row.akcija === 'culture.save')).toHaveLength(2);
  });

  it('Phoenix HL7: the organism found by its name, SN MICs, the instrument R against our I flagged', async () => {
    const analyser = await microAnalyser('BD Phoenix M50', 'hl7');
    const sid = await sampleWithCode('M2611280002');
    const sent = await sendHl7Message(HOST, portOf(analyser), PHOENIX);
    expect(sent.ok, sent.steps.join('\n')).toBe(true);
    const culture = (await cultureOf(sid)).culture!;
    expect(culture.izolati.map((isolate) => [isolate.organizam.mo, isolate.aparat])).toEqual([['B_KLBSL_PNMN', { naziv: 'BD Phoenix M50', izolat: '1' }]]);
    const byAgent = rows(culture);
    expect(byAgent.CTX).toMatchObject({ vrijednost: '>4', tumacenje: 'R', aparat: { kategorija: 'R', neslaganje: false } });
    expect(byAgent.CIP).toMatchObject({ vrijednost: '0.5', tumacenje: 'I', aparat: { kategorija: 'R', neslaganje: true } });
    expect(byAgent.MEM).toMatchObject({ vrijednost: '<=0.125', tumacenje: 'S' });

    // The same message with a new MSH-10 (the instrument's resend): one isolate still.
    const resent = resentLater(PHOENIX, 'PHX261128000417', 'PHX261128000418');
    expect((await sendHl7Message(HOST, portOf(analyser), resent)).ok).toBe(true);
    expect((await cultureOf(sid)).culture!.izolati).toHaveLength(1);
  });

  it('keeps for review, with the reason: no culture test, an unknown specimen, organism or antibiotic, a MIC off the scale', async () => {
    const analyser = await microAnalyser('VITEK 2 review', 'astm');
    await sampleWithCode('M-NOCULT', [otherAssay]);
    const cultured = await sampleWithCode('M-REVIEW');
    const message = (specimen: string, results: string[]) => `${[`H|\\^&|||VITEK2|||||LIS||P|1|2026112812${specimen.length}`, 'P|1', `O|1|${specimen}||^^^AST`, ...results, 'L|1|N'].join('\r')}\r`;
    const send = async (text: string) => expect((await sendAstmMessage(HOST, portOf(analyser), text)).ok).toBe(true);
    await send(message('M-NOCULT', ['R|1|^^^ORG^1|ESCCOL^Escherichia coli', 'R|2|^^^AM^1|4^S|mg/L||S']));
    await send(message('M-UNKNOWN', ['R|1|^^^ORG^1|ESCCOL^Escherichia coli']));
    await send(message('M-REVIEW', [
      'R|1|^^^ORG^1|XYZZY', 'R|2|^^^AM^1|4^S|mg/L||S',
      'R|3|^^^ORG^2|ESCCOL^Escherichia coli', 'R|4|^^^QQQ^2|4^S|mg/L||S', 'R|5|^^^GM^2|0.3^S|mg/L||S', 'R|6|^^^CIP^2|0.25^S|mg/L||S',
    ]));
    const review = (await reviewOf(analyser._id)).map((item) => [item.uzorak, item.test, item.razlog]).sort();
    expect(review).toEqual([
      ['M-NOCULT', 'AM', 'noCulture'], ['M-NOCULT', 'ORG', 'noCulture'],
      ['M-REVIEW', 'AM', 'unknownOrganism'], ['M-REVIEW', 'GM', 'invalidValue'], ['M-REVIEW', 'ORG', 'unknownOrganism'], ['M-REVIEW', 'QQQ', 'unknownAntibiotic'],
      ['M-UNKNOWN', 'ORG', 'unknownSpecimen'],
    ].sort());
    // What could land did: isolate 2 with ciprofloxacin.
    const culture = (await cultureOf(cultured)).culture!;
    expect(culture.izolati.map((isolate) => [isolate.organizam.mo, isolate.aparat?.izolat, isolate.antibiogram.map((row) => row.antibiotik.ab)]))
      .toEqual([['B_ESCHR_COLI', '2', ['CIP']]]);

    // The map fixed, the message retried: the unknown organism's isolate lands, once.
    await saveAnalyser(client, admin, { _id: analyser._id, ime: analyser.ime, protokol: 'astm', vrsta: 'mikrobiologija', mikrobiologija: { organizmi: { XYZZY: 'B_KLBSL_PNMN' } } }, sarajevo);
    const [stored] = await t.database.db.select().from(analyserMessages)
      .where(and(eq(analyserMessages.analyserId, analyser._id), sql`${analyserMessages.raw} like '%M-REVIEW%'`));
    const retried = await client.post(tech, '/retry', { id: stored!.id }, sarajevo);
    expect(retried.statusCode, retried.body).toBe(200);
    const after = (await cultureOf(cultured)).culture!;
    expect(after.izolati.map((isolate) => [isolate.organizam.mo, isolate.aparat?.izolat])).toEqual([['B_ESCHR_COLI', '2'], ['B_KLBSL_PNMN', '1']]);
  });

  it("a person's save of the culture keeps the instrument's S/I/R of unchanged values beside an override", async () => {
    const analyser = await microAnalyser('VITEK 2 person', 'astm', { organizmi: { ESCCOL: 'B_ESCHR_COLI' }, antibiotici: { FT: 'NIT' } });
    const sid = await sampleWithCode('M2611280003');
    expect((await sendAstmMessage(HOST, portOf(analyser), VITEK.replace('M2611280001', 'M2611280003'))).ok).toBe(true);
    const { culture, answer } = await cultureOf(sid);
    const isolate = culture!.izolati[0]!;
    const response = await client.post(tech, '/mikrobiologija/kulture/save', {
      sid, version: answer.uzorak.version, test: answer.testovi[0]!._id, materijal: culture!.materijal, uti: true, rast: true, napomena: '',
      izolati: [{
        organizam: isolate.organizam.mo, kolicina: 5, napomena: '',
        antibiogram: isolate.antibiogram.map((row) => ({
          antibiotik: row.antibiotik.ab, metoda: row.metoda, vrijednost: row.antibiotik.ab === 'GEN' ? '2' : row.vrijednost,
          izmjena: row.antibiotik.ab === 'CIP' ? { kategorija: 'S', razlog: 'Confirmed with a gradient strip' } : null,
        })),
      }],
    }, sarajevo);
    expect(response.statusCode, response.body).toBe(200);
    const saved = (await cultureOf(sid)).culture!;
    expect(saved.izolati[0]!.aparat).toEqual({ naziv: 'VITEK 2 person', izolat: '1' });
    const byAgent = rows(saved);
    expect(byAgent.CIP).toMatchObject({ konacno: 'S', aparat: { kategorija: 'S', neslaganje: true } });
    // A value a person changed no longer carries the instrument's category.
    expect(byAgent.GEN).toMatchObject({ vrijednost: '2', aparat: null });
    // The instrument sends the isolate again: still one isolate, the person's override of the unchanged CIP kept.
    expect((await sendAstmMessage(HOST, portOf(analyser), resentLater(VITEK.replace('M2611280001', 'M2611280003'), '20261128091502', '20261128111502'))).ok).toBe(true);
    const resent = (await cultureOf(sid)).culture!;
    expect(resent.izolati).toHaveLength(1);
    expect(rows(resent).CIP).toMatchObject({ izmjena: { kategorija: 'S' }, aparat: { kategorija: 'S' } });
    expect(rows(resent).GEN).toMatchObject({ vrijednost: '<=1', aparat: { kategorija: 'S' } });
  });

  it('refuses a code map that names no reference organism or agent, naming the code', async () => {
    const organism = await client.post(admin, '/postavke/analysers/edit', { analyser: {
      ime: 'VITEK bad map', protokol: 'astm', transport: { mode: 'listen', port: 0 }, vrsta: 'mikrobiologija', mikrobiologija: { organizmi: { ESCCOL: 'B_NO_SUCH' } },
    } }, sarajevo);
    expect(organism.statusCode).toBe(400);
    expect(organism.json()).toMatchObject({ code: 'micro.unknownOrganism', field: 'analyser.mikrobiologija.organizmi.ESCCOL' });
    const agent = await client.post(admin, '/postavke/analysers/edit', { analyser: {
      ime: 'VITEK bad map', protokol: 'astm', transport: { mode: 'listen', port: 0 }, vrsta: 'mikrobiologija', mikrobiologija: { antibiotici: { FT: 'NOPE' } },
    } }, sarajevo);
    expect(agent.statusCode).toBe(400);
    expect(agent.json()).toMatchObject({ code: 'micro.unknownAntibiotic', field: 'analyser.mikrobiologija.antibiotici.FT' });
  });

  it('the capture bench shows per isolate and antibiotic what the message would do, storing nothing', async () => {
    const analyser = await microAnalyser('VITEK 2 bench', 'astm', { organizmi: { ESCCOL: 'B_ESCHR_COLI' }, antibiotici: { FT: 'NIT' } });
    const sid = await sampleWithCode('M2611280004');
    const response = await client.post(admin, '/integracija/provjera', { analyser: analyser._id, tekst: VITEK.replace('M2611280001', 'M2611280004') }, sarajevo);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json<BenchCheckAnswer>().mikrobiologija;
    expect(lines[0]).toMatchObject({ uzorak: 'M2611280004', uzorak_postoji: true, izolat: '1', vrsta: 'organizam', kod: 'ESCCOL', referenca: 'B_ESCHR_COLI', razlog: null });
    expect(lines.find((line) => line.kod === 'CIP')).toMatchObject({
      vrsta: 'antibiotik', referenca: 'CIP', vrijednost: '0.5', aparat: 'S', tumacenje: 'I', neslaganje: true, razlog: null,
    });
    expect(lines.find((line) => line.kod === 'FT')).toMatchObject({ referenca: 'NIT', razlog: null });
    expect((await cultureOf(sid)).culture).toBeNull();
  });
});
