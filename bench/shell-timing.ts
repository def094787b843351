/**
 * How long the signed-in shell takes to appear, in a real browser with a cold cache (new context per run):
 *
 *   npm run build && npm run shell-timing -w bench
 *   SHELL_RUNS=8 WEB_DIST=/tmp/dist SHELL_PORT=8610 npm run shell-timing -w bench
 *
 * Two ways in, as people (and the browser tests' helpers) come in:
 * 1. sign-in: the administrator's click on "Prijava" on the sign-in page until the shell's user menu is in the page
 *    and no screen is still loading (the admin lands on /statistika), the form typed as a person types and filled
 *    at once;
 * 2. stored session: a page opened with a session already in the browser's storage (a reload, a new tab; the
 *    browser tests' openAs) from navigation start until the same point.
 * The server runs as `npm start` does (PGlite, demo seed, default log level). Prints medians and the slowest run.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import { builtWebDist, startAppServer } from './app-server.ts';
import { chromium, type Browser, type Page } from 'playwright-core';

const port = Number(process.env.SHELL_PORT ?? 8610);
const runs = Number(process.env.SHELL_RUNS ?? 5);
const webDist = builtWebDist();
const base = `http://127.0.0.1:${port}`;
const EMAIL = 'admin@demo.lab';
const PASSWORD = 'Demo1234!';


/** Records, in the page's clock, when the shell first stands: its user menu present and no loading status left. */
const MARKER = `
  window.__shellAt = undefined;
  const check = () => {
    if (window.__shellAt === undefined && [...document.querySelectorAll('header button')].some((b) => b.textContent.includes('Korisnički meni'))
      && !document.querySelector('[role="status"][aria-label="Učitavanje…"]')) window.__shellAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
`;

const shellAt = async (page: Page) => {
  await page.waitForFunction(() => (globalThis as unknown as { __shellAt?: number }).__shellAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => (globalThis as unknown as { __shellAt: number }).__shellAt);
};

/**
 * `typed`: the address and password typed at 60 ms a key (a quick typist), as people sign in; else filled at once
 * and clicked at once (a browser's autofill and an immediate click: the worst case, and what the browser tests do).
 */
async function viaSignIn(browser: Browser, typed: boolean): Promise<{ ms: number; requests: number }> {
  const context = await browser.newContext({ locale: 'bs-BA', timezoneId: 'Europe/Sarajevo', viewport: { width: 1280, height: 800 } });
  await context.addInitScript(MARKER);
  const page = await context.newPage();
  await page.goto(`${base}/auth/login`);
  await page.waitForLoadState('networkidle');
  const email = page.getByLabel('E-mail');
  const password = page.getByRole('textbox', { name: 'Šifra', exact: true });
  if (typed) {
    await email.pressSequentially(EMAIL, { delay: 60 });
    await password.pressSequentially(PASSWORD, { delay: 60 });
  } else {
    await email.fill(EMAIL);
    await password.fill(PASSWORD);
  }
  let requests = 0;
  page.on('request', (request) => {
    requests += 1;
    if (process.env.SHELL_LIST) console.log(`${Math.round(Date.now() % 100000)} ${request.url().replace(base, '')}`);
  });
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Prijava' }).click();
  const ms = (await shellAt(page)) - clickedAt;
  await context.close();
  return { ms, requests };
}

async function viaStoredSession(browser: Browser): Promise<{ ms: number; requests: number }> {
  const answer = await fetch(`${base}/api/login/users`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD, returnSecureToken: true }),
  });
  const { data } = (await answer.json()) as { data: { idToken: string; site: string } };
  const context = await browser.newContext({ locale: 'bs-BA', timezoneId: 'Europe/Sarajevo', viewport: { width: 1280, height: 800 } });
  await context.addInitScript(MARKER);
  const page = await context.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate(({ token, session }) => {
    const storage = (globalThis as unknown as { localStorage: { setItem: (key: string, value: string) => void } }).localStorage;
    storage.setItem('lis.token', token);
    storage.setItem('lis.session', session);
  }, { token: data.idToken, session: JSON.stringify({ data, siteId: data.site }) });
  let requests = 0;
  page.on('request', () => { requests += 1; });
  if (process.env.SHELL_LIST) {
    const t0 = Date.now();
    page.on('requestfinished', (request) => console.log(`stored ${Date.now() - t0} ${request.url().replace(base, '')}`));
  }
  await page.goto(`${base}/`);
  const ms = await shellAt(page);
  await context.close();
  return { ms, requests };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const { server, dataDir } = await startAppServer('shell-timing', port, webDist);
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  await viaStoredSession(browser); // warm-up of the server
  const filled = [];
  const typed = [];
  const stored = [];
  for (let i = 0; i < runs; i += 1) {
    filled.push(await viaSignIn(browser, false));
    typed.push(await viaSignIn(browser, true));
    stored.push(await viaStoredSession(browser));
  }
  await browser.close();
  const line = (name: string, list: { ms: number; requests: number }[]) => console.log(`[shell-timing] ${name}: median ${Math.round(median(list.map((r) => r.ms)))} ms, `
    + `slowest ${Math.round(Math.max(...list.map((r) => r.ms)))} ms, ${median(list.map((r) => r.requests))} requests (runs: ${list.map((r) => Math.round(r.ms)).join(', ')})`);
  line('sign-in click to shell, form typed', typed);
  line('sign-in click to shell, form filled at once', filled);
  line('stored session, navigation to shell', stored);
  console.log(`[shell-timing] load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}, ${webDist}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
