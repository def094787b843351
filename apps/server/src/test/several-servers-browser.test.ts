import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/index.ts';
import { createResultCatalogue, resultCalls } from '../modules/results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient } from '../modules/samples/test-fixtures.ts';
import { RealtimeHub } from '../realtime/hub.ts';
import { buildTestApp, signIn } from './harness.ts';
import { callOver, freshServerDatabase, startServerProcess, type ServerProcess } from './server-process.ts';

// The same two-server system as several-servers.test.ts, seen by a person in Chromium: signed in through
// server B's pages, the same session opens the app on server A, and an approval made through server A
// appears in the notification bell of the page served by B, live. PostgreSQL only (TEST_DATABASE_URL), and
// it needs the built web app (apps/web/dist: `npm run build`, which the browser tests' run does first).

const serverUrl = process.env.TEST_DATABASE_URL;
const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

let target: Awaited<ReturnType<typeof freshServerDatabase>>;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  if (!serverUrl) return;
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('The web app is not built: run `npm run build` before this test.');
  target = await freshServerDatabase(serverUrl, 'sb');
  [a, b] = await Promise.all([startServerProcess(target.url, { WEB_DIST: webDist }), startServerProcess(target.url, { WEB_DIST: webDist })]);
  database = await openDatabase({ databaseUrl: target.url });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  if (!serverUrl) return;
  await browser?.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await target?.drop();
});

/** The page's localStorage, as far as this test uses it (the server's TypeScript has no DOM types). */
interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Obavještenja/ });
const userMenu = (page: Page) => page.getByRole('button', { name: 'Korisnički meni' });

describe.skipIf(!serverUrl)('two server processes, in a browser', () => {
  it('a session made on one server opens the app on the other, and an approval through one reaches the page served by the other', async () => {
    const context = await browser.newContext({ locale: 'bs-BA', timezoneId: 'Europe/Sarajevo', reducedMotion: 'reduce' });
    const onB = await context.newPage();
    await onB.goto(`${b.url}/auth/login`);
    await onB.getByLabel('E-mail').fill('specijalista@demo.lab');
    await onB.getByRole('textbox', { name: 'Šifra', exact: true }).fill(DEMO_PASSWORD);
    await onB.getByRole('button', { name: 'Prijava' }).click();
    await expect.poll(() => userMenu(onB).isVisible(), { timeout: 15_000 }).toBe(true);

    // The session the login page stored on B's origin, carried to A's: A's pages sign in with it.
    const stored = await onB.evaluate(() => {
      const storage = (globalThis as unknown as { localStorage: BrowserStorage }).localStorage;
      return { token: storage.getItem('lis.token'), session: storage.getItem('lis.session') };
    });
    expect(stored.token).toBeTruthy();
    const onA = await context.newPage();
    await onA.goto(`${a.url}/auth/login`);
    await onA.evaluate(({ token, session }) => {
      const storage = (globalThis as unknown as { localStorage: BrowserStorage }).localStorage;
      storage.setItem('lis.token', token ?? '');
      storage.setItem('lis.session', session ?? '');
    }, stored);
    await onA.goto(`${a.url}/`);
    await expect.poll(() => userMenu(onA).isVisible(), { timeout: 15_000 }).toBe(true);
    await onA.close();

    // The demo's own alerts (stock below its level, refrigerators) are in the bell already: count from them.
    await onB.waitForLoadState('networkidle');
    const bellCount = async () => Number(/\((\d+)\)/.exec((await bell(onB).getAttribute('aria-label')) ?? '')?.[1] ?? Number.NaN);
    const initial = await bellCount();
    expect(initial).not.toBeNaN();

    // A sample with results waiting for approval, prepared in process on the same database.
    const setup = await buildTestApp(database, new RealtimeHub());
    try {
      const client = api({ app: setup, database, realtime: new RealtimeHub(), close: async () => {} });
      const specialist = await signIn(setup, 'specijalista@demo.lab');
      const catalogue = await createResultCatalogue(database.db);
      const calls = resultCalls(client, catalogue);
      const patient = await registerPatient(client, specialist, jmbgFor(daysAgo(41 * 365 + 3), 'ŽENSKI'), { ime: 'Preglednica', prezime: 'Dvoserverska' });
      const sample = await calls.createSample(specialist, patient._id, ['GLU']);
      await calls.saved(specialist, sample._id, { GLU: '5,3' });
      // Completing the results was announced in process only (its own hub), so B's page has nothing yet.
      expect(await bellCount()).toBe(initial);

      // Approved through server A: the page served by B shows it in the bell without a reload.
      const approve = await callOver(a, specialist, 'POST', '/rezultati/odobri', { sid: sample._id });
      expect(approve.status, await approve.clone().text()).toBe(200);
      await expect.poll(bellCount, { timeout: 10_000 }).toBe(initial + 1);
      await bell(onB).click();
      await expect.poll(() => onB.getByRole('dialog', { name: 'Obavještenja' }).textContent(), { timeout: 5_000 }).toContain(sample.code);
    } finally {
      await setup.close();
      await context.close();
    }
  }, 90_000);
});
