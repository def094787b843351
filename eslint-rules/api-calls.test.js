import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCalls } from './api-calls.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (file) => path.join(ROOT, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

tester.run('lis/api-calls', apiCalls.rules['api-calls'], {
  valid: [
    { filename: at('apps/web/src/features/samples/api.ts'), code: "const answer = call(sampleContracts.show, { params: { sid } });" },
    { filename: at('apps/web/src/app/routes.tsx'), code: "const route = { path: '/postavke/opcije' };" },
    { filename: at('apps/web/src/api/api-base.ts'), code: "export const API_BASE = '/api';" },
    { filename: at('apps/web/src/api/client.ts'), code: 'const response = await fetch(url, { method });' },
    { filename: at('apps/web/src/features/samples/api.test.ts'), code: "fetch('/api/uzorci/list');" },
    { filename: at('apps/server/src/app.ts'), code: "app.get('/api/docs');" },
  ],
  invalid: [
    { filename: at('apps/web/src/features/samples/api.ts'), code: "fetch('/uzorci/list');", errors: [{ messageId: 'transport' }] },
    { filename: at('apps/web/src/features/statistics/api.ts'), code: 'const r = await window.fetch(`/api/dashboard?kljuc=${key}`);', errors: [{ messageId: 'transport' }, { messageId: 'address' }] },
    { filename: at('apps/web/src/components/Banner.tsx'), code: "const READY = '/api/health/ready';", errors: [{ messageId: 'address' }] },
    { filename: at('apps/web/src/features/chat/api.ts'), code: 'const url = `/api/chat/prilozi/${id}`;', errors: [{ messageId: 'address' }] },
    { filename: at('apps/web/src/features/logger/live.ts'), code: "const source = new EventSource(url);", errors: [{ messageId: 'transport' }] },
    { filename: at('apps/web/src/features/logger/live.ts'), code: "navigator.sendBeacon(url, body);", errors: [{ messageId: 'transport' }] },
  ],
});

describe('the web app', () => {
  it('names no API address and talks HTTP only in src/api', async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [{
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
        plugins: { lis: apiCalls },
        rules: { 'lis/api-calls': 'error' },
      }],
    });
    const results = await eslint.lintFiles(['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx']);
    const broken = results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'lis/api-calls').map((message) => `${path.relative(ROOT, result.filePath)}:${message.line} ${message.message}`));
    expect(results.length).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  }, 60_000);
});
