import { and, eq, isNull } from 'drizzle-orm';
import { GENERAL_OPTIONS_TYPE, type LoginAnswer, type SettingsHistoryAnswer, type SiteEditAnswer, type SiteListRow } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settingRecords, sites } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, type Api } from '../samples/test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
});
afterAll(async () => { await t.close(); });

const newSite = (overrides: Record<string, unknown> = {}) => ({
  sifra: 'mo', naziv: 'Mostar', name: 'Mostar', adresa: 'Kralja Tvrtka 1, 88000 Mostar', timeZone: 'Europe/Sarajevo',
  reportHeader: 'Laboratorija Mostar\nTel. 036 000 000', ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<SiteEditAnswer['element']> {
  const response = await client.post(admin, '/postavke/sites/edit', { element: newSite(overrides) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SiteEditAnswer>().element;
}

describe('POST /api/postavke/sites/edit', () => {
  it("creates a site with its own report header (the site's general options) and an audit row", async () => {
    const site = await create();
    expect(site).toMatchObject({ sifra: 'MO', naziv: 'Mostar', timeZone: 'Europe/Sarajevo', mjesta: [], reportHeader: 'Laboratorija Mostar\nTel. 036 000 000' });
    const [options] = await t.database.db.select().from(settingRecords)
      .where(and(eq(settingRecords.type, GENERAL_OPTIONS_TYPE), eq(settingRecords.siteId, site._id)));
    expect(options?.data).toEqual({ reportHeader: 'Laboratorija Mostar\nTel. 036 000 000' });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'site'), eq(auditLog.entityId, site._id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'site.create', oldValue: null, newValue: { sifra: 'MO' } });
  });

  it('updates a site, keeping its towns, and records old and new', async () => {
    const tuzla = siteId(admin, 'TZ');
    const response = await client.post(admin, '/postavke/sites/edit', {
      element: { _id: tuzla, sifra: 'TZ', naziv: 'Tuzla centar', name: 'Tuzla Centre', timeZone: 'Europe/Sarajevo', mjesta: ['Nigdje'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SiteEditAnswer>().element).toMatchObject({ naziv: 'Tuzla centar', mjesta: ['Tuzla', 'Lukavac', 'Živinice', 'Gračanica', 'Srebrenik'] });
    const history = (await client.get(admin, `/postavke/sites/history/${tuzla}`)).json<SettingsHistoryAnswer>().history;
    expect(history[0]).toMatchObject({ akcija: 'site.update', korisnik: 'Amra Administrator', staro: { naziv: 'Tuzla' }, novo: { naziv: 'Tuzla centar' } });
    // The header was never set for TZ: an empty one writes no site record.
    expect(await t.database.db.select().from(settingRecords).where(and(eq(settingRecords.siteId, tuzla), eq(settingRecords.type, GENERAL_OPTIONS_TYPE)))).toEqual([]);
  });

  it.each([
    [{ sifra: 'S A' }, 'element.sifra', 'settings.sifraInvalid'],
    [{ sifra: '' }, 'element.sifra', 'form.required'],
    [{ naziv: ' ' }, 'element.naziv', 'form.required'],
    [{ name: 7 }, 'element.name', 'form.required'],
    [{ timeZone: 'Europe/Atlantis' }, 'element.timeZone', 'settings.timeZoneInvalid'],
    [{ timeZone: 'GMT+25' }, 'element.timeZone', 'settings.timeZoneInvalid'],
    [{ reportHeader: 'x'.repeat(1001) }, 'element.reportHeader', 'form.invalid'],
  ])('refuses %j naming %s and saves nothing', async (change, field, code) => {
    const before = await t.database.db.select({ id: sites.id }).from(sites);
    const response = await client.post(admin, '/postavke/sites/edit', { element: newSite({ sifra: 'NOVI', ...change }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field, code });
    expect(await t.database.db.select({ id: sites.id }).from(sites)).toHaveLength(before.length);
  });

  it('refuses a taken code with 409 and an unknown _id with 404, leaving nothing half-saved', async () => {
    const taken = await client.post(admin, '/postavke/sites/edit', { element: newSite({ sifra: 'sa', reportHeader: 'Ne smije ostati' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'settings.sifraTaken', field: 'element.sifra' });
    const headers = await t.database.db.select().from(settingRecords).where(eq(settingRecords.type, GENERAL_OPTIONS_TYPE));
    expect(JSON.stringify(headers)).not.toContain('Ne smije ostati');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) {
      expect((await client.post(admin, '/postavke/sites/edit', { element: newSite({ _id: id, sifra: 'ZZ' }) })).statusCode).toBe(404);
    }
  });

  it("a new site reaches the site switcher of a user given it, and only theirs", async () => {
    const site = await create({ sifra: 'BL', naziv: 'Banja Luka', name: 'Banja Luka' });
    const user = await client.post(admin, '/postavke/users/edit', {
      element: { email: 'bl@lab.test', ime: 'Bojan', prezime: 'Lukić', role: 'technician', level: 0, sites: [site._id], password: 'pocetna1' },
    });
    expect(user.statusCode, user.body).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'bl@lab.test', password: 'pocetna1' } });
    const data = login.json<LoginAnswer>().data;
    expect(data.sites.map((entry) => entry.sifra)).toEqual(['BL']);
    expect(data.site).toBe(site._id);
    const tech = await signIn(t.app, 'tehnicar@demo.lab');
    expect((await client.get(tech, '/postavke/sajtovi/list')).json<{ sajtovi: { sifra: string }[] }>().sajtovi.map((entry) => entry.sifra)).toEqual(['SA']);
  });
});

describe('GET /api/postavke/sites/list', () => {
  it("lists every site with towns, own header and enabled users, filtered", async () => {
    const all = await client.get(admin, '/postavke/sites/list?per_page=100');
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json<{ data: SiteListRow[] }>().data;
    expect(rows.map((row) => row.sifra)).toEqual([...rows.map((row) => row.sifra)].sort());
    const sa = rows.find((row) => row.sifra === 'SA')!;
    expect(sa).toMatchObject({ naziv: 'Sarajevo', korisnika: 4, reportHeader: '' });
    expect(sa.mjesta).toContain('Ilidža');
    const filtered = await client.get(admin, '/postavke/sites/list?filter=mostar');
    expect(filtered.json<{ data: SiteListRow[] }>().data.map((row) => row.sifra)).toEqual(['MO']);
    expect(filtered.json<{ data: SiteListRow[] }>().data[0]?.reportHeader).toContain('Laboratorija Mostar');
  });
});

describe('only level-0 administrators manage sites', () => {
  it.each(['specijalista@demo.lab', 'tehnicar@demo.lab', 'pregled@demo.lab'])('%s gets 403', async (email) => {
    const other = await signIn(t.app, email);
    const sa = siteId(admin, 'SA');
    for (const response of [
      await client.get(other, '/postavke/sites/list'),
      await client.post(other, '/postavke/sites/edit', { element: newSite({ sifra: 'HK' }) }),
      await client.get(other, `/postavke/sites/history/${sa}`),
    ]) expect(response.statusCode).toBe(403);
    expect(await t.database.db.select().from(sites).where(eq(sites.sifra, 'HK'))).toEqual([]);
  });

  it('keeps the lab-wide general options apart from site records', async () => {
    expect(await t.database.db.select().from(settingRecords).where(and(eq(settingRecords.type, GENERAL_OPTIONS_TYPE), isNull(settingRecords.siteId)))).toEqual([]);
  });
});
