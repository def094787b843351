import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { microAntimicrobials, microOrganisms, microPanels } from './tables.ts';

export interface StoredPanel {
  id: string;
  naziv: string;
  grupa: string;
  /** The group's name; null when the reference table does not hold the code (not yet imported). */
  grupaNaziv: string | null;
  uzorak: string;
  antibiotici: string[];
  updatedAt: Date;
}

export interface PanelWrite {
  naziv: string;
  grupa: string;
  uzorak: string;
  antibiotici: string[];
}

/** Antibiogram panels: lab-wide, like the reference tables they name. */
export function panelRepository(db: Db) {
  const columns = {
    id: microPanels.id, naziv: microPanels.naziv, grupa: microPanels.grupa, grupaNaziv: microOrganisms.fullname,
    uzorak: microPanels.uzorak, antibiotici: microPanels.antibiotici, updatedAt: microPanels.updatedAt,
  };
  return {
    /** Every panel by group name, then specimen (every specimen first). */
    async list(): Promise<StoredPanel[]> {
      return db.select(columns).from(microPanels).leftJoin(microOrganisms, eq(microOrganisms.mo, microPanels.grupa))
        .orderBy(asc(sql`coalesce(${microOrganisms.fullname}, ${microPanels.grupa})`), asc(microPanels.uzorak), asc(microPanels.naziv));
    },

    async forUpdate(id: string): Promise<StoredPanel | null> {
      const [row] = await db.select(columns).from(microPanels).leftJoin(microOrganisms, eq(microOrganisms.mo, microPanels.grupa))
        .where(eq(microPanels.id, id)).for('update', { of: microPanels });
      return row ?? null;
    },

    async insert(panel: PanelWrite): Promise<string> {
      const [row] = await db.insert(microPanels).values(panel).returning({ id: microPanels.id });
      return row!.id;
    },

    async insertMany(panels: readonly PanelWrite[]): Promise<void> {
      if (panels.length > 0) await db.insert(microPanels).values([...panels]);
    },

    async update(id: string, panel: PanelWrite): Promise<void> {
      await db.update(microPanels).set({ ...panel, updatedAt: sql`now()` }).where(eq(microPanels.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(microPanels).where(eq(microPanels.id, id));
    },

    /** The agents' names by code (a code the table does not hold is left out). */
    async agentNames(codes: readonly string[]): Promise<Map<string, string>> {
      if (codes.length === 0) return new Map();
      const rows = await db.select({ ab: microAntimicrobials.ab, name: microAntimicrobials.name }).from(microAntimicrobials)
        .where(inArray(microAntimicrobials.ab, [...codes]));
      return new Map(rows.map((row) => [row.ab, row.name]));
    },
  };
}
