import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../db/client.ts';
import { createTestDatabase } from './harness.ts';

/**
 * EXPLAIN of a statement with its parameters written in, as the database
 * plans it for the call's own values (a prepared statement's generic plan
 * could differ), one line of the plan per line of text.
 */
export async function explainStatement(db: Db, statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = statement.toSQL();
  const parts = text.split(/\$(\d+)/);
  const inlined: SQL = sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)));
  const rows = await queryRows<Record<string, string>>(db, sql`explain ${inlined}`);
  return rows.map((row) => Object.values(row).join(' ')).join('\n');
}

/** The PLAN patient every plan test's generated samples belong to. */
export const PLAN_PATIENT_JMBG = '0101990170007';

/**
 * A migrated and seeded database for a plan test, with the id of site SA and
 * the PLAN patient its test fills with thousands of samples.
 */
export async function planTestDatabase(): Promise<{ database: Database; db: Db; siteId: string }> {
  const database = await createTestDatabase();
  const [site] = await queryRows<{ id: string }>(database.db, sql`select id from sites where sifra = 'SA'`);
  if (!site) throw new Error('the demo seed has no site SA');
  await database.db.execute(sql`insert into patients (jmbg, ime, prezime, spol) values (${PLAN_PATIENT_JMBG}, 'PLAN', 'PLANOVIĆ', 'MUŠKI')`);
  return { database, db: database.db, siteId: site.id };
}
