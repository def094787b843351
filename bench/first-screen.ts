/**
 * The first screen in a real browser, cold cache:
 *
 *   npm run build && npm run first-screen -w bench
 *   FIRST_SCREEN_RUNS=5 WEB_DIST=/tmp/dist npm run first-screen -w bench
 *
 * Starts the server as `npm start` does (PGlite in a fresh directory with the demo seed, the built web app of
 * apps/web/dist or WEB_DIST, the default log level) on FIRST_SCREEN_PORT (8600), then in Debian's Chromium, each
 * run in a new browser context (empty cache, no stored session):
 *
 * 1. The sign-in page: what it transfers (bytes on the wire per type, as the browser received them: compressed
 *    when the server compressed) and its time to interactive, from navigation start until the sign-in form's
 *    submit button is in the page (React attaches its handlers before it commits the form).
 * 2. Sign-in to the first chart: the administrator signs in and lands on /statistika; the time from the click
 *    until the first chart is drawn, and what that phase transfers (the shell, the screen's chunks, the chart
 *    library, the calls).
 *
 * Prints the median and the slowest run and writes bench/results/first-screen.json with the commit, the date
 * and the load average.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtWebDist, startAppServer } from './app-server.ts';
import { chromium, type Page, type Request } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.FIRST_SCREEN_PORT ?? 8600);
const runs = Number(process.env.FIRST_SCREEN_RUNS ?? 5);
const webDist = builtWebDist();
const base = `http://127.0.0.1:${port}`;
const log = (line: string) => console.log(`[first-screen] ${line}`);


interface Transfer { js: number; css: number; other: number; requests: number }

/** Bytes on the wire (body as received, compressed or not, plus headers) of the requests finished so far. */
function transferCounter(page: Page) {
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  return async (): Promise<Transfer> => {
    const done = finished.splice(0);
    const total: Transfer = { js: 0, css: 0, other: 0, requests: done.length };
    for (const request of done) {
      const sizes = await request.sizes();
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      const type = request.resourceType();
      if (type === 'script') total.js += bytes;
      else if (type === 'stylesheet') total.css += bytes;
      else total.other += bytes;
    }
    return total;
  };
}

/** Records, in the page's own clock, when an element matching `selector` first appears. */
const MARKER = `
  window.__marks = {};
  const watch = (name, selector) => {
    const check = () => { if (!window.__marks[name] && document.querySelector(selector)) window.__marks[name] = performance.now(); };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  };
  watch('form', 'form button[type="submit"]');
  watch('chart', 'main .recharts-surface');
`;

interface Run { signIn: { interactiveMs: number; transfer: Transfer }; toChart: { ms: number; transfer: Transfer } }

async function oneRun(browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<Run> {
  const context = await browser.newContext({ locale: 'bs-BA', timezoneId: 'Europe/Sarajevo', viewport: { width: 1280, height: 800 } });
  await context.addInitScript(MARKER);
  const page = await context.newPage();
  const transfers = transferCounter(page);
  await page.goto(`${base}/auth/login`, { waitUntil: 'load' });
  await page.waitForFunction(() => (globalThis as unknown as { __marks: Record<string, number> }).__marks.form !== undefined);
  await page.waitForLoadState('networkidle');
  const interactiveMs = await page.evaluate(() => (globalThis as unknown as { __marks: Record<string, number> }).__marks.form!);
  const signInTransfer = await transfers();

  await page.locator('input[type="email"], input[name="email"]').first().fill('admin@demo.lab');
  await page.locator('input[type="password"]').first().fill('Demo1234!');
  const clickedAt = await page.evaluate(() => performance.now());
  await page.locator('form button[type="submit"]').click();
  await page.waitForFunction(() => (globalThis as unknown as { __marks: Record<string, number> }).__marks.chart !== undefined, undefined, { timeout: 30_000 });
  const chartAt = await page.evaluate(() => (globalThis as unknown as { __marks: Record<string, number> }).__marks.chart!);
  if (!page.url().endsWith('/statistika')) throw new Error(`the admin landed on ${page.url()}, not /statistika`);
  await page.waitForLoadState('networkidle');
  const chartTransfer = await transfers();
  await context.close();
  return { signIn: { interactiveMs, transfer: signInTransfer }, toChart: { ms: chartAt - clickedAt, transfer: chartTransfer } };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => +(bytes / 1024).toFixed(1);

const { server, dataDir } = await startAppServer('first-screen', port, webDist);
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  await oneRun(browser); // warm-up: the server's first answers (plans, the session's first queries), not the browser's cache
  const results: Run[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await oneRun(browser));
  await browser.close();

  const signInJs = median(results.map((run) => run.signIn.transfer.js));
  const signInCss = median(results.map((run) => run.signIn.transfer.css));
  const interactive = results.map((run) => run.signIn.interactiveMs);
  const toChart = results.map((run) => run.toChart.ms);
  const summary = {
    at: new Date().toISOString(),
    commit: execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim(),
    loadAverage: os.loadavg().map((value) => +value.toFixed(2)),
    runs,
    signIn: {
      transferKB: { js: kb(signInJs), css: kb(signInCss), jsAndCss: kb(signInJs + signInCss), all: kb(median(results.map((run) => run.signIn.transfer.js + run.signIn.transfer.css + run.signIn.transfer.other))) },
      requests: median(results.map((run) => run.signIn.transfer.requests)),
      interactiveMs: { median: Math.round(median(interactive)), max: Math.round(Math.max(...interactive)) },
    },
    signInToFirstChart: {
      transferKB: {
        js: kb(median(results.map((run) => run.toChart.transfer.js))), css: kb(median(results.map((run) => run.toChart.transfer.css))),
        other: kb(median(results.map((run) => run.toChart.transfer.other))),
      },
      requests: median(results.map((run) => run.toChart.transfer.requests)),
      ms: { median: Math.round(median(toChart)), max: Math.round(Math.max(...toChart)) },
    },
  };
  log(`sign-in page: ${summary.signIn.transferKB.jsAndCss} KB JS+CSS on the wire (${summary.signIn.transferKB.js} JS, ${summary.signIn.transferKB.css} CSS), `
    + `${summary.signIn.requests} requests, interactive after ${summary.signIn.interactiveMs.median} ms (median of ${runs}, slowest ${summary.signIn.interactiveMs.max} ms)`);
  log(`sign-in to the first chart on /statistika: ${summary.signInToFirstChart.ms.median} ms (slowest ${summary.signInToFirstChart.ms.max} ms), `
    + `${summary.signInToFirstChart.transferKB.js} KB JS, ${summary.signInToFirstChart.transferKB.css} KB CSS, ${summary.signInToFirstChart.transferKB.other} KB other, ${summary.signInToFirstChart.requests} requests`);
  log(`load average ${summary.loadAverage.join(' ')}, commit ${summary.commit}`);
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(path.join(import.meta.dirname, 'results', 'first-screen.json'), `${JSON.stringify(summary, null, 2)}\n`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
