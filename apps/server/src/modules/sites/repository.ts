import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sites } from '../../db/schema.ts';

/** The site's IANA time zone as stored, or null for an unknown site. */
export async function timeZoneOfSite(db: Db, siteId: string): Promise<string | null> {
  const rows = await db.select({ timeZone: sites.timeZone }).from(sites).where(eq(sites.id, siteId)).limit(1);
  return rows[0]?.timeZone ?? null;
}
