import { readFileSync } from 'node:fs';
import { io as connect, type Socket } from 'socket.io-client';
import { CHAT_MESSAGE_EVENT } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from './harness.ts';
import { callOver, freshServerDatabase, signInOver, startServerProcess, type ServerProcess } from './server-process.ts';
import { TcpProxy } from './tcp-proxy.ts';

// Real server processes whose DATABASE_URL goes through a TCP proxy on loopback, which the test cuts: every
// connection to PostgreSQL is reset at once (as a PostgreSQL restart or failover does) and new ones are
// refused or left hanging for a while. The servers must stay up, answer 503 db.connection quickly meanwhile
// (liveness 200, readiness 503), and work again within 5 s of the database coming back, real-time events
// between the two servers included. Then 20 outages in a row: the process survives and its memory stays flat.
// PostgreSQL only (TEST_DATABASE_URL).

const serverUrl = process.env.TEST_DATABASE_URL;
const UNREACHABLE = { success: false, message: 'Greška prilikom konekcije na DB.', code: 'db.connection' };
/** Short waits for a connection, so a hanging connection attempt answers within the test's bound. */
const ENV = { DB_CONNECT_TIMEOUT_MS: '2000', ANALYSER_LEASE_TTL_SECONDS: '6', ANALYSER_LEASE_ROUND_SECONDS: '1' };
/** The bound for everything to work again after the database is back. */
const RECOVERY_MS = 5_000;

let target: Awaited<ReturnType<typeof freshServerDatabase>>;
let proxy: TcpProxy;
const servers: ServerProcess[] = [];
const sockets: Socket[] = [];
let patient = '';
let tests: string[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  if (!serverUrl) return;
  target = await freshServerDatabase(serverUrl, 'o');
  const direct = new URL(target.url);
  proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  const through = TcpProxy.via(target.url, proxy.port);
  servers.push(await startServerProcess(through, ENV));
  servers.push(await startServerProcess(through, ENV));
  const admin = await signInOver(servers[0]!, 'admin@demo.lab');
  patient = ((await (await callOver(servers[0]!, admin, 'POST', '/pacijenti/unos/find', { jmbg: '2207965170015' })).json()) as { pacijent: { _id: string } }).pacijent._id;
  const picker = ((await (await callOver(servers[0]!, admin, 'POST', '/uzorci/labassay/tip', { pid: patient })).json()) as { testovi: { _id: string; sifra: string }[] }).testovi;
  tests = picker.filter((entry) => entry.sifra === 'GLU' || entry.sifra === 'K').map((entry) => entry._id);
  expect(tests.length).toBeGreaterThan(0);
}, 360_000);

afterAll(async () => {
  if (!serverUrl) return;
  for (const socket of sockets) socket.close();
  await Promise.all(servers.map((server) => server.kill()));
  await proxy?.close();
  await target?.drop();
});

function alive(server: ServerProcess): void {
  expect(server.child.exitCode, `the server died:\n${server.output()}`).toBeNull();
  expect(server.child.signalCode, `the server died:\n${server.output()}`).toBeNull();
}

/** A call, with how long it took to answer. */
async function timed(call: () => Promise<Response>): Promise<{ status: number; body: unknown; ms: number }> {
  const started = Date.now();
  const response = await call();
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body, ms: Date.now() - started };
}

function signInCall(server: ServerProcess): Promise<Response> {
  return fetch(`${server.url}/api/login/users`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.lab', password: 'Demo1234!', returnSecureToken: true }),
  });
}

function saveSample(server: ServerProcess, user: SignedIn): Promise<Response> {
  return callOver(server, user, 'POST', '/uzorci/save', { pid: patient, testovi: tests });
}

/** Waits until `attempt` succeeds, trying every 100 ms; answers how long it took from `since`. */
async function within(since: number, limitMs: number, attempt: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await attempt().catch(() => false)) return Date.now() - since;
    if (Date.now() - since > limitMs) return Date.now() - since;
    await pause(100);
  }
}

function socketAt(server: ServerProcess, user: SignedIn): Promise<Socket> {
  const socket = connect(server.url, { path: '/socket.io', auth: { token: user.token, site: user.site }, transports: ['websocket'] });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Sends chat messages through `from` until `socket` (connected to another server) receives one. */
function eventCrosses(from: ServerProcess, user: SignedIn, socket: Socket): () => Promise<boolean> {
  return async () => {
    const tekst = `across ${Date.now()}`;
    const seen = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => { socket.off(CHAT_MESSAGE_EVENT, listener); resolve(false); }, 400);
      const listener = (payload: { poruka?: { tekst?: string } }) => {
        if (payload.poruka?.tekst !== tekst) return;
        clearTimeout(timer);
        socket.off(CHAT_MESSAGE_EVENT, listener);
        resolve(true);
      };
      socket.on(CHAT_MESSAGE_EVENT, listener);
    });
    const sent = await callOver(from, user, 'POST', '/chat/poruke', { tekst });
    if (sent.status !== 200) return false;
    return seen;
  };
}

/** Resident memory of a process (Linux), in MB. */
function rssMb(server: ServerProcess): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

describe.skipIf(!serverUrl)('the database goes away and comes back (servers through a TCP proxy)', () => {
  it('answers 503 quickly while it is away, stays live, and within 5 s of its return signs in, saves and shares events again', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const admin = await signInOver(a, 'admin@demo.lab');
    const first = await saveSample(a, admin);
    expect(first.ok, await first.clone().text()).toBe(true);
    const onB = await socketAt(b, await signInOver(b, 'admin@demo.lab'));
    expect(await eventCrosses(a, admin, onB)()).toBe(true);

    // Cut: every connection reset, new ones refused, while calls are in flight (connections checked out of the pool).
    let cutDone = false;
    const inFlight = Promise.all(Array.from({ length: 8 }, async (_, index) => {
      const answers: number[] = [];
      while (!cutDone) answers.push((await timed(() => (index % 2 === 0 ? saveSample(a, admin) : callOver(b, admin, 'GET', '/uzorci/list')))).status);
      return answers;
    }));
    await pause(400);
    proxy.refuse();
    proxy.cut();
    await pause(200);
    cutDone = true;
    const during = (await inFlight).flat();
    for (const status of during) expect([200, 201, 503]).toContain(status);
    expect(during).toContain(503);
    for (const server of [a, b]) {
      const answers = [
        await timed(() => signInCall(server)),
        await timed(() => callOver(server, admin, 'GET', '/uzorci/list')),
        await timed(() => saveSample(server, admin)),
        await timed(() => fetch(`${server.url}/api/health/ready`)),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual(UNREACHABLE);
        expect(answer.ms).toBeLessThan(4_000);
      }
      const health = await timed(() => fetch(`${server.url}/api/health`));
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok' });
    }

    // A host that is gone: connection attempts hang; calls answer 503 after the 2 s connect timeout, not later.
    proxy.hold();
    const held = await Promise.all([timed(() => signInCall(a)), timed(() => saveSample(b, admin)), timed(() => fetch(`${a.url}/api/health/ready`))]);
    for (const answer of held) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual(UNREACHABLE);
      expect(answer.ms).toBeLessThan(8_000);
    }
    await pause(1_000);
    for (const server of [a, b]) alive(server);

    proxy.restore();
    const back = Date.now();
    const signIn = await within(back, RECOVERY_MS * 3, async () => (await signInCall(b)).status === 200);
    const save = await within(back, RECOVERY_MS * 3, async () => (await saveSample(a, admin)).ok);
    const ready = await within(back, RECOVERY_MS * 3, async () => (await fetch(`${b.url}/api/health/ready`)).status === 200);
    const crossing = await within(back, RECOVERY_MS * 3, eventCrosses(a, admin, onB));
    // Each measured from the moment the database was back (a chat message sent on A reaching a socket on B).
    for (const [what, ms] of Object.entries({ signIn, save, ready, crossing })) expect(ms, what).toBeLessThanOrEqual(RECOVERY_MS);
    for (const server of [a, b]) alive(server);
  }, 120_000);

  it('survives 20 outages of 1-10 s in a row, recovers after each, and its memory stays flat', async () => {
    const server = servers[0]!;
    const admin = await signInOver(server, 'admin@demo.lab');
    // Mostly short outages, three long ones (about 75 s of outage in all).
    const durations = Array.from({ length: 20 }, (_, index) => ([4, 11, 17].includes(index) ? 8_000 + index * 100 : 1_000 + Math.floor(Math.random() * 3_000)));
    const rss: number[] = [];
    for (const [index, ms] of durations.entries()) {
      let over = false;
      const outage = proxy.outage(ms, index % 2 === 0 ? 'refuse' : 'hold').then(() => { over = true; });
      // Calls keep coming during the outage, as a lab's browsers keep asking: 503 (or 200 once it is over), nothing else.
      const statuses = new Set<number>();
      while (!over) {
        const answer = await timed(() => callOver(server, admin, 'GET', '/uzorci/list'));
        statuses.add(answer.status);
        expect([200, 503]).toContain(answer.status);
        await pause(200);
      }
      await outage;
      expect(statuses.has(503), `outage ${index + 1} answered 503`).toBe(true);
      const back = Date.now();
      const recovered = await within(back, RECOVERY_MS * 3, async () => (await saveSample(server, admin)).ok);
      expect(recovered, `recovery after outage ${index + 1}`).toBeLessThanOrEqual(RECOVERY_MS);
      alive(server);
      // Settled a moment after each recovery; the first few rounds warm the process up.
      await pause(500);
      rss.push(rssMb(server));
    }
    alive(server);
    const warm = Math.max(...rss.slice(2, 5));
    const last = Math.max(...rss.slice(-3));
    // A leak of a connection (or its buffers) per outage grows steadily; the bound leaves room for V8's heap breathing.
    expect(last - warm, `RSS MB per outage: ${rss.map((value) => value.toFixed(0)).join(' ')}`).toBeLessThan(60);
  }, 240_000);
});
