import { readMicrobiology, type AnalyserResult, type InstrumentIsolate, type InterpretedMessage } from '@lis/analyser-protocols';
import {
  instrumentDisagrees, microbiologyInstrumentOf, type BenchMicrobiologyLine as MicrobiologyBenchLine, type MessageOutcome, type ReviewReason,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { applyInstrumentCulture, planInstrumentCulture, type InstrumentCulturePlan } from '../microbiology/service.ts';
import type { RejectedRun } from '../qc/service.ts';
import { analyserContext, lockSamplesForAnalyser, type AnalyserTargetSample, type SampleEvent } from '../results/service.ts';
import { integrationRepository, type AnalyserRow, type NewAppliedResult, type NewReviewItem } from './repository.ts';
import { compareCodes, flagsOf, specimensOf } from './result-flags.ts';

/**
 * The ingest of a microbiology instrument (an analyser with `vrsta: 'mikrobiologija'`: VITEK 2, BD Phoenix …).
 * Its message is read by the same ASTM/HL7 interpretation as every analyser's (with the isolate numbers, `subIds`),
 * its results grouped into isolates (readMicrobiology), and each specimen's isolates land on the culture of the
 * sample with that code through the microbiology module (planInstrumentCulture, applyInstrumentCulture: the
 * lab's breakpoints, the instrument's S/I/R kept beside ours, the same isolate number updated, never added
 * twice). Kept for review instead, with the reason: an unknown specimen, an approved or verified sample, a
 * sample without a culture test, an organism or antibiotic the reference tables and the analyser's maps do not
 * name, a value off the MIC scale. The capture bench shows the same plan (microbiologyBenchLines).
 */

/** What applying a message decided, in the shape the ingest's finish writes. */
interface MicrobiologyApplied {
  applied: NewAppliedResult[];
  review: NewReviewItem[];
  controls: number;
  completions: SampleEvent[];
  qcRuns: RejectedRun[];
}

/** A specimen's isolates with the sample its code names on the site (null: none) and what they would do to its culture. */
interface SpecimenPlan {
  specimenId: string;
  sample: AnalyserTargetSample | null;
  isolates: InstrumentIsolate[];
  /** null when the isolates cannot land at all (reason in `razlog`). */
  plan: InstrumentCulturePlan | null;
  razlog: ReviewReason | null;
}

/** The results of an isolate, the organism first. */
function resultsOfIsolate(isolate: InstrumentIsolate): AnalyserResult[] {
  return [...(isolate.organism ? [isolate.organism.result] : []), ...isolate.susceptibilities.map((row) => row.result)];
}

/** Each specimen's plan, in code order (the order the samples are locked in). The samples must already be locked (or read) by the caller. */
async function planSpecimens(
  db: Db | Tx, analyser: AnalyserRow, results: readonly AnalyserResult[], samples: ReadonlyMap<string, AnalyserTargetSample>,
): Promise<SpecimenPlan[]> {
  const settings = microbiologyInstrumentOf(analyser.element);
  const isolates = readMicrobiology(results, settings.organizamKodovi ? { organismCodes: settings.organizamKodovi } : {});
  const plans: SpecimenPlan[] = [];
  for (const specimenId of [...new Set(isolates.map((isolate) => isolate.specimenId))].sort(compareCodes)) {
    const own = isolates.filter((isolate) => isolate.specimenId === specimenId);
    const sample = samples.get(specimenId) ?? null;
    if (!sample) { plans.push({ specimenId, sample, isolates: own, plan: null, razlog: 'unknownSpecimen' }); continue; }
    if (sample.locked) { plans.push({ specimenId, sample, isolates: own, plan: null, razlog: 'sampleLocked' }); continue; }
    const plan = await planInstrumentCulture(db, analyser.siteId, sample.id, { id: analyser.id, ime: analyser.ime }, settings, own);
    plans.push({ specimenId, sample, isolates: own, plan, razlog: null });
  }
  return plans;
}

/** Each result of a specimen's plan with what becomes of it: landed on the culture test (razlog null) or kept for review. */
function outcomesOf(specimen: SpecimenPlan): { result: AnalyserResult; razlog: ReviewReason | null }[] {
  if (specimen.plan === null) return specimen.isolates.flatMap(resultsOfIsolate).map((result) => ({ result, razlog: specimen.razlog }));
  return specimen.plan.isolates.flatMap((isolate) => [
    ...(isolate.source.organism ? [{ result: isolate.source.organism.result, razlog: isolate.razlog }] : []),
    ...isolate.rows.map((row) => ({ result: row.source.result, razlog: row.razlog })),
  ]);
}

/**
 * Applies a microbiology instrument's results: the samples locked (in code order), each specimen's isolates
 * planned and written on its culture, every result either recorded as applied to the culture test or kept for
 * review with its reason.
 */
export async function applyMicrobiology(
  tx: Tx, analyser: AnalyserRow, messageId: string, results: readonly AnalyserResult[],
): Promise<MicrobiologyApplied> {
  const done = await applyEach(tx, analyser, messageId, results);
  return { applied: done.applied.map((entry) => entry.row), review: done.review, controls: 0, completions: done.completions, qcRuns: [] };
}

/** applyMicrobiology with each applied row beside the result it records. */
async function applyEach(tx: Tx, analyser: AnalyserRow, messageId: string, results: readonly AnalyserResult[]): Promise<{
  applied: { result: AnalyserResult; row: NewAppliedResult }[]; review: NewReviewItem[]; completions: SampleEvent[];
}> {
  const samples = await lockSamplesForAnalyser(tx, analyser.siteId, specimensOf(results));
  const ctx = analyserContext(analyser.siteId, messageId);
  const applied: { result: AnalyserResult; row: NewAppliedResult }[] = [];
  const review: NewReviewItem[] = [];
  const completions: SampleEvent[] = [];
  for (const specimen of await planSpecimens(tx, analyser, results, samples)) {
    const written = specimen.sample && specimen.plan
      ? await applyInstrumentCulture(tx, ctx, specimen.sample, specimen.plan, analyser.ime)
      : { sampleTestId: null, completions: [] };
    completions.push(...written.completions);
    for (const { result, razlog } of outcomesOf(specimen)) {
      if (razlog === null && written.sampleTestId !== null) {
        applied.push({ result, row: {
          messageId, sampleTestId: written.sampleTestId, testCode: result.testCode, vrijednost: result.value, jedinica: result.unit ?? null, flag: flagsOf(result),
        } });
        continue;
      }
      review.push({
        analyserId: analyser.id, messageId, razlog: razlog ?? 'noCulture', specimenId: result.specimenId.trim(), sampleId: specimen.sample?.id ?? null,
        kontrola: false, testCode: result.testCode, testId: result.testId, vrijednost: result.value, jedinica: result.unit ?? null, flag: flagsOf(result),
      });
    }
  }
  return { applied, review, completions };
}

/** A result as a stored review item names it. */
function itemKey(item: { specimenId: string; testId: string; vrijednost?: string; value?: string }): string {
  return `${item.specimenId.trim()}\u0000${item.testId}\u0000${item.vrijednost ?? item.value ?? ''}`;
}

/**
 * POST /api/retry of a microbiology instrument's message: the message is read and applied again whole (its
 * isolates are idempotent: the same isolate number updates its isolate), so a mapping fixed or a culture test
 * added since lands what was kept. Only the results that were waiting for review are counted again, applied
 * or kept anew; the ones applied before are not recorded twice.
 */
export async function retryMicrobiology(
  tx: Tx, analyser: AnalyserRow, message: { id: string; outcome: MessageOutcome }, read: { message: InterpretedMessage | null; error: string | null },
): Promise<{ outcome: MessageOutcome; applied: number; review: number; completions: SampleEvent[]; qcRuns: RejectedRun[] }> {
  const repository = integrationRepository(tx, analyser.siteId);
  if (!read.message) {
    await repository.finishMessage(message.id, { review: [], applied: [], controls: 0, withoutResults: 'error', error: read.error, messageType: null });
    return { outcome: 'error', applied: 0, review: 0, completions: [], qcRuns: [] };
  }
  // A message that could not be read before has nothing applied: all of it counts now.
  const wasError = message.outcome === 'error';
  const open = await repository.openReviewItems(message.id);
  await repository.resolveReviewItems(open.map((item) => item.id));
  const waiting = new Set(open.map(itemKey));
  const again = await applyEach(tx, analyser, message.id, read.message.results);
  const applied = again.applied.filter((entry) => wasError || waiting.has(itemKey(entry.result))).map((entry) => entry.row);
  const review = again.review.filter((item) => wasError || waiting.has(itemKey(item)));
  const finished = await repository.finishMessage(message.id, {
    review, applied, controls: 0, withoutResults: wasError ? (read.message.queries.length > 0 ? 'query' : 'empty') : message.outcome,
    error: null, messageType: read.message.messageType ?? null,
  });
  return { outcome: finished.outcome, applied: applied.length, review: review.length, completions: again.completions, qcRuns: [] };
}

/**
 * What a microbiology instrument's message would do, storing nothing (the capture bench): the same samples,
 * plans and judgements as applyMicrobiology, one line per isolate and per antibiotic, with the interpretation
 * the culture would get.
 */
export async function microbiologyBenchLines(db: Db, analyser: AnalyserRow, results: readonly AnalyserResult[]): Promise<MicrobiologyBenchLine[]> {
  // Read in a transaction that writes nothing (the samples' rows are locked as the ingest locks them, then released).
  const plans = await db.transaction(async (tx) => planSpecimens(tx, analyser, results, await lockSamplesForAnalyser(tx, analyser.siteId, specimensOf(results))));
  const lines: MicrobiologyBenchLine[] = [];
  for (const specimen of plans) {
    const base = { uzorak: specimen.specimenId, uzorak_postoji: specimen.sample !== null };
    const written = specimen.plan?.target?.write;
    for (const [index, isolate] of specimen.isolates.entries()) {
      const planned = specimen.plan?.isolates[index];
      // The isolate as it would be written: the one with this instrument's isolate number.
      const landed = written?.izolati.find((entry) => entry.aparat?.analyserId === analyser.id && entry.aparat.izolat === isolate.isolate);
      const isolateReason = specimen.razlog ?? planned?.razlog ?? null;
      lines.push({
        ...base, izolat: isolate.isolate, vrsta: 'organizam', kod: isolate.organism?.code ?? '', referenca: planned?.mo ?? null,
        naziv: planned?.naziv ?? isolate.organism?.name ?? null, vrijednost: isolate.organism?.code ?? '', aparat: null, tumacenje: null, neslaganje: false,
        razlog: isolate.organism ? isolateReason : (isolateReason ?? 'unknownOrganism'),
      });
      for (const [at, row] of isolate.susceptibilities.entries()) {
        const plannedRow = planned?.rows[at];
        const razlog = specimen.razlog ?? plannedRow?.razlog ?? null;
        const interpreted = razlog === null && plannedRow?.ab
          ? landed?.antibiogram.find((entry) => entry.ab === plannedRow.ab && entry.method === row.method)
          : undefined;
        const tumacenje = (interpreted?.tumacenje ?? null) as MicrobiologyBenchLine['tumacenje'];
        lines.push({
          ...base, izolat: isolate.isolate, vrsta: 'antibiotik', kod: row.code, referenca: plannedRow?.ab ?? null, naziv: null,
          vrijednost: row.value, aparat: row.category, tumacenje, neslaganje: instrumentDisagrees(tumacenje, row.category), razlog,
        });
      }
    }
  }
  return lines;
}
