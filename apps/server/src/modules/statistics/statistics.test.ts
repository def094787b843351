import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardKeyAnswer, FailureAnswer, LabStatisticsAnswer, StatisticsSettingsAnswer, WallDisplayAnswer } from '@lis/domain';
import { auditLog, labAssays, partners, sampleTests, samples, settingRecords } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, createFixtureCatalogue, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';

// The statistics of a range of days are compared with numbers computed here, in plain code, from the
// samples this test writes (statuses, urgency, reception and verification times, tests and qualitative
// results) on days no other test uses; the other site's samples on the same days must not count. The wall
// display is opened by its key only: no key, a wrong key and a revoked key answer 401 and nothing else.

const ZONE_OFFSET = '+01:00'; // Europe/Sarajevo in February
const DAYS = ['2025-02-10', '2025-02-11', '2025-02-12'];

let t: TestApp;
let client: Api;
let admin: SignedIn;
let technician: SignedIn;
let sarajevo: string;
let tuzla: string;
let catalogue: FixtureCatalogue;
let qualitativeId: string;
let partnerId: string;

interface Planned {
  day: string;
  hour: number;
  status: 'ZAPRIMLJEN' | 'U OBRADI' | 'REALIZOVAN' | 'ODOBREN' | 'VERIFICIRAN';
  hitan: boolean;
  /** Minutes from reception to verification (verified samples). */
  tat: number | null;
  tests: ('GLU' | 'CHOL' | 'QUAL')[];
  /** The qualitative result, given by the analyser 'Cobas'. */
  qual?: string;
  /** Ordered by the test's partner. */
  partner?: boolean;
}

const planned: Planned[] = [
  { day: DAYS[0]!, hour: 8, status: 'VERIFICIRAN', hitan: false, tat: 30, tests: ['GLU', 'CHOL'], partner: true },
  { day: DAYS[0]!, hour: 9, status: 'VERIFICIRAN', hitan: true, tat: 50, tests: ['GLU', 'QUAL'], qual: 'Pozitivan (++)' },
  { day: DAYS[0]!, hour: 23, status: 'VERIFICIRAN', hitan: false, tat: 300, tests: ['QUAL'], qual: 'Negativan' },
  { day: DAYS[1]!, hour: 0, status: 'U OBRADI', hitan: true, tat: null, tests: ['GLU'] },
  { day: DAYS[1]!, hour: 10, status: 'VERIFICIRAN', hitan: false, tat: 120, tests: ['CHOL', 'QUAL'], qual: 'Pozitivan', partner: true },
  { day: DAYS[1]!, hour: 11, status: 'ZAPRIMLJEN', hitan: false, tat: null, tests: ['GLU', 'CHOL'] },
  { day: DAYS[2]!, hour: 7, status: 'VERIFICIRAN', hitan: false, tat: 500, tests: ['GLU'] },
  { day: DAYS[2]!, hour: 12, status: 'REALIZOVAN', hitan: true, tat: null, tests: ['QUAL'], qual: 'Negativan' },
];

/** PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
function percentile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

let codeSerial = 0;
async function insertSample(site: string, patientId: string, plan: Planned): Promise<void> {
  codeSerial += 1;
  const created = new Date(`${plan.day}T${String(plan.hour).padStart(2, '0')}:15:00${ZONE_OFFSET}`);
  const received = new Date(created.getTime() + 10 * 60_000);
  const verified = plan.tat === null ? null : new Date(received.getTime() + plan.tat * 60_000);
  const [row] = await t.database.db.insert(samples).values({
    siteId: site, patientId, code: `ST${randomBytes(4).toString('hex')}`, rbr: 9000 + codeSerial, status: plan.status, hitan: plan.hitan,
    createdAt: created, datum: created, receivedAt: plan.status === 'ZAPRIMLJEN' ? null : received, verifiedAt: verified,
    partnerId: plan.partner ? partnerId : null,
  }).returning({ id: samples.id });
  const ids = { GLU: catalogue.ids.GLU, CHOL: catalogue.ids.CHOL, QUAL: qualitativeId };
  await t.database.db.insert(sampleTests).values(plan.tests.map((test) => ({
    sampleId: row!.id, labassayId: ids[test], rezultat: test === 'QUAL' ? plan.qual ?? null : null,
    unioSource: test === 'QUAL' && plan.qual !== undefined ? 'Cobas' : null,
  })));
}

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
  technician = await signIn(t.app, 'tehnicar@demo.lab');
  sarajevo = siteId(admin, 'SA');
  tuzla = siteId(admin, 'TZ');
  catalogue = await createFixtureCatalogue(t.database.db);
  const [qual] = await t.database.db.insert(labAssays).values({
    sifra: `QUAL-${randomBytes(3).toString('hex')}`, naziv: 'Kvalitativni test', analit: 'QUAL', sekcijaId: catalogue.sectionId, vrsta: 'qualitative',
  }).returning({ id: labAssays.id });
  qualitativeId = qual!.id;
  const [partner] = await t.database.db.insert(partners).values({ naziv: `Statistika partner ${randomBytes(3).toString('hex')}` }).returning();
  partnerId = partner!.id;
  const patient = await registerPatient(client, admin, jmbgFor({ year: 1980, month: 5, day: 4 }, 'MUŠKI'));
  for (const plan of planned) await insertSample(sarajevo, patient._id, plan);
  // The other site's samples on the same days: never in Sarajevo's numbers.
  for (const plan of planned.slice(0, 3)) await insertSample(tuzla, patient._id, plan);
});

afterAll(async () => {
  await t.close();
});

async function statisticsOf(user: SignedIn, od: string, to: string, site?: string) {
  const response = await client.get(user, `/statistika?od=${od}&do=${to}`, site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LabStatisticsAnswer>().statistika;
}

describe('GET /statistika', () => {
  it('counts the site\'s samples, tests, statuses, sections, turnaround, positivity and urgent samples of the days', async () => {
    const stats = await statisticsOf(admin, DAYS[0]!, DAYS[2]!, sarajevo);
    expect(stats.ukupno).toEqual({
      uzorci: planned.length,
      testovi: planned.reduce((sum, plan) => sum + plan.tests.length, 0),
      hitni: planned.filter((plan) => plan.hitan).length,
      verificirani: planned.filter((plan) => plan.status === 'VERIFICIRAN').length,
    });
    expect(stats.po_danu).toEqual(DAYS.map((day) => ({
      dan: day,
      uzorci: planned.filter((plan) => plan.day === day).length,
      testovi: planned.filter((plan) => plan.day === day).reduce((sum, plan) => sum + plan.tests.length, 0),
    })));
    expect(stats.po_statusu).toEqual((['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN'] as const)
      .map((status) => ({ status, uzorci: planned.filter((plan) => plan.status === status).length })));
    const section = stats.po_sekciji.find((row) => row.sekcija === catalogue.sectionId);
    expect(section?.uzorci).toBe(planned.length);
    const times = planned.filter((plan) => plan.tat !== null).map((plan) => plan.tat!);
    expect(section?.tat).toEqual({
      n: times.length, medijan_min: percentile(times, 0.5), p90_min: percentile(times, 0.9), cilj_min: 240,
      u_cilju: Math.round((times.filter((time) => time <= 240).length / times.length) * 10_000) / 10_000,
    });
    const qualitative = planned.filter((plan) => plan.qual !== undefined);
    expect(stats.pozitivnost).toEqual([{
      analiza: qualitativeId, naziv: 'Kvalitativni test', naziv_en: '', naziv_de: '', rezultati: qualitative.length,
      pozitivni: qualitative.filter((plan) => plan.qual!.startsWith('Pozitivan')).length, udio: 0.5,
    }]);
    expect(stats.hitni).toMatchObject({ ukupno: 3, cekaju: 2, tat: { n: 1, medijan_min: 50, p90_min: 50, u_cilju: 1 } });
    const tests = (plans: readonly Planned[]) => plans.reduce((sum, plan) => sum + plan.tests.length, 0);
    const withPartner = planned.filter((plan) => plan.partner);
    const withoutPartner = planned.filter((plan) => !plan.partner);
    expect(stats.po_partneru).toEqual([
      { partner: null, naziv: null, uzorci: withoutPartner.length, testovi: tests(withoutPartner) },
      { partner: partnerId, naziv: expect.stringContaining('Statistika partner') as unknown as string, uzorci: withPartner.length, testovi: tests(withPartner) },
    ]);
    expect(stats.po_analizatoru).toEqual([{ analizator: 'Cobas', rezultati: qualitative.length }]);
    expect(stats.analizatori_po_danu).toEqual(DAYS.map((day) => ({
      dan: day, analizator: 'Cobas', rezultati: qualitative.filter((plan) => plan.day === day).length,
    })));
  });

  it('cuts days at the site\'s midnight: the sample of 23:15 belongs to its day, the one of 00:15 to the next', async () => {
    const stats = await statisticsOf(admin, DAYS[1]!, DAYS[1]!, sarajevo);
    expect(stats.ukupno.uzorci).toBe(planned.filter((plan) => plan.day === DAYS[1]).length);
  });

  it('answers the other site its own samples only', async () => {
    const stats = await statisticsOf(admin, DAYS[0]!, DAYS[2]!, tuzla);
    expect(stats.ukupno.uzorci).toBe(3);
  });

  it('measures against the section\'s target once one is set, and audits the change', async () => {
    const saved = await client.post(admin, '/statistika/ciljevi', { sekcija: catalogue.sectionId, minuta: 60 }, sarajevo);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StatisticsSettingsAnswer>().tatCiljevi[catalogue.sectionId]).toBe(60);
    const section = (await statisticsOf(admin, DAYS[0]!, DAYS[2]!, sarajevo)).po_sekciji.find((row) => row.sekcija === catalogue.sectionId);
    expect(section?.tat).toMatchObject({ cilj_min: 60, u_cilju: 0.4 });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'statistics.target'));
    expect(audits).toHaveLength(1);
    const back = await client.post(admin, '/statistika/ciljevi', { sekcija: catalogue.sectionId, minuta: null }, sarajevo);
    expect(back.json<StatisticsSettingsAnswer>().tatCiljevi).toEqual({});
  });

  it('refuses bad input naming the field, and a target from a user without settings rights', async () => {
    const reversed = await client.get(admin, `/statistika?od=${DAYS[2]}&do=${DAYS[0]}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<FailureAnswer>()).toMatchObject({ code: 'dateRange.invalid', field: 'do' });
    const notADay = await client.get(admin, '/statistika?od=2025-02-30&do=2025-03-01');
    expect(notADay.statusCode).toBe(400);
    const tooLong = await client.get(admin, '/statistika?od=2023-01-01&do=2025-01-01');
    expect(tooLong.json<FailureAnswer>()).toMatchObject({ code: 'dateRange.invalid' });
    const badTarget = await client.post(admin, '/statistika/ciljevi', { sekcija: catalogue.sectionId, minuta: 0 });
    expect(badTarget.statusCode).toBe(400);
    expect(badTarget.json<FailureAnswer>().field).toBe('minuta');
    const forbidden = await client.post(technician, '/statistika/ciljevi', { sekcija: catalogue.sectionId, minuta: 30 });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('GET /dashboard (wall display)', () => {
  const open = (query: string) => t.app.inject({ method: 'GET', url: `/api/dashboard${query}` });

  it('refuses without a key, with a wrong key and before the display is on, saying nothing more', async () => {
    for (const query of ['', '?kljuc=', '?kljuc=nije-kljuc', `?kljuc=${'a'.repeat(300)}`]) {
      const response = await open(query);
      expect([400, 401]).toContain(response.statusCode);
      expect(response.body).not.toMatch(/Sarajevo|Tuzla/);
    }
  });

  it('opens with the issued key: today\'s counts of that site, no patient, code or name; revoking closes it', async () => {
    const issued = await client.post(admin, '/statistika/dashboard', { ukljuci: true }, sarajevo);
    expect(issued.statusCode, issued.body).toBe(200);
    const key = issued.json<DashboardKeyAnswer>().kljuc!;
    expect(key.length).toBeGreaterThan(30);
    const [record] = await t.database.db.select().from(settingRecords).where(eq(settingRecords.siteId, sarajevo));
    expect(JSON.stringify(record?.data)).not.toContain(key);
    const shown = await open(`?kljuc=${encodeURIComponent(key)}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const display = shown.json<WallDisplayAnswer>().prikaz;
    expect(display.po_statusu).toHaveLength(5);
    expect(shown.body).not.toMatch(/Testović|Uzorak|ST[0-9a-f]{8}|jmbg|patient|pacijent/i);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'statistics.dashboardKey'));
    expect(JSON.stringify(audits)).not.toContain(key);

    const reissued = await client.post(admin, '/statistika/dashboard', { ukljuci: true }, sarajevo);
    expect((await open(`?kljuc=${encodeURIComponent(key)}`)).statusCode).toBe(401);
    const secondKey = reissued.json<DashboardKeyAnswer>().kljuc!;
    expect((await open(`?kljuc=${encodeURIComponent(secondKey)}`)).statusCode).toBe(200);
    const off = await client.post(admin, '/statistika/dashboard', { ukljuci: false }, sarajevo);
    expect(off.json<DashboardKeyAnswer>().kljuc).toBeNull();
    const closed = await open(`?kljuc=${encodeURIComponent(secondKey)}`);
    expect(closed.statusCode).toBe(401);
    expect(closed.json<FailureAnswer>()).toMatchObject({ code: 'auth.unauthorized' });
  });

  it('counts today\'s samples of the key\'s site', async () => {
    const issued = await client.post(admin, '/statistika/dashboard', { ukljuci: true }, tuzla);
    const key = issued.json<DashboardKeyAnswer>().kljuc!;
    const before = (await open(`?kljuc=${encodeURIComponent(key)}`)).json<WallDisplayAnswer>().prikaz;
    const patient = await registerPatient(client, admin, jmbgFor({ year: 1975, month: 1, day: 2 }, 'ŽENSKI'));
    const today = before.dan;
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sarajevo', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    await insertSample(tuzla, patient._id, { day: today, hour: Math.max(0, hour - 1), status: 'U OBRADI', hitan: true, tat: null, tests: ['GLU'] });
    const after = (await open(`?kljuc=${encodeURIComponent(key)}`)).json<WallDisplayAnswer>().prikaz;
    expect(after.uzorci).toBe(before.uzorci + 1);
    expect(after.hitni_cekaju).toBe(before.hitni_cekaju + 1);
    expect(after.po_statusu.find((row) => row.status === 'U OBRADI')?.uzorci)
      .toBe((before.po_statusu.find((row) => row.status === 'U OBRADI')?.uzorci ?? 0) + 1);
  });
});
