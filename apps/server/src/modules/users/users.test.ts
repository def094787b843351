import { and, eq } from 'drizzle-orm';
import type { LoginAnswer, SettingsHistoryAnswer, UserEditAnswer, UserListRow } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, type Api } from '../samples/test-fixtures.ts';

let t: TestApp;
let client: Api;
let admin: SignedIn;
let sarajevo: string;
let tuzla: string;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
  sarajevo = siteId(admin, 'SA');
  tuzla = siteId(admin, 'TZ');
});
afterAll(async () => { await t.close(); });

let counter = 0;
function newUser(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    email: `korisnik${counter}@lab.test`, ime: 'Nova', prezime: `Korisnica${counter}`, role: 'technician', level: 0,
    sites: [sarajevo], password: 'pocetna1', ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<UserEditAnswer['element']> {
  const response = await client.post(admin, '/postavke/users/edit', { element: newUser(overrides) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserEditAnswer>().element;
}

/** Signs the user in with the initial password and changes it, so the session may do everything. */
async function signInChanged(email: string, initial = 'pocetna1', next = 'nova-sifra1'): Promise<SignedIn> {
  const first = await signIn(t.app, email, initial);
  const changed = await client.post(first, '/users/sifra', { email, password: initial, novaSifra: next, potvrdaSifra: next });
  expect(changed.statusCode, changed.body).toBe(200);
  return first;
}

async function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email, password }, remoteAddress: `10.77.0.${(counter % 200) + 1}` });
}

describe('POST /api/postavke/users/edit', () => {
  it('creates a user who must change the initial password at the first sign-in', async () => {
    const element = await create({ email: ' Prva.Nova@Lab.test ', sites: [sarajevo, tuzla], language: 'en', idleTime: 900, defaultRoute: '/pacijenti' });
    expect(element).toMatchObject({
      email: 'prva.nova@lab.test', role: 'technician', level: 0, language: 'en', idleTime: 900, defaultRoute: '/pacijenti',
      disabled: false, mustChangePassword: true, expiresAt: null,
    });
    expect(element.sites).toEqual([sarajevo, tuzla].sort());
    expect(element).not.toHaveProperty('password');
    expect(element).not.toHaveProperty('passwordHash');

    const answer = await login('prva.nova@lab.test', 'pocetna1');
    expect(answer.statusCode).toBe(200);
    const data = answer.json<LoginAnswer>().data;
    expect(data.mustChangePassword).toBe(true);
    expect(data.sites.map((site) => site.sifra)).toEqual(['SA', 'TZ']);
    expect(data.idleTime).toBe(900);
  });

  it("gives a new user the lab's default idle time when the element names none", async () => {
    const element = await create();
    expect(element.idleTime).toBe(28_800);
  });

  it('updates a user without touching the password, and audits old and new record without secrets', async () => {
    const element = await create();
    const response = await client.post(admin, '/postavke/users/edit', {
      element: { ...newUser(), _id: element._id, email: element.email, ime: 'Promijenjeno', sites: [sarajevo], password: undefined },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserEditAnswer>().element).toMatchObject({ _id: element._id, ime: 'Promijenjeno', mustChangePassword: true });
    const [stored] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, element._id));
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, element._id)));
    expect(rows.map((row) => row.action).sort()).toEqual(['user.create', 'user.update']);
    const update = rows.find((row) => row.action === 'user.update')!;
    expect(update.oldValue).toMatchObject({ ime: 'Nova' });
    expect(update.newValue).toMatchObject({ ime: 'Promijenjeno' });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(stored!.hash);
    expect(text).not.toContain('pocetna1');
    expect(text).not.toContain('passwordHash');
  });

  it.each([
    [{ email: 'nije adresa' }, 'element.email', 'settings.emailInvalid'],
    [{ ime: '' }, 'element.ime', 'form.required'],
    [{ role: 'boss' }, 'element.role', 'settings.roleInvalid'],
    [{ level: 'nula' }, 'element.level', 'form.invalid'],
    [{ sites: [] }, 'element.sites', 'settings.sitesRequired'],
    [{ sites: ['SA'] }, 'element.sites.0', 'settings.siteUnknown'],
    [{ idleTime: 5 }, 'element.idleTime', 'settings.idleTimeInvalid'],
    [{ defaultRoute: '/nepostojeci' }, 'element.defaultRoute', 'settings.defaultRouteInvalid'],
    [{ expiresAt: 'sutra' }, 'element.expiresAt', 'form.invalid'],
    [{ password: '123' }, 'element.password', 'password.tooShort'],
    [{ password: 'password1' }, 'element.password', 'password.common'],
    [{ password: undefined }, 'element.password', 'form.required'],
  ])('refuses %j naming %s and saves nothing', async (change, field, code) => {
    const element = newUser(change);
    const response = await client.post(admin, '/postavke/users/edit', { element });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field, code });
    expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
    const stored = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, String(element.email)));
    expect(stored).toEqual([]);
  });

  it('refuses a site that does not exist (a well-formed id) and saves nothing', async () => {
    const element = newUser({ sites: [sarajevo, '00000000-0000-4000-8000-000000000000'] });
    const response = await client.post(admin, '/postavke/users/edit', { element });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'settings.siteUnknown', field: 'element.sites.1' });
    expect(await t.database.db.select().from(users).where(eq(users.email, String(element.email)))).toEqual([]);
  });

  it('refuses a taken e-mail (any case) with 409, and an unknown _id with 404', async () => {
    const taken = await client.post(admin, '/postavke/users/edit', { element: newUser({ email: 'Tehnicar@Demo.lab' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'settings.emailTaken', field: 'element.email' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nije-id']) {
      const missing = await client.post(admin, '/postavke/users/edit', { element: { ...newUser(), _id: id } });
      expect(missing.statusCode).toBe(404);
    }
  });

  it('ends the sessions of a user whose rights shrink, but not for a harmless change', async () => {
    const element = await create({ sites: [sarajevo, tuzla] });
    const user = await signInChanged(String(element.email));
    const rename = await client.post(admin, '/postavke/users/edit', { element: { ...newUser(), ...pick(element), ime: 'Drugo', sites: [sarajevo, tuzla] } });
    expect(rename.statusCode).toBe(200);
    expect((await client.get(user, '/postavke/sajtovi/list')).statusCode).toBe(200);
    const narrower = await client.post(admin, '/postavke/users/edit', { element: { ...newUser(), ...pick(element), sites: [tuzla] } });
    expect(narrower.statusCode).toBe(200);
    expect((await client.get(user, '/postavke/sajtovi/list', tuzla)).statusCode).toBe(401);
  });
});

function pick(element: UserEditAnswer['element']): Record<string, unknown> {
  return { _id: element._id, email: element.email, password: undefined };
}

describe('the last active level-0 administrator', () => {
  it('cannot be disabled, demoted or lose the administrator role', async () => {
    const self = { _id: admin.userId, email: 'admin@demo.lab', ime: 'Amra', prezime: 'Administrator', sites: [sarajevo, tuzla] };
    for (const change of [{ role: 'specialist', level: 0 }, { role: 'admin', level: 1 }]) {
      const response = await client.post(admin, '/postavke/users/edit', { element: { ...self, ...change } });
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
      expect(response.json()).toMatchObject({ code: 'settings.lastAdmin' });
    }
    const disable = await client.post(admin, '/postavke/users/disable', { _id: admin.userId });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ code: 'settings.lastAdmin' });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, admin.userId));
    expect(stored).toMatchObject({ role: 'admin', accessLevel: 0, disabled: false });
  });

  it('may be demoted once another active level-0 administrator exists; a disabled admin does not count', async () => {
    const second = await create({ role: 'admin', level: 0, sites: [sarajevo] });
    await client.post(admin, '/postavke/users/disable', { _id: second._id });
    const refused = await client.post(admin, '/postavke/users/edit', {
      element: { _id: admin.userId, email: 'admin@demo.lab', ime: 'Amra', prezime: 'Administrator', role: 'admin', level: 1, sites: [sarajevo, tuzla] },
    });
    expect(refused.statusCode).toBe(409);
    await client.post(admin, '/postavke/users/enable', { _id: second._id });
    const demoteSecond = await client.post(admin, '/postavke/users/edit', { element: { ...newUser(), ...pick(second), role: 'technician' } });
    expect(demoteSecond.statusCode, demoteSecond.body).toBe(200);
  });

  it('holds when two administrators demote each other at the same time', async () => {
    // Several rounds, so the two transactions really overlap on PostgreSQL (PGlite runs them one after the other).
    for (let round = 0; round < 4; round += 1) {
      await t.database.db.update(users).set({ accessLevel: 0 }).where(eq(users.id, admin.userId));
      const a = await create({ role: 'admin', level: 0, sites: [sarajevo] });
      const b = await create({ role: 'admin', level: 0, sites: [sarajevo] });
      const aSession = await signInChanged(String(a.email));
      const bSession = await signInChanged(String(b.email));
      // Every other administrator steps down, leaving exactly a and b.
      const others = await t.database.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.accessLevel, 0)));
      for (const other of others.filter((row) => row.id !== a._id && row.id !== b._id)) {
        await t.database.db.update(users).set({ accessLevel: 1 }).where(eq(users.id, other.id));
      }
      const demote = (by: SignedIn, target: UserEditAnswer['element']) => client.post(by, '/postavke/users/edit', {
        element: { ...newUser(), ...pick(target), ime: target.ime, prezime: target.prezime, role: 'admin', level: 1 },
      });
      const answers = await Promise.all([demote(aSession, b), demote(bSession, a)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // One demotion wins; the other is refused, never a 5xx: 409 last admin when the two overlap, or, when the
      // first has already committed, 401 (the demoted caller's sessions ended) or 403 (no longer allowed).
      expect(statuses[0]).toBe(200);
      expect([401, 403, 409]).toContain(statuses[1]);
      const remaining = await t.database.db.select({ id: users.id }).from(users)
        .where(and(eq(users.role, 'admin'), eq(users.accessLevel, 0), eq(users.disabled, false)));
      expect(remaining).toHaveLength(1);
    }
    // Put the demo administrator back for the other tests.
    await t.database.db.update(users).set({ accessLevel: 0 }).where(eq(users.id, admin.userId));
  });
});

describe('disable, enable and password reset', () => {
  it("ends a disabled user's sessions at once and refuses their sign-in; enabling lets them in again", async () => {
    const element = await create();
    const user = await signInChanged(String(element.email));
    expect((await client.get(user, '/postavke/sajtovi/list')).statusCode).toBe(200);
    const disabled = await client.post(admin, '/postavke/users/disable', { _id: element._id });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ success: true, element: { disabled: true } });
    expect((await client.get(user, '/postavke/sajtovi/list')).statusCode).toBe(401);
    const open = await t.database.db.select().from(sessions).where(and(eq(sessions.userId, element._id)));
    expect(open.every((session) => session.endedAt !== null && session.endReason === 'disabled')).toBe(true);
    expect((await login(String(element.email), 'nova-sifra1')).json()).toMatchObject({ code: 'auth.disabled' });

    const enabled = await client.post(admin, '/postavke/users/enable', { _id: element._id });
    expect(enabled.json()).toMatchObject({ element: { disabled: false } });
    expect((await login(String(element.email), 'nova-sifra1')).statusCode).toBe(200);
    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, element._id));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['user.disable', 'user.enable']));
  });

  it('resets a password: sessions end, the user must change it, nothing secret is answered or audited', async () => {
    const element = await create();
    const user = await signInChanged(String(element.email));
    const reset = await client.post(admin, '/postavke/users/password', { _id: element._id, password: 'privremena9' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.body).not.toContain('privremena9');
    expect(reset.json()).toMatchObject({ element: { mustChangePassword: true } });
    expect((await client.get(user, '/postavke/sajtovi/list')).statusCode).toBe(401);
    expect((await login(String(element.email), 'nova-sifra1')).statusCode).toBe(401);
    const again = await login(String(element.email), 'privremena9');
    expect(again.json<LoginAnswer>().data.mustChangePassword).toBe(true);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, element._id), eq(auditLog.action, 'user.passwordReset')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('privremena9');
    const short = await client.post(admin, '/postavke/users/password', { _id: element._id, password: '12' });
    expect(short.json()).toMatchObject({ code: 'password.tooShort', field: 'password' });
    const common = await client.post(admin, '/postavke/users/password', { _id: element._id, password: 'qwertyuiop' });
    expect(common.json()).toMatchObject({ code: 'password.common', field: 'password' });
    expect((await client.post(admin, '/postavke/users/password', { _id: 'nema', password: 'privremena9' })).statusCode).toBe(404);
  });
});

describe('must change the password first', () => {
  it('refuses every other call until the initial password is changed; sign-out, profile and the change stay open', async () => {
    const element = await create();
    const user = await signIn(t.app, String(element.email), 'pocetna1');
    const refused = await client.get(user, '/postavke/sajtovi/list');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.passwordChangeRequired' });
    expect((await client.get(user, '/pacijenti/list')).statusCode).toBe(403);
    const profile = await client.post(user, `/users/${String(element.email).split('@')[0]}`, { email: element.email });
    expect(profile.statusCode).toBe(200);
    const same = await client.post(user, '/users/sifra', { email: element.email, password: 'pocetna1', novaSifra: 'pocetna1', potvrdaSifra: 'pocetna1' });
    expect(same.json()).toMatchObject({ code: 'password.unchanged', field: 'novaSifra' });
    const changed = await client.post(user, '/users/sifra', { email: element.email, password: 'pocetna1', novaSifra: 'svoja-sifra', potvrdaSifra: 'svoja-sifra' });
    expect(changed.statusCode).toBe(200);
    expect((await client.get(user, '/postavke/sajtovi/list')).statusCode).toBe(200);
    expect((await login(String(element.email), 'svoja-sifra')).json<LoginAnswer>().data.mustChangePassword).toBe(false);
  });

  it('lets a user who must change the password sign out', async () => {
    const element = await create();
    const user = await signIn(t.app, String(element.email), 'pocetna1');
    expect((await client.post(user, '/logout/users', { type: 'manual' })).statusCode).toBe(200);
  });
});

describe('account end date', () => {
  it("answers 'User Account has Expired.' past the end, and signs in before it", async () => {
    const past = await create({ expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const expired = await login(String(past.email), 'pocetna1');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ success: false, code: 'auth.expired', message: 'User Account has Expired.' });
    const future = await create({ expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await login(String(future.email), 'pocetna1')).statusCode).toBe(200);
  });
});

describe('GET /api/postavke/users/list and history', () => {
  it('lists users with their site codes, filtered and sorted, never a password', async () => {
    const element = await create({ prezime: 'Zzlistović', sites: [sarajevo, tuzla] });
    const response = await client.get(admin, '/postavke/users/list?filter=zzlistov&sort=prezime|desc');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: UserListRow[]; pagination: { total: number } }>();
    expect(body.data.map((row) => row._id)).toEqual([element._id]);
    expect(body.data[0]).toMatchObject({ siteCodes: ['SA', 'TZ'], lastSignIn: null, mustChangePassword: true });
    expect(response.body).not.toMatch(/argon2|"password(Hash)?"/i);
    expect((await client.get(admin, '/postavke/users/list?sort=lozinka|asc')).json()).toMatchObject({ field: 'sort' });
  });

  it("shows a user's history newest first with who changed what", async () => {
    const element = await create();
    await client.post(admin, '/postavke/users/disable', { _id: element._id });
    const response = await client.get(admin, `/postavke/users/history/${element._id}`);
    const { history } = response.json<SettingsHistoryAnswer>();
    expect(history.map((entry) => entry.akcija)).toEqual(['user.disable', 'user.create']);
    expect(history[0]).toMatchObject({ korisnik: 'Amra Administrator', staro: { disabled: false }, novo: { disabled: true } });
    expect((await client.get(admin, '/postavke/users/history/nema')).statusCode).toBe(404);
  });
});

describe('only level-0 administrators manage users', () => {
  it.each(['specijalista@demo.lab', 'tehnicar@demo.lab', 'pregled@demo.lab'])('%s gets 403 from every user call', async (email) => {
    const other = await signIn(t.app, email);
    const element = await create();
    const calls = [
      client.get(other, '/postavke/users/list'),
      client.post(other, '/postavke/users/edit', { element: newUser() }),
      client.post(other, '/postavke/users/disable', { _id: element._id }),
      client.post(other, '/postavke/users/enable', { _id: element._id }),
      client.post(other, '/postavke/users/password', { _id: element._id, password: 'privremena9' }),
      client.get(other, `/postavke/users/history/${element._id}`),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, element._id));
    expect(stored).toMatchObject({ disabled: false });
  });

  it('a level-1 administrator is read-only and manages nobody', async () => {
    const readOnly = await create({ role: 'admin', level: 1 });
    const session = await signInChanged(String(readOnly.email));
    expect((await client.get(session, '/postavke/users/list')).statusCode).toBe(403);
    const sidebar = (await login(String(readOnly.email), 'nova-sifra1')).json<LoginAnswer>().data.sidebar;
    expect(sidebar.some((item) => item.path === '/postavke')).toBe(false);
  });
});
