import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import { createResultCatalogue, resultCalls } from '../modules/results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient } from '../modules/samples/test-fixtures.ts';
import { DEMO_PASSWORD } from '../db/seed/index.ts';
import { RealtimeHub } from '../realtime/hub.ts';
import { buildTestApp, signIn, siteId, type SignedIn } from './harness.ts';
import { callOver, freshServerDatabase, signInOver, startServerProcess, type ServerProcess } from './server-process.ts';

// Several server processes on one PostgreSQL database work as one system: two real servers (main.ts, as
// production runs it) on a fresh database; a session opened on one works on the other, an approval made
// through one reaches a browser socket connected to the other, ending a user's sessions on one closes the
// user's sockets on the other, and the public calls' rate limit counts requests to both together.
// PostgreSQL only (TEST_DATABASE_URL): the embedded database is one process by design.

const serverUrl = process.env.TEST_DATABASE_URL;
let target: Awaited<ReturnType<typeof freshServerDatabase>>;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!serverUrl) return;
  target = await freshServerDatabase(serverUrl, 's');
  // Both start at once on the empty database: one migrates and seeds it, the other waits and starts on it.
  [a, b] = await Promise.all([startServerProcess(target.url), startServerProcess(target.url)]);
  database = await openDatabase({ databaseUrl: target.url });
}, 300_000);

afterAll(async () => {
  if (!serverUrl) return;
  for (const socket of sockets) socket.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await target?.drop();
});

const signInAt = signInOver;
const call = callOver;

function socketAt(server: ServerProcess, user: SignedIn, site = user.site): Promise<Socket> {
  const socket = connect(server.url, { path: '/socket.io', auth: { token: user.token, site }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

function nextEvent(socket: Socket, event: string, withinMs = 10_000): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), withinMs);
    socket.once(event, (payload: unknown) => { clearTimeout(timer); resolve(payload); });
  });
}

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  it('two servers started together on an empty database migrate and seed it once', async () => {
    const [row] = await queryRows<{ sites: number; users: number }>(database.db, sql`
      select (select count(*) from sites)::int as sites, (select count(*) from users)::int as users`);
    expect(row).toEqual({ sites: 2, users: 4 });
  });

  it('a session opened on one server works on the other', async () => {
    const specialist = await signInAt(a, 'specijalista@demo.lab');
    const onB = await call(b, specialist, 'GET', '/sesija/izbornik');
    expect(onB.status).toBe(200);
    const signOut = await call(b, specialist, 'POST', '/logout/users', { type: 'manual' });
    expect([200, 204]).toContain(signOut.status);
    expect((await call(a, specialist, 'GET', '/sesija/izbornik')).status).toBe(401);
  });

  it('an approval made through one server reaches a browser connected to the other, in its site only', async () => {
    // The sample is prepared in process (same database); the approval itself goes through server A.
    const setup = await buildTestApp(database, new RealtimeHub());
    try {
      const client = api({ app: setup, database, realtime: new RealtimeHub(), close: async () => {} });
      const specialist = await signIn(setup, 'specijalista@demo.lab');
      const cat = await createResultCatalogue(database.db);
      const calls = resultCalls(client, cat);
      const patient = await registerPatient(client, specialist, jmbgFor(daysAgo(50 * 365 + 11), 'MUŠKI'), { ime: 'Dvoserver', prezime: 'Odobrić' });
      const sample = await calls.createSample(specialist, patient._id, ['GLU', 'K']);
      await calls.saved(specialist, sample._id, { GLU: '5,1', K: '4,2' });

      const watcher = await signInAt(b, 'admin@demo.lab');
      const onBSarajevo = await socketAt(b, watcher, siteId(watcher, 'SA'));
      const onBTuzla = await socketAt(b, watcher, siteId(watcher, 'TZ'));
      const seen = nextEvent(onBSarajevo, 'result:approved');
      const notSeen = nextEvent(onBTuzla, 'result:approved', 1_500);
      const approve = await call(a, specialist, 'POST', '/rezultati/odobri', { sid: sample._id });
      expect(approve.status, await approve.clone().text()).toBe(200);
      expect(await seen).toMatchObject({ id: sample._id, site: siteId(watcher, 'SA') });
      expect(await notSeen).toBeNull();
    } finally {
      await setup.close();
    }
  });

  it("disabling a user on one server signs the user's pages on the other out", async () => {
    const admin = await signInAt(a, 'admin@demo.lab');
    const viewer = await signInAt(b, 'pregled@demo.lab');
    const page = await socketAt(b, viewer);
    const ended = nextEvent(page, 'session:ended');
    const closed = new Promise<string>((resolve) => page.once('disconnect', (reason) => resolve(reason)));
    const disable = await call(a, admin, 'POST', '/postavke/users/disable', { _id: viewer.userId });
    expect(disable.status, await disable.clone().text()).toBe(200);
    expect(await ended).toEqual({});
    expect(await closed).toBe('io server disconnect');
    expect((await call(b, viewer, 'GET', '/sesija/izbornik')).status).toBe(401);
  });

  it('signing out on one server closes that session\'s sockets on the other at once', async () => {
    const technician = await signInAt(a, 'tehnicar@demo.lab');
    const page = await socketAt(b, technician);
    const ended = nextEvent(page, 'session:ended');
    const closed = new Promise<string>((resolve) => page.once('disconnect', (reason) => resolve(reason)));
    const signOut = await call(a, technician, 'POST', '/logout/users', { type: 'manual' });
    expect(signOut.status, await signOut.clone().text()).toBe(200);
    expect(await ended).toEqual({});
    expect(await closed).toBe('io server disconnect');
  });

  it("a password change on one server closes the user's other sessions' sockets on the other, not the changer's", async () => {
    const before = await signInAt(a, 'specijalista@demo.lab');
    const changer = await signInAt(a, 'specijalista@demo.lab');
    const oldPage = await socketAt(b, before);
    const changerPage = await socketAt(b, changer);
    const ended = nextEvent(oldPage, 'session:ended');
    const closed = new Promise<string>((resolve) => oldPage.once('disconnect', (reason) => resolve(reason)));
    const changed = await call(a, changer, 'POST', '/users/sifra', {
      email: 'specijalista@demo.lab', password: DEMO_PASSWORD, novaSifra: 'druga-lozinka-77', potvrdaSifra: 'druga-lozinka-77',
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await ended).toEqual({});
    expect(await closed).toBe('io server disconnect');
    expect(changerPage.connected).toBe(true);
  });

  it('the rate limit of a public call counts the requests to both servers together', async () => {
    // GET /api/dashboard allows 120 requests a minute per client address (an unknown key answers 404).
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const [fromA, fromB] = await Promise.all([fetch(`${a.url}/api/dashboard?kljuc=nepoznat`), fetch(`${b.url}/api/dashboard?kljuc=nepoznat`)]);
      statuses.push(fromA.status, fromB.status);
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect((await fetch(`${b.url}/api/dashboard?kljuc=nepoznat`)).status).toBe(429);
    expect((await fetch(`${a.url}/api/dashboard?kljuc=nepoznat`)).status).toBe(429);
  });

  it('25 parallel wrong passwords for one account, spread over both servers, check at most 5 passwords', async () => {
    // Last, as it uses up this address's sign-ins for the minute (the route's flood guard allows 30, on both servers
    // together): an attempt that guard refuses is a 429 that checks no password either.
    const attempts = Array.from({ length: 25 }, (_, i) => fetch(`${(i % 2 === 0 ? a : b).url}/api/login/users`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'napadnuti@demo.lab', password: `pogresna-${i}` }),
    }).then((response) => response.status));
    const statuses = await Promise.all(attempts);
    const refusedUnchecked = statuses.filter((status) => status === 429).length;
    // Each password checked and wrong leaves one warning line, written the moment it was checked and before the
    // answer went out: count them on both servers (once there are at least as many as the 401 answers).
    const checkedLines = () => [a, b].flatMap((server) => server.output().split('\n'))
      .filter((line) => line.includes('"event":"auth.failed"') && line.includes('napadnuti@demo.lab')).length;
    const answered401 = statuses.filter((status) => status === 401).length;
    await expect.poll(checkedLines, { timeout: 10_000 }).toBeGreaterThanOrEqual(answered401);
    expect(checkedLines()).toBeLessThanOrEqual(5);
    // No such account: its password is checked against a dummy hash all the same, each check also leaving one
    // 'unknown-user' row; refused attempts leave 'throttled' ones or none.
    const [row] = await queryRows<{ checked: number }>(database.db, sql`
      select count(*)::int as checked from login_attempts where email = 'napadnuti@demo.lab' and reason = 'unknown-user'`);
    expect(row!.checked).toBe(answered401);
    expect(refusedUnchecked).toBe(25 - row!.checked);
  });
});
