import { defineProject } from 'vitest/config';
import { testClockEnv } from './src/test/test-clock.ts';

// TEST_CLOCK (test-clock.ts): resolved once, for the workers and the server processes they start, and for
// the global set-up in this process (it seeds the run's database image on the same clock).
const clockEnv = testClockEnv();
if (clockEnv.TEST_CLOCK_OFFSET_MS) process.env.TEST_CLOCK_OFFSET_MS = clockEnv.TEST_CLOCK_OFFSET_MS;

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // TEST_CLOCK (test-clock.ts): the workers and the server processes they start on a moved clock.
    env: clockEnv,
    setupFiles: ['src/test/clock-setup.ts'],
    // One migrated, seeded database image per run, copied by each file (global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
  },
});
