import {
  type CountedSummary, type TargetSource, type WestgardRule, DEFAULT_WESTGARD_RULES, TARGET_SOURCES, WESTGARD_RULES, applicableTarget, type LotSource,
} from '@lis/domain';
import type { qcRepository } from './repository.ts';

// What the parts of quality control share: the stored values read back as the domain's (sources, rules), the
// target in force for a level, and the rules in force for an assay.

export function isTargetSource(value: string): value is TargetSource {
  return (TARGET_SOURCES as readonly string[]).includes(value);
}
export function isRule(value: string): value is WestgardRule {
  return (WESTGARD_RULES as readonly string[]).includes(value);
}

/** A level without counted results yet: its declared target is in force. */
export const NO_RESULTS: CountedSummary = { n: 0, first: null, all: null };

export type Target = Awaited<ReturnType<ReturnType<typeof qcRepository>['targets']>>[number];

/** The rules an assay's runs are judged by at the site: those set for it, or the classic multirule. */
export async function rulesInForce(repository: ReturnType<typeof qcRepository>, labassayId: string): Promise<readonly WestgardRule[]> {
  const assayRules = await repository.rulesOf(labassayId);
  return assayRules ? assayRules.pravila.filter(isRule) : DEFAULT_WESTGARD_RULES;
}

/** A chart's or monthly table's `izvor`: undefined every source, 'rucno' hand entry (null), else the analyser's id. */
export function sourceFilter(izvor: string | undefined): string | null | undefined {
  return izvor === undefined ? undefined : izvor === 'rucno' ? null : izvor;
}

/**
 * Per level of an assay, the target that judges the source's runs (applicableTarget): the analyser's own, else
 * the general one; a level with neither is left out. Every source together (undefined) is shown against the
 * general target, or the level's first analyser's target when it has no general one.
 */
export function targetsOfSource<T extends { labassayId: string; nivo: number; analyserId: string | null }>(ofAssay: readonly T[], source: string | null | undefined): T[] {
  const levels = [...new Set(ofAssay.map((target) => target.nivo))];
  return levels.flatMap((nivo) => {
    const target = applicableTarget(ofAssay, ofAssay[0]!.labassayId, nivo, source ?? null)
      ?? (source === undefined ? ofAssay.find((candidate) => candidate.nivo === nivo) : undefined);
    return target ? [target] : [];
  });
}

export async function lotSources(repository: ReturnType<typeof qcRepository>, controlId: string): Promise<LotSource[]> {
  return (await repository.lotSources(controlId)).map((row) => ({ analyser: row.analyserId, ime: row.ime }));
}
