import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.LIS_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // No source maps in a production build: they would publish the source to anyone (the server refuses *.map too).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000 },
});
