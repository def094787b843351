/**
 * The `test` every spec uses: Playwright's, with one app server per worker.
 * Each worker starts its own server (start-server.mjs) on its own port with
 * its own fresh database and demo seed, so specs running side by side never
 * share a password change, a session or a sample counter. Specs import
 * `test` and `expect` from here, never from @playwright/test (lint enforces it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { EXPECT_TIMEOUT_MS } from '../timeout-scale.ts';
import { SMTP_PORT_OFFSET, startSmtpPeer, type SmtpPeer } from './smtp-peer.ts';

const e2eDir = path.resolve(import.meta.dirname, '..');
/** The first worker's port; worker n serves on base + n. Several runs on one machine need different E2E_PORT values. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 8181);
// A machine under load (several runs at once) may need longer to migrate and seed: E2E_START_TIMEOUT_MS raises it.
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 120_000);

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

async function waitUntilServing(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the e2e server exited with ${server.exitCode}:\n${output()}`);
    if (await healthy(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the e2e server did not answer at ${url} within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** How long the app shows a toast (apps/web/src/components/notify.tsx, TOAST_DURATION_MS: the product's 2500 ms). */
const TOAST_DURATION_MS = 2500;
/**
 * How long the tests' browsers show it instead. A test checks a toast after the action that raised it, and on a
 * loaded CI machine more than 2.5 s has passed between the two: the toast was shown and gone before the check.
 * Held shorter than a check waits: Mantine shows five toasts at most and queues the next until one closes, so a
 * sixth within the hold still appears within its check's wait, and so does the screen free of toasts
 * (lab-data.ts, toastsClosed). Only the browser under test holds them; the app's duration is unchanged.
 */
export const TOAST_HOLD_MS = Math.round(EXPECT_TIMEOUT_MS * 5 / 7);

/** Runs in the page before the app: the toast's close timer (Mantine's, a window.setTimeout of the toast's duration) lengthened. */
function holdToasts({ duration, hold }: { duration: number; hold: number }): void {
  const setTimeoutOfPage = window.setTimeout.bind(window);
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
    setTimeoutOfPage(handler, timeout === duration ? hold : timeout, ...rest)) as typeof window.setTimeout;
}

export const test = base.extend<object, { serverURL: string; smtp: SmtpPeer }>({
  // Every browser context, the default one and those a spec makes, holds toasts (TOAST_HOLD_MS) and, under
  // TEST_CLOCK (playwright.config.ts), reads the run's moved time: this worker's own Date is moved already (the
  // config's NODE_OPTIONS preload), so the browser's clock is set to it; time then flows and timers run as usual.
  browser: [async ({ browser }, use) => {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...args) => {
      const context = await newContext(...args);
      if (process.env.TEST_CLOCK_OFFSET_MS) await context.clock.setSystemTime(Date.now());
      // After the clock: Playwright's clock replaces window.setTimeout with its own in an init script of its own, and
      // init scripts run in the order they were added. Added before it, the hold would see only the clock's timers,
      // whose delays are not the toast's duration whenever another timer falls due first: on a loaded machine a
      // toast then closed after 2.5 s (settings-users.spec.ts on CI, 2026-12-07).
      await context.addInitScript(holdToasts, { duration: TOAST_DURATION_MS, hold: TOAST_HOLD_MS });
      return context;
    };
    await use(browser);
  }, { scope: 'worker' }],
  // The worker's SMTP server (smtp-peer.ts), which its app server sends every outbox message to.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from its first parameter; this one needs none.
  smtp: [async ({}, use, workerInfo) => {
    const peer = await startSmtpPeer(BASE_PORT + workerInfo.parallelIndex + SMTP_PORT_OFFSET);
    try {
      await use(peer);
    } finally {
      await peer.close();
    }
  }, { scope: 'worker' }],
  serverURL: [async ({ smtp }, use, workerInfo) => {
    const port = BASE_PORT + workerInfo.parallelIndex;
    const url = `http://127.0.0.1:${port}`;
    if (await healthy(url)) throw new Error(`port ${port} is already serving: give this run another E2E_PORT`);
    let output = '';
    const server = spawn(process.execPath, ['start-server.mjs'], {
      cwd: e2eDir,
      env: { ...process.env, E2E_PORT: String(port), E2E_SMTP_URL: smtp.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-8_000); };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    try {
      await waitUntilServing(url, server, () => output);
      await use(url);
    } finally {
      await stop(server);
    }
  }, { scope: 'worker', timeout: START_TIMEOUT_MS + 10_000 }],
  baseURL: async ({ serverURL }, use) => {
    await use(serverURL);
  },
});

export { expect };
