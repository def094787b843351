import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import type { LoginAnswer } from '@lis/domain';
import pg from 'pg';
import { DEMO_PASSWORD } from '../db/seed/index.ts';
import type { SignedIn } from './harness.ts';

// Real server processes for the several-servers and crash tests: `apps/server/src/main.ts` run as
// production runs it, on loopback, against the PostgreSQL database the test names, or (`{ dataDir }`) on the
// embedded PGlite database in that directory, as `npm start` runs without DATABASE_URL. Output is kept in
// memory and shown only when a process fails to start.

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/** A TCP port free at this moment (the system's choice, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process printed, for a failing test's message. */
  output(): string;
  /** SIGTERM: the server's own orderly shutdown; answers the exit code (null when a signal ended the process). */
  stop(): Promise<number | null>;
  /** SIGKILL: the process dies at once, as in a power cut or an OOM kill. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A PostgreSQL URL, or the embedded PGlite database in a directory (DATA_DIR, with DATABASE_URL unset). */
export type ServerDatabase = string | { dataDir: string };

const START_DEADLINE_MS = 150_000;

const PRINTED_KEPT_CHARS = 1_048_576;

export async function startServerProcess(database: ServerDatabase, env: Record<string, string> = {}): Promise<ServerProcess> {
  const databaseEnv = typeof database === 'string' ? { DATABASE_URL: database } : { DATABASE_URL: '', DATA_DIR: database.dataDir };
  const port = await freePort();
  const mqttPort = await freePort();
  // Node itself with tsx as a loader, not the tsx command: that runs the server in a child process of its own,
  // which a SIGKILL of the command would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port), HOST: '127.0.0.1', ...databaseEnv, SEED_DEMO: 'true', LOG_LEVEL: 'warn',
      MQTT_URL: '', MQTT_PORT: String(mqttPort), SMTP_URL: '', WEB_DIST: '/nonexistent',
      ...env,
    },
  });
  // The last megabyte or so of what it printed, for a failing test's message: a server logging every request for
  // minutes (the load bench, at the default log level) would otherwise grow one string by copying it whole
  // for each line, until the reader fell behind and the server waited on its own log.
  const printedChunks: string[] = [];
  let printedLength = 0;
  const keep = (chunk: Buffer) => {
    printedChunks.push(chunk.toString());
    printedLength += printedChunks.at(-1)!.length;
    while (printedLength > PRINTED_KEPT_CHARS && printedChunks.length > 1) printedLength -= printedChunks.shift()!.length;
  };
  const printed = () => printedChunks.join('');
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  // A liveness bound, not a speed check: a first start migrates and seeds the demo, which on a 2-core machine busy
  // with a whole test run (another server starting beside it, the other test worker) has taken over a minute.
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it answered:\n${printed()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${START_DEADLINE_MS / 1000} s:\n${printed()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: printed,
    stop: async () => { child.kill('SIGTERM'); await exited(child); return child.exitCode; },
    kill: async () => { child.kill('SIGKILL'); await exited(child); },
  };
}

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL, dropped by `drop()`. */
export async function freshServerDatabase(serverUrl: string, tag: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${new URL(serverUrl).pathname.slice(1) || 'lis'}_${tag}${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Signs a demo user in over HTTP, as a browser does. */
export async function signInOver(server: ServerProcess, email: string): Promise<SignedIn> {
  const response = await fetch(`${server.url}/api/login/users`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as LoginAnswer;
  return { token: data.idToken, site: data.site, sites: data.sites, userId: data.localId };
}

/** A call of the API over HTTP with the user's session and site (`signal`: a bound on the call, for tests of hangs). */
export function callOver(server: ServerProcess, user: SignedIn, method: 'GET' | 'POST', apiPath: string, body?: unknown, site = user.site, options: { signal?: AbortSignal } = {}): Promise<Response> {
  return fetch(`${server.url}/api${apiPath}`, {
    method,
    ...(options.signal ? { signal: options.signal } : {}),
    headers: { authorization: `Bearer ${user.token}`, 'x-site': site, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
}
