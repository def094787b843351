import { z } from 'zod';
import { daySchema, failureResponses, sessionFields, successAnswer } from '../answers.ts';
import { SAMPLE_STATUSES } from '../sample/status.ts';
import { defineCall } from '../call.ts';
import { translatedNames } from '../catalogue/names.ts';

/**
 * Contracts of the lab statistics (/statistika) and of the wall display
 * (/dashboard). The statistics count the site's samples taken in (created)
 * on days `od` to `do` of the site's calendar; the wall display shows today
 * only and carries counts alone: no patient, sample code or name of any kind.
 */

/** The longest range the statistics take at once: a year and a leap day. */
export const MAX_LAB_STATISTICS_DAYS = 366;

/**
 * The turnaround-time target (minutes from reception to verification) of a
 * section for which the lab set none: four hours, the usual promise of a
 * routine laboratory for its same-day work.
 */
export const DEFAULT_TURNAROUND_TARGET_MINUTES = 240;
/** A target is between one minute and thirty days. */
export const MAX_TURNAROUND_TARGET_MINUTES = 43_200;

/** GET /api/statistika: days `od` to `do` (the site's calendar, inclusive). */
export const labStatisticsQuery = z.object({ od: daySchema, do: daySchema });

const count = z.number().int().nonnegative();
/** Minutes, one decimal; null when there was nothing to measure. */
const minutes = z.number().nullable();

export const turnaroundSchema = z.object({
  /** Verified samples measured (received and verified both known). */
  n: count,
  medijan_min: minutes,
  p90_min: minutes,
  cilj_min: z.number().int(),
  /** Share (0–1) of the measured samples verified within the target; null without any. */
  u_cilju: z.number().nullable(),
});
export type Turnaround = z.output<typeof turnaroundSchema>;

export const labStatisticsSchema = z.object({
  od: daySchema,
  do: daySchema,
  ukupno: z.object({ uzorci: count, testovi: count, hitni: count, verificirani: count }),
  po_danu: z.array(z.object({ dan: daySchema, uzorci: count, testovi: count })),
  po_statusu: z.array(z.object({ status: z.enum(SAMPLE_STATUSES), uzorci: count })),
  po_sekciji: z.array(z.object({ sekcija: z.string(), naziv: z.string(), ...translatedNames, uzorci: count, testovi: count, tat: turnaroundSchema })),
  /** Qualitative tests with a result: how many were positive. */
  pozitivnost: z.array(z.object({ analiza: z.string(), naziv: z.string(), ...translatedNames, rezultati: count, pozitivni: count, udio: z.number() })),
  /** Urgent samples: all, still waiting for verification, and their turnaround time. */
  hitni: z.object({ ukupno: count, cekaju: count, tat: turnaroundSchema }),
  /** Samples and tests per ordering partner, most samples first; `partner` null: samples without one. */
  po_partneru: z.array(z.object({ partner: z.string().nullable(), naziv: z.string().nullable(), uzorci: count, testovi: count })),
  /** Workload per analyser: the results each one gave on the range's samples, most first. */
  po_analizatoru: z.array(z.object({ analizator: z.string(), rezultati: count })),
  /** The same per day of registration (days and analysers without a result are left out). */
  analizatori_po_danu: z.array(z.object({ dan: daySchema, analizator: z.string(), rezultati: count })),
});
export type LabStatistics = z.output<typeof labStatisticsSchema>;
export const labStatisticsAnswer = successAnswer({ statistika: labStatisticsSchema });
export type LabStatisticsAnswer = z.output<typeof labStatisticsAnswer>;

const targetMinutes = z.number({ error: 'statistics.targetInvalid' }).int({ error: 'statistics.targetInvalid' })
  .min(1, { error: 'statistics.targetInvalid' }).max(MAX_TURNAROUND_TARGET_MINUTES, { error: 'statistics.targetInvalid' });

/**
 * The site's statistics options, a `setting_records` row of this type per
 * site: the turnaround target of each section (by section id; a section not
 * named has the default) and the SHA-256 of the wall display's key (null:
 * the wall display is off).
 */
export const STATISTICS_OPTIONS_TYPE = 'statistics_options';
export const statisticsOptionsSchema = z.object({
  tatCiljevi: z.record(z.uuid(), targetMinutes).default({}),
  dashboardKeyHash: z.string().regex(/^[0-9a-f]{64}$/).nullable().default(null),
});
export type StatisticsOptions = z.output<typeof statisticsOptionsSchema>;

/** A stored record (any JSON) read field by field: a malformed field falls back to its default. */
export function statisticsOptionsFrom(stored: unknown): StatisticsOptions {
  const source = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const targets = statisticsOptionsSchema.shape.tatCiljevi.safeParse(source.tatCiljevi);
  const hash = statisticsOptionsSchema.shape.dashboardKeyHash.safeParse(source.dashboardKeyHash);
  return { tatCiljevi: targets.success ? targets.data : {}, dashboardKeyHash: hash.success ? hash.data : null };
}

/** The turnaround target of a section: the lab's where set, else the default. */
export function turnaroundTarget(options: Pick<StatisticsOptions, 'tatCiljevi'>, sectionId: string): number {
  return options.tatCiljevi[sectionId] ?? DEFAULT_TURNAROUND_TARGET_MINUTES;
}

/** GET /api/statistika/postavke: the site's targets and whether the wall display is on (never the key). */
export const statisticsSettingsAnswer = successAnswer({ tatCiljevi: z.record(z.string(), z.number().int()), dashboard: z.boolean() });
export type StatisticsSettingsAnswer = z.output<typeof statisticsSettingsAnswer>;
/** POST /api/statistika/ciljevi: a section's target in minutes; null returns it to the default. */
export const turnaroundTargetBody = z.object({ sekcija: z.uuid(), minuta: targetMinutes.nullable(), ...sessionFields });
/** POST /api/statistika/dashboard: `ukljuci` true issues a new key (answered this once), false revokes it. */
export const dashboardKeyBody = z.object({ ukljuci: z.boolean(), ...sessionFields });
export const dashboardKeyAnswer = successAnswer({ message: z.string(), kljuc: z.string().nullable() });
export type DashboardKeyAnswer = z.output<typeof dashboardKeyAnswer>;

/** GET /api/dashboard?kljuc=: the wall display of the key's site, today. */
export const wallDisplayQuery = z.object({ kljuc: z.string().max(200).optional() });
export const wallDisplaySchema = z.object({
  sajt: z.string(),
  dan: daySchema,
  po_statusu: z.array(z.object({ status: z.enum(SAMPLE_STATUSES), uzorci: count })),
  uzorci: count,
  hitni_cekaju: count,
  tat: turnaroundSchema,
  osvjezeno: z.iso.datetime(),
});
export type WallDisplay = z.output<typeof wallDisplaySchema>;
export const wallDisplayAnswer = successAnswer({ prikaz: wallDisplaySchema });
export type WallDisplayAnswer = z.output<typeof wallDisplayAnswer>;

/** Sent (without any payload) to the wall displays of a site whenever one of its site events goes out. */
export const WALL_DISPLAY_CHANGED_EVENT = 'dashboard:changed';

export const statisticsContracts = {
  statistics: defineCall({
    method: 'GET', path: '/statistika', permission: 'samples.read',
    querystring: labStatisticsQuery, response: { 200: labStatisticsAnswer, ...failureResponses },
  }),
  settings: defineCall({
    method: 'GET', path: '/statistika/postavke', permission: 'samples.read',
    response: { 200: statisticsSettingsAnswer, ...failureResponses },
  }),
  target: defineCall({
    method: 'POST', path: '/statistika/ciljevi', permission: 'settings.write',
    body: turnaroundTargetBody, response: { 200: statisticsSettingsAnswer, ...failureResponses },
  }),
  dashboardKey: defineCall({
    method: 'POST', path: '/statistika/dashboard', permission: 'settings.write',
    body: dashboardKeyBody, response: { 200: dashboardKeyAnswer, ...failureResponses },
  }),
  wallDisplay: defineCall({
    method: 'GET', path: '/dashboard', permission: 'public',
    querystring: wallDisplayQuery, response: { 200: wallDisplayAnswer, ...failureResponses },
  }),
} as const;
