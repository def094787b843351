/**
 * Load: a lab's working day compressed. LOAD_USERS simulated staff (sign-in, patient and sample lists,
 * patient and sample entry, result entry, approval, verification, each followed by a person's pause) and an
 * analyser sending LOAD_RESULTS_PER_SECOND results over TCP (ASTM, 20 results a message, each ACKed after its
 * commit), for LOAD_MINUTES, against one server process and then against two on the same PostgreSQL database,
 * the calls spread round robin as a load balancer would. Real server processes (main.ts as production runs it).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run load -w bench
 *   LOAD_USERS=50 LOAD_MINUTES=10 LOAD_RESULTS_PER_SECOND=100 LOAD_INSTANCES=1,2 LOAD_THINK_MS=1000
 *
 * BENCH_DATABASE_URL names a PostgreSQL server: each run makes a fresh database on it and drops it after.
 * Prints p50/p95/p99 per call and each server's resident memory over time, and writes
 * bench/results/load-<instances>.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LoginAnswer } from '@lis/domain';
import { sendAstmMessages } from '@lis/server/src/modules/integration/replay.ts';
import { daysAgo, jmbgFor } from '@lis/server/src/modules/samples/test-fixtures.ts';
import { freshServerDatabase, startServerProcess, type ServerProcess } from '@lis/server/src/test/server-process.ts';
import { DEMO_PASSWORD } from '@lis/server/src/db/seed/index.ts';
import { CBC, cbcMessage } from './cbc.ts';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL server: several server processes need one.');
const users = Number(process.env.LOAD_USERS ?? 50);
const minutes = Number(process.env.LOAD_MINUTES ?? 10);
const resultsPerSecond = Number(process.env.LOAD_RESULTS_PER_SECOND ?? 100);
const thinkMs = Number(process.env.LOAD_THINK_MS ?? 1000);
const instanceCounts = (process.env.LOAD_INSTANCES ?? '1,2').split(',').map(Number);
const here = import.meta.dirname;
const log = (line: string) => console.log(`[bench:load] ${line}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tests a simulated technician orders and enters: five of the blood count, values in range. */
const ENTERED = CBC.slice(0, 5);

interface Session { token: string; site: string; forwardedFor: string }

class Recorder {
  readonly timings = new Map<string, number[]>();
  readonly failures = new Map<string, number>();

  async time<T>(name: string, work: () => Promise<Response>, read: (response: Response) => Promise<T>): Promise<T | null> {
    const started = performance.now();
    let response: Response;
    try {
      response = await work();
    } catch {
      this.failures.set(name, (this.failures.get(name) ?? 0) + 1);
      return null;
    }
    const body = response.ok ? await read(response) : null;
    if (!response.ok) {
      await response.arrayBuffer();
      this.failures.set(name, (this.failures.get(name) ?? 0) + 1);
    }
    const list = this.timings.get(name) ?? [];
    list.push(performance.now() - started);
    this.timings.set(name, list);
    return body;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Resident memory of a process in MiB (Linux /proc). */
function residentMiB(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

async function run(instances: number) {
  const target = await freshServerDatabase(serverUrl!, 'load');
  // Behind a proxy: each simulated person has an address of their own (the sign-in limit is per address).
  // The server's default log level (a line per request), as a lab runs it.
  const env = { TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' };
  const servers: ServerProcess[] = [await startServerProcess(target.url, env)];
  for (let index = 1; index < instances; index += 1) servers.push(await startServerProcess(target.url, env));
  let turn = 0;
  const next = () => servers[(turn += 1) % servers.length]!;
  const recorder = new Recorder();

  const call = (session: Session, method: 'GET' | 'POST', apiPath: string, body?: unknown) => () => fetch(`${next().url}/api${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`, 'x-site': session.site, 'x-forwarded-for': session.forwardedFor,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  const json = <T>(response: Response) => response.json() as Promise<T>;

  async function signIn(email: string, forwardedFor: string): Promise<Session | null> {
    const answer = await recorder.time('POST login/users', () => fetch(`${next().url}/api/login/users`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    }), json<LoginAnswer>);
    return answer ? { token: answer.data.idToken, site: answer.data.site, forwardedFor } : null;
  }

  // The analyser: registered through the first server, which listens for it.
  const admin = await signIn('admin@demo.lab', '10.1.0.1');
  if (!admin) throw new Error('the admin could not sign in');
  const saved = await (await call(admin, 'POST', '/postavke/analysers/edit', {
    analyser: { ime: 'Load XN', protokol: 'astm', transport: { mode: 'listen', port: 0 }, mapa: Object.fromEntries(CBC.map(([test]) => [test, test])) },
  })()).json() as { analyser: { _id: string } };
  // On PostgreSQL the analyser's connection opens in the server that takes its lease, a moment after the save:
  // ask each server until one says it listens, and on which port.
  let analyserPort: number | null = null;
  for (let tries = 0; tries < 100 && analyserPort === null; tries += 1) {
    for (const server of servers) {
      const list = await (await fetch(`${server.url}/api/postavke/analysers/list?per_page=0`, {
        headers: { authorization: `Bearer ${admin.token}`, 'x-site': admin.site, 'x-forwarded-for': admin.forwardedFor },
      })).json() as { data: { _id: string; veza: { stanje: string; port: number | null } }[] };
      const veza = list.data.find((row) => row._id === saved.analyser._id)?.veza;
      if (veza?.stanje === 'listening' && veza.port) analyserPort = veza.port;
    }
    if (analyserPort === null) await pause(100);
  }
  if (!analyserPort) throw new Error('the analyser is not listening');
  const demoPatient = (await (await call(admin, 'POST', '/pacijenti/unos/find', { jmbg: '2207965170015' })()).json() as { pacijent: { _id: string } }).pacijent._id;
  const picker = (await (await call(admin, 'POST', '/uzorci/labassay/tip', { pid: demoPatient })()).json() as { testovi: { _id: string; sifra: string }[] }).testovi;
  const assayId = (code: string) => {
    const found = picker.find((candidate) => candidate.sifra === code);
    if (!found) throw new Error(`the catalogue has no ${code}`);
    return found._id;
  };
  const cbcIds = CBC.map(([code]) => assayId(code));
  const enteredIds = ENTERED.map(([code]) => assayId(code));

  const deadline = Date.now() + minutes * 60_000;
  const memory: { second: number; mib: number[] }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    memory.push({ second: Math.round((Date.now() - started) / 1000), mib: servers.map((server) => residentMiB(server.child.pid)) });
  }, 10_000);

  async function person(index: number): Promise<void> {
    const specialist = index % 2 === 0;
    const session = await signIn(specialist ? 'specijalista@demo.lab' : 'tehnicar@demo.lab', `10.2.${Math.floor(index / 250)}.${index % 250}`);
    if (!session) return;
    // Spread the starts over the first pause, as people do not all click at once.
    await pause(Math.random() * thinkMs);
    while (Date.now() < deadline) {
      await recorder.time('GET pacijenti/list', call(session, 'GET', '/pacijenti/list?page=1&per_page=15'), json);
      await pause(thinkMs);
      const patient = await recorder.time('POST pacijenti/unos/save', call(session, 'POST', '/pacijenti/unos/save', {
        jmbg: jmbgFor(daysAgo(20 * 365 + Math.floor(Math.random() * 15_000)), index % 2 === 0 ? 'MUŠKI' : 'ŽENSKI'),
        ime: 'Opterećen', prezime: `Testić ${index}`, spol: index % 2 === 0 ? 'MUŠKI' : 'ŽENSKI', adresa: 'Testna 1', telefon: '062 000 000',
        symptoms: { pacijentbezsimptoma: true },
      }), json<{ pacijent: { _id: string } }>);
      if (!patient) continue;
      await pause(thinkMs);
      const sample = await recorder.time('POST uzorci/save', call(session, 'POST', '/uzorci/save', { pid: patient.pacijent._id, testovi: enteredIds }), json<{ uzorak: { _id: string } }>);
      if (!sample) continue;
      await pause(thinkMs);
      await recorder.time('GET obrada/list', call(session, 'GET', '/obrada/list?page=1&per_page=15&datum=DANAS'), json);
      await pause(thinkMs);
      const shown = await recorder.time('GET rezultati/:sid', call(session, 'GET', `/rezultati/${sample.uzorak._id}`), json<{ version: number; tests: { _id: string; sifra: string }[] }>);
      if (!shown) continue;
      const values = new Map(ENTERED.map(([code, value]) => [code, value.replace('.', ',')]));
      await recorder.time('POST rezultati/save', call(session, 'POST', '/rezultati/save', {
        sid: sample.uzorak._id, version: shown.version, rezultati: shown.tests.map((test) => ({ test: test._id, rezultat: values.get(test.sifra) ?? '1' })),
      }), json);
      await pause(thinkMs);
      await recorder.time('POST rezultati/odobri', call(session, 'POST', '/rezultati/odobri', { sid: sample.uzorak._id }), json);
      await pause(thinkMs);
      // Medical verification is the specialists' (a technician's approved sample waits for one).
      if (specialist) {
        await recorder.time('POST rezultati/verifikuj', call(session, 'POST', '/rezultati/verifikuj', { sid: sample.uzorak._id }), json);
        await pause(thinkMs);
      }
    }
  }

  /** The analyser: each second, the samples of that second's results registered, then their messages sent. */
  let analyserResults = 0;
  async function analyser(): Promise<void> {
    const perSecond = Math.max(1, Math.round(resultsPerSecond / CBC.length));
    while (Date.now() < deadline) {
      const secondStarted = Date.now();
      const codes: string[] = [];
      for (let index = 0; index < perSecond; index += 1) {
        const sample = await recorder.time('POST uzorci/save (analyser)', call(admin!, 'POST', '/uzorci/save', { pid: demoPatient, testovi: cbcIds }), json<{ uzorak: { code: string } }>);
        if (sample) codes.push(sample.uzorak.code);
      }
      // Each message's own time, from its ENQ to the acknowledgement of its last frame (sent after the commit).
      const list = recorder.timings.get('ASTM message, ACK after commit') ?? [];
      recorder.timings.set('ASTM message, ACK after commit', list);
      const taken = await sendAstmMessages('127.0.0.1', analyserPort!, codes.map((code) => cbcMessage(code, 1)), {
        timeoutMs: 30_000, onTaken: (ms) => list.push(ms),
      }).catch(() => 0);
      analyserResults += taken * CBC.length;
      await pause(Math.max(0, 1000 - (Date.now() - secondStarted)));
    }
  }

  log(`${instances} server(s): ${users} users, analyser at ${resultsPerSecond} results/s, ${minutes} min`);
  await Promise.all([...Array.from({ length: users }, (_, index) => person(index)), analyser()]);
  clearInterval(sampler);
  memory.push({ second: Math.round((Date.now() - started) / 1000), mib: servers.map((server) => residentMiB(server.child.pid)) });
  await Promise.all(servers.map((server) => server.stop()));
  await target.drop();

  const calls = [...recorder.timings.entries()].map(([name, timings]) => {
    const sorted = [...timings].sort((a, b) => a - b);
    return {
      call: name, count: timings.length, failures: recorder.failures.get(name) ?? 0,
      p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)), p99: Math.round(percentile(sorted, 99)),
    };
  });
  const figures = {
    instances, users, minutes, thinkMs, analyserResultsPerSecond: Math.round(analyserResults / (minutes * 60)), calls, memory,
    recordedAt: new Date().toISOString(),
  };
  for (const row of calls) log(`${row.call.padEnd(32)} n=${String(row.count).padStart(6)} failed=${row.failures} p50=${row.p50} ms p95=${row.p95} ms p99=${row.p99} ms`);
  log(`analyser: ${figures.analyserResultsPerSecond} results/s stored and ACKed`);
  log(`memory (MiB per server) at start/end: ${JSON.stringify(memory[0]?.mib)} → ${JSON.stringify(memory.at(-1)?.mib)}`);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', `load-${instances}.json`), `${JSON.stringify(figures, null, 2)}\n`);
}

for (const instances of instanceCounts) await run(instances);
