import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { analyserMessages, analysers, sites } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { RealtimeHub } from '../../realtime/hub.ts';
import { AnalyserConnections } from './connections.ts';
import { AnalyserIngest } from './ingest.ts';
import { AnalyserLeases } from './leases.ts';
import { analyserById } from './repository.ts';
import { freePort } from '../../test/server-process.ts';

// Each analyser's connection runs in one server process at a time: the holder of its lease. Two lease
// holders on one database (two processes) with a short lease: one holds each analyser, the other takes it
// over once the first stops renewing (a death), the first learns it lost it, an orderly stop hands it over
// at once, and two rounds at the same moment never both take one analyser. PGlite, and PostgreSQL with
// TEST_DATABASE_URL.

const TTL_MS = 400;
let database: Database;
let siteId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const [site] = await database.db.select({ id: sites.id }).from(sites).limit(1);
  siteId = site!.id;
});
afterAll(async () => { await database.close(); });

async function newAnalyser(ime: string, aktivan = true): Promise<string> {
  const [row] = await database.db.insert(analysers).values({
    siteId, ime, protokol: 'astm', transport: { mode: 'listen', port: 0 }, aktivan, element: {},
  }).returning({ id: analysers.id });
  return row!.id;
}

function holder() {
  const gained: string[] = [];
  const lost: string[] = [];
  const leases = new AnalyserLeases(database.db, {
    gained: (id) => { gained.push(id); },
    lost: (id) => { lost.push(id); },
    error: (error) => { throw error; },
  }, { ttlMs: TTL_MS, roundMs: 60_000 });
  return { leases, gained, lost };
}

const waitPastTtl = () => new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));

describe('analyser leases', () => {
  it('gives each active analyser to one process; another takes it over once the holder stops renewing, and the holder learns it', async () => {
    const first = await newAnalyser('Lease A');
    const second = await newAnalyser('Lease B');
    const retired = await newAnalyser('Lease retired', false);
    const a = holder();
    const b = holder();

    await a.leases.round();
    await b.leases.round();
    expect(a.gained).toEqual(expect.arrayContaining([first, second]));
    expect(a.gained).not.toContain(retired);
    expect(b.gained.filter((id) => id === first || id === second)).toEqual([]);

    // A renews in time: B still gets nothing.
    await a.leases.round();
    await b.leases.round();
    expect(b.gained.filter((id) => id === first || id === second)).toEqual([]);

    // A stops renewing (its process died or stalled): past the lease, B takes both over.
    await waitPastTtl();
    await b.leases.round();
    expect(b.gained).toEqual(expect.arrayContaining([first, second]));
    expect(b.leases.holds(first)).toBe(true);

    // A comes back: it lost them and is told so, and does not take them back.
    await a.leases.round();
    expect(a.lost).toEqual(expect.arrayContaining([first, second]));
    expect(a.leases.holds(first)).toBe(false);

    // An orderly stop hands over at once, without waiting for the lease to run out.
    await b.leases.stop();
    await a.leases.round();
    expect(a.leases.holds(first)).toBe(true);
    expect(a.leases.holds(second)).toBe(true);
    await a.leases.stop();
  });

  it('two rounds at the same moment never both take one analyser', async () => {
    const contested = await newAnalyser('Lease contested');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const a = holder();
      const b = holder();
      await Promise.all([a.leases.round(), b.leases.round()]);
      expect([a.leases.holds(contested), b.leases.holds(contested)].filter(Boolean)).toHaveLength(1);
      await Promise.all([a.leases.stop(), b.leases.stop()]);
    }
  });

  it('a retired analyser is not taken; once active again it is', async () => {
    const later = await newAnalyser('Lease later', false);
    const a = holder();
    await a.leases.round();
    expect(a.leases.holds(later)).toBe(false);
    await database.db.update(analysers).set({ aktivan: true }).where(eq(analysers.id, later));
    await a.leases.round();
    expect(a.leases.holds(later)).toBe(true);
    await a.leases.stop();
  });
});

describe('the ingest under leases', () => {
  /** A message with no results (only the header and terminator): what matters is whether it is stored. */
  const message = (run: string) => `H|\\^&|||LEASE^${run}|||||||P|1\rL|1|N\r`;
  const storedFor = async (analyserId: string) =>
    (await database.db.select({ id: analyserMessages.id }).from(analyserMessages).where(eq(analyserMessages.analyserId, analyserId))).length;

  it('stores a message only for the lease holder: a process whose lease was taken over stores nothing, answers failed and says so', async () => {
    const analyserId = await newAnalyser('Lease fence');
    const analyser = (await analyserById(database.db, analyserId))!;
    const a = holder();
    const b = holder();
    const lostByA: string[] = [];
    const lostByB: string[] = [];
    const ingestA = new AnalyserIngest(database.db, undefined, undefined, { owner: a.leases.owner, lost: (id) => lostByA.push(id) });
    const ingestB = new AnalyserIngest(database.db, undefined, undefined, { owner: b.leases.owner, lost: (id) => lostByB.push(id) });

    await a.leases.round();
    expect(a.leases.holds(analyserId)).toBe(true);
    await expect(ingestA.receive(analyser, message('fence-1'))).resolves.toMatchObject({ kind: 'accepted' });
    // B does not hold it: what reaches B is refused, so the analyser sends it again.
    await expect(ingestB.receive(analyser, message('fence-2'))).resolves.toMatchObject({ kind: 'failed' });
    expect(lostByB).toEqual([analyserId]);
    expect(await storedFor(analyserId)).toBe(1);

    // A stalls past its lease and B takes the analyser over; A wakes up in the middle of a message.
    await waitPastTtl();
    await b.leases.round();
    expect(b.leases.holds(analyserId)).toBe(true);
    await expect(ingestA.receive(analyser, message('fence-2'))).resolves.toMatchObject({ kind: 'failed' });
    expect(lostByA).toEqual([analyserId]);
    expect(await storedFor(analyserId)).toBe(1);

    // The analyser sends it again, now to B, which stores it once.
    await expect(ingestB.receive(analyser, message('fence-2'))).resolves.toMatchObject({ kind: 'accepted', duplicate: false });
    expect(await storedFor(analyserId)).toBe(2);
    expect(lostByB).toEqual([analyserId]);
    await Promise.all([a.leases.stop(), b.leases.stop()]);
  });
});

describe('analyser connections under leases (two server processes)', () => {
  it('only the holder listens for the analyser; after the holder dies another takes the port over', async () => {
    const port = await freePort();
    const analyserId = await newAnalyserListeningOn('Lease listener', port);
    const first = runningProcess();
    const second = runningProcess();
    await Promise.all([first.connections.start(), second.connections.start()]);

    await first.leases.round();
    await expect.poll(() => first.connections.status(analyserId).stanje).toBe('listening');
    await second.leases.round();
    expect(second.connections.status(analyserId).stanje).toBe('off');
    await expect(canConnect(port)).resolves.toBe(true);

    // The first process dies: its listener is gone and it renews nothing more.
    await first.connections.stop();
    await waitPastTtl();
    await second.leases.round();
    await expect.poll(() => second.connections.status(analyserId).stanje).toBe('listening');
    await expect(canConnect(port)).resolves.toBe(true);

    await second.connections.stop();
    await second.leases.stop();
  });
});

describe('analyser settings and state across server processes', () => {
  it('a new analyser saved through a process runs there when the call answers, nobody holding it before', async () => {
    const only = runningProcess();
    await only.connections.start();
    await only.leases.round();
    const analyserId = await newAnalyserListeningOn('Lease new', await freePort());
    await only.connections.reload(analyserId);
    expect(only.connections.status(analyserId).stanje).toBe('listening');
    await only.connections.stop();
    await only.leases.stop();
  });

  it('every process answers the holder\'s state, and settings saved through another process reach the holder at its next round', async () => {
    const firstPort = await freePort();
    const analyserId = await newAnalyserListeningOn('Lease shared state', firstPort);
    const holderProcess = runningProcess();
    const other = runningProcess();
    await Promise.all([holderProcess.connections.start(), other.connections.start()]);
    await holderProcess.leases.round();
    await other.leases.round();
    await expect.poll(() => holderProcess.connections.status(analyserId).stanje).toBe('listening');
    // The holder's next round records its state on the lease; the other process answers it.
    await holderProcess.leases.round();
    expect((await other.connections.statuses([analyserId])).get(analyserId)).toMatchObject({ stanje: 'listening', port: firstPort });

    // The port is changed through the other process (a save there): it does not run the analyser, so the
    // holder restarts it with the new settings at its next round.
    const secondPort = await freePort();
    await database.db.update(analysers).set({ transport: { mode: 'listen', port: secondPort }, updatedAt: new Date() }).where(eq(analysers.id, analyserId));
    await other.connections.reload(analyserId);
    expect(other.connections.status(analyserId).stanje).toBe('off');
    await holderProcess.leases.round();
    expect(holderProcess.connections.status(analyserId)).toMatchObject({ stanje: 'listening', port: secondPort });
    await expect(canConnect(secondPort)).resolves.toBe(true);
    expect((await other.connections.statuses([analyserId])).get(analyserId)).toMatchObject({ stanje: 'listening', port: secondPort });

    await Promise.all([holderProcess.connections.stop(), other.connections.stop()]);
    await Promise.all([holderProcess.leases.stop(), other.leases.stop()]);
  });
});

/** A server process's analyser side: its connections run what its leases hold. */
function runningProcess() {
  const events = { gained: (_id: string) => {}, lost: (_id: string) => {}, afterRound: () => Promise.resolve() };
  const leases = new AnalyserLeases(database.db, {
    gained: (id) => events.gained(id),
    lost: (id) => events.lost(id),
    afterRound: () => events.afterRound(),
    error: (error) => { throw error; },
  }, { ttlMs: TTL_MS, roundMs: 60_000 });
  const connections = new AnalyserConnections(database.db, new AnalyserIngest(database.db, new RealtimeHub()), { host: '127.0.0.1', leases });
  events.gained = (id) => { void connections.reload(id); };
  events.lost = (id) => { void connections.release(id); };
  events.afterRound = () => connections.refreshAfterLeaseRound();
  return { leases, connections };
}

async function newAnalyserListeningOn(ime: string, port: number): Promise<string> {
  const [row] = await database.db.insert(analysers).values({
    siteId, ime, protokol: 'astm', transport: { mode: 'listen', port }, aktivan: true, element: {},
  }).returning({ id: analysers.id });
  return row!.id;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}
