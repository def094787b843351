import { sql } from 'drizzle-orm';
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
