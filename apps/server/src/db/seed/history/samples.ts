import { type SampleStatus, formatSampleCode, sampleCodeDay, toIsoDate } from '@lis/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../client.ts';
import { labAssays, sampleTests, samples } from '../../schema.ts';
import { referenceRangesOf } from '../../reference-ranges.ts';
import { judge, patientFactsOfSamples, rangesByAssay } from '../../../modules/results/judgement.ts';
import { allocateDemoCounters } from './codes.ts';
import { registerDemoPatients } from './people.ts';
import { type HistoryContext, TECHNICIAN, demoRandom, siteDay, siteTime } from './context.ts';

// Three weeks of routine samples on both demo sites before the seed's day, so the statistics (samples and
// tests per day, section and status, turnaround) and the result lists have a history: older samples verified,
// the last two days' still moving through the workflow (in processing, done, approved). Their results are
// drawn around each assay's adult range and judged as a save judges them (@lis/domain ranges through the
// results module's judge: the range for the patient, the flag, the copy of the reference on the test).
// Today is left to the hand-made demo samples.

export const SAMPLE_DAYS = 21;

/** What a test's result is drawn from: its typical value and spread, and the decimals the analyser reports. */
const VALUES: Record<string, { mean: number; sd: number; decimals: number }> = {
  GLU: { mean: 5.6, sd: 1.2, decimals: 1 }, CHOL: { mean: 5.3, sd: 1.0, decimals: 2 }, HDL: { mean: 1.35, sd: 0.3, decimals: 2 },
  TG: { mean: 1.6, sd: 0.7, decimals: 2 }, KREA: { mean: 82, sd: 20, decimals: 0 }, UREA: { mean: 5.6, sd: 1.8, decimals: 1 },
  ALT: { mean: 26, sd: 12, decimals: 0 }, AST: { mean: 24, sd: 9, decimals: 0 }, GGT: { mean: 30, sd: 18, decimals: 0 },
  CRP: { mean: 4, sd: 6, decimals: 1 }, K: { mean: 4.3, sd: 0.4, decimals: 1 }, NA: { mean: 140, sd: 2.5, decimals: 0 },
  HGB: { mean: 138, sd: 14, decimals: 0 }, WBC: { mean: 7.2, sd: 2.2, decimals: 1 }, PLT: { mean: 260, sd: 60, decimals: 0 },
  TSH: { mean: 2.1, sd: 1.1, decimals: 2 }, FT4: { mean: 15.5, sd: 2.6, decimals: 1 },
};

/** The requests a general practice sends most: the tests of each, by assay code. */
const REQUESTS = [['GLU', 'CHOL', 'HDL', 'TG'], ['KREA', 'UREA', 'K', 'NA'], ['ALT', 'AST', 'GGT'], ['HGB', 'WBC', 'PLT'], ['CRP', 'WBC'], ['TSH', 'FT4'], ['GLU', 'KREA']] as const;

const PER_DAY: Record<string, number> = { SA: 14, TZ: 6 };

/**
 * The status of a sample taken on the `workingDaysAgo`-th working day before the seed (1 = the last one): settled
 * after two working days, on its way before. `share` is the sample's place among its day's samples (0 to 1), so the
 * last working day always holds samples in every stage, whichever weekday the seed runs on.
 */
function statusOn(workingDaysAgo: number, share: number): SampleStatus {
  if (workingDaysAgo > 2) return 'VERIFICIRAN';
  if (workingDaysAgo === 2) return share < 0.7 ? 'VERIFICIRAN' : 'ODOBREN';
  return share < 0.35 ? 'VERIFICIRAN' : share < 0.6 ? 'ODOBREN' : share < 0.85 ? 'REALIZOVAN' : 'U OBRADI';
}

export async function seedDemoSamples(db: Db, context: HistoryContext): Promise<void> {
  const technician = context.users.get(TECHNICIAN);
  if (!technician) return;
  const codes = Object.keys(VALUES);
  const assays = await db.select({
    id: labAssays.id, sifra: labAssays.sifra, price: labAssays.price, jedinica: labAssays.jedinica, criticalLow: labAssays.criticalLow, criticalHigh: labAssays.criticalHigh,
  }).from(labAssays).where(inArray(labAssays.sifra, codes));
  const assayOf = new Map(assays.map((row) => [row.sifra, row]));
  if (assayOf.size < codes.length) return;
  const random = demoRandom(77_031);

  const planned = [...context.sites].flatMap(([sifra, site]) => {
    // The labs do not take samples on Sundays.
    const workingDays = Array.from({ length: SAMPLE_DAYS }, (_, index) => SAMPLE_DAYS - index)
      .filter((daysAgo) => new Date(`${toIsoDate(siteDay(context, site.timeZone, daysAgo))}T12:00:00Z`).getUTCDay() !== 0);
    const perDay = PER_DAY[sifra] ?? 0;
    return workingDays.flatMap((daysAgo, dayIndex) => Array.from({ length: perDay }, (_, sampleIndex) => ({
      siteId: site.id, timeZone: site.timeZone, daysAgo, minute: 7 * 60 + Math.floor(random.next() * 240),
      request: random.pick(REQUESTS), hitan: random.next() < 0.08, status: statusOn(workingDays.length - dayIndex, sampleIndex / perDay),
      // Minutes from taking to reception and from reception to verification: an urgent sample goes first.
      reception: 10 + Math.floor(random.next() * 30), work: random.next(),
    })));
  })
    .sort((a, b) => b.daysAgo - a.daysAgo || a.minute - b.minute);
  if (planned.length === 0) return;

  const patientIds = await registerDemoPatients(db, random, planned.length, '18', '');

  const days = planned.map((sample) => sampleCodeDay(siteDay(context, sample.timeZone, sample.daysAgo)));
  const numbers = await allocateDemoCounters(db, days);
  const values = planned.map((sample, index) => {
    const datum = siteTime(context, sample.timeZone, sample.daysAgo, sample.minute);
    const at = (minutes: number) => new Date(datum.getTime() + minutes * 60_000);
    const released = sample.status === 'ODOBREN' || sample.status === 'VERIFICIRAN';
    const verification = Math.round(sample.hitan ? 40 + sample.work * 80 : 90 + sample.work * 270);
    return {
      siteId: sample.siteId, patientId: patientIds[index]!, code: formatSampleCode(days[index]!, numbers[index]!), rbr: numbers[index]!,
      status: sample.status, hitan: sample.hitan, datum, createdAt: datum, updatedAt: at(sample.reception + verification - 10), receivedAt: at(sample.reception),
      approvedAt: released ? at(sample.reception + verification - 20) : null, verifiedAt: sample.status === 'VERIFICIRAN' ? at(sample.reception + verification) : null,
      verifiedOnce: sample.status === 'VERIFICIRAN', lokacija: 'Dom zdravlja',
    };
  });
  const sampleRows = await db.insert(samples).values(values).returning({ id: samples.id, code: samples.code, patientId: samples.patientId, datum: samples.datum });
  const idOf = new Map(sampleRows.map((row) => [row.code, row.id]));

  // Judged as a save judges them: the patient's range, the flag, the reference copied onto the test.
  const siteOfSample = new Map(values.map((value) => [idOf.get(value.code)!, value.siteId]));
  const facts = new Map<string, Awaited<ReturnType<typeof patientFactsOfSamples>> extends Map<string, infer F> ? F : never>();
  for (const siteId of new Set(values.map((value) => value.siteId))) {
    const ofSite = sampleRows.filter((row) => siteOfSample.get(row.id) === siteId).map((row) => ({ ...row, trudnica: false, menopauza: false }));
    for (const [id, fact] of await patientFactsOfSamples(db, siteId, ofSite)) facts.set(id, fact);
  }
  const ranges = rangesByAssay(await referenceRangesOf(db, assays.map((assay) => assay.id)));
  const tests = planned.flatMap((sample, index) => {
    const sampleId = idOf.get(values[index]!.code)!;
    return sample.request.map((sifra) => {
      const assay = assayOf.get(sifra)!;
      const spread = VALUES[sifra]!;
      // Results only once the sample is being worked on; in processing, the analyser has sent some of them.
      const measured = sample.status !== 'U OBRADI' || random.next() < 0.5;
      const value = Math.max(spread.mean * 0.15, spread.mean + random.normal() * spread.sd);
      const rezultat = measured ? value.toFixed(spread.decimals) : null;
      const judged = judge({ ...assay, labassayId: assay.id, referenca: null }, rezultat, ranges, facts.get(sampleId)!);
      return {
        sampleId, labassayId: assay.id, price: assay.price, statusT: rezultat === null ? 'U OBRADI' : sample.status, rezultat, rezultatF: rezultat,
        flag: judged.flag, referenca: rezultat === null ? null : judged.snapshot, unioBy: rezultat === null ? null : technician,
      };
    });
  });
  await db.insert(sampleTests).values(tests);
}
