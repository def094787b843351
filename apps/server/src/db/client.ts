import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type ConnectionErrorSink, type ConnectionSettings, DEFAULT_CONNECTION_SETTINGS, connectClient, createPool } from './pg-connections.ts';
import { DEFAULT_MIN_FREE_BYTES, DiskRoom, guardedByDiskRoom } from './disk-room.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The handle inside `db.transaction(async (tx) => …)`, and only there: a plain `Db` lacks
 * `rollback`, so a function that takes a `Tx` (audit writes) cannot be called outside a transaction.
 */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection pool of a PostgreSQL server (the real-time adapter listens on one of its connections); none for PGlite. */
  pool?: pg.Pool;
  /**
   * A connection of its own for LISTEN (the real-time adapter), with the pool's settings and error listener;
   * none for PGlite.
   */
  connectListener?: () => Promise<pg.Client>;
  /** PGlite in a data directory: throws (SQLSTATE 53100) while its disk is below the reserve (db/disk-room.ts). */
  assertWritable?: () => Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface DatabaseOptions {
  /** postgres://… selects a PostgreSQL server; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL: timeouts of connecting and of statements. */
  settings?: Partial<ConnectionSettings>;
  /** PostgreSQL: told when a connection breaks (the process goes on; the pool reconnects on next use). */
  onConnectionError?: ConnectionErrorSink;
  /** PGlite in dataDir: writes are refused while its disk has less free (db/disk-room.ts); default 64 MB. */
  minFreeBytes?: number | undefined;
  /** In-memory PGlite: start from this dumped cluster (`dumpDataDir`) instead of an empty one (tests). */
  pgliteImage?: Blob | undefined;
}

/** An error's name and code, never its message (which can carry a query's parameters). */
function connectionErrorKind(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : `${error.name}: ${error.message.slice(0, 80)}`;
}

const logConnectionError: ConnectionErrorSink = (error) => {
  console.error('PostgreSQL connection lost; calls answer 503 until it is back:', connectionErrorKind(error));
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const settings = { ...DEFAULT_CONNECTION_SETTINGS, ...options.settings };
    const onError = options.onConnectionError ?? logConnectionError;
    await migratePostgres(databaseUrl, settings, onError);
    const pool = createPool(databaseUrl, { max: 10, settings, onError });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db, kind: 'postgres', pool,
      connectListener: () => connectClient(databaseUrl, { settings, onError }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    holdDataDir(dataDir);
  }
  const client = dataDir ? new PGlite(dataDir) : new PGlite(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {});
  await client.waitReady;
  const room = dataDir ? new DiskRoom(dataDir, options.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES, {
    warn: (text) => console.warn(text), info: (text) => console.info(text),
  }) : null;
  const pgliteDb = drizzlePglite(room ? guardedByDiskRoom(client, room) : client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    ...(room ? { assertWritable: () => room.assertRoom() } : {}),
    close: async () => {
      await client.close();
      if (dataDir) releaseDataDir(dataDir);
    },
  };
}

/**
 * Several servers starting at once migrate one after another: the first applies what is pending, the others
 * then find nothing left to do (a session-level advisory lock, held on one connection meanwhile). A pool of
 * its own, without the statement timeout: a migration of a large table may take longer than any request.
 */
async function migratePostgres(databaseUrl: string, settings: ConnectionSettings, onError: ConnectionErrorSink): Promise<void> {
  const pool = createPool(databaseUrl, { max: 2, settings: { ...settings, statementTimeoutMs: 0 }, onError });
  try {
    const lock = await pool.connect();
    try {
      await lock.query(`select pg_advisory_lock(hashtext('lis:migrate'))`);
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    } finally {
      await lock.query(`select pg_advisory_unlock(hashtext('lis:migrate'))`).catch(() => undefined);
      lock.release();
    }
  } finally {
    await pool.end();
  }
}

/**
 * The embedded database may be open in one process only: PGlite has no postmaster to keep a second process
 * (a second server, a backup taken while the server runs) from writing the same cluster, which corrupts it.
 * The process that opens a data directory writes its pid into this file and removes it on close; a file left
 * by a process that no longer runs (a crash, kill -9) is taken over.
 */
export const DATA_DIR_LOCK_FILE = 'lis-server.pid';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another running process that has the data directory open, or null. */
export function dataDirHolder(dataDir: string): number | null {
  const lockFile = path.join(dataDir, DATA_DIR_LOCK_FILE);
  if (!existsSync(lockFile)) return null;
  const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isRunning(pid) ? pid : null;
}

function holdDataDir(dataDir: string): void {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) {
    throw new Error(`DATA_DIR is in use by process ${holder}: one embedded database can be open in one server only (stop it, or use PostgreSQL with DATABASE_URL for several servers).`);
  }
  writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), String(process.pid));
}

function releaseDataDir(dataDir: string): void {
  const lockFile = path.join(dataDir, DATA_DIR_LOCK_FILE);
  if (existsSync(lockFile) && readFileSync(lockFile, 'utf8') === String(process.pid)) rmSync(lockFile);
}

/** Rows of a raw SQL statement: both drivers answer `{ rows }`, which drizzle's type for the shared `Db` cannot say. */
export async function queryRows<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: Row[] }).rows;
}
