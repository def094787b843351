import { resultKindOf, resultValueProblem } from '@lis/domain';
import type { Tx } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { statusOf } from './judgement.ts';
import { resultRepository } from './repository.ts';
import { settleResults } from './settle.ts';
import type { SampleEvent } from './events.ts';

/**
 * Results an analyser sends, entered through the same rule as a person's save (settleResults: exact text,
 * flags for the patient, calculated tests, status, audit), inside the caller's transaction so the message
 * that carried them is stored in the same commit. The analyser is the author: `unio_source` is its name,
 * no user is recorded, and the audit rows are the system's, tied to the message by the request id.
 */

/** A test of a sample as the analyser ingest decides on it. */
export interface AnalyserTargetTest {
  id: string;
  sifra: string;
  calculated: boolean;
  rezultat: string | null;
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
}

export async function lockSampleForAnalyser(tx: Tx, siteId: string, code: string): Promise<AnalyserTargetSample | null> {
  const results = resultRepository(tx, siteId);
  const sample = await results.findSampleByCodeForUpdate(code);
  if (!sample) return null;
  const status = statusOf(sample.status);
  const tests = await results.testsOfSample(sample.id);
  return {
    id: sample.id,
    code: sample.code,
    locked: status === 'ODOBREN' || status === 'VERIFICIRAN' || sample.verifiedOnce,
    tests: tests.map((test) => ({
      id: test.id, sifra: test.sifra, calculated: test.calculated, rezultat: test.rezultat,
      valueProblem: (value: string) => resultValueProblem({ vrsta: resultKindOf(test.vrsta), opcije: test.opcije }, value),
    })),
  };
}

/** The context the analyser's writes run in: its site, and a request id naming the message (no user). */
export function analyserContext(siteId: string, messageId: string): RequestContext {
  return {
    userId: '', email: '', sessionId: '', role: 'technician', accessLevel: 0, language: 'bs',
    siteId, siteIds: [siteId], requestId: `analyser-message:${messageId}`,
  };
}

/**
 * Saves an analyser's results on a sample locked by lockSampleForAnalyser, as unapproved results. Each
 * entry names a test of the sample and the value exactly as sent; the caller has checked them. Returns the
 * completion event to announce once the transaction has committed.
 */
export async function saveAnalyserResults(
  tx: Tx, ctx: RequestContext, sampleId: string, entries: readonly { test: string; rezultat: string }[], analyserName: string,
): Promise<{ completion: SampleEvent | null }> {
  const results = resultRepository(tx, ctx.siteId);
  const sample = await results.findSample(sampleId, { forUpdate: true });
  if (!sample) throw new Error('the analyser sample vanished inside its own transaction');
  const settled = await settleResults(tx, ctx, sample, [...entries], undefined, { kind: 'source', source: analyserName });
  if (!settled.changed) return { completion: null };
  await results.updateSample(sample.id, settled.status === settled.from ? {} : { status: settled.status }, null);
  await writeAudit(tx, ctx, settled.audit.map((entry) => ({ ...entry, bySystem: true })));
  return { completion: settled.completion };
}
