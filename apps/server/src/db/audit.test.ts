import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { accessLog, auditLog } from './schema.ts';
import { createTestDatabase } from '../test/harness.ts';
import { writeAudit } from './audit.ts';
import type { RequestContext } from '../lib/context.ts';

let database: Database;

beforeAll(async () => { database = await createTestDatabase(); });
afterAll(async () => { await database.close(); });

const ctx: RequestContext = {
  userId: randomUUID(), email: 'audit@test.lab', sessionId: randomUUID(), role: 'admin', accessLevel: 0, language: 'bs',
  siteId: randomUUID(), siteIds: [], requestId: 'audit-test',
};

/** The error the database raised, or null when the statement went through. */
async function refusal(statement: Promise<unknown>): Promise<string | null> {
  try {
    await statement;
    return null;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
}

describe('writeAudit', () => {
  it('writes its rows with the change, inside the transaction', async () => {
    const entityId = randomUUID();
    await database.db.transaction(async (tx) => {
      await writeAudit(tx, ctx, [{ action: 'test.write', entity: 'test', entityId, field: 'a', oldValue: 1, newValue: 2 }]);
    });
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
    expect(rows).toMatchObject([{ action: 'test.write', field: 'a', oldValue: 1, newValue: 2, siteId: ctx.siteId, requestId: 'audit-test' }]);
  });

  it('rolls back with the transaction it was written in', async () => {
    const entityId = randomUUID();
    await refusal(database.db.transaction(async (tx) => {
      await writeAudit(tx, ctx, { action: 'test.rollback', entity: 'test', entityId });
      throw new Error('the change failed');
    }));
    expect(await database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId))).toEqual([]);
  });

  it('cannot be called with the plain database handle (a type error, checked by npm run typecheck)', () => {
    const outsideTransaction = () =>
      // @ts-expect-error writeAudit takes a transaction, and the plain handle is not one.
      writeAudit(database.db, ctx, { action: 'test.plain', entity: 'test', entityId: 'x' });
    expect(typeof outsideTransaction).toBe('function');
  });
});

describe.each([
  {
    table: 'audit_log',
    insert: (entityId: string) => database.db.insert(auditLog).values({ action: 'test.kept', entity: 'test', entityId }),
    read: (entityId: string) => database.db.select({ entity: auditLog.entity }).from(auditLog).where(eq(auditLog.entityId, entityId)),
  },
  {
    table: 'access_log',
    insert: (entityId: string) => database.db.insert(accessLog).values({ userId: ctx.userId, entity: 'test', entityId }),
    read: (entityId: string) => database.db.select({ entity: accessLog.entity }).from(accessLog).where(eq(accessLog.entityId, entityId)),
  },
])('$table is append-only for the application', ({ table, insert, read }) => {
  it('refuses UPDATE and DELETE of a row, which stays as written', async () => {
    const entityId = randomUUID();
    await insert(entityId);
    const where = sql`entity_id = ${entityId}`;
    expect(await refusal(database.db.execute(sql`update ${sql.identifier(table)} set entity = 'changed' where ${where}`)))
      .toMatch(`${table} is append-only: UPDATE refused`);
    expect(await refusal(database.db.execute(sql`delete from ${sql.identifier(table)} where ${where}`)))
      .toMatch(`${table} is append-only: DELETE refused`);
    expect(await read(entityId)).toEqual([{ entity: 'test' }]);
  });

  it('refuses TRUNCATE', async () => {
    expect(await refusal(database.db.execute(sql`truncate ${sql.identifier(table)}`))).toMatch(`${table} is append-only: TRUNCATE refused`);
  });
});
