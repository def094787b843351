import { sql } from 'drizzle-orm';
import type { AnalyserListAnswer } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import { sendAstmMessages } from '../modules/integration/replay.ts';
import { callOver, freePort, freshServerDatabase, signInOver, startServerProcess, type ServerProcess } from './server-process.ts';
import type { SignedIn } from './harness.ts';
import { astmResultMessage, streamUntilAcknowledged } from './astm-results.ts';

// Two real server processes on one PostgreSQL database and an analyser streaming results to the one that holds
// its lease. That process is killed with SIGKILL again and again (and started anew, so two always run); the
// analyser does what a real one does: when its connection breaks it reconnects and sends again whatever was
// not acknowledged. Every result that was acknowledged is stored exactly once, a message sent again after a
// kill is recognised and stored once, nothing is half stored, and the other process takes the analyser over
// each time. PostgreSQL only (TEST_DATABASE_URL).

const serverUrl = process.env.TEST_DATABASE_URL;
const KILLS = 20;
const MESSAGES = 400;
/** The tests of the blood count the messages carry (the analyser's code is the demo assay's code). */
const TESTS: [string, string][] = [['WBC', '6.4'], ['RBC', '4.85'], ['HGB', '142'], ['HCT', '0.42'], ['PLT', '251']];
const LEASES = { ANALYSER_LEASE_TTL_SECONDS: '2', ANALYSER_LEASE_ROUND_SECONDS: '0.5' };

let target: Awaited<ReturnType<typeof freshServerDatabase>>;
let database: Database;
const servers: ServerProcess[] = [];
let port = 0;
let analyserId = '';
const codes: string[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const message = (code: string): string => astmResultMessage('CRASH-XN', code, TESTS);

beforeAll(async () => {
  if (!serverUrl) return;
  target = await freshServerDatabase(serverUrl, 'a');
  servers.push(await startServerProcess(target.url, LEASES));
  servers.push(await startServerProcess(target.url, LEASES));
  database = await openDatabase({ databaseUrl: target.url });
  const admin = await signInOver(servers[0]!, 'admin@demo.lab');
  port = await freePort();
  const saved = await callOver(servers[0]!, admin, 'POST', '/postavke/analysers/edit', {
    analyser: { ime: 'Crash XN', protokol: 'astm', transport: { mode: 'listen', port }, mapa: Object.fromEntries(TESTS.map(([test]) => [test, test])) },
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  analyserId = ((await saved.json()) as { analyser: { _id: string } }).analyser._id;
  const patient = ((await (await callOver(servers[0]!, admin, 'POST', '/pacijenti/unos/find', { jmbg: '2207965170015' })).json()) as { pacijent: { _id: string } }).pacijent._id;
  const picker = ((await (await callOver(servers[0]!, admin, 'POST', '/uzorci/labassay/tip', { pid: patient })).json()) as { testovi: { _id: string; sifra: string }[] }).testovi;
  const testovi = TESTS.map(([test]) => picker.find((entry) => entry.sifra === test)!._id);
  for (let index = 0; index < MESSAGES; index += 1) {
    const sample = await callOver(servers[0]!, admin, 'POST', '/uzorci/save', { pid: patient, testovi });
    codes.push(((await sample.json()) as { uzorak: { code: string } }).uzorak.code);
  }
}, 180_000);

afterAll(async () => {
  if (!serverUrl) return;
  await Promise.all(servers.map((server) => server.kill()));
  await database?.close();
  await target?.drop();
});

/** The server whose connection to the analyser is open (it holds the lease), as it says itself. */
async function holder(admin: Map<ServerProcess, SignedIn>): Promise<ServerProcess | null> {
  for (const server of servers) {
    try {
      let user = admin.get(server);
      if (!user) {
        user = await signInOver(server, 'admin@demo.lab');
        admin.set(server, user);
      }
      const list = (await (await callOver(server, user, 'GET', '/postavke/analysers/list?per_page=0')).json()) as AnalyserListAnswer;
      const state = list.data.find((row) => row._id === analyserId)?.veza.stanje;
      if (state === 'listening' || state === 'connected') return server;
    } catch {
      // A server being killed or starting does not answer.
    }
  }
  return null;
}

describe.skipIf(!serverUrl)('SIGKILL of the server that holds an analyser, while it streams results', () => {
  it('stores every acknowledged result once, nothing half, and the other server takes over each time', async () => {
    // The analyser: each message until it is acknowledged, reconnecting after a broken connection; a sample every
    // 100 ms or so, as an analyser's throughput goes: the stream outlasts the kills.
    const analyser = streamUntilAcknowledged(port, codes.map(message),
      (to, text) => sendAstmMessages('127.0.0.1', to, [text], { timeoutMs: 3_000 }), { retryMs: 200, gapMs: 100 });

    const sessions = new Map<ServerProcess, SignedIn>();
    let takeovers = 0;
    for (let kill = 0; kill < KILLS && analyser.acknowledged < codes.length; kill += 1) {
      let owner: ServerProcess | null = null;
      for (let tries = 0; tries < 100 && !owner; tries += 1) {
        owner = await holder(sessions);
        if (!owner) await pause(100);
      }
      expect(owner, 'a server holds the analyser').not.toBeNull();
      if (kill > 0) takeovers += 1;
      // Killed a moment into the stream: often mid-message or between the commit and the ACK.
      await pause(150 + (kill % 5) * 60);
      await owner!.kill();
      servers.splice(servers.indexOf(owner!), 1);
      sessions.delete(owner!);
      servers.push(await startServerProcess(target.url, LEASES));
    }
    await analyser.done;

    expect(analyser.acknowledged).toBe(codes.length);
    expect(takeovers).toBeGreaterThan(KILLS / 2);
    expect(analyser.sends).toBeGreaterThan(codes.length);
    // Every sample: each of its tests has the analyser's result, stored once; one message row per message.
    const perSample = await queryRows<{ code: string; results: number; applied: number; messages: number }>(database.db, sql`
      select s.code,
        (select count(*)::int from sample_tests t where t.sample_id = s.id and t.rezultat is not null) as results,
        (select count(*)::int from analyser_results r join sample_tests t on t.id = r.sample_test_id where t.sample_id = s.id) as applied,
        (select count(*)::int from analyser_messages m where m.analyser_id = ${analyserId}::uuid and m.raw like '%|' || s.code || '||%') as messages
      from samples s where s.code in (${sql.join(codes.map((code) => sql`${code}`), sql`, `)})`);
    expect(perSample).toHaveLength(codes.length);
    for (const row of perSample) expect(row, row.code).toMatchObject({ results: TESTS.length, applied: TESTS.length, messages: 1 });
  }, 600_000);
});
