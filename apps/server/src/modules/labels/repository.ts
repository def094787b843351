import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { LABEL_SETTING_TYPE } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { settingRecords } from '../../db/shared-tables.ts';

export function labelRepository(db: Db, siteId: string) {
  return {
    /** The stored label setting of the site, else the lab-wide one (site_id null); null when neither exists. */
    async labelSettingData(): Promise<unknown> {
      const rows = await db.select({ data: settingRecords.data }).from(settingRecords)
        .where(and(eq(settingRecords.type, LABEL_SETTING_TYPE), or(eq(settingRecords.siteId, siteId), isNull(settingRecords.siteId))))
        // The site's own record first, then the newest.
        .orderBy(sql`${settingRecords.siteId} is null`, sql`${settingRecords.updatedAt} desc`)
        .limit(1);
      return rows[0]?.data ?? null;
    },
  };
}
