import { type MonthlyRow, monthlyStatistics, startOfDay, targetOf, type LotSource } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { qcRepository } from './repository.ts';
import { NO_RESULTS, isTargetSource, lotSources, sourceFilter, targetsOfSource } from './values.ts';

// The monthly table of a lot.

/**
 * GET /kontrole/mjesecno: the monthly table of a lot: per assay and level with a target, the month's counted
 * results (the site's calendar month) summed up by the domain's monthlyStatistics: n, mean, SD, CV, bias
 * against the target in force now, and Sigma from the assay's TEa.
 */
export async function monthly(
  db: Db, ctx: RequestContext, query: { kontrola: string; mjesec: string; izvor?: string },
): Promise<{ redovi: MonthlyRow[]; izvori: LotSource[] }> {
  const repository = qcRepository(db, ctx.siteId);
  const found = await repository.findControlWithZone(query.kontrola);
  if (!found) throw AppError.notFound();
  const [year, month] = query.mjesec.split('-').map(Number) as [number, number];
  const from = startOfDay({ year, month, day: 1 }, found.timeZone);
  const before = startOfDay(month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 }, found.timeZone);
  const source = sourceFilter(query.izvor);
  const targets = await repository.targets(found.control.id);
  const values = await repository.monthValues(found.control.id, from, before, source);
  const rows: MonthlyRow[] = [];
  for (const labassayId of [...new Set(targets.map((target) => target.labassayId))]) {
    const summaries = await repository.countedSummaries(found.control.id, labassayId, source);
    const tea = (await repository.rulesOf(labassayId))?.tea ?? null;
    for (const target of targetsOfSource(targets.filter((candidate) => candidate.labassayId === labassayId), source)) {
      const inForce = targetOf(isTargetSource(target.izvor) ? target.izvor : 'proizvodjac', target, summaries.get(target.nivo) ?? NO_RESULTS);
      const ofLevel = values.filter((value) => value.labassayId === labassayId && value.nivo === target.nivo).map((value) => value.vrijednost);
      rows.push({
        labassay: labassayId, sifra: target.sifra, naziv: target.naziv, naziv_en: target.nazivEn, naziv_de: target.nazivDe, jedinica: target.jedinica, nivo: target.nivo, cilj: inForce.mean, tea,
        ...monthlyStatistics(ofLevel, inForce.mean, tea),
      });
    }
  }
  return { redovi: rows, izvori: await lotSources(repository, found.control.id) };
}
