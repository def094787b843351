import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { AnalyserListAnswer, ResultsShowAnswer } from '@lis/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import { sendAstmMessages } from '../modules/integration/replay.ts';
import type { SignedIn } from './harness.ts';
import { callOver, freePort, freshServerDatabase, signInOver, startServerProcess, type ServerProcess } from './server-process.ts';
import { astmResultMessage, streamUntilAcknowledged } from './astm-results.ts';

// SIGTERM, the orderly stop a supervisor or a deployment sends: two real server processes on one PostgreSQL
// database, an analyser streaming results to server A (it holds the analyser's lease) and a slow request in
// flight on A (it waits for a row lock this test holds). A is sent SIGTERM: it refuses new connections at once,
// the request in flight still completes with 200, A exits 0; B takes the analyser over well within the
// lease's lifetime (A gave its lease up; without that B would wait for the lease to expire), and every
// message the analyser got an ACK for is stored exactly once. PostgreSQL only (TEST_DATABASE_URL).

const serverUrl = process.env.TEST_DATABASE_URL;
const MESSAGES = 60;
/** A lease that outlives the test's takeover bound by far: a takeover in time proves A released it. */
const LEASES = { ANALYSER_LEASE_TTL_SECONDS: '60', ANALYSER_LEASE_ROUND_SECONDS: '1', SHUTDOWN_GRACE_SECONDS: '5' };
const GRACE_MS = 5_000;
const TESTS: [string, string][] = [['WBC', '6.4'], ['RBC', '4.85'], ['HGB', '142']];

let target: Awaited<ReturnType<typeof freshServerDatabase>>;
let database: Database;
let serverA: ServerProcess;
let serverB: ServerProcess;
let analyserPort = 0;
let analyserId = '';
let admin: SignedIn;
const codes: string[] = [];
interface Slow { id: string; version: number; tests: string[] }
const slowSamples: Slow[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const message = (code: string): string => astmResultMessage('TERM-XN', code, TESTS);

beforeAll(async () => {
  if (!serverUrl) return;
  target = await freshServerDatabase(serverUrl, 's');
  serverA = await startServerProcess(target.url, LEASES);
  database = await openDatabase({ databaseUrl: target.url });
  admin = await signInOver(serverA, 'admin@demo.lab');
  analyserPort = await freePort();
  // Saved through A, which claims the new analyser's lease at once: A runs its listener.
  const saved = await callOver(serverA, admin, 'POST', '/postavke/analysers/edit', {
    analyser: { ime: 'Term XN', protokol: 'astm', transport: { mode: 'listen', port: analyserPort }, mapa: Object.fromEntries(TESTS.map(([test]) => [test, test])) },
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  analyserId = ((await saved.json()) as { analyser: { _id: string } }).analyser._id;
  serverB = await startServerProcess(target.url, LEASES);
  const patient = ((await (await callOver(serverA, admin, 'POST', '/pacijenti/unos/find', { jmbg: '2207965170015' })).json()) as { pacijent: { _id: string } }).pacijent._id;
  const picker = ((await (await callOver(serverA, admin, 'POST', '/uzorci/labassay/tip', { pid: patient })).json()) as { testovi: { _id: string; sifra: string }[] }).testovi;
  const testovi = TESTS.map(([test]) => picker.find((entry) => entry.sifra === test)!._id);
  for (let index = 0; index < MESSAGES + 2; index += 1) {
    const sample = await callOver(serverA, admin, 'POST', '/uzorci/save', { pid: patient, testovi });
    const { uzorak } = (await sample.json()) as { uzorak: { _id: string; code: string } };
    if (index < MESSAGES) { codes.push(uzorak.code); continue; }
    const shown = (await (await callOver(serverA, admin, 'GET', `/rezultati/${uzorak._id}`)).json()) as ResultsShowAnswer;
    slowSamples.push({ id: uzorak._id, version: shown.version, tests: shown.tests.map((test) => test._id) });
  }
}, 360_000);

afterAll(async () => {
  if (!serverUrl) return;
  await Promise.all([serverA?.kill(), serverB?.kill()]);
  await database?.close();
  await target?.drop();
});

/** The analyser's connection state as the server reports it ('listening' or 'connected' where it runs). */
async function runsAnalyser(server: ServerProcess, user: SignedIn): Promise<boolean> {
  try {
    const list = (await (await callOver(server, user, 'GET', '/postavke/analysers/list?per_page=0')).json()) as AnalyserListAnswer;
    const state = list.data.find((row) => row._id === analyserId)?.veza;
    return state?.stanje === 'listening' || state?.stanje === 'connected';
  } catch {
    return false;
  }
}

/** Whether something listens on the port (a connection is accepted; it is closed at once). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** Whether a new TCP connection to the server's HTTP port is refused. */
function refusesConnections(server: ServerProcess): Promise<boolean> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
    socket.once('connect', () => { socket.destroy(); resolve(false); });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

function exitOf(server: ServerProcess): Promise<number | null> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe.skipIf(!serverUrl)('SIGTERM of a server with a request in flight and an analyser streaming to it', () => {
  it('refuses new connections, completes the request, exits 0; the other server takes the analyser over; every ACKed message stored once', async () => {
    const userB = await signInOver(serverB, 'admin@demo.lab');
    expect(await runsAnalyser(serverA, admin), 'A runs the analyser').toBe(true);

    // The analyser: each message until it is acknowledged, reconnecting after a closed or refused connection.
    const analyser = streamUntilAcknowledged(analyserPort, codes.map(message),
      (to, text) => sendAstmMessages('127.0.0.1', to, [text], { timeoutMs: 3_000 }), { retryMs: 100, gapMs: 50 });
    while (analyser.acknowledged < 5) await pause(20);

    // Two slow requests on A: results saves that wait for their sample's row lock, held here. The first lock is
    // released after the SIGTERM (that request must complete); the second only after A has exited (that one
    // outlasts the grace: its connection is cut and the server exits anyway, in bounded time).
    const lockers = await Promise.all(slowSamples.map(async (sample) => {
      const locker = new pg.Client({ connectionString: target.url });
      await locker.connect();
      await locker.query('begin');
      await locker.query('select id from samples where id = $1 for update', [sample.id]);
      return locker;
    }));
    const settled = [false, false];
    const slow = slowSamples.map((sample, index) => callOver(serverA, admin, 'POST', '/rezultati/save', {
      sid: sample.id, version: sample.version, rezultati: sample.tests.map((test) => ({ test, rezultat: '5.5' })),
    }).then((response) => response, () => 'cut' as const).finally(() => { settled[index] = true; }));
    // In flight: two backends of A wait for the locks.
    for (let tries = 0; ; tries += 1) {
      const [row] = await queryRows<{ waiting: number }>(database.db, sql`
        select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if ((row?.waiting ?? 0) >= 2) break;
      expect(tries, 'the requests wait for the locks').toBeLessThan(500);
      await pause(20);
    }

    const exited = exitOf(serverA);
    expect(analyser.acknowledged, 'the analyser is still streaming').toBeLessThan(codes.length);
    const terminatedAt = Date.now();
    serverA.child.kill('SIGTERM');
    // New connections are refused at once, while the request in flight still runs.
    let refused = false;
    for (let tries = 0; tries < 200 && !refused; tries += 1) {
      refused = await refusesConnections(serverA);
      if (!refused) await pause(25);
    }
    expect(refused, 'new connections refused after SIGTERM').toBe(true);
    expect(settled, 'the requests in flight are still running').toEqual([false, false]);

    await lockers[0]!.query('rollback');
    const answer = await slow[0]!;
    expect(answer === 'cut' ? answer : answer.status, answer === 'cut' ? '' : await answer.clone().text()).toBe(200);
    // The other request outlasts the grace: its connection is cut, and A exits 0 all the same, in bounded time.
    expect(await exited, serverA.output()).toBe(0);
    const exitedAt = Date.now();
    expect(exitedAt - terminatedAt, 'A exits within the grace and a generous margin').toBeLessThan(2 * GRACE_MS + 15_000);
    expect(await slow[1]!, 'the request past the grace is cut').toBe('cut');
    await lockers[1]!.query('rollback');
    await Promise.all(lockers.map((locker) => locker.end()));

    // B takes the analyser over: A released its lease, so at B's next round (1 s), far within the lease's 60 s.
    // With A gone, only B can be listening on the analyser's port.
    let takenOver = false;
    while (!takenOver && Date.now() - exitedAt < 10_000) {
      takenOver = await accepts(analyserPort);
      if (!takenOver) await pause(100);
    }
    expect(takenOver, 'B listens for the analyser within 10 s of A exiting (the lease lasts 60 s)').toBe(true);
    expect(await runsAnalyser(serverB, userB)).toBe(true);

    await analyser.done;
    expect(analyser.acknowledged).toBe(codes.length);
    // Every message the analyser was told was stored is stored once, with each of its results once.
    const perSample = await queryRows<{ code: string; results: number; applied: number; messages: number }>(database.db, sql`
      select s.code,
        (select count(*)::int from sample_tests t where t.sample_id = s.id and t.rezultat is not null) as results,
        (select count(*)::int from analyser_results r join sample_tests t on t.id = r.sample_test_id where t.sample_id = s.id) as applied,
        (select count(*)::int from analyser_messages m where m.analyser_id = ${analyserId}::uuid and m.raw like '%|' || s.code || '||%') as messages
      from samples s where s.code in (${sql.join(codes.map((code) => sql`${code}`), sql`, `)})`);
    expect(perSample).toHaveLength(codes.length);
    for (const row of perSample) expect(row, row.code).toMatchObject({ results: TESTS.length, applied: TESTS.length, messages: 1 });
    // The save that completed is stored; the one cut off is not, not even in part.
    const savedOf = async (sample: Slow) => (await queryRows<{ results: number }>(database.db, sql`
      select count(*)::int as results from sample_tests where sample_id = ${sample.id}::uuid and rezultat = '5.5'`))[0]?.results;
    expect(await savedOf(slowSamples[0]!)).toBe(slowSamples[0]!.tests.length);
    expect(await savedOf(slowSamples[1]!)).toBe(0);
    expect(analyser.sends).toBeGreaterThanOrEqual(codes.length);
  }, 240_000);
});
