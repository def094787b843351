import { timingSafeEqual } from 'node:crypto';
import {
  type LabStatistics, type StatisticsOptions, type Turnaround, type WallDisplay, DEFAULT_TURNAROUND_TARGET_MINUTES, MAX_LAB_STATISTICS_DAYS,
  type MinuteCount, SAMPLE_STATUSES, calendarDateOf, epochDay, fromIsoDate, statisticsOptionsFrom, toIsoDate,
  turnaroundOfCounts, turnaroundTarget,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import * as repo from './repository.ts';

// The lab statistics of the caller's site (every statement carries its site id) and the wall display, which
// a display key opens without a session. The display answers counts and times only, never a patient, a sample
// code or a name.

/** The audit entity of a site's statistics options (targets, wall display key); its id is the site's. */
export const STATISTICS_AUDIT_ENTITY = 'statistics_options';

function round(value: number | null, decimals = 1): number | null {
  if (value === null) return null;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** The turnaround of samples counted per whole minute, against a target in minutes. */
function turnaroundOf(counts: readonly MinuteCount[], target: number): Turnaround {
  const { n, medijan, p90, u_cilju } = turnaroundOfCounts(counts, target);
  return { n, medijan_min: round(medijan), p90_min: round(p90), cilj_min: target, u_cilju: n === 0 ? null : round(u_cilju / n, 4) };
}

async function siteOf(db: Db, siteId: string): Promise<{ naziv: string; timeZone: string }> {
  const found = await repo.statisticsRepository(db, siteId).site();
  if (!found) throw AppError.notFound();
  return found;
}

export async function optionsOf(db: Db, siteId: string): Promise<StatisticsOptions> {
  return statisticsOptionsFrom(await repo.statisticsRepository(db, siteId).optionsData());
}

/** Days `od` to `do` of the site's calendar: the end not before the start, at most MAX_LAB_STATISTICS_DAYS. */
export function scopeOf(siteId: string, odText: string, doText: string): repo.StatisticsScope {
  const od = fromIsoDate(odText);
  const to = fromIsoDate(doText);
  if (!od) throw AppError.badRequest('form.invalid', 'od');
  if (!to) throw AppError.badRequest('form.invalid', 'do');
  const days = epochDay(to) - epochDay(od) + 1;
  if (days < 1 || days > MAX_LAB_STATISTICS_DAYS) throw new AppError(400, 'dateRange.invalid', 'do');
  return { siteId, firstDay: toIsoDate(od), lastDay: toIsoDate(to) };
}

/** GET /statistika: the site's samples registered on days `od` to `do`. */
export async function labStatistics(db: Db, ctx: RequestContext, odText: string, doText: string): Promise<LabStatistics> {
  const scope = scopeOf(ctx.siteId, odText, doText);
  const options = await optionsOf(db, ctx.siteId);
  return repo.statisticsTransaction(db, async (tx) => {
    const siteStatistics = repo.statisticsRepository(tx, scope.siteId);
    const days = await siteStatistics.perDay(scope);
    const statuses = await siteStatistics.perStatus(scope);
    const sections = await siteStatistics.perSection(scope);
    const minutesOfSection = new Map<string, repo.SectionMinuteRow[]>();
    for (const row of await siteStatistics.sectionTurnaroundMinutes(scope)) {
      const counted = minutesOfSection.get(row.sekcija);
      if (counted) counted.push(row);
      else minutesOfSection.set(row.sekcija, [row]);
    }
    const urgentMinutes = await siteStatistics.turnaroundMinutes(scope, true);
    const positives = await siteStatistics.positivity(scope);
    const partners = await siteStatistics.perPartner(scope);
    const analyserDays = await siteStatistics.perAnalyserAndDay(scope);
    const sum = (rows: readonly repo.StatusRow[]) => rows.reduce((total, row) => total + row.uzorci, 0);
    const urgent = statuses.filter((row) => row.hitan);
    const perAnalyser = new Map<string, number>();
    for (const row of analyserDays) perAnalyser.set(row.analizator, (perAnalyser.get(row.analizator) ?? 0) + row.rezultati);
    return {
      od: odText,
      do: doText,
      ukupno: {
        uzorci: sum(statuses), testovi: days.reduce((total, day) => total + day.testovi, 0), hitni: sum(urgent),
        verificirani: sum(statuses.filter((row) => row.status === 'VERIFICIRAN')),
      },
      po_danu: days,
      po_statusu: SAMPLE_STATUSES.map((status) => ({ status, uzorci: sum(statuses.filter((row) => row.status === status)) })),
      po_sekciji: sections.map((section) => ({
        ...section,
        tat: turnaroundOf(minutesOfSection.get(section.sekcija) ?? [], turnaroundTarget(options, section.sekcija)),
      })),
      pozitivnost: positives.map((row) => ({ ...row, udio: row.rezultati === 0 ? 0 : round(row.pozitivni / row.rezultati, 4) ?? 0 })),
      hitni: {
        ukupno: sum(urgent), cekaju: sum(urgent.filter((row) => row.status !== 'VERIFICIRAN')),
        tat: turnaroundOf(urgentMinutes, DEFAULT_TURNAROUND_TARGET_MINUTES),
      },
      po_partneru: partners,
      po_analizatoru: [...perAnalyser].map(([analizator, rezultati]) => ({ analizator, rezultati }))
        .sort((a, b) => b.rezultati - a.rezultati || a.analizator.localeCompare(b.analizator)),
      analizatori_po_danu: analyserDays,
    };
  });
}

/** The site's targets and whether its wall display is on. */
export async function settings(db: Db, ctx: RequestContext): Promise<{ tatCiljevi: Record<string, number>; dashboard: boolean }> {
  const options = await optionsOf(db, ctx.siteId);
  return { tatCiljevi: options.tatCiljevi, dashboard: options.dashboardKeyHash !== null };
}

/** Changes the site's options under the setting type's lock, with one audit row (never holding a key or its hash). */
async function changeOptions(db: Db, ctx: RequestContext, action: string, change: (options: StatisticsOptions) => StatisticsOptions): Promise<StatisticsOptions> {
  return db.transaction(async (tx) => {
    await repo.lockOptions(tx);
    const before = statisticsOptionsFrom(await repo.statisticsRepository(tx, ctx.siteId).optionsData());
    const after = change(before);
    await repo.statisticsRepository(tx, ctx.siteId).writeOptions(after);
    const visible = (options: StatisticsOptions) => ({ tatCiljevi: options.tatCiljevi, dashboard: options.dashboardKeyHash !== null });
    await writeAudit(tx, ctx, { action, entity: STATISTICS_AUDIT_ENTITY, entityId: ctx.siteId, oldValue: visible(before), newValue: visible(after) });
    return after;
  });
}

/** Sets a section's turnaround target (minutes), or returns it to the default (null). */
export async function setTarget(db: Db, ctx: RequestContext, sectionId: string, minutes: number | null): Promise<StatisticsOptions> {
  return changeOptions(db, ctx, 'statistics.target', (options) => {
    const { [sectionId]: _previous, ...others } = options.tatCiljevi;
    return { ...options, tatCiljevi: minutes === null ? others : { ...others, [sectionId]: minutes } };
  });
}

/** Turns the site's wall display on with a new key (answered this once; only its SHA-256 is kept) or off. */
export async function setWallDisplay(db: Db, ctx: RequestContext, enabled: boolean): Promise<string | null> {
  const key = enabled ? newToken() : null;
  await changeOptions(db, ctx, enabled ? 'statistics.dashboardKey' : 'statistics.dashboardOff', (options) => ({
    ...options, dashboardKeyHash: key === null ? null : hashToken(key),
  }));
  return key;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The site whose wall display key this is; null for a missing, unknown or revoked key. Every site's hash is
 * compared in constant time, so the answer's timing does not tell how much of a key was right.
 */
export async function siteOfDisplayKey(db: Db, key: string | undefined): Promise<string | null> {
  if (key === undefined || key.length === 0 || key.length > 200) return null;
  const hash = hashToken(key);
  let found: string | null = null;
  for (const record of await repo.allOptions(db)) {
    const stored = statisticsOptionsFrom(record.data).dashboardKeyHash;
    if (stored !== null && sameHash(stored, hash)) found = record.siteId;
  }
  return found;
}

/** GET /dashboard: today's counts of the key's site; a missing, wrong or revoked key is 401 with nothing else. */
export async function wallDisplay(db: Db, key: string | undefined, now: Date = new Date()): Promise<WallDisplay> {
  const siteId = await siteOfDisplayKey(db, key);
  if (siteId === null) throw AppError.unauthorized();
  const { naziv, timeZone } = await siteOf(db, siteId);
  const today = toIsoDate(calendarDateOf(now, timeZone));
  const scope = scopeOf(siteId, today, today);
  return repo.statisticsTransaction(db, async (tx) => {
    const siteStatistics = repo.statisticsRepository(tx, scope.siteId);
    const statuses = await siteStatistics.perStatus(scope);
    const measured = await siteStatistics.turnaroundMinutes(scope, false);
    const sum = (rows: readonly repo.StatusRow[]) => rows.reduce((total, row) => total + row.uzorci, 0);
    return {
      sajt: naziv,
      dan: today,
      po_statusu: SAMPLE_STATUSES.map((status) => ({ status, uzorci: sum(statuses.filter((row) => row.status === status)) })),
      uzorci: sum(statuses),
      hitni_cekaju: sum(statuses.filter((row) => row.hitan && row.status !== 'VERIFICIRAN')),
      tat: turnaroundOf(measured, DEFAULT_TURNAROUND_TARGET_MINUTES),
      osvjezeno: now.toISOString(),
    };
  });
}
