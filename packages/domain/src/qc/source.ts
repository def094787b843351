/**
 * Which target and which history judge a control run, by the run's source: the analyser that measured it, or
 * null for a run entered by hand.
 *
 * A lot's target is defined per assay, level and analyser: a target naming an analyser judges that analyser's
 * runs; the general target (no analyser) judges runs entered by hand and those of every analyser without a
 * target of its own. The Westgard history of a run is the earlier runs of the same lot, assay and level from
 * the same source only, so two analysers' runs never meet in 2-2s, R-4s, 4-1s or 10x.
 */

/** A target as these rules read it: its assay, level and analyser (null: the general target). */
export interface SourcedTarget {
  labassayId: string;
  nivo: number;
  analyserId: string | null;
}

/** The target that judges a run of `analyserId` (null: by hand) at this assay and level, or undefined when none applies. */
export function applicableTarget<T extends SourcedTarget>(
  targets: readonly T[], labassayId: string, nivo: number, analyserId: string | null,
): T | undefined {
  const ofLevel = targets.filter((target) => target.labassayId === labassayId && target.nivo === nivo);
  return (analyserId === null ? undefined : ofLevel.find((target) => target.analyserId === analyserId))
    ?? ofLevel.find((target) => target.analyserId === null);
}

/** Whether two runs come from the same source (the same analyser, or both entered by hand). */
export function sameSource(a: string | null, b: string | null): boolean {
  return a === b;
}

/** The results of a run's history: those of the run's own source, in their order. */
export function historyOfSource<T extends { analyserId: string | null }>(rows: readonly T[], analyserId: string | null): T[] {
  return rows.filter((row) => sameSource(row.analyserId, analyserId));
}
