import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Migrating and seeding a database is most of a server test file's set-up (seconds per file, on both
 * databases), and every file starts from the same migrated, seeded state. So it is made once per run here:
 * - PGlite: one in-memory cluster, migrated and seeded, dumped to a file that each file's database loads;
 * - PostgreSQL (TEST_DATABASE_URL): one template database that each file's database is copied from.
 * The image is made on the run's clock (TEST_CLOCK), as each file's own seeding was.
 * `createTestDatabase` (harness.ts) falls back to migrating and seeding itself where no image was provided.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await import('./clock-setup.ts');
  const { openDatabase } = await import('../db/client.ts');
  const { seedDemo } = await import('../db/seed/index.ts');
  const serverUrl = process.env.TEST_DATABASE_URL;

  if (!serverUrl) {
    const database = await openDatabase({});
    await seedDemo(database.db);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const image = await client.dumpDataDir('none');
    await database.close();
    const dir = mkdtempSync(path.join(tmpdir(), 'lis-test-image-'));
    const file = path.join(dir, 'seeded.tar');
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    project.provide('lisTestDatabaseImage', { kind: 'pglite', file });
    return () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
  }

  const base = new URL(serverUrl);
  const template = `${base.pathname.slice(1) || 'lis'}_tpl${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await seedDemo(database.db);
  await database.close();
  project.provide('lisTestDatabaseImage', { kind: 'postgres', template });
  return async () => {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
