import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import { sendAstmMessages } from '../modules/integration/replay.ts';
import type { SignedIn } from './harness.ts';
import { callOver, freePort, freshServerDatabase, signInOver, startServerProcess, type ServerProcess } from './server-process.ts';
import { TcpProxy } from './tcp-proxy.ts';
import { astmResultMessage } from './astm-results.ts';

// Chaos on PostgreSQL: two real server processes reach the database through a TCP proxy. For 60 s an analyser
// streams results (sending each message again until it is acknowledged, as a real one does) and simulated staff
// save results, approve and verify samples through both servers, while the proxy cuts every database connection
// five times (for 1-4 s each, new connections refused or left hanging) and once every backend of the servers is
// ended with pg_terminate_backend. Afterwards: no server died, every acknowledged message and every save that
// answered 200 is stored exactly once with its audit rows, and nothing answered a 5xx other than 503.
// PostgreSQL only (TEST_DATABASE_URL).

const serverUrl = process.env.TEST_DATABASE_URL;
const CHAOS_MS = 60_000;
const ENV = { DB_CONNECT_TIMEOUT_MS: '2000', ANALYSER_LEASE_TTL_SECONDS: '4', ANALYSER_LEASE_ROUND_SECONDS: '1' };
const ANALYSER_TESTS: [string, string][] = [['WBC', '6.4'], ['RBC', '4.85'], ['HGB', '142'], ['HCT', '0.42'], ['PLT', '251']];
const ANALYSER_SAMPLES = 150;
const STAFF_SAMPLES = 60;
const STAFF_VALUES: Record<string, string> = { GLU: '5.1', K: '4.2' };

let target: Awaited<ReturnType<typeof freshServerDatabase>>;
let proxy: TcpProxy;
let database: Database;
const servers: ServerProcess[] = [];
let port = 0;
let analyserId = '';
const analyserCodes: string[] = [];
const staffSamples: string[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const astmMessage = (code: string): string => astmResultMessage('CHAOS-XN', code, ANALYSER_TESTS);

beforeAll(async () => {
  if (!serverUrl) return;
  target = await freshServerDatabase(serverUrl, 'c');
  const direct = new URL(target.url);
  proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  const through = TcpProxy.via(target.url, proxy.port);
  servers.push(await startServerProcess(through, ENV));
  servers.push(await startServerProcess(through, ENV));
  database = await openDatabase({ databaseUrl: target.url });
  const a = servers[0]!;
  const admin = await signInOver(a, 'admin@demo.lab');
  port = await freePort();
  const saved = await callOver(a, admin, 'POST', '/postavke/analysers/edit', {
    analyser: { ime: 'Chaos XN', protokol: 'astm', transport: { mode: 'listen', port }, mapa: Object.fromEntries(ANALYSER_TESTS.map(([test]) => [test, test])) },
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  analyserId = ((await saved.json()) as { analyser: { _id: string } }).analyser._id;
  const patient = ((await (await callOver(a, admin, 'POST', '/pacijenti/unos/find', { jmbg: '2207965170015' })).json()) as { pacijent: { _id: string } }).pacijent._id;
  const picker = ((await (await callOver(a, admin, 'POST', '/uzorci/labassay/tip', { pid: patient })).json()) as { testovi: { _id: string; sifra: string }[] }).testovi;
  const idOf = (sifra: string) => picker.find((entry) => entry.sifra === sifra)!._id;
  for (let index = 0; index < ANALYSER_SAMPLES + STAFF_SAMPLES; index += 1) {
    const forAnalyser = index < ANALYSER_SAMPLES;
    const testovi = forAnalyser ? ANALYSER_TESTS.map(([test]) => idOf(test)) : Object.keys(STAFF_VALUES).map(idOf);
    const sample = await callOver(a, admin, 'POST', '/uzorci/save', { pid: patient, testovi });
    expect(sample.status).toBe(201);
    const { uzorak } = (await sample.json()) as { uzorak: { _id: string; code: string } };
    if (forAnalyser) analyserCodes.push(uzorak.code);
    else staffSamples.push(uzorak._id);
  }
}, 240_000);

afterAll(async () => {
  if (!serverUrl) return;
  await Promise.all(servers.map((server) => server.kill()));
  await database?.close();
  await proxy?.close();
  await target?.drop();
});

/** Ends every backend of the test's database but this one (the servers' pools and LISTEN connections). */
async function terminateBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const result = await admin.query<{ ended: number }>(
      `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [new URL(target.url).pathname.slice(1)],
    );
    return result.rows[0]?.ended ?? 0;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!serverUrl)('chaos: database connections cut and terminated while an analyser streams and staff work', () => {
  it('no server dies, every acknowledged message and every save that answered 200 is stored once with its audit, no 5xx but 503', async () => {
    const until = Date.now() + CHAOS_MS;
    const statuses = new Map<number, number>();
    const unreachableServer: string[] = [];
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

    // The chaos: five cuts of 1-4 s spread over the minute, and one termination of every backend between them.
    let terminated = 0;
    const started = Date.now();
    const chaos = (async () => {
      for (let round = 0; round < 5; round += 1) {
        // Rounds start 4 s, 15 s, 26 s, 37 s, 48 s into the run; the termination comes at about 33 s.
        await pause(Math.max(0, started + 4_000 + round * 11_000 - Date.now()));
        await proxy.outage(1_000 + Math.floor(Math.random() * 3_000), round % 2 === 0 ? 'refuse' : 'hold');
        if (round === 2) {
          await pause(Math.max(0, started + 33_000 - Date.now()));
          terminated = await terminateBackends();
        }
      }
    })();

    // The analyser: each message until it is acknowledged, reconnecting after a broken connection or a NAK.
    const acknowledged: string[] = [];
    const analyser = (async () => {
      for (const code of analyserCodes) {
        while (Date.now() < until) {
          const taken = await sendAstmMessages('127.0.0.1', port, [astmMessage(code)], { timeoutMs: 3_000 }).catch(() => 0);
          if (taken === 1) {
            acknowledged.push(code);
            break;
          }
          await pause(200);
        }
        if (Date.now() >= until) return;
        // A sample every half second or so: the stream lasts the whole run.
        await pause(400);
      }
    })();

    // Two members of staff, one on each server: save each sample's results, approve, verify.
    const saved = new Set<string>();
    const verified = new Set<string>();
    const staff = async (server: ServerProcess, samples: string[]) => {
      let user: SignedIn | null = null;
      const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
        for (;;) {
          if (!user) {
            try {
              user = await signInOver(server, 'specijalista@demo.lab');
            } catch {
              // 503 while the database is away (a dead server is caught by the checks after the run).
              if (Date.now() > until + 30_000) throw new Error('sign-in does not come back');
              await pause(200);
              continue;
            }
          }
          let response: Response;
          try {
            response = await callOver(server, user, method, path, body);
          } catch {
            unreachableServer.push(`${method} ${path}`);
            if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the server died:\n${server.output()}`);
            if (Date.now() > until + 30_000) throw new Error('the server does not answer');
            await pause(200);
            continue;
          }
          count(response.status);
          const json: unknown = await response.json().catch(() => null);
          if (response.status === 503) {
            await pause(200);
            continue;
          }
          return { status: response.status, json };
        }
      };
      for (const sid of samples) {
        if (Date.now() >= until) return;
        // At a person's pace: the work lasts the whole run.
        await pause(1_200);
        // Save: against the version shown now; a save that went through but whose answer was lost shows its values already.
        for (;;) {
          const shown = await call('GET', `/rezultati/${sid}`);
          const view = shown.json as { version: number; tests: { _id: string; sifra: string; rezultat: string | null }[] };
          if (view.tests.every((test) => test.rezultat === STAFF_VALUES[test.sifra])) break;
          const answer = await call('POST', '/rezultati/save', {
            sid, version: view.version, rezultati: view.tests.map((test) => ({ test: test._id, rezultat: STAFF_VALUES[test.sifra] })),
          });
          if (answer.status === 200) {
            saved.add(sid);
            break;
          }
          expect(answer.status, JSON.stringify(answer.json)).toBe(409);
        }
        for (const step of ['odobri', 'verifikuj'] as const) {
          const answer = await call('POST', `/rezultati/${step}`, { sid });
          if (answer.status === 200 && step === 'verifikuj') verified.add(sid);
          // 409: the step had gone through before its answer was lost.
          expect([200, 409], `${step}: ${JSON.stringify(answer.json)}`).toContain(answer.status);
        }
      }
    };
    const half = Math.ceil(staffSamples.length / 2);
    await Promise.all([chaos, analyser, staff(servers[0]!, staffSamples.slice(0, half)), staff(servers[1]!, staffSamples.slice(half))]);

    for (const server of servers) {
      expect(server.child.exitCode, `a server died:\n${server.output()}`).toBeNull();
      expect(server.child.signalCode, `a server died:\n${server.output()}`).toBeNull();
    }
    expect(unreachableServer, 'calls the server process itself did not answer').toEqual([]);
    expect(terminated, 'backends ended by pg_terminate_backend').toBeGreaterThan(0);
    expect(statuses.get(503) ?? 0, 'calls answered 503 during the outages').toBeGreaterThan(0);
    const fiveHundreds = [...statuses].filter(([status]) => status >= 500 && status !== 503);
    expect(fiveHundreds, 'answers 5xx other than 503').toEqual([]);
    expect(acknowledged.length, 'messages acknowledged').toBeGreaterThan(20);
    expect(saved.size, 'saves answered 200').toBeGreaterThan(10);
    console.log(`chaos: ${acknowledged.length} messages acknowledged, ${saved.size} saves and ${verified.size} verifications answered 200, `
      + `${terminated} backends terminated, answers ${JSON.stringify(Object.fromEntries(statuses))}, ${Math.round((Date.now() - started) / 1000)} s`);

    // Every acknowledged message: stored once, each of its results applied once.
    const perSample = await queryRows<{ code: string; results: number; applied: number; messages: number }>(database.db, sql`
      select s.code,
        (select count(*)::int from sample_tests t where t.sample_id = s.id and t.rezultat is not null) as results,
        (select count(*)::int from analyser_results r join sample_tests t on t.id = r.sample_test_id where t.sample_id = s.id) as applied,
        (select count(*)::int from analyser_messages m where m.analyser_id = ${analyserId}::uuid and m.raw like '%|' || s.code || '||%') as messages
      from samples s where s.code in (${sql.join(acknowledged.map((code) => sql`${code}`), sql`, `)})`);
    expect(perSample).toHaveLength(acknowledged.length);
    for (const row of perSample) expect(row, row.code).toMatchObject({ results: ANALYSER_TESTS.length, applied: ANALYSER_TESTS.length, messages: 1 });

    // Every save that answered 200: its values stored, one audit row per result; every verification: its status and one audit row.
    const staffRows = await queryRows<{ id: string; status: string; values: Record<string, string>; audits: Record<string, number>; verifications: number }>(database.db, sql`
      select s.id::text, s.status,
        (select jsonb_object_agg(l.sifra, t.rezultat) from sample_tests t join lab_assays l on l.id = t.labassay_id where t.sample_id = s.id) as values,
        (select coalesce(jsonb_object_agg(field, n), '{}') from (select a.field, count(*)::int as n from audit_log a
           where a.entity = 'sample' and a.entity_id = s.id::text and a.field in ('GLU', 'K') group by a.field) per_field) as audits,
        (select count(*)::int from audit_log a where a.entity = 'sample' and a.entity_id = s.id::text and a.field = 'status' and a.new_value = '"VERIFICIRAN"'::jsonb) as verifications
      from samples s where s.id in (${sql.join([...new Set([...saved, ...verified])].map((id) => sql`${id}::uuid`), sql`, `)})`);
    const byId = new Map(staffRows.map((row) => [row.id, row]));
    for (const sid of saved) {
      expect(byId.get(sid)?.values, sid).toMatchObject(STAFF_VALUES);
      expect(byId.get(sid)?.audits, sid).toEqual({ GLU: 1, K: 1 });
    }
    for (const sid of verified) {
      expect(byId.get(sid)?.status, sid).toBe('VERIFICIRAN');
      expect(byId.get(sid)?.verifications, sid).toBe(1);
    }
  }, 300_000);
});
