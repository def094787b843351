// Starts the API + built web app for the browser tests on a fresh database:
// the data directory is deleted and recreated, so every run begins with the demo seed.
// It serves apps/web/dist as built by the root `test:e2e` script (npm run build first);
// WEB_DIST in the environment serves another build instead (the server reads it).
// E2E_SMTP_URL: the SMTP server the outbox sends to (the fixture's peer).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '8181';
const dataDir = path.join(os.tmpdir(), `lis-e2e-data-${port}`);

const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist} has no index.html: run \`npm run build -w apps/web\` (the root test:e2e script does).`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// tsx itself rather than npx, so a stop signal reaches the server and not only a wrapper.
const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED_DEMO: 'true',
    // The demo's autoverification starts off, so the specs' hand-entered results wait for a person; the
    // autoverification spec switches it on and off again itself.
    DEMO_AUTOVERIFICATION: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
    // The embedded MQTT broker of each server on a port of its own (E2E_PORT + 10000); never an outside broker.
    MQTT_URL: '',
    MQTT_PORT: String(Number(port) + 10000),
    // The worker's SMTP server (tests/smtp-peer.ts) when the fixture started one, never an outside mail server;
    // without it (start-server.mjs run by hand) the outbox writes .eml files under DATA_DIR/mail.
    SMTP_URL: process.env.E2E_SMTP_URL ?? '',
  },
});

const stop = (signal) => {
  if (server.exitCode === null) server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
