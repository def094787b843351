import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Culture, type CulturesAnswer, type ReferenceGuideline, REFERENCE_FILES, type SampleAuditAnswer, type SampleSavedAnswer } from '@lis/domain';
import { loadConfig } from '../../config.ts';
import { auditLog, labAssays } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { importReferenceData } from './reference-import.ts';

// The reference data screen's calls with the shared EUCAST 2025 set imported, and a "2026" table made from
// it (the guideline renamed, the urinary ampicillin row of Enterobacterales moved from 8 to 16 mg/L): a
// culture keeps the guideline it was interpreted with until it is re-interpreted on purpose.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let patient: { _id: string };
let urineCulture: string;
const folder = loadConfig().microReferenceDir!;
const breakpoints2025 = readFileSync(path.join(folder, REFERENCE_FILES.breakpoints), 'utf8');

/** The 2025 table as 'EUCAST 2026', with the Enterobacterales urinary ampicillin MIC row at S ≤ 16 / R > 16. */
function table2026(): string {
  const [header, ...lines] = breakpoints2025.split('\n');
  const columns = header!.split('\t');
  const at = (name: string) => columns.indexOf(name);
  return [header, ...lines.map((line) => {
    if (line === '') return line;
    const fields = line.split('\t');
    fields[at('guideline')] = 'EUCAST 2026';
    if (fields[at('mo')] === 'B_[ORD]_ENTRBCTR' && fields[at('ab')] === 'AMP' && fields[at('method')] === 'MIC' && fields[at('uti')] === 'TRUE') {
      fields[at('breakpoint_S')] = '16';
      fields[at('breakpoint_R')] = '16';
    }
    return fields.join('\t');
  })].join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  await importReferenceData(t.database.db, folder);
  [tech, admin] = await Promise.all(['tehnicar@demo.lab', 'admin@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn];
  const [ukul] = await t.database.db.select({ id: labAssays.id }).from(labAssays).where(eq(labAssays.sifra, 'UKUL'));
  urineCulture = ukul!.id;
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(61 * 365 + 11), 'ŽENSKI'), { ime: 'Verzija', prezime: 'Smjernić', spol: 'ŽENSKI' });
}, 120_000);
afterAll(async () => { await t?.close(); });

async function guidelines(user = tech): Promise<ReferenceGuideline[]> {
  const response = await client.get(user, '/mikrobiologija/referentni-podaci');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ setovi: ReferenceGuideline[] }>().setovi;
}

async function saveAmpicillin(sid: string, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  const shown = (await client.get(tech, `/mikrobiologija/kulture/${sid}`)).json<CulturesAnswer>();
  return client.post(tech, '/mikrobiologija/kulture/save', {
    sid, version: shown.uzorak.version, test: shown.testovi[0]!._id, materijal: 'Urin (srednji mlaz)', uti: true, rast: true, napomena: '',
    izolati: [{ organizam: 'B_ESCHR_COLI', kolicina: 5, napomena: '', antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '16' }] }], ...extra,
  });
}

async function newSample(): Promise<string> {
  const created = await client.post(tech, '/uzorci/save', { pid: patient._id, testovi: [urineCulture] });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<SampleSavedAnswer>().uzorak._id;
}

const ampicillin = (response: LightMyRequestResponse) => response.json<{ kultura: Culture }>().kultura.izolati[0]!.antibiogram[0]!;

describe('reference data versions', () => {
  let earlier: string;

  it('lists the imported guideline with its size, time, attribution and the site\'s cultures', async () => {
    earlier = await newSample();
    const saved = await saveAmpicillin(earlier);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ampicillin(saved)).toMatchObject({ tumacenje: 'R', granica: { guideline: 'EUCAST 2025', s: 8, r: 8 } });
    const [only, ...rest] = await guidelines();
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ guideline: 'EUCAST 2025', breakpoints: 1360, kulture: 1, intrinsicSource: 'EUCAST Expected Resistant Phenotypes v1.2' });
    expect(only!.attribution).toContain('EUCAST');
  });

  it('an administrator uploads a new year\'s breakpoints alone: a new version beside the old, audited', async () => {
    const response = await client.post(admin, '/mikrobiologija/referentni-podaci/import', { datoteke: { breakpoints: table2026() } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      uvoz: { guideline: 'EUCAST 2026', breakpoints: 1360, organisms: 0, antimicrobials: 0, intrinsic: 0, unknownOrganisms: [] },
    });
    expect((await guidelines()).map((set) => [set.guideline, set.kulture])).toEqual([['EUCAST 2026', 0], ['EUCAST 2025', 1]]);
    const [audit] = await t.database.db.select().from(auditLog)
      .where(and(eq(auditLog.action, 'micro.referenceImport'), eq(auditLog.entityId, 'EUCAST 2026')));
    expect(audit).toMatchObject({ entity: 'micro_reference_set', newValue: { guideline: 'EUCAST 2026', breakpoints: 1360, files: ['breakpoints'] } });
  });

  it('a culture keeps its guideline when saved again; re-interpreted with the newest only when asked, audited', async () => {
    const kept = await saveAmpicillin(earlier, { napomena: 'ponovo' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ kultura: Culture }>().kultura.guideline).toBe('EUCAST 2025');
    expect(ampicillin(kept)).toMatchObject({ tumacenje: 'R', granica: { guideline: 'EUCAST 2025', s: 8 } });

    const again = await saveAmpicillin(earlier, { napomena: 'ponovo', novaVerzija: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ kultura: Culture }>().kultura.guideline).toBe('EUCAST 2026');
    expect(ampicillin(again)).toMatchObject({ tumacenje: 'S', granica: { guideline: 'EUCAST 2026', s: 16, r: 16 } });
    const trail = (await client.get(tech, `/uzorci/audit/${earlier}`)).json<SampleAuditAnswer>().audit;
    const change = trail.find((row) => row.akcija === 'culture.save' && row.novo?.includes('EUCAST 2026'));
    expect(JSON.parse(change!.staro!)).toMatchObject({ guideline: 'EUCAST 2025', izolati: [{ antibiogram: [{ tumacenje: 'R' }] }] });
    expect(JSON.parse(change!.novo!)).toMatchObject({ guideline: 'EUCAST 2026', izolati: [{ antibiogram: [{ tumacenje: 'S' }] }] });
  });

  it('a new culture takes the newest guideline; intrinsic resistance stays from the earlier import', async () => {
    const sid = await newSample();
    const saved = await saveAmpicillin(sid);
    expect(saved.json<{ kultura: Culture }>().kultura.guideline).toBe('EUCAST 2026');
    const shown = (await client.get(tech, `/mikrobiologija/kulture/${sid}`)).json<CulturesAnswer>();
    const klebsiella = await client.post(tech, '/mikrobiologija/kulture/save', {
      sid, version: shown.uzorak.version, test: shown.testovi[0]!._id, materijal: 'Urin (srednji mlaz)', uti: true, rast: true,
      izolati: [{ organizam: 'B_KLBSL_PNMN', kolicina: 5, antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '2' }] }],
    });
    expect(ampicillin(klebsiella)).toMatchObject({ tumacenje: 'R', osnova: 'intrinsic' });
  });

  it('refuses a file that cannot be read, naming it, and stores nothing; only administrators import', async () => {
    const before = await guidelines();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ breakpoints: 'guideline\tmo\nEUCAST 2027\tB_ESCHR_COLI\n' }, 'micro.referenceUnreadable', 'datoteke.breakpoints'],
      [{ breakpoints: `${table2026()}\n${breakpoints2025.split('\n')[1]}` }, 'micro.referenceUnreadable', 'datoteke.breakpoints'],
      [{ breakpoints: table2026().replaceAll('EUCAST 2026', 'EUCAST 2027'), organisms: 'mo\tfullname\nB_X\tX\n' }, 'micro.referenceUnreadable', 'datoteke.organisms'],
      [{ breakpoints: '' }, 'form.required', 'datoteke.breakpoints'],
    ];
    for (const [datoteke, code, field] of cases) {
      const response = await client.post(admin, '/mikrobiologija/referentni-podaci/import', { datoteke });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code, field });
    }
    const refused = await client.post(tech, '/mikrobiologija/referentni-podaci/import', { datoteke: { breakpoints: table2026() } });
    expect(refused.statusCode).toBe(403);
    expect(await guidelines()).toEqual(before);
  });
});
