/** Column builders and column shapes the table files share. */
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The reference a result was judged by, copied onto its sample test when the result is entered
 * (limits as exact numeric text), so a later change of the catalogue never alters a verified report.
 */
export interface ReferenceSnapshot {
  low: string | null;
  high: string | null;
  tekst: string | null;
  jedinica: string;
  criticalLow: string | null;
  criticalHigh: string | null;
}

/** Binary data (a stored PDF): Buffer in, Buffer out, whichever driver returns bytes. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
