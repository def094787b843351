import { defineConfig, devices } from '@playwright/test';
import { testClockEnv } from '../apps/server/src/test/test-clock.ts';
import { EXPECT_TIMEOUT_MS, TEST_TIMEOUT_MS } from './timeout-scale.ts';

// TEST_CLOCK (apps/server/src/test/test-clock.ts, e.g. midnight-3): the whole run on a moved clock. Resolved
// once here into one offset that Playwright's workers and the app servers they start (NODE_OPTIONS preload)
// and every browser context (tests/fixtures.ts) apply, so all of them read the same time.
Object.assign(process.env, testClockEnv(process.env));

// The limits below are liveness bounds, not speed checks (speed is measured in bench/); timeout-scale.ts says how
// E2E_TIMEOUT_SCALE multiplies them.

// Every worker starts its own app server and database (tests/fixtures.ts) on
// E2E_PORT + its index (8181, 8182, ... by default). Several runs on one machine:
// give each its own E2E_PORT range, a private build with WEB_DIST (see
// start-server.mjs) and `--output <dir>` for the artifacts.
export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  // Spec files spread over the workers; the tests of one file run in order, on one worker's server.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Tests tagged @pictures only photograph screens in every language and width for a person to look at
  // (their behaviour is checked by the other tests): left out of the suite unless E2E_PICTURES is set.
  grepInvert: process.env.E2E_PICTURES ? undefined : /@pictures/,
  retries: 0,
  timeout: TEST_TIMEOUT_MS,
  expect: { timeout: EXPECT_TIMEOUT_MS },
  reporter: [['list']],
  use: {
    locale: 'bs-BA',
    timezoneId: 'Europe/Sarajevo',
    // The app honours the system's reduced-motion wish (no dialog fades), so what a test checks or
    // photographs is the screen as it stays, not a transition halfway.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
            '--disable-component-update', '--no-first-run',
          ],
        },
      },
    },
  ],
});
