import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_CONNECTION_SETTINGS, connectClient } from './pg-connections.ts';
import { DATA_DIR_LOCK_FILE, dataDirHolder } from './client.ts';

/**
 * Backup and restore of the whole database, for both kinds:
 * - PostgreSQL: pg_dump's custom format, taken in one snapshot while the servers keep running, and pg_restore
 *   in one transaction (a restore that fails leaves the target as it was).
 * - Embedded PGlite: its data directory as one gzipped tar, which only a stopped server may be copied from
 *   (another process opening the cluster next to a running server can corrupt it), so both refuse while a
 *   server holds the directory.
 * A restore never overwrites data silently: the target must be empty unless `replace` is asked for, and a
 * replaced PGlite directory is moved aside, not deleted.
 */

export type BackupKind = 'postgres' | 'pglite';

export class BackupError extends Error {}

/** pg_dump's custom format starts with these bytes; a gzip stream with 0x1f 0x8b. */
const PG_DUMP_MAGIC = 'PGDMP';

export async function backupKindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  } finally {
    await handle.close();
  }
  throw new BackupError('The file is neither a PostgreSQL backup (pg_dump custom format) nor an embedded-database backup (.tar.gz).');
}

/** Runs a PostgreSQL client program; its standard error becomes the error when it fails. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', (error) => reject(new BackupError(`${program} could not be started (${error.message}): install the PostgreSQL client programs.`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${program} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** One consistent snapshot of the whole database (pg_dump runs in one repeatable-read transaction). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const client = await connectClient(databaseUrl, {
    settings: { ...DEFAULT_CONNECTION_SETTINGS, statementTimeoutMs: 0 }, onError: () => undefined,
  });
  try {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return Number(result.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

export async function restorePostgres(databaseUrl: string, file: string, options: { replace?: boolean } = {}): Promise<void> {
  if ((await backupKindOf(file)) !== 'postgres') {
    throw new BackupError('This is a backup of an embedded database (PGlite): restore it with DATABASE_URL unset and DATA_DIR set.');
  }
  if (!options.replace && (await postgresHasTables(databaseUrl))) {
    throw new BackupError('The target database is not empty: restore into a new database, or pass --replace to drop what it holds first.');
  }
  await run('pg_restore', [
    '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error',
    ...(options.replace ? ['--clean', '--if-exists'] : []),
    `--dbname=${databaseUrl}`, file,
  ]);
}

function refuseWhileHeld(dataDir: string): void {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) {
    throw new BackupError(`The embedded database is in use by process ${holder}: stop the server first (the directory can only be copied while no server has it open).`);
  }
}

/** The PGlite data directory as a gzipped tar, read through PGlite itself so the copy is a clean cluster. */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) throw new BackupError('DATA_DIR holds no database to back up.');
  refuseWhileHeld(dataDir);
  const client = new PGlite(dataDir);
  try {
    await client.waitReady;
    const archive = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/**
 * Unpacks a PGlite backup into `dataDir`. An existing, non-empty directory is refused, or with `replace`
 * moved aside to `<dataDir>.before-restore-<time>` (returned), so a mistaken restore can be undone by hand.
 */
export async function restorePglite(dataDir: string, file: string, options: { replace?: boolean } = {}): Promise<{ movedAside: string | null }> {
  if ((await backupKindOf(file)) !== 'pglite') {
    throw new BackupError('This is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to the target database.');
  }
  let movedAside: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!options.replace) throw new BackupError('DATA_DIR is not empty: restore into a new directory, or pass --replace to move the current one aside.');
    refuseWhileHeld(dataDir);
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, movedAside);
  } else if (existsSync(dataDir)) {
    rmSync(dataDir, { recursive: true });
  }
  const archive = await readFile(file);
  const client = new PGlite(dataDir, { loadDataDir: new Blob([archive]) });
  try {
    await client.waitReady;
    // A query proves the unpacked cluster opens before the restore is called done.
    await client.query('select 1');
  } finally {
    await client.close();
  }
  // The backup was taken with no server holding the directory; a lock file in it would only be a stale one.
  rmSync(`${dataDir}/${DATA_DIR_LOCK_FILE}`, { force: true });
  return { movedAside };
}
