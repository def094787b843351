import { type SQL, sql } from 'drizzle-orm';

/** PostgreSQL types a column of unnestRows may have (a fixed list: the type is written into the statement). */
export type UnnestType = 'uuid' | 'text' | 'numeric' | 'boolean' | 'integer' | 'jsonb' | 'timestamptz';

/** One column of unnestRows: its type and how a row gives its value (null for SQL NULL; jsonb as JSON text). */
export type UnnestColumn<Row> = readonly [type: UnnestType, value: (row: Row) => string | number | boolean | null];

/**
 * Rows as a set for one statement, `unnest($1::uuid[], $2::text[], …)`: one array parameter per column,
 * however many rows. A VALUES list costs a parameter per cell, each built and bound on its own, which
 * for a message of twenty results is most of the statement's time. Alias the columns where it is used:
 * `from ${unnestRows(rows, columns)} as v(id, rezultat, …)`. Both drivers (node-postgres, PGlite) send a
 * JavaScript array as a PostgreSQL array.
 */
export function unnestRows<Row>(rows: readonly Row[], columns: readonly UnnestColumn<Row>[]): SQL {
  const arrays = columns.map(([type, value]) => sql`${sql.param(rows.map(value))}::${sql.raw(type)}[]`);
  return sql`unnest(${sql.join(arrays, sql`, `)})`;
}

/** A value for a jsonb column of unnestRows: its JSON text, or SQL NULL for null and undefined. */
export function jsonText(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
