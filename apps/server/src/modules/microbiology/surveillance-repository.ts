import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { TimeWindow } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { labSecrets } from '../../db/shared-tables.ts';
import { cultureIsolates, isolateSusceptibilities, microAntimicrobials, microOrganisms, sampleCultures } from './tables.ts';
import { patients } from '../patients/tables.ts';
import { samples } from '../samples/tables.ts';

/** What surveillance reads: a site's verified cultures taken in a period, optionally of one specimen. */
export interface SurveillanceScope {
  siteId: string;
  window: TimeWindow;
  materijal: string | null;
}

/** A scope without its site: what the site-bound repository is asked for. */
export type SurveillanceFilter = Omit<SurveillanceScope, 'siteId'>;

export interface IsolateRow {
  isolateId: string;
  rbr: number;
  mo: string;
  fullname: string;
  sampleCode: string;
  datum: Date;
  patientId: string;
  jmbg: string;
  godiste: number | null;
  spol: string;
  materijal: string;
  guideline: string | null;
}

export interface SusceptibilityRow {
  isolateId: string;
  ab: string;
  name: string;
  grupa: string;
  method: string;
  vrijednost: string;
  tumacenje: string | null;
  izmjena: string | null;
  /** A disk measurement's disk content: the breakpoint row's it was interpreted by, else the agent's usual disk in the culture's guideline. */
  diskDose: string | null;
}

/**
 * The disk content of a disk measurement: the one of the breakpoint row that interpreted it (the row the
 * stored `breakpoint` names), else (intrinsic resistance, no breakpoint) the disk the culture's guideline
 * names most often for the agent; null for a MIC or a table imported without disk contents.
 */
const DISK_DOSE = sql<string | null>`case when ${isolateSusceptibilities.method} = 'DISK' then coalesce(
  (select b.disk_dose from micro_breakpoints b
    where b.guideline = ${isolateSusceptibilities.breakpoint}->>'guideline' and b.ab = ${isolateSusceptibilities.ab} and b.method = 'DISK'
      and b.mo = ${isolateSusceptibilities.breakpoint}->>'mo' and b.site = ${isolateSusceptibilities.breakpoint}->>'site'
      and b.uti = (${isolateSusceptibilities.breakpoint}->>'uti')::boolean
    limit 1),
  (select b.disk_dose from micro_breakpoints b
    where b.guideline = ${sampleCultures.guideline} and b.ab = ${isolateSusceptibilities.ab} and b.method = 'DISK' and b.disk_dose is not null
    group by b.disk_dose order by count(*) desc, b.disk_dose limit 1)) end`;

/**
 * The samples surveillance counts: the site's, verified (final results only), taken in the period. The first
 * three conditions are samples_micro_verified_idx's predicate and key word for word, so the planner reads the
 * period's verified culture samples from that index, never the site's whole history.
 */
function sampleConditions(scope: SurveillanceScope): SQL {
  return and(
    eq(samples.siteId, scope.siteId), sql`${samples.mikrobiologija} and ${samples.status} = 'VERIFICIRAN'`,
    gte(samples.datum, scope.window.from), lt(samples.datum, scope.window.before),
    scope.materijal === null ? undefined : eq(sampleCultures.materijal, scope.materijal),
  )!;
}

/** The surveillance reads of one site (verified cultures, their isolates and antibiograms), and the lab's secrets. */
export function surveillanceRepository(db: Db, siteId: string) {
  /** The isolates of the scope with their sample and patient, in specimen-date order (a statement, so its plan can be checked). */
  const isolatesQuery = (filter: SurveillanceFilter) => {
    const scope: SurveillanceScope = { ...filter, siteId };
    return db.select({
      isolateId: cultureIsolates.id, rbr: cultureIsolates.rbr, mo: cultureIsolates.mo, fullname: microOrganisms.fullname,
      sampleCode: samples.code, datum: samples.datum, patientId: samples.patientId, jmbg: patients.jmbg, godiste: patients.godiste,
      spol: patients.spol, materijal: sampleCultures.materijal, guideline: sampleCultures.guideline,
    }).from(samples)
      .innerJoin(sampleCultures, eq(sampleCultures.sampleId, samples.id))
      .innerJoin(cultureIsolates, eq(cultureIsolates.cultureId, sampleCultures.id))
      .innerJoin(microOrganisms, eq(microOrganisms.mo, cultureIsolates.mo))
      .innerJoin(patients, eq(patients.id, samples.patientId))
      .where(sampleConditions(scope))
      .orderBy(asc(samples.datum), asc(samples.code), asc(sampleCultures.id), asc(cultureIsolates.rbr));
  };

  return {
    isolatesQuery,

    async isolates(filter: SurveillanceFilter): Promise<IsolateRow[]> {
      return isolatesQuery(filter);
    },

    /** The antibiogram rows of the scope's isolates (one statement, whatever the number of isolates). */
    async susceptibilities(filter: SurveillanceFilter): Promise<SusceptibilityRow[]> {
      const scope: SurveillanceScope = { ...filter, siteId };
      return db.select({
        isolateId: isolateSusceptibilities.isolateId, ab: isolateSusceptibilities.ab, name: microAntimicrobials.name,
        grupa: microAntimicrobials.grupa, method: isolateSusceptibilities.method, vrijednost: isolateSusceptibilities.vrijednost,
        tumacenje: isolateSusceptibilities.tumacenje, izmjena: isolateSusceptibilities.izmjena, diskDose: DISK_DOSE,
      }).from(samples)
        .innerJoin(sampleCultures, eq(sampleCultures.sampleId, samples.id))
        .innerJoin(cultureIsolates, eq(cultureIsolates.cultureId, sampleCultures.id))
        .innerJoin(isolateSusceptibilities, eq(isolateSusceptibilities.isolateId, cultureIsolates.id))
        .innerJoin(microAntimicrobials, eq(microAntimicrobials.ab, isolateSusceptibilities.ab))
        .where(sampleConditions(scope))
        .orderBy(asc(isolateSusceptibilities.isolateId), asc(isolateSusceptibilities.rbr));
    },

    /** The specimens of the site's verified cultures in the period (every specimen, whatever the filter), by name. */
    async specimens(filter: SurveillanceFilter): Promise<string[]> {
      const scope: SurveillanceScope = { ...filter, siteId };
      const rows = await db.selectDistinct({ materijal: sampleCultures.materijal }).from(samples)
        .innerJoin(sampleCultures, eq(sampleCultures.sampleId, samples.id))
        .where(sampleConditions({ ...scope, materijal: null }))
        .orderBy(asc(sampleCultures.materijal));
      return rows.map((row) => row.materijal);
    },

    /**
     * The lab's secret of this name, made on first use: 32 random bytes. Two servers asking at once both
     * insert-or-keep, then read the one row that won.
     */
    async secret(name: string): Promise<string> {
      await db.insert(labSecrets).values({ name, secret: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await db.select({ secret: labSecrets.secret }).from(labSecrets).where(eq(labSecrets.name, name));
      if (!row) throw new Error(`the lab secret ${name} was not stored`);
      return row.secret;
    },
  };
}
