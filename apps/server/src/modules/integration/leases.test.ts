import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { analysers, sites } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { AnalyserLeases } from './leases.ts';

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
