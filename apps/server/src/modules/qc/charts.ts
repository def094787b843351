import { type ChartAnswer, type ChartLevel, biasPercent, resolveDateRange, sigmaMetric, summarise, targetOf } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { qcRepository } from './repository.ts';
import { NO_RESULTS, isTargetSource, lotSources, sourceFilter, targetsOfSource } from './values.ts';

// The Levey-Jennings chart of a lot's assay.

/** The chart's default range: the last 31 days up to now. */
const DEFAULT_CHART_DAYS = 31;

/**
 * GET /kontrole/charts: the Levey-Jennings data of a lot's assay over a date range: per level the target in
 * force now (mean, SD), every result with its z-score, status and the rules it violated (excluded ones
 * marked), and the statistics of the counted results of the range (mean, SD, CV, bias against the target,
 * Sigma from the assay's TEa).
 */
export async function chart(
  db: Db, ctx: RequestContext, query: { kontrola: string; labassay: string; dateRangeMin?: string; dateRangeMax?: string; izvor?: string },
): Promise<ChartAnswer> {
  const repository = qcRepository(db, ctx.siteId);
  const found = await repository.findControlWithZone(query.kontrola);
  if (!found) throw AppError.notFound();
  const range = resolveDateRange(query.dateRangeMin, query.dateRangeMax, found.timeZone);
  if (range.kind === 'invalid') throw new AppError(400, 'dateRange.invalid', range.field);
  const now = new Date();
  const window = range.kind === 'window' ? range.window : { from: new Date(now.getTime() - DEFAULT_CHART_DAYS * 86_400_000), before: new Date(now.getTime() + 1) };
  const shown = sourceFilter(query.izvor);
  const [targets, points, summaries, assayRules, izvori] = await Promise.all([
    repository.targets(found.control.id), repository.chartPoints(found.control.id, query.labassay, window.from, window.before, shown),
    repository.countedSummaries(found.control.id, query.labassay, shown), repository.rulesOf(query.labassay), lotSources(repository, found.control.id),
  ]);
  const allOfAssay = targets.filter((target) => target.labassayId === query.labassay);
  if (allOfAssay.length === 0) throw AppError.notFound();
  const ofAssay = targetsOfSource(allOfAssay, shown);
  const tea = assayRules?.tea ?? null;
  const nivoi: ChartLevel[] = ofAssay.map((target) => {
    const source = isTargetSource(target.izvor) ? target.izvor : 'proizvodjac';
    const inForce = targetOf(source, target, summaries.get(target.nivo) ?? NO_RESULTS);
    const tacke = points.get(target.nivo) ?? [];
    const summary = summarise(tacke.filter((point) => !point.iskljucen).map((point) => point.vrijednost));
    const bias = summary ? biasPercent(summary.mean, inForce.mean) : null;
    return {
      nivo: target.nivo, mean: inForce.mean, sd: inForce.sd, izvor: source, established: inForce.established,
      statistika: {
        n: summary?.n ?? 0, mean: summary?.mean ?? null, sd: summary?.sd ?? null, cv: summary?.cv ?? null, bias,
        sigma: tea !== null && bias !== null ? sigmaMetric(tea, bias, summary?.cv ?? null) : null,
      },
      tacke,
    };
  });
  const assay = allOfAssay[0]!;
  return { success: true, naziv: assay.naziv, naziv_en: assay.nazivEn, naziv_de: assay.nazivDe, jedinica: assay.jedinica, tea, nivoi, izvori };
}
