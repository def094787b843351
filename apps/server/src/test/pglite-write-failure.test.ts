import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/index.ts';
import { buildTestApp } from './harness.ts';

// The embedded database (PGlite in DATA_DIR) whose files go away under it (the directory removed; a full disk
// fails the same way at its next write): the server keeps answering, and every call that needs the database
// answers the clear 503 'Greška prilikom konekcije na DB.' instead of a 500, liveness 200 and readiness 503.

const UNREACHABLE = { success: false, message: 'Greška prilikom konekcije na DB.', code: 'db.connection' };

let dataDir: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lis-pglite-'));
  database = await openDatabase({ dataDir });
  await seedDemo(database.db);
  app = await buildTestApp(database);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const signIn = () => app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'admin@demo.lab', password: DEMO_PASSWORD, returnSecureToken: true } });

describe('PGlite whose data directory is removed while the server runs', () => {
  it('answers 503 db.connection on calls that write, stays live, and readiness says so', async () => {
    expect((await signIn()).statusCode).toBe(200);
    rmSync(dataDir, { recursive: true, force: true });
    // Sign-in writes the session; the first write that reaches the files fails, and every later call with it.
    const answers = [await signIn(), await signIn(), await app.inject({ method: 'GET', url: '/api/health/ready' })];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toEqual(UNREACHABLE);
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 60_000);
});
