import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ReflexCondition, ReflexCharge } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { labAssays } from '../catalogue/tables.ts';
import { reflexRules } from './tables.ts';

export type ReflexRuleRow = typeof reflexRules.$inferSelect;

export interface ReflexRuleWrite {
  triggerAssayId: string;
  condition: ReflexCondition;
  value: string | null;
  addAssayId: string;
  charge: ReflexCharge;
  active: boolean;
}

/** The reflex rules of one site; every statement carries the site, so another site's rule is never read or written. */
export function reflexRepository(db: Db, siteId: string) {
  const ofSite = eq(reflexRules.siteId, siteId);
  return {
    list(options: { activeOnly?: boolean } = {}): Promise<ReflexRuleRow[]> {
      return db.select().from(reflexRules)
        .where(options.activeOnly ? and(ofSite, eq(reflexRules.active, true)) : ofSite)
        .orderBy(asc(reflexRules.createdAt), asc(reflexRules.id));
    },

    async find(id: string, options: { forUpdate?: boolean } = {}): Promise<ReflexRuleRow | null> {
      if (!isUuid(id)) return null;
      const query = db.select().from(reflexRules).where(and(ofSite, eq(reflexRules.id, id)));
      const [found] = options.forUpdate ? await query.for('update') : await query;
      return found ?? null;
    },

    /** The site's other rule with the same trigger and added test, if any (one rule per pair). */
    async findPair(triggerAssayId: string, addAssayId: string): Promise<ReflexRuleRow | null> {
      const [found] = await db.select().from(reflexRules)
        .where(and(ofSite, eq(reflexRules.triggerAssayId, triggerAssayId), eq(reflexRules.addAssayId, addAssayId)));
      return found ?? null;
    },

    async insert(rule: ReflexRuleWrite, userId: string | null): Promise<ReflexRuleRow> {
      const [inserted] = await db.insert(reflexRules).values({ siteId, ...rule, createdBy: userId, updatedBy: userId }).returning();
      if (!inserted) throw new Error('reflex rule insert returned no row');
      return inserted;
    },

    async update(id: string, rule: ReflexRuleWrite, userId: string): Promise<ReflexRuleRow> {
      const [updated] = await db.update(reflexRules).set({ ...rule, updatedBy: userId, updatedAt: new Date() })
        .where(and(ofSite, eq(reflexRules.id, id))).returning();
      if (!updated) throw new Error('reflex rule update found no row');
      return updated;
    },
  };
}

/** The enabled tests a rule may name, by code. */
export function assayChoices(db: Db) {
  return db.select({ _id: labAssays.id, sifra: labAssays.sifra, naziv: labAssays.naziv, naziv_en: labAssays.nazivEn, naziv_de: labAssays.nazivDe })
    .from(labAssays).where(eq(labAssays.disabled, false)).orderBy(asc(labAssays.sifra));
}

/** Which of these assay ids exist. */
export async function knownAssays(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)].filter(isUuid);
  if (unique.length === 0) return new Set();
  return new Set((await db.select({ id: labAssays.id }).from(labAssays).where(inArray(labAssays.id, unique))).map((row) => row.id));
}

/** The ids of assays by their codes (the demo seed names its rule's tests by code). */
export async function assayIdsByCode(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select({ id: labAssays.id, sifra: labAssays.sifra }).from(labAssays).where(inArray(labAssays.sifra, [...codes]));
  return new Map(rows.map((row) => [row.sifra, row.id]));
}
