import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionFailure } from '../lib/db-errors.ts';
import { DiskRoom, guardedByDiskRoom } from './disk-room.ts';

// The guard of db/disk-room.ts on its own: below the reserve (here: more than any disk has), plain reads reach
// PGlite and everything that may write is refused with 53100, which the API answers as db.connection.

let dir: string;
let client: PGlite;
const quiet = { warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lis-disk-room-'));
  client = new PGlite();
  await client.exec('create table t (id int)');
});

afterAll(async () => {
  await client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database below its reserve of free disk space', () => {
  const guarded = () => guardedByDiskRoom(client, new DiskRoom(dir, Number.MAX_SAFE_INTEGER, quiet));

  it('lets plain reads through and refuses writes and transactions with SQLSTATE 53100 (db.connection)', async () => {
    const db = guarded();
    expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    for (const attempt of [
      () => db.query('insert into t values (1)'),
      () => db.exec('insert into t values (1)'),
      () => db.query('select * from t for update'),
      () => db.query(`with x as (insert into t values (1) returning id) select * from x`),
      () => db.transaction((tx) => tx.query('select 1')),
    ]) {
      const error = await attempt().then(() => null, (failure: unknown) => failure);
      expect(connectionFailure(error)?.code).toBe('53100');
    }
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 0 }]);
    // Everything else is PGlite's own (its getters read its private fields).
    expect(db.closed).toBe(false);
  });

  it('lets writes through while the disk has the reserve', async () => {
    const db = guardedByDiskRoom(client, new DiskRoom(dir, 0, quiet));
    await db.query('insert into t values (2)');
    await db.transaction((tx) => tx.query('insert into t values (3)'));
    expect((await db.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });
});
