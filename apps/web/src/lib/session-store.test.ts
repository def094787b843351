import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { SITE_SA, SITE_TZ, sessionFixture } from '../test/fixtures.ts';
import { siteTimeZone } from './date-time.ts';
import { STORAGE_KEYS, createSessionStore } from './session-store.ts';

afterEach(() => {
  localStorage.clear();
  void i18n.changeLanguage('bs');
});

describe('session store', () => {
  it('starts anonymous with nothing stored', () => {
    expect(createSessionStore().get()).toEqual({ status: 'anonymous' });
  });

  it('keeps the login answer in localStorage and in memory', () => {
    const store = createSessionStore();
    store.start(sessionFixture());
    expect(store.get()).toMatchObject({ status: 'active', siteId: SITE_SA.id });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-abc');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session)!)).toMatchObject({ siteId: SITE_SA.id, data: { email: 'admin@demo.lab' } });
  });

  it('restores a stored session as "restoring" until the server confirms it', () => {
    createSessionStore().start(sessionFixture());
    const reopened = createSessionStore();
    expect(reopened.get()).toMatchObject({ status: 'restoring', siteId: SITE_SA.id });
    reopened.confirm('en');
    expect(reopened.get()).toMatchObject({ status: 'active', data: { language: 'en' } });
    expect(i18n.language).toBe('en');
  });

  it('forgets stored values that do not belong together', () => {
    createSessionStore().start(sessionFixture());
    localStorage.setItem(STORAGE_KEYS.token, 'another-token');
    expect(createSessionStore().get()).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();

    localStorage.setItem(STORAGE_KEYS.token, 'x');
    localStorage.setItem(STORAGE_KEYS.session, '{not json');
    expect(createSessionStore().get()).toEqual({ status: 'anonymous' });
  });

  it('does not restore a stored session that is no longer a login answer of the contract', () => {
    createSessionStore().start(sessionFixture());
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.session)!) as { data: Record<string, unknown>; siteId: string };
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ ...stored, data: { ...stored.data, display: undefined } }));
    expect(createSessionStore().get()).toEqual({ status: 'anonymous' });
  });

  it("never overwrites a session another tab stored since (someone else signed in there)", () => {
    const store = createSessionStore();
    store.start(sessionFixture());
    const other = sessionFixture({ idToken: 'token-of-another-user', email: 'pregled@demo.lab' });
    localStorage.setItem(STORAGE_KEYS.token, other.idToken);
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ data: other, siteId: other.site }));
    // This tab's late updates (a menu refresh, a site switch) change this tab only.
    store.setMenu({ sidebar: other.sidebar, reports: other.reports, default_route: '/prijem' });
    store.setSite(SITE_TZ.id);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-of-another-user');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session)!)).toMatchObject({ data: { email: 'pregled@demo.lab' } });
  });

  it('switches only to one of the user\'s sites, and remembers it', () => {
    const store = createSessionStore();
    store.start(sessionFixture());
    store.setSite('site-of-someone-else');
    expect(store.siteId()).toBe(SITE_SA.id);
    store.setSite(SITE_TZ.id);
    expect(store.siteId()).toBe(SITE_TZ.id);
    expect(createSessionStore().siteId()).toBe(SITE_TZ.id);
  });

  it("formats dates in the zone of the site in use, also after a switch and a sign-out", () => {
    const store = createSessionStore();
    const lisbon = { ...SITE_TZ, timeZone: 'Europe/Lisbon' };
    store.start(sessionFixture({ sites: [{ ...SITE_SA, timeZone: 'America/New_York' }, lisbon] }));
    expect(siteTimeZone()).toBe('America/New_York');
    store.setSite(lisbon.id);
    expect(siteTimeZone()).toBe('Europe/Lisbon');
    store.clear();
    expect(siteTimeZone()).toBe('Europe/Sarajevo');
  });

  it('applies the session language: rs and bs are Bosnian', () => {
    const store = createSessionStore();
    store.start(sessionFixture({ language: 'de' }));
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    store.start(sessionFixture({ language: 'rs' }));
    expect(i18n.language).toBe('bs');
  });

  it('clear forgets everything and tells the listeners', () => {
    const store = createSessionStore();
    store.start(sessionFixture());
    let calls = 0;
    store.subscribe(() => { calls += 1; });
    store.clear();
    expect(store.get()).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(calls).toBe(1);
  });

  it('follows a logout in another tab', () => {
    const store = createSessionStore();
    store.start(sessionFixture());
    localStorage.removeItem(STORAGE_KEYS.token);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    expect(store.get()).toEqual({ status: 'anonymous' });
  });
});
