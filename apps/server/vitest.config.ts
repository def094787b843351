import { configDefaults, defineProject } from 'vitest/config';
import { ISOLATED_TEST_FILES, serverTestOptions } from './vitest.shared.ts';

export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...ISOLATED_TEST_FILES],
    // Files share their worker's loaded modules (vitest.shared.ts, ISOLATED_TEST_FILES says which may not).
    isolate: false,
    // One migrated, seeded database image per run, copied by each file (global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
  },
});
