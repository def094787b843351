import { resultKindOf, resultValueProblem, type ResultKind } from '@lis/domain';
import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import type { SampleEvent } from './events.ts';
import { statusOf } from './judgement.ts';
import { resultRepository, type ResultSampleRow, type ResultTestRow } from './repository.ts';
import { saveSampleResults } from './save.ts';

/**
 * Results an analyser sends, entered through the same batch save as a person's (saveSampleResults: exact
 * text, flags for the patient, calculated tests, status, audit), inside the caller's transaction so the
 * message that carried them is stored in the same commit. The analyser is the author: `unio_source` is its
 * name, no user is recorded, and the audit rows are the system's, tied to the message by the request id.
 * A message's samples are locked, read and saved together, so its cost hardly grows with its results.
 */

/** A test of a sample as the analyser ingest decides on it. */
export interface AnalyserTargetTest {
  id: string;
  sifra: string;
  calculated: boolean;
  rezultat: string | null;
  /** Released with its section by the autoverification rules (on a partial report): an analyser's value does not replace it. */
  released: boolean;
  /** How its assay's result is given, and a qualitative assay's grades of a positive (`opcije`). */
  kind: ResultKind;
  grades: readonly string[];
  /** Why the analyser's value cannot be stored on this test (the assay takes no such value), or null. */
  valueProblem: (value: string) => string | null;
}

/** A sample found by its code on the analyser's site, its row locked until the transaction ends. */
export interface AnalyserTargetSample {
  id: string;
  code: string;
  /** Approved, verified, or unlocked after a verification: an analyser never changes its results. */
  locked: boolean;
  tests: AnalyserTargetTest[];
  /** The sample and its tests as read under the lock: the save settles from them without reading them again. */
  readonly read: { sample: ResultSampleRow; tests: ResultTestRow[] };
}

/**
 * The samples of the analyser's site with these codes, by code, their rows locked (in code order) until the
 * transaction ends, with their tests: two reads however many samples. A code no sample has is absent.
 */
export async function lockSamplesForAnalyser(tx: Tx, siteId: string, codes: readonly string[]): Promise<Map<string, AnalyserTargetSample>> {
  const results = resultRepository(tx, siteId);
  const samples = await results.findSamplesByCodeForUpdate(codes);
  const tests = await results.testsOfSamples(samples.map((sample) => sample.id));
  return new Map(samples.map((sample) => {
    const status = statusOf(sample.status);
    const own = tests.filter((test) => test.sampleId === sample.id);
    return [sample.code, {
      id: sample.id,
      code: sample.code,
      locked: status === 'ODOBREN' || status === 'VERIFICIRAN' || sample.verifiedOnce,
      tests: own.map((test) => ({
        id: test.id, sifra: test.sifra, calculated: test.calculated, rezultat: test.rezultat, released: test.releasedAt !== null, kind: resultKindOf(test.vrsta),
        grades: resultKindOf(test.vrsta) === 'qualitative' ? test.opcije : [],
        valueProblem: (value: string) => resultValueProblem({ vrsta: resultKindOf(test.vrsta), opcije: test.opcije }, value),
      })),
      read: { sample, tests: own },
    }];
  }));
}

/** The context the analyser's writes run in: its site, and a request id naming the message (no user). */
export function analyserContext(siteId: string, messageId: string): RequestContext {
  return {
    userId: '', email: '', sessionId: '', role: 'technician', accessLevel: 0, language: 'bs',
    siteId, siteIds: [siteId], requestId: `analyser-message:${messageId}`,
  };
}

/**
 * Saves an analyser's results on samples locked by lockSamplesForAnalyser (none of them locked against
 * changes), as unapproved results, all in one batch save. Each entry names a test of its sample and the
 * value exactly as sent; the caller has checked them. A result with a `razlog` (a correction the analyser
 * sent) is audited with that reason. Returns the events to announce once the transaction has committed:
 * each completion, each critical value the analyser's results stored, and each sample left incomplete with new results.
 */
export async function saveAnalyserResults(
  tx: Tx, ctx: RequestContext,
  entries: readonly { sample: AnalyserTargetSample; rezultati: { test: string; rezultat: string; razlog?: string | undefined }[] }[], analyserName: string,
): Promise<SampleEvent[]> {
  const saved = await saveSampleResults(
    tx, ctx,
    entries.map(({ sample, rezultati }) => ({
      sample: sample.read.sample, tests: sample.read.tests, rezultati: rezultati.map(({ test, rezultat }) => ({ test, rezultat })),
      razloziTestova: new Map(rezultati.flatMap(({ test, razlog }) => (razlog === undefined ? [] : [[test, razlog] as const]))),
    })),
    { kind: 'source', source: analyserName },
  );
  return saved.flatMap((sample) => [sample.completion, sample.critical, sample.progress].filter((event): event is SampleEvent => event !== null));
}
