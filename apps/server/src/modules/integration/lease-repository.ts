import { sql } from 'drizzle-orm';
import type { ConnectionStatus } from '@lis/domain';
import { queryRows, type Db } from '../../db/client.ts';

// The analyser leases (table analyser_leases): one row per analyser whose connection a server process runs.
// The primary key makes two holders of one analyser impossible, whatever the timing.

/** Extends this process's leases; answers the analysers it still holds (one not renewed in time may be gone). */
export async function renewLeases(db: Db, owner: string, ttlMs: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`
    update analyser_leases set expires_at = now() + make_interval(secs => ${ttlMs / 1000})
    where owner = ${owner} and expires_at > now()
    returning analyser_id::text as id`);
  return rows.map((row) => row.id);
}

/** Takes the leases of active analysers that no process holds, or whose holder let them expire; answers those taken. */
export async function claimLeases(db: Db, owner: string, ttlMs: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`
    insert into analyser_leases as l (analyser_id, owner, expires_at)
    select a.id, ${owner}, now() + make_interval(secs => ${ttlMs / 1000}) from analysers a where a.aktivan
    on conflict (analyser_id) do update set owner = excluded.owner, expires_at = excluded.expires_at
      where l.expires_at <= now()
    returning analyser_id::text as id`);
  return rows.map((row) => row.id);
}

/** Gives this process's leases up (an orderly stop), so another process takes them at its next round. */
export async function releaseLeases(db: Db, owner: string, analyserIds?: readonly string[]): Promise<void> {
  if (analyserIds?.length === 0) return;
  await db.execute(analyserIds
    ? sql`delete from analyser_leases where owner = ${owner} and analyser_id in (${sql.join(analyserIds.map((id) => sql`${id}::uuid`), sql`, `)})`
    : sql`delete from analyser_leases where owner = ${owner}`);
}

/**
 * Whether `owner` still holds the analyser's lease, taken inside an ingest transaction: the row is locked
 * FOR SHARE, so no other process can take the lease over (its claim updates the row) until this
 * transaction ends. A message is therefore stored only by the lease's holder, even by one that stalled
 * past its lease and wakes up in the middle of a message.
 */
export async function holdsLeaseFor(tx: Db, analyserId: string, owner: string): Promise<boolean> {
  const rows = await queryRows<{ held: number }>(tx, sql`
    select 1 as held from analyser_leases
    where analyser_id = ${analyserId}::uuid and owner = ${owner} and expires_at > now()
    for share`);
  return rows.length > 0;
}

/** Records the state of the connections this process runs on their lease rows (only rows it still holds). */
export async function publishLeaseStatuses(db: Db, owner: string, statuses: ReadonlyMap<string, ConnectionStatus>): Promise<void> {
  if (statuses.size === 0) return;
  const rows = [...statuses].map(([id, status]) => sql`(${id}::uuid, ${JSON.stringify(status)}::jsonb)`);
  await db.execute(sql`
    update analyser_leases as l set status = v.status
    from (values ${sql.join(rows, sql`, `)}) as v(analyser_id, status)
    where l.analyser_id = v.analyser_id and l.owner = ${owner}`);
}

/** The connection states their holders last reported, for analysers whose lease is in force. */
export async function leaseStatuses(db: Db, analyserIds: readonly string[]): Promise<Map<string, ConnectionStatus>> {
  if (analyserIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; status: ConnectionStatus }>(db, sql`
    select analyser_id::text as id, status from analyser_leases
    where analyser_id in (${sql.join(analyserIds.map((id) => sql`${id}::uuid`), sql`, `)})
      and expires_at > now() and status is not null`);
  return new Map(rows.map((row) => [row.id, row.status]));
}
