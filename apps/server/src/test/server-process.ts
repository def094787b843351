import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// Real server processes for the several-servers and crash tests: `apps/server/src/main.ts` run as
// production runs it, on loopback, against the PostgreSQL database the test names. Output is kept in
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
  /** SIGTERM: the server's own orderly shutdown. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, as in a power cut or an OOM kill. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const mqttPort = await freePort();
  const child = spawn(path.join(repositoryRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SEED_DEMO: 'true', LOG_LEVEL: 'warn',
      MQTT_URL: '', MQTT_PORT: String(mqttPort), SMTP_URL: '', WEB_DIST: '/nonexistent',
      ...env,
    },
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => { printed += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { printed += chunk.toString(); });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it answered:\n${printed}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 60 s:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => printed,
    stop: async () => { child.kill('SIGTERM'); await exited(child); },
    kill: async () => { child.kill('SIGKILL'); await exited(child); },
  };
}
