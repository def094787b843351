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
 * Where the second phase's time goes, per run: every request the page made from the click until the chart (from
 * the browser's resource timing: when it started, how long the server took to answer, when its last byte came), and
 * how long the page's main thread was busy meanwhile (Chromium's task, script, layout and style durations). The
 * median run's timeline is printed.
 *
 * Prints the median and the slowest run and writes bench/results/first-screen.json with the commit, the date
 * and the load average.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtWebDist, startAppServer } from './app-server.ts';
import { type CDPSession, chromium, type Page, type Request } from 'playwright-core';

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

/** One request of the page, in ms from the sign-in click: started, answered (first byte), done (last byte). */
interface TimedRequest { path: string; type: string; startMs: number; serverMs: number; endMs: number }
/** Main-thread time of the page (ms) between two moments, by Chromium's Performance.getMetrics. */
interface MainThread { taskMs: number; scriptMs: number; layoutMs: number; styleMs: number }

interface Run {
  signIn: { interactiveMs: number; transfer: Transfer };
  toChart: { ms: number; transfer: Transfer; requests: TimedRequest[]; mainThread: MainThread };
}

const MAIN_THREAD_METRICS = { taskMs: 'TaskDuration', scriptMs: 'ScriptDuration', layoutMs: 'LayoutDuration', styleMs: 'RecalcStyleDuration' } as const;

async function mainThreadNow(cdp: CDPSession): Promise<MainThread> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const seconds = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
  return Object.fromEntries(Object.entries(MAIN_THREAD_METRICS).map(([key, name]) => [key, seconds(name) * 1000])) as unknown as MainThread;
}

function mainThreadBetween(before: MainThread, after: MainThread): MainThread {
  return Object.fromEntries(Object.keys(MAIN_THREAD_METRICS).map((key) => [key, Math.round(after[key as keyof MainThread] - before[key as keyof MainThread])])) as unknown as MainThread;
}

/** The page's requests that started after `from` and ended by `until` (page clock), from its resource timing. */
function requestsBetween(page: Page, from: number, until: number): Promise<TimedRequest[]> {
  type ResourceTiming = { name: string; initiatorType: string; startTime: number; requestStart: number; responseStart: number; responseEnd: number };
  return page.evaluate(({ start, end }) => performance.getEntriesByType('resource')
    .map((entry) => entry as unknown as ResourceTiming)
    .filter((entry) => entry.startTime >= start && entry.responseEnd <= end)
    .map((entry) => ({
      path: new URL(entry.name).pathname,
      type: entry.initiatorType,
      startMs: Math.round(entry.startTime - start),
      serverMs: Math.round(entry.responseStart - entry.requestStart),
      endMs: Math.round(entry.responseEnd - start),
    }))
    .sort((a, b) => a.startMs - b.startMs), { start: from, end: until });
}

async function oneRun(browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<Run> {
  const context = await browser.newContext({ locale: 'bs-BA', timezoneId: 'Europe/Sarajevo', viewport: { width: 1280, height: 800 } });
  await context.addInitScript(MARKER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const transfers = transferCounter(page);
  await page.goto(`${base}/auth/login`, { waitUntil: 'load' });
  await page.waitForFunction(() => (globalThis as unknown as { __marks: Record<string, number> }).__marks.form !== undefined);
  await page.waitForLoadState('networkidle');
  const interactiveMs = await page.evaluate(() => (globalThis as unknown as { __marks: Record<string, number> }).__marks.form!);
  const signInTransfer = await transfers();

  await page.locator('input[type="email"], input[name="email"]').first().fill('admin@demo.lab');
  await page.locator('input[type="password"]').first().fill('Demo1234!');
  const mainThreadAtClick = await mainThreadNow(cdp);
  const clickedAt = await page.evaluate(() => performance.now());
  await page.locator('form button[type="submit"]').click();
  await page.waitForFunction(() => (globalThis as unknown as { __marks: Record<string, number> }).__marks.chart !== undefined, undefined, { timeout: 30_000 });
  const mainThread = mainThreadBetween(mainThreadAtClick, await mainThreadNow(cdp));
  const chartAt = await page.evaluate(() => (globalThis as unknown as { __marks: Record<string, number> }).__marks.chart!);
  const requests = await requestsBetween(page, clickedAt, chartAt);
  if (!page.url().endsWith('/statistika')) throw new Error(`the admin landed on ${page.url()}, not /statistika`);
  await page.waitForLoadState('networkidle');
  const chartTransfer = await transfers();
  await context.close();
  return { signIn: { interactiveMs, transfer: signInTransfer }, toChart: { ms: chartAt - clickedAt, transfer: chartTransfer, requests, mainThread } };
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
  const medianRun = results.find((run) => run.toChart.ms === median(toChart))!;
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
      medianRun: { ms: Math.round(medianRun.toChart.ms), mainThread: medianRun.toChart.mainThread, requests: medianRun.toChart.requests },
    },
  };
  log(`sign-in page: ${summary.signIn.transferKB.jsAndCss} KB JS+CSS on the wire (${summary.signIn.transferKB.js} JS, ${summary.signIn.transferKB.css} CSS), `
    + `${summary.signIn.requests} requests, interactive after ${summary.signIn.interactiveMs.median} ms (median of ${runs}, slowest ${summary.signIn.interactiveMs.max} ms)`);
  log(`sign-in to the first chart on /statistika: ${summary.signInToFirstChart.ms.median} ms (slowest ${summary.signInToFirstChart.ms.max} ms), `
    + `${summary.signInToFirstChart.transferKB.js} KB JS, ${summary.signInToFirstChart.transferKB.css} KB CSS, ${summary.signInToFirstChart.transferKB.other} KB other, ${summary.signInToFirstChart.requests} requests`);
  const { mainThread } = medianRun.toChart;
  log(`where the median run's ${Math.round(medianRun.toChart.ms)} ms went: the page's main thread busy ${mainThread.taskMs} ms `
    + `(script ${mainThread.scriptMs}, layout ${mainThread.layoutMs}, style ${mainThread.styleMs}); its requests, in ms from the click:`);
  for (const request of medianRun.toChart.requests) {
    log(`  ${String(request.startMs).padStart(5)} → ${String(request.endMs).padStart(5)}  server ${String(request.serverMs).padStart(4)}  ${request.type.padEnd(6)} ${request.path}`);
  }
  log(`load average ${summary.loadAverage.join(' ')}, commit ${summary.commit}`);
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(path.join(import.meta.dirname, 'results', 'first-screen.json'), `${JSON.stringify(summary, null, 2)}\n`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
