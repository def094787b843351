import { defineProject } from 'vitest/config';
import { testClockEnv } from './src/test/test-clock.ts';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // TEST_CLOCK (test-clock.ts): the workers and the server processes they start on a moved clock.
    env: testClockEnv(),
    setupFiles: ['src/test/clock-setup.ts'],
  },
});
