import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './eslint-rules/boundaries.js';
import { pgConnections } from './eslint-rules/pg-connections.js';
import { apiCalls } from './eslint-rules/api-calls.js';
import { importGraph } from './eslint-rules/import-graph.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', 'data/**', '**/drizzle/**', '**/test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        // The root vitest.config.ts belongs to no workspace's tsconfig.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { lis: { rules: { ...boundaries.rules, ...pgConnections.rules, ...apiCalls.rules, ...importGraph.rules } } },
    rules: {
      'lis/layering': 'error',
      'lis/pg-connections': 'error',
      'lis/api-calls': 'error',
      'lis/no-import-cycles': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Plain JavaScript (configs, the Playwright server starter, these rules) has no type information.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Specs take `test` from tests/fixtures.ts, which gives every worker its own server and database.
    files: ['e2e/tests/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{
          name: '@playwright/test',
          importNames: ['test', 'expect'],
          message: "Import test and expect from './fixtures.ts': it starts the worker's own app server.",
        }],
      }],
    },
  },
  {
    // A wait written as a bare number would not grow with E2E_TIMEOUT_SCALE (e2e/timeout-scale.ts), which CI
    // raises on a slow machine: such a test then fails on the wait, not on what it checks.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        {
          selector: "CallExpression[callee.property.name='setTimeout'][callee.object.name='test'] > Literal",
          message: 'Multiply the test timeout by timeoutScale (e2e/timeout-scale.ts).',
        },
        {
          selector: "Property[key.name='timeout'] > Literal",
          message: 'Multiply the wait by timeoutScale (e2e/timeout-scale.ts).',
        },
        {
          selector: "CallExpression[callee.property.name='click'] > MemberExpression.callee > CallExpression.object[callee.property.name='getByRole'] > Literal.arguments[value=/^(option|menuitem)$/]",
          message: 'Click a dropdown item with clickInDropdown (e2e/tests/helpers.ts): a plain click can wait forever for a dropdown Mantine hid.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
