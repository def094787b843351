import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SETTING_RECORD_KINDS, labAssaySchema, referenceRangeProblems, editedRange,
  type HistoryAnswer, type LabAssayRecord, type SettingRecordKind,
} from '@lis/domain';
import { auditLog, labAssays, labSections, sampleTypes } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, resultCalls, type ResultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let specialist: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
let sectionId: string;
let sampleTypeId: string;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [admin, specialist, tech, viewer] = await Promise.all(
    ['admin@demo.lab', 'specijalista@demo.lab', 'tehnicar@demo.lab', 'pregled@demo.lab'].map((email) => signIn(t.app, email)),
  ) as [SignedIn, SignedIn, SignedIn, SignedIn];
  const [section] = await t.database.db.select({ id: labSections.id }).from(labSections).limit(1);
  const [type] = await t.database.db.select({ id: sampleTypes.id }).from(sampleTypes).limit(1);
  if (!section || !type) throw new Error('no seeded catalogue');
  sectionId = section.id;
  sampleTypeId = type.id;
});
afterAll(async () => { await t.close(); });

interface Failure { success: false; code: string; field?: string }

async function list(kind: SettingRecordKind, query = 'per_page=0'): Promise<Record<string, unknown>[]> {
  const response = await client.get(admin, `/postavke/${SETTING_RECORD_KINDS[kind].path}/list?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Record<string, unknown>[] }>().data;
}

function edit(kind: SettingRecordKind, record: Record<string, unknown>, user = admin) {
  const spec = SETTING_RECORD_KINDS[kind];
  return client.post(user, `/postavke/${spec.path}/edit`, { [spec.bodyField]: record });
}

/** Per kind: a new record, the change made to it, and a record refused for the field named. */
const CASES: Record<SettingRecordKind, { create: Record<string, unknown>; change: Record<string, unknown>; bad: Record<string, unknown>; field: string }> = {
  lokacija: { create: { naziv: 'Dom zdravlja Centar', sifra: 'DZC' }, change: { telefon: '033 000 111' }, bad: { naziv: '' }, field: 'naziv' },
  doktor: { create: { ime: 'Emina', prezime: 'Hodžić', titula: 'dr. med.' }, change: { specijalnost: 'Interna medicina' }, bad: { ime: 'A', prezime: 7 }, field: 'prezime' },
  sekcija: { create: { sifra: 'TOKS', naziv: 'Toksikologija', redoslijed: 50 }, change: { naziv_en: 'Toxicology' }, bad: { sifra: 'X Y', naziv: 'Razmak' }, field: 'sifra' },
  grupa: { create: { naziv: 'Lipidni status' }, change: { redoslijed: 3 }, bad: { naziv: 'Grupa', testovi: ['nije-id'] }, field: 'testovi.0' },
  ref_grupa: { create: { naziv: 'Trudnice', opis: 'Referentne vrijednosti u trudnoći' }, change: { aktivan: false }, bad: { naziv: 'G', boja: 'plava' }, field: 'body' },
  jedinica: { create: { oznaka: 'mmol/L', naziv: 'milimol po litru' }, change: { naziv: 'milimola po litru' }, bad: { oznaka: 'x'.repeat(31) }, field: 'oznaka' },
  tehnologija: { create: { naziv: 'Fotometrija' }, change: { opis: 'Apsorbancija' }, bad: { naziv: 'T', aktivan: 'da' }, field: 'aktivan' },
  tip: { create: { naziv: 'Cobas c311', proizvodjac: 'Roche' }, change: { proizvodjac: 'Roche Diagnostics' }, bad: { naziv: 'T', tehnologija: 12 }, field: 'tehnologija' },
  uzorak_def: { create: { naziv: 'Epruveta s gelom', boja: 'žuta', volumen_ml: 5 }, change: { volumen_ml: 3.5 }, bad: { naziv: 'E', volumen_ml: -1 }, field: 'volumen_ml' },
  uzorak: { create: { sifra: 'LIKV', naziv: 'Likvor' }, change: { naziv: 'Likvor (CSF)', naziv_en: 'Cerebrospinal fluid', naziv_de: 'Liquor' }, bad: { sifra: '', naziv: 'Bez šifre' }, field: 'sifra' },
};

describe('setting records: postavke/<path>/edit, list and history', () => {
  it.each(Object.keys(CASES) as SettingRecordKind[])('%s: creates, lists, updates with its history, refuses a bad field saving nothing', async (kind) => {
    const spec = SETTING_RECORD_KINDS[kind];
    const { create, change, bad, field } = CASES[kind];

    const created = await edit(kind, create);
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json<Record<string, Record<string, unknown>>>()[spec.bodyField]!;
    expect(saved).toMatchObject(create);
    expect(saved._id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await list(kind)).find((row) => row._id === saved._id)).toMatchObject(create);

    const updated = await edit(kind, { ...saved, ...change });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<Record<string, unknown>>()[spec.bodyField]).toEqual({ ...saved, ...change });

    const history = await client.get(specialist, `/postavke/${spec.path}/history/${String(saved._id)}`);
    expect(history.statusCode, history.body).toBe(200);
    const entries = history.json<HistoryAnswer>().historija;
    expect(entries.map((entry) => entry.akcija)).toEqual(['settings.update', 'settings.create']);
    expect(entries[0]).toMatchObject({ korisnik: 'Amra Administrator', staro: saved, novo: { ...saved, ...change } });

    const before = await list(kind);
    const refused = await edit(kind, bad);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<Failure>()).toMatchObject({ success: false, field: field === 'body' ? spec.bodyField : `${spec.bodyField}.${field}` });
    expect(await list(kind)).toEqual(before);
  });

  it('answers 404 for an _id that is not a record of the kind, and refuses a reference to a record that does not exist', async () => {
    const missing = await edit('lokacija', { _id: '00000000-0000-4000-8000-000000000000', naziv: 'Nema' });
    expect(missing.statusCode).toBe(404);
    const technology = (await edit('tehnologija', { naziv: 'ISE' })).json<{ tehnologija: { _id: string } }>().tehnologija;
    // A technology's id is not a location: updating "location" with it is a 404, not a silent change of another kind.
    expect((await edit('lokacija', { _id: technology._id, naziv: 'Pogrešna vrsta' })).statusCode).toBe(404);
    const unknown = await edit('tip', { naziv: 'Analizator', tehnologija: '00000000-0000-4000-8000-000000000001' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Failure>()).toMatchObject({ code: 'catalogue.unknownReference', field: 'tip.tehnologija' });
    const known = await edit('tip', { naziv: 'Analizator', tehnologija: technology._id });
    expect(known.statusCode, known.body).toBe(200);
    const group = await edit('grupa', { naziv: 'Grupa s nepostojećim testom', testovi: ['00000000-0000-4000-8000-000000000002'] });
    expect(group.json<Failure>()).toMatchObject({ code: 'catalogue.unknownReference', field: 'grupa.testovi.0' });
  });

  it('refuses a section or sample type code already registered (409 naming sifra)', async () => {
    const [existing] = await t.database.db.select({ sifra: labSections.sifra }).from(labSections).limit(1);
    const duplicate = await edit('sekcija', { sifra: existing!.sifra, naziv: 'Duplikat' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<Failure>()).toMatchObject({ code: 'catalogue.duplicateCode', field: 'sekcija.sifra' });
  });

  it('lets settings.read view and only level-0 settings.write edit', async () => {
    expect((await client.get(specialist, '/postavke/lokacije/list')).statusCode).toBe(200);
    expect((await edit('lokacija', { naziv: 'Specijalista' }, specialist)).statusCode).toBe(403);
    expect((await edit('lokacija', { naziv: 'Tehničar' }, tech)).statusCode).toBe(403);
    expect((await client.get(tech, '/postavke/lokacije/list')).statusCode).toBe(403);
    expect((await client.get(viewer, '/assays/lab/list')).statusCode).toBe(403);
    expect((await client.post(tech, '/assays/lab/edit', { labassay: {} })).statusCode).toBe(403);
  });
});

describe('referral choices of sample entry: postavke/uputni', () => {
  it('offers the active doctors and locations by name, free text allowed until the lab turns it off, per list', async () => {
    await edit('doktor', { ime: 'Zlatan', prezime: 'Čengić', titula: 'dr.' });
    await edit('doktor', { ime: 'Stari', prezime: 'Neaktivni', aktivan: false });
    await edit('lokacija', { naziv: 'Ambulanta Ilidža' });
    const first = await client.get(tech, '/postavke/uputni');
    expect(first.statusCode, first.body).toBe(200);
    const choices = first.json<{ doktori: { naziv: string }[]; lokacije: { naziv: string }[]; slobodan_unos: unknown }>();
    expect(choices.doktori.map((doctor) => doctor.naziv)).toContain('dr. Zlatan Čengić');
    expect(choices.doktori.map((doctor) => doctor.naziv).join()).not.toContain('Neaktivni');
    expect(choices.lokacije.map((location) => location.naziv)).toContain('Ambulanta Ilidža');
    expect(choices.slobodan_unos).toEqual({ doktor: true, lokacija: true });

    expect((await client.post(tech, '/postavke/uputni/edit', { opcije: { doktor: false, lokacija: true } })).statusCode).toBe(403);
    const bad = await client.post(admin, '/postavke/uputni/edit', { opcije: { doktor: 'ne', lokacija: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Failure>().field).toBe('opcije.doktor');
    const saved = await client.post(admin, '/postavke/uputni/edit', { opcije: { doktor: false, lokacija: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await client.get(tech, '/postavke/uputni')).json<{ slobodan_unos: unknown }>().slobodan_unos).toEqual({ doktor: false, lokacija: true });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'setting.referral_options'));
    expect(audit.map((row) => row.newValue)).toEqual([{ doktor: false, lokacija: true }]);
  });
});

describe('lab assays: assays/lab/list, show, edit, delete, history', () => {
  function newAssay(sifra: string, extra: Record<string, unknown> = {}) {
    return {
      sifra, naziv: `Test ${sifra}`, analit: sifra, price: 4.5, sekcija: sectionId, uzorak: sampleTypeId, jedinica: 'mmol/L', decimals: 1,
      reference: [
        { age_min_days: 0, age_max_days: 6574, low: 1, high: 2 },
        { age_min_days: 6575, low: 1.5, high: 2.5, critical_high: 10 },
      ],
      ...extra,
    };
  }

  async function saveAssay(labassay: Record<string, unknown>) {
    return client.post(admin, '/assays/lab/edit', { labassay });
  }

  it('creates an assay with its ranges, shows it, lists it by section and keeps its history', async () => {
    const response = await saveAssay(newAssay('KAT1', { naziv_en: 'Test one', naziv_de: 'Test eins' }));
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ labassay: LabAssayRecord }>().labassay;
    expect(saved).toMatchObject({ sifra: 'KAT1', price: 4.5, naziv_en: 'Test one', naziv_de: 'Test eins', calculated: false, formula: null });
    expect(saved.reference).toHaveLength(2);
    expect(saved.reference[1]).toMatchObject({ age_min_days: 6575, age_max_days: 54_750, low: 1.5, high: 2.5, critical_high: 10, spol: null });

    const shown = await client.get(specialist, `/assays/lab/${saved._id}`);
    expect(shown.json<{ labassay: LabAssayRecord }>().labassay).toEqual(saved);
    const listed = await client.get(admin, `/assays/lab/list?sekcija=${sectionId}&filter=KAT1&per_page=0`);
    expect(listed.json<{ data: { _id: string; referenci: number }[] }>().data).toEqual([expect.objectContaining({ _id: saved._id, referenci: 2 })]);

    const disabled = await saveAssay({ ...saved, disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const history = (await client.get(admin, `/assays/lab/history/${saved._id}`)).json<HistoryAnswer>().historija;
    expect(history.map((entry) => entry.akcija)).toEqual(['labassay.update', 'labassay.create']);
    expect(history[0]?.staro).toMatchObject({ disabled: false });
    expect(history[0]?.novo).toMatchObject({ disabled: true });
  });

  it('refuses overlapping or gapped ranges of the same patients, naming the range, and saves nothing', async () => {
    const overlap = await saveAssay(newAssay('KAT2', { reference: [{ age_min_days: 0, age_max_days: 100, low: 1 }, { age_min_days: 100, low: 2 }] }));
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json<Failure>()).toMatchObject({ code: 'catalogue.rangeOverlap', field: 'labassay.reference.1.age_min_days' });
    const gap = await saveAssay(newAssay('KAT2', { reference: [{ age_min_days: 0, age_max_days: 100, low: 1 }, { age_min_days: 200, low: 2 }] }));
    expect(gap.json<Failure>()).toMatchObject({ code: 'catalogue.rangeGap', field: 'labassay.reference.1.age_min_days' });
    const rows = await t.database.db.select().from(labAssays).where(eq(labAssays.sifra, 'KAT2'));
    expect(rows).toEqual([]);
  });

  it('refuses an unknown section, a formula that does not parse or names a test that does not exist, and an unknown field', async () => {
    const section = await saveAssay(newAssay('KAT3', { sekcija: '00000000-0000-4000-8000-000000000003' }));
    expect(section.json<Failure>()).toMatchObject({ code: 'catalogue.unknownReference', field: 'labassay.sekcija' });
    const broken = await saveAssay(newAssay('KAT3', { calculated: true, formula: 'GLU + (' }));
    expect(broken.json<Failure>()).toMatchObject({ code: 'catalogue.formulaInvalid', field: 'labassay.formula' });
    const unknown = await saveAssay(newAssay('KAT3', { calculated: true, formula: 'GLU + NEPOSTOJI' }));
    expect(unknown.json<Failure>()).toMatchObject({ code: 'catalogue.formulaUnknownComponent', field: 'labassay.formula' });
    const noFormula = await saveAssay(newAssay('KAT3', { calculated: true }));
    expect(noFormula.json<Failure>()).toMatchObject({ code: 'catalogue.formulaRequired', field: 'labassay.formula' });
    const field = await saveAssay(newAssay('KAT3', { boja: 'crvena' }));
    expect(field.statusCode).toBe(400);
    expect(field.json<Failure>().field).toBe('labassay');
  });

  it('keeps an assay\'s LOINC code, refuses one with a wrong check digit naming the field, and the demo catalogue has the common ones', async () => {
    const saved = await saveAssay(newAssay('KATL', { loinc: '2345-7' }));
    expect(saved.statusCode, saved.body).toBe(200);
    const record = saved.json<{ labassay: LabAssayRecord }>().labassay;
    expect(record.loinc).toBe('2345-7');
    const wrong = await saveAssay({ ...record, loinc: '2345-6' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<Failure>()).toMatchObject({ code: 'catalogue.loincInvalid', field: 'labassay.loinc' });
    const cleared = await saveAssay({ ...record, loinc: null });
    expect(cleared.json<{ labassay: LabAssayRecord }>().labassay.loinc).toBeNull();
    const seeded = await t.database.db.select({ sifra: labAssays.sifra, loinc: labAssays.loinc }).from(labAssays);
    const loincOf = new Map(seeded.map((row) => [row.sifra, row.loinc]));
    expect(Object.fromEntries(['GLU', 'CHOL', 'HDL', 'TG', 'KREA', 'UREA', 'ALT', 'AST', 'NA', 'K', 'HGB', 'WBC', 'PLT', 'TSH', 'FT4', 'CRP']
      .map((sifra) => [sifra, loincOf.get(sifra)]))).toEqual({
      GLU: '14749-6', CHOL: '14647-2', HDL: '14646-4', TG: '14927-8', KREA: '14682-9', UREA: '22664-7', ALT: '1742-6', AST: '1920-8',
      NA: '2951-2', K: '2823-3', HGB: '718-7', WBC: '6690-2', PLT: '777-3', TSH: '3016-3', FT4: '14920-3', CRP: '1988-5',
    });
  });

  it("keeps a test's stability per sample type, refuses a type listed twice or one the catalogue lacks, naming the entry", async () => {
    const saved = await saveAssay(newAssay('KATS', { stabilnost: [{ uzorak: null, sati: 48 }, { uzorak: sampleTypeId, sati: 24 }] }));
    expect(saved.statusCode, saved.body).toBe(200);
    const record = saved.json<{ labassay: LabAssayRecord }>().labassay;
    expect(record.stabilnost).toEqual([{ uzorak: null, sati: 48 }, { uzorak: sampleTypeId, sati: 24 }]);
    const twice = await saveAssay({ ...record, stabilnost: [{ uzorak: sampleTypeId, sati: 24 }, { uzorak: sampleTypeId, sati: 12 }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<Failure>()).toMatchObject({ code: 'catalogue.stabilityDuplicate', field: 'labassay.stabilnost.1.uzorak' });
    const unknown = await saveAssay({ ...record, stabilnost: [{ uzorak: null, sati: 48 }, { uzorak: crypto.randomUUID(), sati: 12 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Failure>()).toMatchObject({ code: 'catalogue.unknownReference', field: 'labassay.stabilnost.1.uzorak' });
    const zero = await saveAssay({ ...record, stabilnost: [{ uzorak: null, sati: 0 }] });
    expect(zero.json<Failure>()).toMatchObject({ field: 'labassay.stabilnost.0.sati' });
    // Refusals change nothing; the stored stability is audited with the assay.
    const stored = await client.get(admin, `/assays/lab/${record._id}`);
    expect(stored.json<{ labassay: LabAssayRecord }>().labassay.stabilnost).toEqual(record.stabilnost);
    const audit = await t.database.db.select({ newValue: auditLog.newValue }).from(auditLog).where(eq(auditLog.entityId, record._id));
    expect(audit.some((row) => JSON.stringify(row.newValue).includes('"sati":48'))).toBe(true);
  });

  it('derives calculatedTests from the formula', async () => {
    const [one, two] = await Promise.all(['KATA', 'KATB'].map(async (sifra) => (await saveAssay(newAssay(sifra))).json<{ labassay: LabAssayRecord }>().labassay));
    const calculated = await saveAssay(newAssay('KATC', { calculated: true, formula: 'KATA / KATB', calculatedTests: [] }));
    expect(calculated.statusCode, calculated.body).toBe(200);
    expect(calculated.json<{ labassay: LabAssayRecord }>().labassay.calculatedTests).toEqual([one!._id, two!._id]);
    // A component of a calculated test cannot be deleted.
    const refused = await client.post(admin, '/assays/lab/delete', { id: one!._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Failure>().code).toBe('catalogue.assayIsComponent');
  });

  it('deletes an assay no sample has, with its audit row; refuses one that is on samples (disable it instead)', async () => {
    const unused = (await saveAssay(newAssay('KATD'))).json<{ labassay: LabAssayRecord }>().labassay;
    const deleted = await client.post(admin, '/assays/lab/delete', { id: unused._id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(labAssays).where(eq(labAssays.id, unused._id))).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, unused._id));
    expect(audit.map((row) => row.action).sort()).toEqual(['labassay.create', 'labassay.delete']);
    expect((await client.post(admin, '/assays/lab/delete', { id: unused._id })).statusCode).toBe(404);
  });

  it('every seeded assay passes the range rule, so the lab can edit the demo catalogue', async () => {
    const listed = (await client.get(admin, '/assays/lab/list?per_page=0')).json<{ data: { _id: string }[] }>().data;
    const refused: string[] = [];
    for (const row of listed) {
      const shown = (await client.get(admin, `/assays/lab/${row._id}`)).json<{ labassay: LabAssayRecord }>().labassay;
      if (!labAssaySchema.safeParse(shown).success || referenceRangeProblems(shown.reference.map(editedRange)).length > 0) refused.push(shown.sifra);
    }
    expect(refused).toEqual([]);
  });
});

describe('the referral choice is enforced by the server, not only by the form', () => {
  let cat: ResultCatalogue;
  let calls: ResultCalls;

  beforeAll(async () => {
    cat = await createResultCatalogue(t.database.db);
    calls = resultCalls(client, cat);
    await edit('doktor', { ime: 'Lejla', prezime: 'Begić', titula: 'dr.' });
    await edit('lokacija', { naziv: 'Dom zdravlja Novi Grad' });
  });

  async function setFreeText(doktor: boolean, lokacija: boolean) {
    const saved = await client.post(admin, '/postavke/uputni/edit', { opcije: { doktor, lokacija } });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  function refusal(response: { statusCode: number; json: <T>() => T }, field: string, code: string) {
    expect(response.statusCode).toBe(400);
    expect(response.json<Failure & { message: string }>()).toMatchObject({ success: false, field, code });
  }

  it('refuses a doctor or referring location not in the lists on sample save and update while free text is off', async () => {
    await setFreeText(false, false);
    const patient = await registerPatient(client, tech, jmbgFor(daysAgo(30 * 365), 'MUŠKI'));
    const save = (extra: Record<string, unknown>) => client.post(tech, '/uzorci/save', { pid: patient._id, testovi: [cat.ids.GLU], ...extra });

    const unknownDoctor = await save({ doktor: 'dr. Neko Izmišljen', lokacija: 'Dom zdravlja Novi Grad' });
    refusal(unknownDoctor, 'doktor', 'referral.doctorNotListed');
    expect(unknownDoctor.json<{ message: string }>().message).toBe('Doktor mora biti izabran sa liste doktora.');
    refusal(await save({ doktor: 'dr. Lejla Begić', lokacija: 'Negdje drugo' }), 'lokacija', 'referral.locationNotListed');
    refusal(await save({ lokacija: { lokacija: 'Negdje drugo' } }), 'lokacija', 'referral.locationNotListed');

    const listed = await save({ doktor: 'dr. Lejla Begić', lokacija: 'Dom zdravlja Novi Grad' });
    expect(listed.statusCode, listed.body).toBe(201);
    expect((await save({ doktor: '', lokacija: '' })).statusCode).toBe(201);
    const sid = listed.json<{ uzorak: { _id: string } }>().uzorak._id;

    refusal(await client.post(tech, '/uzorci/update', { sid, doktor: 'Bilo ko' }), 'doktor', 'referral.doctorNotListed');
    refusal(await client.post(tech, '/uzorci/update', { sid, lokacija: 'Bilo gdje' }), 'lokacija', 'referral.locationNotListed');
    const shown = (await client.get(tech, `/uzorci/show/${sid}`)).json<{ uzorak: { doktor: string; lokacija: { lokacija: string } } }>().uzorak;
    expect(shown.doktor).toBe('dr. Lejla Begić');
    expect(shown.lokacija.lokacija).toBe('Dom zdravlja Novi Grad');
  });

  it('keeps a value the sample already holds, allows free text per list when the lab wants it', async () => {
    await setFreeText(true, true);
    const patient = await registerPatient(client, tech, jmbgFor(daysAgo(31 * 365), 'MUŠKI'));
    const typed = await calls.createSample(tech, patient._id, ['GLU'], { doktor: 'dr. Upisan Rukom', lokacija: 'Privatna ordinacija' });
    await setFreeText(false, true);
    // An unchanged doctor typed before the lists were enforced stays; a new unlisted one does not.
    const kept = await client.post(tech, '/uzorci/update', { sid: typed._id, doktor: 'dr. Upisan Rukom', lokacija: 'Još jedna ordinacija' });
    expect(kept.statusCode, kept.body).toBe(200);
    refusal(await client.post(tech, '/uzorci/update', { sid: typed._id, doktor: 'dr. Drugi Rukom' }), 'doktor', 'referral.doctorNotListed');
    await setFreeText(true, true);
  });

  it("refuses a patient's referring location not in the list on patient save and update while free text is off", async () => {
    const patient = await registerPatient(client, tech, jmbgFor(daysAgo(32 * 365), 'ŽENSKI'), { spol: 'ŽENSKI', lokacija: 'Stara ordinacija' });
    await setFreeText(true, false);
    const refusedSave = await client.post(tech, '/pacijenti/unos/save', {
      jmbg: jmbgFor(daysAgo(33 * 365), 'MUŠKI'), ime: 'Novi', prezime: 'Pacijent', spol: 'MUŠKI', adresa: 'Testna 3', telefon: '062 000 001',
      symptoms: { pacijentbezsimptoma: true }, lokacija: 'Nepoznata ambulanta',
    });
    refusal(refusedSave, 'lokacija', 'referral.locationNotListed');
    refusal(await client.post(tech, `/pacijenti/detalji/update/${patient._id}`, { lokacija: 'Nepoznata ambulanta' }), 'lokacija', 'referral.locationNotListed');
    const unchanged = await client.post(tech, `/pacijenti/detalji/update/${patient._id}`, { lokacija: 'Stara ordinacija', note: 'kontrola' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const chosen = await client.post(tech, `/pacijenti/detalji/update/${patient._id}`, { lokacija: 'Dom zdravlja Novi Grad' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await setFreeText(true, true);
  });
});

describe('a catalogue change never alters a verified result', () => {
  let cat: ResultCatalogue;
  let calls: ResultCalls;

  beforeAll(async () => {
    cat = await createResultCatalogue(t.database.db);
    calls = resultCalls(client, cat);
  });

  it('a verified sample keeps the range it was verified with; a new sample shows the edited range', async () => {
    const patient = await registerPatient(client, tech, jmbgFor(daysAgo(40 * 365), 'MUŠKI'));
    const verified = await calls.createSample(tech, patient._id, ['GLU']);
    await calls.saved(tech, verified._id, { GLU: '6.5' });
    await calls.moved(specialist, 'odobri', { sid: verified._id });
    await calls.moved(specialist, 'verifikuj', { sid: verified._id });
    const open = await calls.createSample(tech, patient._id, ['GLU']);
    await calls.saved(tech, open._id, { GLU: '6.5' });

    const glucose = (await client.get(admin, `/assays/lab/${cat.ids.GLU}`)).json<{ labassay: LabAssayRecord }>().labassay;
    const edited = await client.post(admin, '/assays/lab/edit', {
      labassay: { ...glucose, jedinica: 'mg/dL', reference: [{ ...glucose.reference[0], low: 4.1, high: 7.0, critical_low: 2.5 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const keptTests = await calls.tests(tech, verified._id);
    expect(keptTests.GLU).toMatchObject({ referenca: { low: 3.9, high: 6.1, text: null }, jedinica: 'mmol/L', flag: 'H' });

    const openTests = await calls.tests(tech, open._id);
    expect(openTests.GLU).toMatchObject({ referenca: { low: 4.1, high: 7, text: null }, jedinica: 'mg/dL', flag: null });

    const fresh = await calls.createSample(tech, patient._id, ['GLU']);
    expect((await calls.tests(tech, fresh._id)).GLU).toMatchObject({ referenca: { low: 4.1, high: 7, text: null } });
  });
});
