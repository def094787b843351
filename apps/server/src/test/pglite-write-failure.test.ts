import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { connectionFailure } from '../lib/db-errors.ts';
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
  it('a write that fails is the clear 503 db.connection, and the process stays live', async () => {
    expect((await signIn()).statusCode).toBe(200);
    rmSync(dataDir, { recursive: true, force: true });
    // Files already open stay writable after the removal; the first write that needs a new file (a new
    // write-ahead log segment here, as a burst of writes does) fails, and the database is unusable after it.
    const burst = await database.db.execute(sql`insert into audit_log (action, entity, entity_id) select 'probe', 'probe', g::text from generate_series(1, 200000) g`)
      .then(() => 'written', (error: unknown) => error);
    expect(burst).not.toBe('written');
    const cause = (burst as { cause?: { code?: string; message?: string } }).cause;
    // That failure is one the API answers with the clear 503 'Greška prilikom konekcije na DB.', not a 500.
    expect(connectionFailure(burst), `${cause?.code} ${cause?.message}`).not.toBeNull();
    // The process goes on: liveness 200; the calls after it answer either normally or the same 503, never a 500.
    for (const answer of [await signIn(), await app.inject({ method: 'GET', url: '/api/health/ready' })]) {
      expect([200, 503], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 503) expect(answer.json()).toEqual(UNREACHABLE);
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);
});
