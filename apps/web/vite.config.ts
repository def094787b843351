import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenBudget, precompress } from './build-plugins.ts';

/**
 * Left to itself the bundler cuts the code the sign-in page does not load into one chunk per set of screens that
 * share it: about 80 small chunks (single Mantine components, icons, contracts) that the shell alone needs, fetched
 * over HTTP/1.1's six connections per host ahead of the calls the shell waits for. What the sign-in page loads
 * stays as it is ($initial, first group, so its budget is unchanged); the UI libraries and the app's shared code
 * that only signed-in screens use go into one chunk each. Large libraries one screen needs (charts, the JSON
 * editor, the common-password list) stay apart, loaded with that screen.
 */
const SHELL_CHUNKS = [
  { name: 'first-screen', tags: ['$initial' as const], priority: 3 },
  { name: 'ui', test: /node_modules[\\/](@mantine[\\/](core|hooks|dates|notifications)|@tabler|@tanstack|@floating-ui)[\\/]/, priority: 2 },
  {
    name: 'shared',
    test: (id: string) => /[\\/](apps[\\/]web[\\/]src[\\/](api|lib|components|i18n)|packages[\\/]domain[\\/]src)[\\/]/.test(id)
      && !/common-passwords|json-editor/.test(id),
    priority: 1,
  },
];

const apiTarget = process.env.LIS_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress(), firstScreenBudget()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // No source maps in a production build: they would publish the source to anyone (the server refuses *.map too).
  build: {
    outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000,
    rolldownOptions: { output: { codeSplitting: { groups: SHELL_CHUNKS } } },
  },
});
