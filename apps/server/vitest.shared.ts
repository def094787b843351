import type { ViteUserConfig } from 'vitest/config';
import { testClockEnv } from './src/test/test-clock.ts';

// TEST_CLOCK (test-clock.ts): resolved once, for the workers and the server processes they start, and for
// the global set-up in this process (it seeds the run's database image on the same clock).
const clockEnv = testClockEnv();
if (clockEnv.TEST_CLOCK_OFFSET_MS) process.env.TEST_CLOCK_OFFSET_MS = clockEnv.TEST_CLOCK_OFFSET_MS;

/**
 * Test files that replace a module (vi.mock): they need a module registry of their own, so they run in the
 * `server-isolated` project (vitest.isolated.config.ts). Every other server test file shares its worker's
 * modules with the files before it (isolate: false), which spares each file importing the whole app again;
 * each file still opens its own database copy (harness.ts), so no data is shared.
 */
export const ISOLATED_TEST_FILES = ['src/modules/auth/throttle.test.ts'];

export const serverTestOptions = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // TEST_CLOCK (test-clock.ts): the workers and the server processes they start on a moved clock.
  env: clockEnv,
  setupFiles: ['src/test/clock-setup.ts'],
} satisfies NonNullable<ViteUserConfig['test']>;
