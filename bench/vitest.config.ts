import { defineProject } from 'vitest/config';

// The generator's own check (generate.test.ts): on PGlite, or on the PostgreSQL server of TEST_DATABASE_URL.
export default defineProject({
  test: { name: 'bench', environment: 'node', include: ['*.test.ts'], testTimeout: 300_000, hookTimeout: 120_000 },
});
