import type { FailureAnswer, LoginAnswer, SiteListAnswer } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('POST /api/login/users', () => {
  it('signs a demo user in with the whole session data', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/login/users', payload: { email: 'tehnicar@demo.lab', password: 'Demo1234!', returnSecureToken: true },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginAnswer>();
    expect(body.success).toBe(true);
    for (const key of ['localId', 'language', 'idToken', 'site', 'idleTime', 'customer', 'pid_bcode', 'default_route', 'access', 'display', 'reports', 'sites', 'sidebar']) {
      expect(body.data).toHaveProperty(key);
    }
    expect(body.data.sites.map((site) => site.sifra)).toEqual(['SA']);
    // Each site carries its time zone: the web's "today" and every date it shows are the site's.
    expect(body.data.sites[0]).toMatchObject({ sifra: 'SA', timeZone: 'Europe/Sarajevo' });
    expect(body.data.access.level).toBe(0);
    expect(body.data.idToken.length).toBeGreaterThanOrEqual(22);
  });

  it('answers the spec messages for an unknown user and a wrong password', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'nobody@demo.lab', password: 'x' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Korisnik nije pronađen.' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'pregled@demo.lab', password: 'wrong' } });
    expect(wrong.json()).toMatchObject({ success: false, message: 'Pogrešna šifra.' });
  });

  it('names the field of malformed input and never answers 500', async () => {
    const cases = [
      { payload: {}, field: 'email' },
      { payload: { email: 5, password: 'x' }, field: 'email' },
      { payload: { email: 'a@b.c' }, field: 'password' },
      { payload: { email: 'a'.repeat(300), password: 'x' }, field: 'email' },
    ];
    for (const { payload, field } of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/login/users', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, field });
    }
    const broken = await t.app.inject({ method: 'POST', url: '/api/login/users', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(broken.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('refuses a missing or unknown token with 401 and the spec message', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/postavke/sajtovi/list' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json<FailureAnswer>().message).toBe('Niste autorizirani');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/postavke/sajtovi/list?token=forged' });
    expect(unknown.statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const user = await signIn(t.app, 'specijalista@demo.lab');
    const before = await t.app.inject({ method: 'GET', url: `/api/postavke/sajtovi/list?token=${user.token}&site=${user.site}` });
    expect(before.statusCode).toBe(200);
    expect(before.json<SiteListAnswer>().sajtovi[0]).toHaveProperty('timeZone', 'Europe/Sarajevo');
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout/users', payload: { token: user.token, site: user.site, type: 'manual' } });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/postavke/sajtovi/list?token=${user.token}&site=${user.site}` });
    expect(after.statusCode).toBe(401);
  });

  it('answers 403 for a site the user does not have', async () => {
    const admin = await signIn(t.app, 'admin@demo.lab');
    const tuzla = admin.sites.find((site) => site.sifra === 'TZ')!._id;
    const tech = await signIn(t.app, 'tehnicar@demo.lab');
    const response = await t.app.inject({ method: 'GET', url: `/api/postavke/sajtovi/list?token=${tech.token}&site=${tuzla}` });
    expect(response.statusCode).toBe(403);
  });
});
