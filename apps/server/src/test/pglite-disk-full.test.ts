import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../db/client.ts';
import { DEFAULT_MIN_FREE_BYTES } from '../db/disk-room.ts';
import type { SignedIn } from './harness.ts';
import { callOver, type ServerProcess, signInOver, startServerProcess } from './server-process.ts';

// The embedded database (PGlite in DATA_DIR, `npm start` without DATABASE_URL) on a disk that fills up while the
// server runs: a real server process on a small tmpfs, a filler file takes the space left, staff keep registering
// patients. The rule: a save the disk cannot take answers the clear 503 'Greška prilikom konekcije na DB.'
// (db.connection), never a 500 and never a hang; the process stays up (liveness 200) and reads go on; once space
// is freed, saves succeed again in the same process; SIGTERM exits 0; and after a restart on the same directory
// every save that answered 201 is there exactly once with its audit row, and nothing of a save that answered 503.
//
// What PGlite 0.5.16 (WASM, Emscripten NODEFS) does on ENOSPC, found by hand: a write that needs a data file to
// grow fails with SQLSTATE 53100 'could not extend file …: No space left on device', the transaction rolls back and
// the instance stays usable (reads answer; writes succeed again once space is freed, no restart needed). But a
// write that needs a new write-ahead-log segment (a 16 MB file) on a full disk makes PGlite spin forever on the Node
// main thread: the whole server hangs, SIGTERM included. So the server keeps PGlite from ever meeting a full disk
// (db/disk-room.ts): below a reserve of free space (DATA_DIR_MIN_FREE_MB, 64 MB) writes are refused before they
// reach PGlite, with the same 503. This test checks that the refusals start while at least a segment's room is
// left, and that nothing is lost or half written around them. (A data directory removed under the server is
// another matter: pglite-write-failure.test.ts.)
//
// Runs as root only: it mounts a tmpfs. Where mounting is not permitted (a probe at load), the test is skipped.
// It runs in the PGlite pass of the suite only (it tests the embedded database, TEST_DATABASE_URL unset).

const UNREACHABLE = { success: false, message: 'Greška prilikom konekcije na DB.', code: 'db.connection' };
/** A migrated, seeded data directory with the microbiology reference data measured 91 MB; + the reserve + a margin. */
const TMPFS_SIZE = '200m';
/** Left free beside the filler: the reserve and 1 MB, a few hundred saves, then the server refuses writes. */
const LEFT_FREE_BYTES = DEFAULT_MIN_FREE_BYTES + (1 << 20);
/** One write-ahead-log segment: the room PGlite needs for its next one, which it must never miss. */
const WAL_SEGMENT_BYTES = 16 * 1024 * 1024;
/** A save that takes longer than this is a hang (generous: a busy 2-core machine). */
const SAVE_BOUND_MS = 15_000;
/** Failed saves made after the first one, to see the failure is stable (still 503, never a 500). */
const FAILURES_WANTED = 8;

function mountTmpfs(dir: string, size: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
}

function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'ignore' });
  } catch {
    // Not mounted (the mount failed, or it was unmounted already).
  }
}

/** Whether this process may mount a tmpfs (root on Linux), probed once with a 1 MB one. */
function canMountTmpfs(): boolean {
  const probe = mkdtempSync(path.join(tmpdir(), 'lis-tmpfs-probe-'));
  try {
    mountTmpfs(probe, '1m');
    unmount(probe);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const pgliteRun = !process.env.TEST_DATABASE_URL;
const mountable = pgliteRun && canMountTmpfs();

let mountPoint = '';
let mounted = false;
let server: ServerProcess | undefined;

beforeAll(() => {
  if (!mountable) return;
  mountPoint = mkdtempSync(path.join(tmpdir(), 'lis-disk-full-'));
  mountTmpfs(mountPoint, TMPFS_SIZE);
  mounted = true;
});

afterAll(async () => {
  // Always: a server left running holds files on the tmpfs, which could then not be unmounted.
  if (server && server.child.exitCode === null && server.child.signalCode === null) await server.kill();
  if (mounted) unmount(mountPoint);
  if (mountPoint) rmSync(mountPoint, { recursive: true, force: true });
});

function freeBytes(): number {
  const { bavail, bsize } = statfsSync(mountPoint);
  return bavail * bsize;
}

/** Takes all the space left on the tmpfs but `leave` bytes. */
function fillDisk(filler: string, leave: number): void {
  let left = freeBytes() - leave;
  const chunk = Buffer.alloc(1 << 20);
  const fd = openSync(filler, 'w');
  try {
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      writeSync(fd, chunk, 0, n);
      left -= n;
    }
  } finally {
    closeSync(fd);
  }
}

/** A valid birth-dated ID, unique per number (the number picks the region and the serial). */
function jmbg(n: number): string {
  return `0101985${String(10 + Math.floor(n / 500)).padStart(2, '0')}${String(n % 500).padStart(3, '0')}0`;
}

type Outcome = { jmbg: string; status: 201 | 503 };

describe.skipIf(!mountable)('PGlite on a disk that fills up while the real server runs', () => {
  it('answers 503 db.connection for the saves the disk cannot take, recovers once space is freed, and keeps every save that answered 201 exactly once after a restart', async () => {
    const dataDir = path.join(mountPoint, 'data');
    const filler = path.join(mountPoint, 'filler');
    server = await startServerProcess({ dataDir });
    const admin: SignedIn = await signInOver(server, 'admin@demo.lab');

    const outcomes: Outcome[] = [];
    let serial = 0;
    const save = async (): Promise<Outcome> => {
      serial += 1;
      const id = jmbg(serial);
      const response = await callOver(server!, admin, 'POST', '/pacijenti/unos/save', {
        jmbg: id, ime: 'Disk', prezime: `Diskpun${serial}`, spol: 'MUŠKI', adresa: 'Testna 2', telefon: '062 000 000',
        // A longer note: each row takes a few kilobytes, so the space left fills in a few hundred saves.
        symptoms: { pacijentbezsimptoma: true }, note: 'n'.repeat(2000),
      }, undefined, { signal: AbortSignal.timeout(SAVE_BOUND_MS) });
      const body: unknown = await response.json();
      // Never a 500 (nor anything else): saved, or the clear message.
      expect([201, 503], `save ${serial}: ${JSON.stringify(body)}`).toContain(response.status);
      if (response.status === 503) expect(body).toEqual(UNREACHABLE);
      const outcome = { jmbg: id, status: response.status as 201 | 503 };
      outcomes.push(outcome);
      return outcome;
    };

    // The disk fills up to the reserve: saves until the first one is refused, then a few more, all refused the same way.
    fillDisk(filler, LEFT_FREE_BYTES);
    let failures = 0;
    let freeAtFirstRefusal = 0;
    for (let attempt = 0; attempt < 5000 && failures < FAILURES_WANTED; attempt += 1) {
      if ((await save()).status === 503) {
        if (failures === 0) freeAtFirstRefusal = freeBytes();
        failures += 1;
      }
    }
    expect(failures, 'the disk never filled').toBe(FAILURES_WANTED);
    expect(outcomes.some((o) => o.status === 201)).toBe(true);
    // Refused while PGlite still had room for a new write-ahead-log segment, not at the last byte.
    expect(freeAtFirstRefusal).toBeGreaterThan(WAL_SEGMENT_BYTES);

    // The process is up (liveness 200), not ready (readiness 503, the clear message), and reads still answer.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const notReady = await fetch(`${server.url}/api/health/ready`);
    expect([notReady.status, await notReady.json()]).toEqual([503, UNREACHABLE]);
    const list = await callOver(server, admin, 'GET', '/pacijenti/list?datum=SVE&per_page=5&filter=DISKPUN');
    expect(list.status, await list.clone().text()).toBe(200);

    // Space freed: PGlite recovers in this very process, the next saves succeed without a restart.
    rmSync(filler);
    for (let i = 0; i < 3; i += 1) expect((await save()).status).toBe(201);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);

    // The orderly stop closes PGlite cleanly (a checkpoint), and exits 0.
    const exitCode = await server.stop();
    expect(exitCode, server.output()).toBe(0);

    // Restart on the same directory: it opens without error; the saves are there as the answers said.
    server = await startServerProcess({ dataDir });
    const again = await signInOver(server, 'admin@demo.lab');
    const found = await callOver(server, again, 'GET', '/pacijenti/list?datum=SVE&per_page=0&filter=DISKPUN');
    expect(found.status).toBe(200);
    const listed = ((await found.json()) as { data: { jmbg: string }[] }).data.map((row) => row.jmbg);
    expect((await server.stop()), server.output()).toBe(0);

    const saved = outcomes.filter((o) => o.status === 201).map((o) => o.jmbg).sort();
    const refused = new Set(outcomes.filter((o) => o.status === 503).map((o) => o.jmbg));
    expect([...listed].sort()).toEqual(saved);

    // Row by row, straight from the data directory: each saved patient once, with its one audit row; nothing
    // (no patient, no audit row) of a save that answered 503.
    const database = await openDatabase({ dataDir });
    try {
      const patients = await queryRows<{ jmbg: string; audits: number }>(database.db, sql`
        select p.jmbg, (select count(*)::int from audit_log a where a.entity = 'patient' and a.action = 'patient.create' and a.entity_id = p.id::text) as audits
        from patients p where p.prezime like 'DISKPUN%'`);
      expect(patients.map((p) => p.jmbg).sort()).toEqual(saved);
      expect(patients.filter((p) => p.audits !== 1)).toEqual([]);
      const audited = await queryRows<{ jmbg: string }>(database.db, sql`
        select new_value->>'jmbg' as jmbg from audit_log where action = 'patient.create' and new_value->>'prezime' like 'DISKPUN%'`);
      expect(audited.map((a) => a.jmbg).sort()).toEqual(saved);
      expect(audited.filter((a) => refused.has(a.jmbg))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
