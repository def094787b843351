import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CulturesAnswer, Culture, ResultsShowAnswer, SampleAuditAnswer, SampleSavedAnswer } from '@lis/domain';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/client.ts';
import { labAssays } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { importReferenceData, importReferenceDataIfMissing, type ImportSummary } from './reference-import.ts';

// The culture of a urine culture test on the demo catalogue's Urinokultura (UKUL), with the shared EUCAST
// 2025 reference data (../shared/reference-data) imported as a lab imports it.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let specialist: SignedIn;
let admin: SignedIn;
let patient: { _id: string };
let urineCulture: string;
let imported: ImportSummary;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  const folder = loadConfig().microReferenceDir;
  if (!folder) throw new Error('no shared reference data (set MICRO_REFERENCE_DIR)');
  imported = await importReferenceData(t.database.db, folder);
  [tech, specialist, admin] = await Promise.all(['tehnicar@demo.lab', 'specijalista@demo.lab', 'admin@demo.lab'].map((email) => signIn(t.app, email))) as
    [SignedIn, SignedIn, SignedIn];
  const [ukul] = await t.database.db.select({ id: labAssays.id }).from(labAssays).where(eq(labAssays.sifra, 'UKUL'));
  urineCulture = ukul!.id;
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(45 * 365 + 3), 'ŽENSKI'), { ime: 'Amela', prezime: 'Kulturović', spol: 'ŽENSKI' });
}, 120_000);
afterAll(async () => { await t?.close(); });

async function newSample(user = tech): Promise<string> {
  const response = await client.post(user, '/uzorci/save', { pid: patient._id, testovi: [urineCulture] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SampleSavedAnswer>().uzorak._id;
}

async function cultures(sid: string, user = tech): Promise<CulturesAnswer> {
  const response = await client.get(user, `/mikrobiologija/kulture/${sid}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CulturesAnswer>();
}

type Row = { antibiotik: string; metoda: 'MIC' | 'DISK'; vrijednost: string; izmjena?: { kategorija: string; razlog: string } };

async function saveCulture(
  sid: string, isolates: { organizam: string; kolicina: number | null; antibiogram: Row[] }[],
  extra: Record<string, unknown> = {}, user = tech,
): Promise<LightMyRequestResponse> {
  const shown = await cultures(sid, user);
  return client.post(user, '/mikrobiologija/kulture/save', {
    sid, version: shown.uzorak.version, test: shown.testovi[0]!._id, materijal: 'Urin, srednji mlaz', uti: true,
    rast: isolates.length > 0, napomena: '', izolati: isolates.map((isolate) => ({ napomena: '', ...isolate })), ...extra,
  });
}

function byAgent(culture: Culture, isolate = 0) {
  return Object.fromEntries(culture.izolati[isolate]!.antibiogram.map((row) => [`${row.antibiotik.ab} ${row.metoda}`, row]));
}

const E_COLI_PANEL: Row[] = [
  { antibiotik: 'AMP', metoda: 'MIC', vrijednost: '16' },
  { antibiotik: 'CIP', metoda: 'MIC', vrijednost: '0,5' },
  { antibiotik: 'GEN', metoda: 'MIC', vrijednost: '1' },
  { antibiotik: 'MEM', metoda: 'DISK', vrijednost: '25' },
  { antibiotik: 'NIT', metoda: 'MIC', vrijednost: '≤16' },
];

describe('reference data', () => {
  it('imports the EUCAST 2025 set with its organisms, agents and intrinsic resistance', () => {
    expect(imported.guideline).toBe('EUCAST 2025');
    expect(imported.breakpoints).toBe(1360);
    expect(imported.organisms).toBeGreaterThan(3000);
    expect(imported.intrinsic).toBeGreaterThan(10_000);
  });

  it('keeps each disk row\'s disk content, and gives it at start-up to a set imported before it was kept', async () => {
    const doses = () => queryRows<{ ab: string; mo: string; disk_dose: string | null }>(t.database.db, sql`
      select ab, mo, disk_dose from micro_breakpoints where guideline = 'EUCAST 2025' and method = 'DISK' and ab in ('AMP', 'SXT') and mo = 'B_[ORD]_ENTRBCTR' and not uti
      order by ab`);
    expect(await doses()).toEqual([
      { ab: 'AMP', mo: 'B_[ORD]_ENTRBCTR', disk_dose: '10 mcg' }, { ab: 'SXT', mo: 'B_[ORD]_ENTRBCTR', disk_dose: '1.25/23.75 mcg' },
    ]);
    await t.database.db.execute(sql`update micro_breakpoints set disk_dose = null`);
    await expect(importReferenceDataIfMissing(t.database.db, loadConfig().microReferenceDir)).resolves.toBeNull();
    expect((await doses()).map((row) => row.disk_dose)).toEqual(['10 mcg', '1.25/23.75 mcg']);
    const [left] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from micro_breakpoints where method = 'DISK' and disk_dose is null`);
    expect(left!.n).toBe(0);
  });

  it('the pickers find organisms by words of the name and agents by name, code or abbreviation', async () => {
    const organisms = await client.get(tech, '/mikrobiologija/organizmi?q=escherichia%20coli');
    expect(organisms.statusCode).toBe(200);
    expect(organisms.json<{ organizmi: { mo: string }[] }>().organizmi[0]).toMatchObject({ mo: 'B_ESCHR_COLI' });
    const byName = await client.get(tech, '/mikrobiologija/antibiotici?q=merop');
    expect(byName.json<{ antibiotici: { ab: string }[] }>().antibiotici.map((row) => row.ab)).toContain('MEM');
    const byCode = await client.get(tech, '/mikrobiologija/antibiotici?q=amp');
    expect(byCode.json<{ antibiotici: { ab: string }[] }>().antibiotici[0]).toMatchObject({ ab: 'AMP' });
  });
});

describe('a urine culture', () => {
  it('interprets the antibiogram by the breakpoints, intrinsic resistance first, and the test result is the summary', async () => {
    const sid = await newSample();
    const empty = await cultures(sid);
    expect(empty.testovi).toHaveLength(1);
    expect(empty.testovi[0]).toMatchObject({ sifra: 'UKUL', kultura: null });
    expect(empty.reference).toMatchObject({ guideline: 'EUCAST 2025' });
    expect(empty.reference!.attribution).toContain('EUCAST');

    const response = await saveCulture(sid, [{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: E_COLI_PANEL }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ status: string }>().status).toBe('REALIZOVAN');
    const culture = response.json<{ kultura: Culture }>().kultura;
    expect(culture.guideline).toBe('EUCAST 2025');
    const rows = byAgent(culture);
    // Ampicillin: the urinary row of Enterobacterales (≤8 / >8).
    expect(rows['AMP MIC']).toMatchObject({ tumacenje: 'R', osnova: 'breakpoint', konacno: 'R' });
    expect(rows['AMP MIC']!.granica).toMatchObject({ mo: 'B_[ORD]_ENTRBCTR', site: 'Oral, Uncomplicated urinary tract infection', s: 8, r: 8 });
    // Ciprofloxacin has no urinary row: the non-meningitis one (≤0.25 / >0.5).
    expect(rows['CIP MIC']).toMatchObject({ tumacenje: 'I', granica: { site: 'Non-meningitis' } });
    expect(rows['GEN MIC']).toMatchObject({ tumacenje: 'S' });
    expect(rows['MEM DISK']).toMatchObject({ tumacenje: 'S', granica: { s: 22, r: 16 } });
    expect(rows['NIT MIC']).toMatchObject({ tumacenje: 'S', granica: { uti: true } });

    const shown = await cultures(sid);
    expect(shown.testovi[0]!.rezultat).toBe('Escherichia coli 10^5 CFU/mL');
    expect(shown.testovi[0]!.kultura!.izolati[0]).toMatchObject({ kolicina: 5, organizam: { naziv: 'Escherichia coli', gram: 'Gram-negative' } });
    const results = await client.get(tech, `/rezultati/${sid}`);
    expect(results.json<ResultsShowAnswer>().tests[0]).toMatchObject({ rezultat: 'Escherichia coli 10^5 CFU/mL' });
    const audit = (await client.get(tech, `/uzorci/audit/${sid}`)).json<SampleAuditAnswer>().audit;
    const saved = audit.find((row) => row.akcija === 'culture.save');
    expect(saved).toMatchObject({ polje: 'UKUL', staro: null, korisnik: 'Tarik Tehničar' });
    expect(JSON.parse(saved!.novo!)).toMatchObject({ rast: true, izolati: [{ organizam: 'B_ESCHR_COLI', kolicina: 5 }] });
  });

  it('intrinsic resistance is R whatever the value: Klebsiella pneumoniae and ampicillin', async () => {
    const sid = await newSample();
    const response = await saveCulture(sid, [{
      organizam: 'B_KLBSL_PNMN', kolicina: 5, antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '2' }, { antibiotik: 'GEN', metoda: 'MIC', vrijednost: '1' }],
    }]);
    expect(response.statusCode, response.body).toBe(200);
    const rows = byAgent(response.json<{ kultura: Culture }>().kultura);
    expect(rows['AMP MIC']).toMatchObject({ tumacenje: 'R', osnova: 'intrinsic', konacno: 'R' });
    expect(rows['GEN MIC']).toMatchObject({ tumacenje: 'S', osnova: 'breakpoint' });
  });

  it('an agent with no breakpoint for the organism has no category, never a guess', async () => {
    const sid = await newSample();
    const response = await saveCulture(sid, [{ organizam: 'B_STPHY_AURS', kolicina: 4, antibiogram: [{ antibiotik: 'NIT', metoda: 'MIC', vrijednost: '8' }] }], { uti: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(byAgent(response.json<{ kultura: Culture }>().kultura)['NIT MIC']).toMatchObject({ tumacenje: null, osnova: 'noBreakpoint', granica: null, konacno: null });
  });

  it('applies the EUCAST expert rule: a cefoxitin-screen-resistant S. aureus is R to beta-lactams', async () => {
    const sid = await newSample();
    const response = await saveCulture(sid, [{
      organizam: 'B_STPHY_AURS', kolicina: 5, antibiogram: [
        { antibiotik: 'FOX', metoda: 'DISK', vrijednost: '20' },
        { antibiotik: 'PEN', metoda: 'MIC', vrijednost: '0.06' },
        { antibiotik: 'GEN', metoda: 'MIC', vrijednost: '1' },
      ],
    }], { uti: false });
    expect(response.statusCode, response.body).toBe(200);
    const rows = byAgent(response.json<{ kultura: Culture }>().kultura);
    expect(rows['FOX DISK']).toMatchObject({ tumacenje: 'R', osnova: 'breakpoint', granica: { site: 'Screen' } });
    expect(rows['PEN MIC']).toMatchObject({ tumacenje: 'R', osnova: 'expertRule' });
    expect(rows['GEN MIC']).toMatchObject({ tumacenje: 'S', osnova: 'breakpoint' });
  });

  it('a person overrides a category with a reason, audited; without a reason it is refused', async () => {
    const sid = await newSample();
    expect((await saveCulture(sid, [{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: E_COLI_PANEL }])).statusCode).toBe(200);
    const noReason = await saveCulture(sid, [{
      organizam: 'B_ESCHR_COLI', kolicina: 5,
      antibiogram: E_COLI_PANEL.map((row) => (row.antibiotik === 'CIP' ? { ...row, izmjena: { kategorija: 'R', razlog: ' ' } } : row)),
    }]);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ code: 'micro.overrideReason', field: 'izolati.0.antibiogram.1.izmjena.razlog' });

    const overridden = await saveCulture(sid, [{
      organizam: 'B_ESCHR_COLI', kolicina: 5,
      antibiogram: E_COLI_PANEL.map((row) => (row.antibiotik === 'CIP' ? { ...row, izmjena: { kategorija: 'R', razlog: 'ESBL potvrđen' } } : row)),
    }]);
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(byAgent(overridden.json<{ kultura: Culture }>().kultura)['CIP MIC']).toMatchObject({
      tumacenje: 'I', izmjena: { kategorija: 'R', razlog: 'ESBL potvrđen' }, konacno: 'R',
    });
    const audit = (await client.get(tech, `/uzorci/audit/${sid}`)).json<SampleAuditAnswer>().audit;
    expect(audit.find((row) => row.akcija === 'culture.override')).toMatchObject({
      polje: 'B_ESCHR_COLI CIP MIC', staro: 'I', novo: 'R', razlog: 'ESBL potvrđen',
    });
  });

  it('no growth reports the test\'s normal text', async () => {
    const sid = await newSample();
    const response = await saveCulture(sid, []);
    expect(response.statusCode, response.body).toBe(200);
    expect((await cultures(sid)).testovi[0]).toMatchObject({ rezultat: 'Sterilna', kultura: { rast: false, izolati: [] } });
  });

  it('refuses bad input with a message naming the field, storing nothing', async () => {
    const sid = await newSample();
    const before = await cultures(sid);
    const cases: [Parameters<typeof saveCulture>[1], Record<string, unknown>, string, string][] = [
      [[{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '0.75' }] }], {}, 'micro.micNotStep', 'izolati.0.antibiogram.0.vrijednost'],
      [[{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: 'puno' }] }], {}, 'micro.micNotStep', 'izolati.0.antibiogram.0.vrijednost'],
      [[{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [{ antibiotik: 'AMP', metoda: 'DISK', vrijednost: '14.5' }] }], {}, 'micro.zoneInvalid', 'izolati.0.antibiogram.0.vrijednost'],
      [[{ organizam: 'B_NEPOZNAT', kolicina: 5, antibiogram: [] }], {}, 'micro.unknownOrganism', 'izolati.0.organizam'],
      [[{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [{ antibiotik: 'XYZ', metoda: 'MIC', vrijednost: '1' }] }], {}, 'micro.unknownAntibiotic', 'izolati.0.antibiogram.0.antibiotik'],
      [[{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '1' }, { antibiotik: 'AMP', metoda: 'MIC', vrijednost: '2' }] }], {}, 'micro.duplicateAntibiotic', 'izolati.0.antibiogram.1.antibiotik'],
      [[{ organizam: 'B_ESCHR_COLI', kolicina: 12, antibiogram: [] }], {}, 'form.invalid', 'izolati.0.kolicina'],
      [[{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [] }], { rast: false }, 'micro.noGrowthIsolates', 'izolati'],
      [[], { rast: true }, 'micro.growthNeedsIsolate', 'izolati'],
    ];
    for (const [isolates, extra, code, field] of cases) {
      const response = await saveCulture(sid, isolates, extra);
      expect(response.statusCode, `${code}: ${response.body}`).toBe(400);
      expect(response.json(), code).toMatchObject({ success: false, code, field });
    }
    const wrongTest = await client.post(tech, '/mikrobiologija/kulture/save', {
      sid, version: before.uzorak.version, test: patient._id, materijal: 'Urin', uti: true, rast: false, izolati: [],
    });
    expect(wrongTest.json()).toMatchObject({ code: 'micro.notCultureTest', field: 'test' });
    const after = await cultures(sid);
    expect(after.uzorak.version).toBe(before.uzorak.version);
    expect(after.testovi[0]!.kultura).toBeNull();
  });

  it('follows the results flow: version check, approval, verification, then locked', async () => {
    const sid = await newSample();
    const stale = (await cultures(sid)).uzorak.version;
    expect((await saveCulture(sid, [{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: E_COLI_PANEL }])).statusCode).toBe(200);
    const conflict = await client.post(tech, '/mikrobiologija/kulture/save', {
      sid, version: stale, test: (await cultures(sid)).testovi[0]!._id, materijal: 'Urin', uti: true, rast: false, izolati: [],
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'results.versionConflict' });

    expect((await client.post(specialist, '/rezultati/odobri', { sid })).statusCode).toBe(200);
    const locked = await saveCulture(sid, [{ organizam: 'B_ESCHR_COLI', kolicina: 4, antibiogram: E_COLI_PANEL }]);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'results.locked' });
    const verified = await client.post(specialist, '/rezultati/verifikuj', { sid });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await cultures(sid)).uzorak.status).toBe('VERIFICIRAN');

    // The report prints the culture: organism and count, the antibiogram with S/I/R and the guideline used.
    const pdf = await client.get(specialist, `/nalazi/pdf/${sid}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Kultura i antibiogram');
    expect(text).toContain('Materijal: Urin, srednji mlaz');
    expect(text).toContain('Izolat 1: Escherichia coli, 10^5 CFU/mL');
    expect(text).toMatch(/Ampicillin\s+MIK \(mg\/L\)\s+16\s+R/);
    expect(text).toMatch(/Ciprofloxacin\s+MIK \(mg\/L\)\s+0,5\s+I/);
    expect(text).toMatch(/Gentamicin\s+MIK \(mg\/L\)\s+1\s+S/);
    expect(text).toMatch(/Meropenem\s+Zona \(mm\)\s+25\s+S/);
    expect(text).toMatch(/Nitrofurantoin\s+MIK \(mg\/L\)\s+≤16\s+S/);
    expect(text).toContain('Tumačenje po EUCAST 2025.');
  });
});

describe('site scoping and permissions', () => {
  it("another site's sample answers 404 to reads and saves", async () => {
    const sid = await newSample();
    const tuzla = siteId(admin, 'TZ');
    expect((await client.get(admin, `/mikrobiologija/kulture/${sid}`, tuzla)).statusCode).toBe(404);
    const save = await client.post(admin, '/mikrobiologija/kulture/save', {
      sid, version: 0, test: sid, materijal: 'Urin', uti: true, rast: false, izolati: [],
    }, tuzla);
    expect(save.statusCode).toBe(404);
    expect((await client.get(admin, '/mikrobiologija/kulture/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a viewer reads but cannot save', async () => {
    const viewer = await signIn(t.app, 'pregled@demo.lab');
    const sid = await newSample();
    expect((await client.get(viewer, `/mikrobiologija/kulture/${sid}`)).statusCode).toBe(200);
    const response = await saveCulture(sid, [], {}, tech);
    expect(response.statusCode).toBe(200);
    const refused = await client.post(viewer, '/mikrobiologija/kulture/save', {
      sid, version: 0, test: sid, materijal: 'Urin', uti: true, rast: false, izolati: [],
    });
    expect(refused.statusCode).toBe(403);
  });
});
