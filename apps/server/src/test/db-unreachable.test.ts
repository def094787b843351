import { createServer, type AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { attachRealtime } from '../realtime/socket.ts';

/** A port on this machine where nothing listens: it was free a moment ago and was let go again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const UNREACHABLE = { success: false, message: 'Greška prilikom konekcije na DB.', code: 'db.connection' };

describe('a database that cannot be reached', () => {
  let app: FastifyInstance;
  let pool: pg.Pool;
  let db: Db;

  beforeAll(async () => {
    pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'lis', database: 'lis', connectionTimeoutMillis: 2_000 });
    pool.on('error', () => {});
    db = drizzle(pool, { schema });
    app = await buildApp({
      db, logger: false, config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it("answers sign-in with the spec's 'Greška prilikom konekcije na DB.'", async () => {
    const response = await app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'admin@demo.lab', password: 'whatever' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNREACHABLE);
  });

  it('answers every other call the same, from the session lookup to a write', async () => {
    const headers = { authorization: 'Bearer some-token' };
    const list = await app.inject({ method: 'GET', url: '/api/uzorci/list', headers });
    const save = await app.inject({ method: 'POST', url: '/api/uzorci/prijem', headers, payload: { code: '2611230001' } });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    for (const response of [list, save, ready]) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(UNREACHABLE);
    }
  });

  it('still answers liveness: GET /api/health is 200 while only readiness is 503', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('refuses a socket connection with db.connection instead of ending the process', async () => {
    const io = new Server(app.server, { path: '/socket.io', serveClient: false });
    attachRealtime(io, db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
      path: '/socket.io', auth: { token: 'some-token' }, transports: ['websocket'], reconnection: false,
    });
    const refusal = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    socket.close();
    await io.close();
    expect(refusal.message).toBe('db.connection');
  });
});
