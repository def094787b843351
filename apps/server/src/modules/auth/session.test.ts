import type { FailureAnswer, SiteListAnswer, SiteSwitchAnswer } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, loginAttempts, sessions, users } from '../../db/schema.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { hashToken } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const sitesList = (token: string) => t.app.inject({ method: 'GET', url: '/api/postavke/sajtovi/list', headers: { authorization: `Bearer ${token}` } });

describe('session lifetime', () => {
  it('stores only a hash of the token', async () => {
    const user = await signIn(t.app, 'pregled@demo.lab');
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(user.token)));
    expect(rows).toHaveLength(1);
    const raw = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, user.token));
    expect(raw).toHaveLength(0);
  });

  it('ends a session idle for longer than idleTime', async () => {
    const user = await signIn(t.app, 'pregled@demo.lab');
    expect((await sitesList(user.token)).statusCode).toBe(200);
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '9 hours'` })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect((await sitesList(user.token)).statusCode).toBe(401);
  });

  it('ends a session past its absolute lifetime even when active', async () => {
    const user = await signIn(t.app, 'pregled@demo.lab');
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect((await sitesList(user.token)).statusCode).toBe(401);
  });

  it('ends a disabled user sessions at once and refuses their sign-in', async () => {
    const user = await signIn(t.app, 'specijalista@demo.lab');
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.email, 'specijalista@demo.lab'));
    try {
      expect((await sitesList(user.token)).statusCode).toBe(401);
      const again = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'specijalista@demo.lab', password: 'Demo1234!' } });
      expect(again.statusCode).toBe(401);
    } finally {
      await t.database.db.update(users).set({ disabled: false }).where(eq(users.email, 'specijalista@demo.lab'));
    }
  });

  it('refuses an expired account with the spec message', async () => {
    await t.database.db.update(users).set({ expiresAt: sql`now() - interval '1 day'` }).where(eq(users.email, 'specijalista@demo.lab'));
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'specijalista@demo.lab', password: 'Demo1234!' } });
      expect(response.json<FailureAnswer>().message).toBe('User Account has Expired.');
    } finally {
      await t.database.db.update(users).set({ expiresAt: null }).where(eq(users.email, 'specijalista@demo.lab'));
    }
  });
});

describe('sign-in throttling and logging', () => {
  it('throttles an account from the address that failed on it, and logs attempts without the password', async () => {
    const attempt = (password: string, n: number) => t.app.inject({
      method: 'POST', url: '/api/login/users', payload: { email: 'admin@demo.lab', password }, remoteAddress: `10.77.0.${n}`,
    });
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong-secret', 1)).statusCode).toBe(401);
    const blocked = await attempt('Demo1234!', 1);
    expect(blocked.statusCode).toBe(429);
    // Another address is not the guesser: the right password signs in there.
    expect((await attempt('Demo1234!', 9)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, 'admin@demo.lab'));
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(JSON.stringify(rows)).not.toContain('wrong-secret');
    await t.database.db.delete(loginAttempts).where(eq(loginAttempts.email, 'admin@demo.lab'));
  });

  it('throttles an address that tries many accounts', async () => {
    for (let i = 0; i < 20; i += 1) {
      await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: `x${i}@demo.lab`, password: 'x' }, remoteAddress: '10.88.0.1' });
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'pregled@demo.lab', password: 'Demo1234!' }, remoteAddress: '10.88.0.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<FailureAnswer>().message).toContain('Previše');
  });
});

describe('profile and sites', () => {
  it('POST /api/users/{local part} answers the user role, language and sites', async () => {
    const user = await signIn(t.app, 'tehnicar@demo.lab');
    const response = await t.app.inject({ method: 'POST', url: '/api/users/tehnicar', payload: { token: user.token, email: 'tehnicar@demo.lab' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { role: 'technician' }, user: { postavke: { language: 'bs' }, sites: [user.site] } });
    const other = await t.app.inject({ method: 'POST', url: '/api/users/admin', payload: { token: user.token, email: 'admin@demo.lab' } });
    expect(other.statusCode).toBe(404);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/users/tehnicar', payload: { email: 'tehnicar@demo.lab' } });
    expect(noToken.json<FailureAnswer>().message).toBe('Niste autorizirani');
  });

  it('lists only the user sites and answers a site with its towns', async () => {
    const admin = await signIn(t.app, 'admin@demo.lab');
    const list = await t.app.inject({ method: 'GET', url: `/api/postavke/sajtovi/list?token=${admin.token}&site=${admin.site}` });
    expect(list.json<SiteListAnswer>().sajtovi.map((site) => site.sifra)).toEqual(['SA', 'TZ']);
    const tuzla = admin.sites.find((site) => site.sifra === 'TZ')!._id;
    const one = await t.app.inject({ method: 'POST', url: `/api/postavke/sajtovi/${tuzla}`, payload: { token: admin.token } });
    expect(one.json<SiteSwitchAnswer>().sajt.mjesta).toContain('Tuzla');
    const tech = await signIn(t.app, 'tehnicar@demo.lab');
    const forbidden = await t.app.inject({ method: 'POST', url: `/api/postavke/sajtovi/${tuzla}`, payload: { token: tech.token } });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('platform', () => {
  it('GET /api/health answers ok with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('refuses to start with an /api route that declares no permission', async () => {
    const app = await buildApp({ db: t.database.db, logger: false, config: { acmeDir: undefined, sessionMaxHours: 1, webDist: '/nonexistent', logLevel: 'silent' } });
    expect(() => app.get('/api/open-by-mistake', () => Promise.resolve({}))).toThrow(/declares no permission/);
    await app.close();
  });

  it('answers an unknown API path with 404 JSON and sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json<FailureAnswer>().success).toBe(false);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses an oversized body without a 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'a@b.c', password: 'x'.repeat(2_000_000) } });
    expect(response.statusCode).toBe(413);
  });
});

describe('certificate challenge', () => {
  it('serves /.well-known/acme-challenge files from the configured directory and nothing else', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'acme-'));
    writeFileSync(path.join(dir, 'tok3n_A'), 'tok3n_A.key');
    const app = await buildApp({ db: t.database.db, logger: false, config: { acmeDir: dir, sessionMaxHours: 1, webDist: '/nonexistent', logLevel: 'silent' } });
    const found = await app.inject({ method: 'GET', url: '/.well-known/acme-challenge/tok3n_A' });
    expect(found.statusCode).toBe(200);
    expect(found.body).toBe('tok3n_A.key');
    expect((await app.inject({ method: 'GET', url: '/.well-known/acme-challenge/missing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/.well-known/acme-challenge/..%2Fetc' })).statusCode).toBe(404);
    await app.close();
  });
});

describe("one's own interface language", () => {
  it('is stored in the user settings at once, audited, and answered by the next sign-in; the session goes on', async () => {
    const user = await signIn(t.app, 'pregled@demo.lab');
    const put = (language: string) => t.app.inject({
      method: 'PUT', url: '/api/sesija/jezik', headers: { authorization: `Bearer ${user.token}` }, payload: { language },
    });
    try {
      const changed = await put('de');
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({ success: true, language: 'de' });
      // The same session keeps working: no sign-out.
      expect((await sitesList(user.token)).statusCode).toBe(200);
      const again = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'pregled@demo.lab', password: 'Demo1234!' } });
      expect(again.json<{ data: { language: string } }>().data.language).toBe('de');
      const audit = await t.database.db.select({ action: auditLog.action, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
        .from(auditLog).where(eq(auditLog.action, 'user.language'));
      expect(audit).toEqual([{ action: 'user.language', oldValue: 'bs', newValue: 'de' }]);
      const refused = await put('fr');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: 'form.invalid', field: 'language' });
    } finally {
      await t.database.db.update(users).set({ language: 'bs' }).where(eq(users.email, 'pregled@demo.lab'));
    }
  });
});
