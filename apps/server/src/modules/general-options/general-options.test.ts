import { and, eq, isNull } from 'drizzle-orm';
import {
  GENERAL_OPTIONS_TYPE, LABEL_SETTING_TYPE, type LoginAnswer, type OptionsAnswer, type SampleSavedAnswer, type SettingsHistoryAnswer,
  type SessionMenuAnswer, type UserEditAnswer, SESSION_MENU_EVENT, defaultReportFlags,
} from '@lis/domain';
import type { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingRecords } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, createFixtureCatalogue, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
});
afterAll(async () => { await t.close(); });

async function login(email: string): Promise<LoginAnswer['data']> {
  const response = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email, password: 'Demo1234!' } });
  return response.json<LoginAnswer>().data;
}

describe('GET /api/postavke/opcije', () => {
  it('answers complete defaults before anything was saved', async () => {
    const response = await client.get(admin, '/postavke/opcije');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OptionsAnswer>()).toMatchObject({
      options: { labName: '', defaultIdleTime: 28_800, reportFlags: {}, hiddenMenu: {} },
      label: { width: 50, height: 25, dpi: 203 },
    });
  });

  it("gives today's report flags per role at sign-in when the lab has set none", async () => {
    expect((await login('pregled@demo.lab')).reports).toEqual(defaultReportFlags('viewer'));
    expect((await login('tehnicar@demo.lab')).reports).toEqual(defaultReportFlags('technician'));
  });
});

describe('POST /api/postavke/opcije', () => {
  const options = {
    labName: 'Laboratorija Demo', labAddress: 'Titova 1, Sarajevo', reportHeader: 'Akreditovana po BAS EN ISO 15189',
    reportFooter: 'Nalaz tumači ljekar.', defaultIdleTime: 1800,
    reportFlags: { technician: { fpodanu: true, worklists: false } }, hiddenMenu: { technician: ['/pacijenti'] },
  };

  it('saves options and label size in one transaction with one audit row, and sign-in follows them', async () => {
    const response = await client.post(admin, '/postavke/opcije', { options, label: { width: 60, height: 30, dpi: 300 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OptionsAnswer>()).toMatchObject({ options: { labName: 'Laboratorija Demo', defaultIdleTime: 1800 }, label: { width: 60, dpi: 300 } });
    const stored = await t.database.db.select().from(settingRecords).where(isNull(settingRecords.siteId));
    expect(stored.filter((row) => row.type === GENERAL_OPTIONS_TYPE)).toHaveLength(1);
    expect(stored.find((row) => row.type === LABEL_SETTING_TYPE)?.data).toEqual({ width: 60, height: 30, dpi: 300 });

    const tech = await login('tehnicar@demo.lab');
    expect(tech.reports).toMatchObject({ fpodanu: true, worklists: false, protokol: true });
    expect(tech.sidebar.find((item) => item.path === '/pacijenti')?.visible).toBe(false);
    // Hiding is only the menu: the screen's calls still answer, by permission.
    const session = await signIn(t.app, 'tehnicar@demo.lab');
    expect((await client.get(session, '/pacijenti/list')).statusCode).toBe(200);
    expect((await login('specijalista@demo.lab')).sidebar.find((item) => item.path === '/pacijenti')?.visible).toBe(true);

    const user = await client.post(admin, '/postavke/users/edit', {
      element: { email: 'idle@lab.test', ime: 'I', prezime: 'Dle', role: 'viewer', level: 1, sites: [admin.site], password: 'pocetna1' },
    });
    expect(user.json<UserEditAnswer>().element.idleTime).toBe(1800);

    const history = (await client.get(admin, '/postavke/opcije/history')).json<SettingsHistoryAnswer>().history;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      akcija: 'options.update', korisnik: 'Amra Administrator',
      staro: { options: { labName: '' }, label: { width: 50 } }, novo: { options: { labName: 'Laboratorija Demo' }, label: { width: 60 } },
    });
  });

  it('prints labels at the size saved here', async () => {
    const cat = await createFixtureCatalogue(t.database.db);
    const tech = await signIn(t.app, 'tehnicar@demo.lab');
    const patient = await registerPatient(client, tech, jmbgFor(daysAgo(40 * 365), 'MUŠKI'));
    const sample = await client.post(tech, '/uzorci/save', { pid: patient._id, testovi: [cat.ids.GLU] });
    const id = sample.json<SampleSavedAnswer>().uzorak._id;
    await client.post(admin, '/postavke/opcije', { options: {}, label: { width: 60, height: 30, dpi: 300 } });
    const zpl = (await client.get(tech, `/uzorci/barcode/${id}/zpl`)).body;
    // 60 mm at 300 dpi is 709 dots.
    expect(zpl).toContain('^PW709');
  });

  it.each([
    [{ options: { defaultIdleTime: 5 }, label: {} }, 'options.defaultIdleTime', 'settings.idleTimeInvalid'],
    [{ options: { labName: 'x'.repeat(201) }, label: {} }, 'options.labName', 'form.invalid'],
    [{ options: { reportFlags: { boss: {} } }, label: {} }, 'options.reportFlags', 'form.invalid'],
    [{ options: { reportFlags: { viewer: { fpodanu: 'da' } } }, label: {} }, 'options.reportFlags.viewer.fpodanu', 'form.invalid'],
    [{ options: { hiddenMenu: { admin: ['/postavke'] } }, label: {} }, 'options.hiddenMenu.admin.0', 'settings.menuPathUnknown'],
    [{ options: {}, label: { width: 500 } }, 'label.width', 'form.invalid'],
    [{ options: {}, label: { dpi: 100 } }, 'label.dpi', 'form.invalid'],
  ])('refuses %j naming %s and changes nothing', async (body, field, code) => {
    const before = await t.database.db.select().from(settingRecords).where(and(isNull(settingRecords.siteId)));
    const response = await client.post(admin, '/postavke/opcije', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field, code });
    expect(await t.database.db.select().from(settingRecords).where(and(isNull(settingRecords.siteId)))).toEqual(before);
  });

  it('keeps fields of the stored record it does not know', async () => {
    await t.database.db.update(settingRecords).set({ data: { labName: 'Stari', buducePolje: 1 } })
      .where(and(eq(settingRecords.type, GENERAL_OPTIONS_TYPE), isNull(settingRecords.siteId)));
    await client.post(admin, '/postavke/opcije', { options: { labName: 'Novi' }, label: {} });
    const [row] = await t.database.db.select().from(settingRecords).where(and(eq(settingRecords.type, GENERAL_OPTIONS_TYPE), isNull(settingRecords.siteId)));
    expect(row?.data).toMatchObject({ labName: 'Novi', buducePolje: 1 });
  });
});

describe('a change of menu entries or report flags reaches sessions already signed in', () => {
  it('the open session reads its new menu at once, the report calls follow the new flag at once, and pages are told', async () => {
    const announced: string[] = [];
    t.realtime.attach({ emit: (event: string) => { announced.push(event); } } as unknown as Server);
    try {
      const tech = await signIn(t.app, 'tehnicar@demo.lab');
      const menuOf = async () => {
        const response = await client.get(tech, '/sesija/izbornik');
        expect(response.statusCode, response.body).toBe(200);
        return response.json<SessionMenuAnswer>();
      };
      const range = 'dateRangeMin=2025-03-01&dateRangeMax=2025-03-31';
      await client.post(admin, '/postavke/opcije', { options: { reportFlags: { technician: { protokol: true } }, hiddenMenu: {} }, label: {} });
      expect((await menuOf()).sidebar.find((item) => item.path === '/pacijenti')?.visible).toBe(true);
      expect((await client.get(tech, `/izvjestaji/protokol?${range}`)).statusCode).toBe(200);
      announced.length = 0;

      const saved = await client.post(admin, '/postavke/opcije', {
        options: { reportFlags: { technician: { protokol: false } }, hiddenMenu: { technician: ['/pacijenti'] } }, label: {},
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(announced).toEqual([SESSION_MENU_EVENT]);
      const menu = await menuOf();
      expect(menu.sidebar.find((item) => item.path === '/pacijenti')?.visible).toBe(false);
      expect(menu.reports).toMatchObject({ protokol: false });
      // The same session, no new sign-in: the server serves the report by the flag as saved now.
      expect((await client.get(tech, `/izvjestaji/protokol?${range}`)).statusCode).toBe(403);

      // Saving what only the letterhead changes leaves open pages alone.
      announced.length = 0;
      await client.post(admin, '/postavke/opcije', {
        options: { labName: 'Drugo ime', reportFlags: { technician: { protokol: false } }, hiddenMenu: { technician: ['/pacijenti'] } }, label: {},
      });
      expect(announced).toEqual([]);
    } finally {
      await client.post(admin, '/postavke/opcije', { options: {}, label: {} });
    }
  });

  it('answers a signed-out caller 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sesija/izbornik' })).statusCode).toBe(401);
  });
});

describe('only level-0 administrators see the general options', () => {
  it.each(['specijalista@demo.lab', 'tehnicar@demo.lab', 'pregled@demo.lab'])('%s gets 403 and no settings menu', async (email) => {
    const other = await signIn(t.app, email);
    expect((await client.get(other, '/postavke/opcije')).statusCode).toBe(403);
    expect((await client.post(other, '/postavke/opcije', { options: {}, label: {} })).statusCode).toBe(403);
    expect((await client.get(other, '/postavke/opcije/history')).statusCode).toBe(403);
    // The only settings screens a verifier has are autoverification's and the reflex rules' (they need the verify
    // permission, not level 0).
    const verifierScreens = ['/postavke/autoverifikacija', '/postavke/refleksni-testovi'];
    expect((await login(email)).sidebar.some((item) => item.path.startsWith('/postavke') && !verifierScreens.includes(item.path))).toBe(false);
  });

  it('the level-0 administrator has the settings menu', async () => {
    expect((await login('admin@demo.lab')).sidebar.find((item) => item.path === '/postavke')).toMatchObject({ visible: true });
  });
});
