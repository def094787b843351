import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AntibiogramPanel, CulturesAnswer, SampleSavedAnswer } from '@lis/domain';
import { loadConfig } from '../../config.ts';
import { auditLog, labAssays } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { DEMO_PANELS } from './demo-panels.ts';
import { importReferenceData } from './reference-import.ts';

// Antibiogram panels on the demo seed's set, with the shared EUCAST 2025 reference data imported: the
// settings calls (audited, refusals naming the field) and the culture save's panel rule.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let patient: { _id: string };
let urineCulture: string;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  await importReferenceData(t.database.db, loadConfig().microReferenceDir!);
  [tech, admin] = await Promise.all(['tehnicar@demo.lab', 'admin@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn];
  const [ukul] = await t.database.db.select({ id: labAssays.id }).from(labAssays).where(eq(labAssays.sifra, 'UKUL'));
  urineCulture = ukul!.id;
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(52 * 365 + 40), 'MUŠKI'), { ime: 'Panel', prezime: 'Panelović', spol: 'MUŠKI' });
}, 120_000);
afterAll(async () => { await t?.close(); });

async function panels(): Promise<AntibiogramPanel[]> {
  const response = await client.get(tech, '/mikrobiologija/paneli');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ paneli: AntibiogramPanel[] }>().paneli;
}

async function choice(mo: string, materijal: string): Promise<LightMyRequestResponse> {
  return client.get(tech, `/mikrobiologija/paneli/izbor?mo=${encodeURIComponent(mo)}&materijal=${encodeURIComponent(materijal)}`);
}

async function lastAudit(entityId: string) {
  const [row] = await t.database.db.select().from(auditLog)
    .where(and(eq(auditLog.entity, 'micro_panel'), eq(auditLog.entityId, entityId))).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

async function saveCulture(organizam: string, agents: string[], materijal = 'Urin (srednji mlaz)'): Promise<{ response: LightMyRequestResponse; sid: string }> {
  const created = await client.post(tech, '/uzorci/save', { pid: patient._id, testovi: [urineCulture] });
  expect(created.statusCode, created.body).toBe(201);
  const sid = created.json<SampleSavedAnswer>().uzorak._id;
  const shown = (await client.get(tech, `/mikrobiologija/kulture/${sid}`)).json<CulturesAnswer>();
  const response = await client.post(tech, '/mikrobiologija/kulture/save', {
    sid, version: shown.uzorak.version, test: shown.testovi[0]!._id, materijal, uti: true, rast: true, napomena: '',
    izolati: [{ organizam, kolicina: 5, napomena: '', antibiogram: agents.map((antibiotik) => ({ antibiotik, metoda: 'MIC', vrijednost: '1' })) }],
  });
  return { response, sid };
}

describe('the demo set', () => {
  it('lists every seeded panel with the group\'s and agents\' names from the reference tables', async () => {
    const list = await panels();
    expect(list).toHaveLength(DEMO_PANELS.length);
    const urine = list.find((panel) => panel.naziv === 'Enterobacterales, urin');
    expect(urine).toMatchObject({ grupa: { mo: 'B_[ORD]_ENTRBCTR', naziv: 'Enterobacterales' }, uzorak: 'Urin' });
    expect(urine!.antibiotici.slice(0, 2)).toEqual([{ ab: 'AMP', naziv: 'Ampicillin' }, { ab: 'AMC', naziv: 'Amoxicillin/clavulanic acid' }]);
  });

  it('chooses an isolate\'s panel by its taxonomy and the culture\'s specimen', async () => {
    const urine = await choice('B_ESCHR_COLI', 'Urin (srednji mlaz)');
    expect(urine.statusCode, urine.body).toBe(200);
    expect(urine.json()).toMatchObject({ panel: { naziv: 'Enterobacterales, urin' } });
    expect((await choice('B_KLBSL_PNMN', 'Bris (rana)')).json()).toMatchObject({ panel: { naziv: 'Enterobacterales' } });
    expect((await choice('B_STPHY_EPDR', 'Bris (rana)')).json()).toMatchObject({ panel: { naziv: 'Stafilokoki' } });
    expect((await choice('B_STRPT_PNMN', 'Sputum')).json()).toMatchObject({ panel: { naziv: 'Streptococcus pneumoniae' } });
    expect((await choice('B_MRXLL_CTRR', 'Sputum')).json()).toMatchObject({ panel: null });
    const unknown = await choice('B_NEPOZNAT', 'Urin');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'micro.unknownOrganism', field: 'mo' });
  });
});

describe('the culture save', () => {
  it('refuses an agent outside the isolate\'s panel, naming the field, and stores nothing', async () => {
    const { response, sid } = await saveCulture('B_ESCHR_COLI', ['AMP', 'VAN']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'micro.antibioticNotInPanel', field: 'izolati.0.antibiogram.1.antibiotik',
      message: 'Antibiotik Vancomycin nije u panelu Enterobacterales, urin za ovaj mikroorganizam.',
    });
    const after = (await client.get(tech, `/mikrobiologija/kulture/${sid}`)).json<CulturesAnswer>();
    expect(after.testovi[0]!.kultura).toBeNull();
    expect(after.testovi[0]!.rezultat).toBeNull();
  });

  it('takes the panel\'s agents, and any agent for an organism without a panel', async () => {
    expect((await saveCulture('B_ESCHR_COLI', ['AMP', 'NIT', 'FOS'])).response.statusCode).toBe(200);
    // Outside urine the general Enterobacterales panel applies: nitrofurantoin is not in it.
    const wound = await saveCulture('B_ESCHR_COLI', ['AMP', 'NIT'], 'Bris (rana)');
    expect(wound.response.json()).toMatchObject({ code: 'micro.antibioticNotInPanel', field: 'izolati.0.antibiogram.1.antibiotik' });
    expect((await saveCulture('B_MRXLL_CTRR', ['AMC', 'VAN', 'NIT'])).response.statusCode).toBe(200);
  });

  it('still names an unknown organism and a MIC off the dilution scale', async () => {
    const unknown = await saveCulture('B_NEPOZNAT', ['AMP']);
    expect(unknown.response.json()).toMatchObject({ code: 'micro.unknownOrganism', field: 'izolati.0.organizam' });
    const created = await client.post(tech, '/uzorci/save', { pid: patient._id, testovi: [urineCulture] });
    const sid = created.json<SampleSavedAnswer>().uzorak._id;
    const shown = (await client.get(tech, `/mikrobiologija/kulture/${sid}`)).json<CulturesAnswer>();
    const offScale = await client.post(tech, '/mikrobiologija/kulture/save', {
      sid, version: shown.uzorak.version, test: shown.testovi[0]!._id, materijal: 'Urin (srednji mlaz)', uti: true, rast: true,
      izolati: [{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '3' }] }],
    });
    expect(offScale.json()).toMatchObject({ code: 'micro.micNotStep', field: 'izolati.0.antibiogram.0.vrijednost' });
  });
});

describe('editing panels', () => {
  it('an administrator creates, changes and deletes a panel, each audited; then the save follows it', async () => {
    const created = await client.post(admin, '/mikrobiologija/paneli/edit', {
      naziv: 'Moraxella', grupa: 'B_MRXLL_CTRR', uzorak: '', antibiotici: ['AMC', 'CXM', 'ERY'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const panel = created.json<{ panel: AntibiogramPanel }>().panel;
    expect(panel).toMatchObject({ naziv: 'Moraxella', grupa: { mo: 'B_MRXLL_CTRR', naziv: 'Moraxella catarrhalis' }, uzorak: '' });
    expect(await lastAudit(panel._id)).toMatchObject({ action: 'settings.create', oldValue: null, newValue: { antibiotici: ['AMC', 'CXM', 'ERY'] } });
    expect((await saveCulture('B_MRXLL_CTRR', ['AMC', 'VAN'])).response.json()).toMatchObject({
      code: 'micro.antibioticNotInPanel', message: 'Antibiotik Vancomycin nije u panelu Moraxella za ovaj mikroorganizam.',
    });

    const changed = await client.post(admin, '/mikrobiologija/paneli/edit', {
      _id: panel._id, naziv: 'Moraxella catarrhalis', grupa: 'B_MRXLL_CTRR', uzorak: '', antibiotici: ['AMC', 'VAN'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ panel: AntibiogramPanel }>().panel.antibiotici.map((agent) => agent.ab)).toEqual(['AMC', 'VAN']);
    expect(await lastAudit(panel._id)).toMatchObject({
      action: 'settings.update', oldValue: { naziv: 'Moraxella' }, newValue: { naziv: 'Moraxella catarrhalis', antibiotici: ['AMC', 'VAN'] },
    });
    expect((await saveCulture('B_MRXLL_CTRR', ['VAN', 'AMC'])).response.statusCode).toBe(200);

    const removed = await client.post(admin, '/mikrobiologija/paneli/delete', { _id: panel._id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await lastAudit(panel._id)).toMatchObject({ action: 'settings.delete', newValue: null, oldValue: { naziv: 'Moraxella catarrhalis' } });
    expect((await panels()).some((item) => item._id === panel._id)).toBe(false);
    expect((await client.post(admin, '/mikrobiologija/paneli/delete', { _id: panel._id })).statusCode).toBe(404);
  });

  it('refuses bad panels with a message naming the field, storing nothing', async () => {
    const before = await panels();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ naziv: 'X', grupa: 'B_NEPOZNAT', antibiotici: ['AMP'] }, 400, 'micro.unknownOrganism', 'grupa'],
      [{ naziv: 'X', grupa: 'B_CMPYL_JEJN', antibiotici: ['CIP', 'XYZ'] }, 400, 'micro.unknownAntibiotic', 'antibiotici.1'],
      [{ naziv: 'X', grupa: 'B_CMPYL_JEJN', antibiotici: ['CIP', 'ERY', 'CIP'] }, 400, 'micro.panelDuplicateAgent', 'antibiotici.2'],
      [{ naziv: 'X', grupa: 'B_CMPYL_JEJN', antibiotici: [] }, 400, 'micro.panelEmpty', 'antibiotici'],
      [{ naziv: '', grupa: 'B_CMPYL_JEJN', antibiotici: ['CIP'] }, 400, 'form.required', 'naziv'],
      [{ naziv: 'Drugi', grupa: 'B_[ORD]_ENTRBCTR', uzorak: 'URIN', antibiotici: ['AMP'] }, 409, 'micro.panelExists', 'uzorak'],
      [{ _id: '00000000-0000-4000-8000-000000000000', naziv: 'X', grupa: 'B_CMPYL_JEJN', antibiotici: ['CIP'] }, 404, 'notFound', ''],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await client.post(admin, '/mikrobiologija/paneli/edit', body);
      expect(response.statusCode, `${code}: ${response.body}`).toBe(status);
      expect(response.json(), code).toMatchObject(field ? { success: false, code, field } : { success: false, code });
    }
    expect(await panels()).toEqual(before);
  });

  it('only an administrator edits panels; everyone who reads samples reads them', async () => {
    const refused = await client.post(tech, '/mikrobiologija/paneli/edit', { naziv: 'X', grupa: 'B_CMPYL_JEJN', antibiotici: ['CIP'] });
    expect(refused.statusCode).toBe(403);
    const viewer = await signIn(t.app, 'pregled@demo.lab');
    expect((await client.get(viewer, '/mikrobiologija/paneli')).statusCode).toBe(200);
    expect((await client.post(viewer, '/mikrobiologija/paneli/delete', { _id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(403);
  });
});
