import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AutoverificationFailure, AutoverificationRules, SimulationProgress } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { userSites, users } from '../../db/shared-tables.ts';
import { isUuid } from '../../lib/ids.ts';
import { labAssays } from '../catalogue/tables.ts';
import { referenceRangesOf } from '../../db/reference-ranges.ts';
import { sampleTests, samples } from '../samples/tables.ts';
import { auditLog } from '../../db/shared-tables.ts';
import type { ReferenceSnapshot } from '../../db/columns.ts';
import { queryRows } from '../../db/client.ts';
import { autoverificationOutcomes, autoverificationRuleSets, autoverificationSwitches } from './tables.ts';

export type RuleSetRow = typeof autoverificationRuleSets.$inferSelect & { aktivirao: string | null };

/** The e-mail of the system's verifier: a disabled account that cannot sign in, named 'Autoverifikacija' on reports and in the audit. */
export const SYSTEM_VERIFIER_EMAIL = 'autoverifikacija@system.invalid';
export const SYSTEM_VERIFIER_NAME = 'Autoverifikacija';

const activatedByName = sql<string | null>`(select btrim(u.ime || ' ' || u.prezime) from ${users} as u where u.id = ${autoverificationRuleSets.activatedBy})`;

/** The autoverification rows of one site; every statement carries the site. */
export function autoverificationRepository(db: Db, siteId: string) {
  const ofSite = eq(autoverificationRuleSets.siteId, siteId);
  const select = () => db.select({ ruleSet: autoverificationRuleSets, aktivirao: activatedByName }).from(autoverificationRuleSets);
  const row = (found: { ruleSet: typeof autoverificationRuleSets.$inferSelect; aktivirao: string | null } | undefined): RuleSetRow | null =>
    (found ? { ...found.ruleSet, aktivirao: found.aktivirao } : null);
  return {
    /** The active version: the newest activated one, or null. */
    async active(): Promise<RuleSetRow | null> {
      const [found] = await select().where(and(ofSite, isNotNull(autoverificationRuleSets.activatedAt)))
        .orderBy(desc(autoverificationRuleSets.verzija)).limit(1);
      return row(found);
    },

    /** The draft (the one version not activated), locked when `forUpdate`, or null. */
    async draft(options: { forUpdate?: boolean } = {}): Promise<RuleSetRow | null> {
      const query = select().where(and(ofSite, isNull(autoverificationRuleSets.activatedAt))).limit(1);
      const [found] = options.forUpdate ? await query.for('update', { of: autoverificationRuleSets }) : await query;
      return row(found);
    },

    async nextVersion(): Promise<number> {
      const [found] = await db.select({ max: sql<number | null>`max(${autoverificationRuleSets.verzija})` }).from(autoverificationRuleSets).where(ofSite);
      return Number(found?.max ?? 0) + 1;
    },

    async insertDraft(naziv: string, pravila: AutoverificationRules, verzija: number, userId: string): Promise<string> {
      const [inserted] = await db.insert(autoverificationRuleSets).values({ siteId, naziv, verzija, pravila, createdBy: userId }).returning({ id: autoverificationRuleSets.id });
      if (!inserted) throw new Error('rule set insert returned no row');
      return inserted.id;
    },

    /** Replaces a draft's content; its last simulation no longer describes it, so it is cleared. */
    async updateDraft(id: string, naziv: string, pravila: AutoverificationRules): Promise<void> {
      await db.update(autoverificationRuleSets).set({ naziv, pravila, simulacija: null, updatedAt: new Date() })
        .where(and(ofSite, eq(autoverificationRuleSets.id, id), isNull(autoverificationRuleSets.activatedAt)));
    },

    /** Keeps a simulation on the draft, unless the draft was edited since it was read (`updatedAt`). */
    async storeSimulationIfUnchanged(id: string, updatedAt: Date, simulacija: Record<string, unknown>): Promise<void> {
      await db.update(autoverificationRuleSets).set({ simulacija })
        .where(and(ofSite, eq(autoverificationRuleSets.id, id), isNull(autoverificationRuleSets.activatedAt),
          sql`date_trunc('milliseconds', ${autoverificationRuleSets.updatedAt}) = ${updatedAt.toISOString()}::timestamptz`));
    },

    /** The progress row of a running simulation of the draft (null: none runs). Written outside any transaction, so a poll sees it at once. */
    async setSimulationProgress(id: string, progress: SimulationProgress | null): Promise<void> {
      await db.update(autoverificationRuleSets).set({ simulacijaNapredak: progress }).where(and(ofSite, eq(autoverificationRuleSets.id, id)));
    },

    async simulationProgress(): Promise<SimulationProgress | null> {
      const [found] = await db.select({ progress: autoverificationRuleSets.simulacijaNapredak }).from(autoverificationRuleSets)
        .where(and(ofSite, isNull(autoverificationRuleSets.activatedAt))).limit(1);
      return found?.progress ?? null;
    },

    async activate(id: string, userId: string): Promise<void> {
      await db.update(autoverificationRuleSets).set({ activatedAt: new Date(), activatedBy: userId })
        .where(and(ofSite, eq(autoverificationRuleSets.id, id), isNull(autoverificationRuleSets.activatedAt)));
    },

    /** The kill switch: whether autoverification runs at the site (off without a row). */
    async switchedOn(): Promise<boolean> {
      const [found] = await db.select({ on: autoverificationSwitches.ukljuceno }).from(autoverificationSwitches).where(eq(autoverificationSwitches.siteId, siteId));
      return found?.on ?? false;
    },

    /** The specialist the site's reports released by the rules name as responsible: id and name, or null. */
    async responsible(): Promise<{ id: string; name: string } | null> {
      const [found] = await db.select({ id: users.id, name: sql<string>`btrim(${users.ime} || ' ' || ${users.prezime})` })
        .from(autoverificationSwitches).innerJoin(users, eq(users.id, autoverificationSwitches.odgovorniId))
        .where(eq(autoverificationSwitches.siteId, siteId));
      return found ?? null;
    },

    async setResponsible(odgovorniId: string | null, userId: string): Promise<void> {
      await db.insert(autoverificationSwitches).values({ siteId, odgovorniId, updatedBy: userId })
        .onConflictDoUpdate({ target: autoverificationSwitches.siteId, set: { odgovorniId, updatedBy: userId, updatedAt: new Date() } });
    },

    /** The site's enabled staff accounts with their role and access level (who may verify is the permissions' rule). */
    siteStaff() {
      return db.select({ _id: users.id, ime: sql<string>`btrim(${users.ime} || ' ' || ${users.prezime})`, email: users.email, role: users.role, accessLevel: users.accessLevel })
        .from(users).innerJoin(userSites, and(eq(userSites.userId, users.id), eq(userSites.siteId, siteId)))
        .where(and(eq(users.disabled, false), eq(users.customer, false))).orderBy(asc(users.prezime), asc(users.ime));
    },

    async setSwitch(ukljuceno: boolean, userId: string): Promise<void> {
      await db.insert(autoverificationSwitches).values({ siteId, ukljuceno, updatedBy: userId })
        .onConflictDoUpdate({ target: autoverificationSwitches.siteId, set: { ukljuceno, updatedBy: userId, updatedAt: new Date() } });
    },

    async storeOutcome(outcome: { sampleId: string; ruleSetId: string; released: boolean; failures: Record<string, AutoverificationFailure[]>; sampleVersion: number }): Promise<void> {
      const values = { ...outcome, siteId, judgedAt: new Date() };
      await db.insert(autoverificationOutcomes).values(values)
        .onConflictDoUpdate({ target: autoverificationOutcomes.sampleId, set: { ruleSetId: values.ruleSetId, released: values.released, failures: values.failures, sampleVersion: values.sampleVersion, judgedAt: values.judgedAt } });
    },

    /** The simulation's history of this site (simulationHistory). */
    history(from: Date, to: Date): Promise<HistoryRow[]> {
      return simulationHistory(db, siteId, from, to);
    },

    /** The demo seed's rule set of this site (insertDemoRuleSet). */
    insertDemo(naziv: string, pravila: AutoverificationRules, userId: string | null, now: Date, ukljuceno: boolean): Promise<void> {
      return insertDemoRuleSet(db, siteId, naziv, pravila, userId, now, ukljuceno);
    },

    /** The latest judgement of a sample of this site, with the version that judged it. */
    async outcome(sampleId: string) {
      if (!isUuid(sampleId)) return null;
      const [found] = await db.select({ outcome: autoverificationOutcomes, naziv: autoverificationRuleSets.naziv, verzija: autoverificationRuleSets.verzija })
        .from(autoverificationOutcomes).innerJoin(autoverificationRuleSets, eq(autoverificationRuleSets.id, autoverificationOutcomes.ruleSetId))
        .where(and(eq(autoverificationOutcomes.siteId, siteId), eq(autoverificationOutcomes.sampleId, sampleId)));
      return found ?? null;
    },
  };
}

/** The system verifier's user id, its disabled account made on first use (no password can match '!'). */
export async function systemVerifierId(db: Db): Promise<string> {
  const find = async () => (await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${SYSTEM_VERIFIER_EMAIL}`))[0]?.id;
  const existing = await find();
  if (existing) return existing;
  await db.insert(users).values({ email: SYSTEM_VERIFIER_EMAIL, passwordHash: '!', ime: SYSTEM_VERIFIER_NAME, prezime: '', role: 'specialist', disabled: true, accessLevel: 0 })
    .onConflictDoNothing();
  const made = await find();
  if (!made) throw new Error('the system verifier could not be made');
  return made;
}

/** The assays a rule may name: every assay in use, by code. */
export function assayChoices(db: Db) {
  return db.select({ _id: labAssays.id, sifra: labAssays.sifra, naziv: labAssays.naziv, naziv_en: labAssays.nazivEn, naziv_de: labAssays.nazivDe })
    .from(labAssays).where(eq(labAssays.disabled, false)).orderBy(asc(labAssays.sifra));
}

/** How many of these assay ids exist. */
export async function knownAssays(db: Db, ids: readonly string[]): Promise<number> {
  const unique = [...new Set(ids)].filter(isUuid);
  if (unique.length === 0) return 0;
  return (await db.select({ id: labAssays.id }).from(labAssays).where(inArray(labAssays.id, unique))).length;
}

/** A result of the simulation's history: as it was at its sample's first verification, and what happened to it after. */
export interface HistoryRow {
  sample_id: string;
  code: string;
  patient_id: string;
  datum: Date | string;
  trudnica: boolean;
  menopauza: boolean;
  komentar: string;
  verified_at: Date | string;
  test_id: string;
  labassay_id: string;
  sifra: string;
  sekcija_id: string;
  naziv: string;
  calculated: boolean;
  formula: string | null;
  jedinica: string;
  critical_low: string | null;
  critical_high: string | null;
  delta_kind: string | null;
  delta_limit: string | null;
  referenca: ReferenceSnapshot | null;
  unio_source: string | null;
  /** The value at the first verification: the old value of the first change after it, else the value now. */
  rezultat: string | null;
  /** The first change of the result after the first verification (null: none). */
  changed_at: Date | string | null;
  change_reason: string | null;
  /** The first unlock of the sample after its first verification (null: none). */
  unverified_at: Date | string | null;
  unverify_reason: string | null;
  /** The patient's previous verified value of the assay before the first verification, where the assay has a delta limit. */
  previous: string | null;
  previous_at: Date | string | null;
}

/**
 * The simulation's history, set-based in one statement: every result of the site's samples registered in
 * [from, to) that were verified at least once, each as it was at the sample's first verification (its audit row; for
 * samples written without one, such as imported history, the verification stamped on the sample) (the value
 * then, read back from the audit of later changes; the reference copied at verification), with the first later
 * change or unlock and the patient's previous verified value for the delta check. Each lookup is an index probe:
 * audit_log_entity_idx per sample, samples_patient_verified_idx per result with a delta limit.
 */
function simulationHistory(db: Db, siteId: string, from: Date, to: Date): Promise<HistoryRow[]> {
  return queryRows<HistoryRow>(db, sql`
    with s as (
      select s.id, s.code, s.patient_id, s.datum, s.trudnica, s.menopauza, s.komentar, coalesce(first.at, s.verified_at) as verified_at
      from ${samples} s
      cross join lateral (
        select min(a.at) as at from ${auditLog} a
        where a.entity = 'sample' and a.entity_id = s.id::text and a.action = 'sample.verify'
      ) first
      where s.site_id = ${siteId}::uuid and s.created_at >= ${from.toISOString()}::timestamptz and s.created_at < ${to.toISOString()}::timestamptz
        and (s.verified_once or s.status = 'VERIFICIRAN') and coalesce(first.at, s.verified_at) is not null
    )
    select s.id as sample_id, s.code, s.patient_id, s.datum, s.trudnica, s.menopauza, s.komentar, s.verified_at,
      t.id as test_id, t.labassay_id, la.sifra, la.sekcija_id, la.naziv, la.calculated, la.formula, la.jedinica,
      la.critical_low::text as critical_low, la.critical_high::text as critical_high, la.delta_kind, la.delta_limit::text as delta_limit,
      t.referenca, t.unio_source,
      case when change.at is null then t.rezultat else change.old_value #>> '{}' end as rezultat,
      change.at as changed_at, change.reason as change_reason, unlock.at as unverified_at, unlock.reason as unverify_reason,
      prev.rezultat as previous, prev.verified_at as previous_at
    from s
    join ${sampleTests} t on t.sample_id = s.id
    join ${labAssays} la on la.id = t.labassay_id
    left join lateral (
      select a.at, a.old_value, a.reason from ${auditLog} a
      where a.entity = 'sample' and a.entity_id = s.id::text and a.field = la.sifra and a.action like 'result.%' and a.at > s.verified_at
      order by a.at limit 1
    ) change on true
    left join lateral (
      select a.at, a.reason from ${auditLog} a
      where a.entity = 'sample' and a.entity_id = s.id::text and a.action = 'sample.unverify' and a.at > s.verified_at
      order by a.at limit 1
    ) unlock on true
    left join lateral (
      select pt.rezultat, ps.verified_at from ${samples} ps
      join ${sampleTests} pt on pt.sample_id = ps.id and pt.labassay_id = t.labassay_id
      where la.delta_limit is not null and ps.patient_id = s.patient_id and ps.site_id = ${siteId}::uuid and ps.status = 'VERIFICIRAN'
        and ps.id <> s.id and ps.verified_at < s.verified_at and pt.rezultat is not null and btrim(pt.rezultat) <> ''
      order by ps.verified_at desc limit 1
    ) prev on true
    order by s.verified_at, s.id`);
}

/** The demo seed's assays by code with their reference ranges (the pregnancy-specific ones left out). */
export async function demoAssayRanges(db: Db, codes: readonly string[]) {
  const assays = await db.select({ id: labAssays.id, sifra: labAssays.sifra }).from(labAssays).where(inArray(labAssays.sifra, [...codes]));
  if (assays.length === 0) return { assays, ranges: [] };
  const ranges = (await referenceRangesOf(db, assays.map((assay) => assay.id))).filter((range) => range.trudnica === null);
  return { assays, ranges };
}

/** The demo seed's rule set: version 1, active, with the kill switch as given. */
async function insertDemoRuleSet(db: Db, siteId: string, naziv: string, pravila: AutoverificationRules, userId: string | null, now: Date, ukljuceno: boolean): Promise<void> {
  await db.insert(autoverificationRuleSets).values({ siteId, naziv, verzija: 1, pravila, createdBy: userId, activatedAt: now, activatedBy: userId });
  await db.insert(autoverificationSwitches).values({ siteId, ukljuceno, updatedBy: userId });
}
