import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['./src/test/setup.ts'],
    // A screen test types and clicks through a real DOM with user-event; on a loaded 2-core machine one takes 4-8 s, so 5 s fails at random.
    testTimeout: 20_000,
  },
});
