import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { testPanels } from './tables.ts';

export interface StoredTestPanel {
  id: string;
  sifra: string;
  naziv: string;
  sinonimi: string[];
  testovi: string[];
  price: string;
  naplata: string;
  updatedAt: Date;
}

export type TestPanelWrite = Omit<StoredTestPanel, 'id' | 'updatedAt'>;

const columns = {
  id: testPanels.id, sifra: testPanels.sifra, naziv: testPanels.naziv, sinonimi: testPanels.sinonimi, testovi: testPanels.testovi,
  price: sql<string>`${testPanels.price}::text`, naplata: testPanels.naplata, updatedAt: testPanels.updatedAt,
};

/** A site's test panels: every statement carries the site, so another site's panel is not found. */
export function testPanelRepository(db: Db | Tx, siteId: string) {
  const ofSite = eq(testPanels.siteId, siteId);
  return {
    /** The site's panels by name. */
    list(): Promise<StoredTestPanel[]> {
      return db.select(columns).from(testPanels).where(ofSite).orderBy(asc(testPanels.naziv), asc(testPanels.id));
    },

    /** These panels of the site (an id of another site or none is left out). */
    byIds(ids: readonly string[]): Promise<StoredTestPanel[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select(columns).from(testPanels).where(and(ofSite, inArray(testPanels.id, [...ids])));
    },

    async forUpdate(id: string): Promise<StoredTestPanel | null> {
      const [row] = await db.select(columns).from(testPanels).where(and(ofSite, eq(testPanels.id, id))).for('update');
      return row ?? null;
    },

    async insert(panel: TestPanelWrite): Promise<string> {
      const [row] = await db.insert(testPanels).values({ ...panel, siteId }).returning({ id: testPanels.id });
      return row!.id;
    },

    /** Several panels in one statement (the demo seed). */
    async insertMany(panels: readonly TestPanelWrite[]): Promise<void> {
      if (panels.length > 0) await db.insert(testPanels).values(panels.map((panel) => ({ ...panel, siteId })));
    },

    async update(id: string, panel: TestPanelWrite): Promise<void> {
      await db.update(testPanels).set({ ...panel, updatedAt: sql`now()` }).where(and(ofSite, eq(testPanels.id, id)));
    },

    async remove(id: string): Promise<void> {
      await db.delete(testPanels).where(and(ofSite, eq(testPanels.id, id)));
    },
  };
}
