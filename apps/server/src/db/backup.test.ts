import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { RealtimeHub } from '../realtime/hub.ts';
import { approvedSample, reportFixture, reportPatient, unlockAndReverify, verify } from '../modules/reports/test-fixtures.ts';
import { buildTestApp, signIn } from '../test/harness.ts';
import { BackupError, backupPglite, restorePglite, restorePostgres } from './backup.ts';
import { DATA_DIR_LOCK_FILE, openDatabase, queryRows, type Database, type Db } from './client.ts';
import { seedDemo } from './seed/index.ts';

// `npm run backup` and `npm run restore` bring back the whole database: a database with patients, verified
// and corrected reports and their audit rows is backed up with the command, restored into a fresh database
// with the command, and every table (every row, every sequence) and every report's SHA-256 compare equal.
// Runs on the embedded PGlite (its data directory), and on PostgreSQL with TEST_DATABASE_URL (pg_dump).

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const serverUrl = process.env.TEST_DATABASE_URL;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'lis-backup-test-'));
const createdDatabases: string[] = [];

afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of createdDatabases) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

/** Where a database lives: the environment the commands are run with, and how to open it. */
interface Location {
  env: Record<string, string>;
  open(): Promise<Database>;
}

async function newLocation(): Promise<Location> {
  if (!serverUrl) {
    const dataDir = path.join(scratch, `data-${randomBytes(4).toString('hex')}`);
    return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
  }
  const name = `${new URL(serverUrl).pathname.slice(1) || 'lis'}_b${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, open: () => openDatabase({ databaseUrl: url.toString() }) };
}

/** The operator's command, as `npm run backup` / `npm run restore` run it. */
function command(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(repositoryRoot, 'node_modules/.bin/tsx'), ['apps/server/src/backup-cli.ts', ...args], {
      cwd: repositoryRoot, env: { ...process.env, ...env, INIT_CWD: scratch }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Each table's row count and a digest of its rows in a fixed order, and each sequence's position. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ schema: string; name: string }>(db, sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`);
  const result: Record<string, string> = {};
  for (const table of tables) {
    const qualified = sql.raw(`"${table.schema}"."${table.name}"`);
    const [row] = await queryRows<{ n: number; digest: string }>(db, sql`
      select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as digest from ${qualified} t`);
    result[`${table.schema}.${table.name}`] = `${row?.n} ${row?.digest}`;
  }
  const sequences = await queryRows<{ name: string; last: string | null }>(db, sql`
    select schemaname || '.' || sequencename as name, last_value::text as last from pg_sequences order by 1`);
  for (const sequence of sequences) result[`sequence ${sequence.name}`] = sequence.last ?? 'unused';
  return result;
}

interface ReportDigest { sample: string; verzija: number; jezik: string; stored: string; actual: string }

async function reportDigests(db: Db): Promise<ReportDigest[]> {
  return queryRows<ReportDigest>(db, sql`
    select sample_id::text as sample, verzija, jezik, sha256 as stored, encode(sha256(pdf), 'hex') as actual
    from report_versions order by 1, 2, 3`);
}

/** Patients, two verified reports (one of them corrected, so two versions) and their audit rows. */
async function fillWithReports(database: Database): Promise<void> {
  const realtime = new RealtimeHub();
  const app = await buildTestApp(database, realtime);
  try {
    const fixture = await reportFixture({ app, database, realtime, close: async () => {} }, (email) => signIn(app, email));
    const first = await approvedSample(fixture, await reportPatient(fixture));
    await verify(fixture, first._id);
    const second = await approvedSample(fixture, await reportPatient(fixture, ['Bosanski jezik']));
    await verify(fixture, second._id);
    await unlockAndReverify(fixture, second._id, 'Ispravka jedinice');
  } finally {
    await app.close();
  }
}

describe(`npm run backup and npm run restore (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores every table, every sequence and every report byte for byte into a fresh database', async () => {
    const source = await newLocation();
    let database = await source.open();
    await seedDemo(database.db);
    await fillWithReports(database);
    const before = await fingerprint(database.db);
    const reportsBefore = await reportDigests(database.db);
    // The embedded database can only be copied from a stopped server; PostgreSQL is backed up while it runs.
    if (!serverUrl) await database.close();

    const file = path.join(scratch, `backup-${randomBytes(4).toString('hex')}`);
    const backup = await command(['backup', path.basename(file)], source.env);
    expect(backup.code, backup.output).toBe(0);
    if (serverUrl) await database.close();

    const target = await newLocation();
    const restore = await command(['restore', path.basename(file)], target.env);
    expect(restore.code, restore.output).toBe(0);

    database = await target.open();
    try {
      expect(await fingerprint(database.db)).toEqual(before);
      const reportsAfter = await reportDigests(database.db);
      expect(reportsAfter).toEqual(reportsBefore);
      expect(reportsAfter.length).toBeGreaterThanOrEqual(3);
      for (const report of reportsAfter) expect(report.actual).toBe(report.stored);
      const [audit] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from audit_log where entity = 'report'`);
      expect(audit?.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }

    // Restoring over a database that holds data is refused unless asked for, and leaves it as it was.
    const again = await command(['restore', path.basename(file)], target.env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/not empty/);
    database = await target.open();
    try {
      expect(await fingerprint(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses a backup of the other kind, and names what to do', async () => {
    const notABackup = path.join(scratch, 'plain.txt');
    writeFileSync(notABackup, 'not a backup');
    await expect(restorePglite(path.join(scratch, 'never'), notABackup)).rejects.toThrow(BackupError);
    await expect(restorePglite(path.join(scratch, 'never'), notABackup)).rejects.toThrow(/neither/);
    if (serverUrl) {
      const target = await newLocation();
      const gzip = path.join(scratch, 'looks-like-pglite.tar.gz');
      writeFileSync(gzip, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]));
      await expect(restorePostgres(target.env.DATABASE_URL ?? '', gzip)).rejects.toThrow(/embedded database/);
    }
  });

  it.skipIf(serverUrl)('never copies an embedded database another running process holds open', async () => {
    const dataDir = path.join(scratch, 'held');
    const database = await openDatabase({ dataDir });
    await database.close();
    // Another process (any live one) named in the lock file, as a running server would be.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), String(other.pid));
      await expect(backupPglite(dataDir, path.join(scratch, 'held.tar.gz'))).rejects.toThrow(/in use by process/);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
    } finally {
      other.kill();
    }
    // Once that process is gone its lock is stale: the directory opens (a crashed server does not lock it out).
    await new Promise<void>((resolve) => { if (other.exitCode !== null || other.signalCode !== null) resolve(); else other.once('exit', () => resolve()); });
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  });
});
