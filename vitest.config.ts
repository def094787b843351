import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain', 'packages/analyser-protocols', 'apps/server', 'apps/server/vitest.isolated.config.ts', 'apps/web', 'bench',
      // The repository's own lint rules (eslint-rules/), tested with ESLint's RuleTester.
      { test: { name: 'lint', environment: 'node', include: ['eslint-rules/**/*.test.js'] } },
    ],
  },
});
