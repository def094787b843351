import { defineProject } from 'vitest/config';
import { ISOLATED_TEST_FILES, serverTestOptions } from './vitest.shared.ts';

// The server test files that replace a module (vi.mock), each in a module registry of its own. Without the
// run's database image (global-setup.ts belongs to the `server` project), each migrates and seeds its own.
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-isolated',
    include: ISOLATED_TEST_FILES,
    isolate: true,
  },
});
