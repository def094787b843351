/**
 * The app as `npm start` serves it (the built web app, PGlite with the demo seed in a fresh directory), started
 * as its own process for the benchmarks that drive a browser against it (first-screen.ts, shell-timing.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '..');

/** The web build the benchmarks serve: WEB_DIST, else apps/web/dist; refused when it has not been built. */
export function builtWebDist(): string {
  const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(repositoryRoot, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist} has no index.html: run npm run build first.`);
  return webDist;
}

/** Starts the server on `port` with a new data directory named after `name`, and waits (3 minutes at most) until it answers. */
export async function startAppServer(name: string, port: number, webDist: string): Promise<{ server: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `lis-${name}-`));
  const server = spawn(path.join(repositoryRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repositoryRoot, stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, SEED_DEMO: 'true',
      DATABASE_URL: '', MQTT_URL: '', MQTT_PORT: String(port + 10000), SMTP_URL: '',
    },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { server, dataDir };
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health within 3 minutes');
}
