import {
  type AutoverificationFailure, type AutoverificationResultFacts, type AutoverificationRules, formulaComponents, judgeSample, releaseOf,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { approve, patientFacts, releaseSections, show, testRowsOfSample, verify } from '../results/service.ts';
import { heldResult, lastPassingRuns } from '../qc/service.ts';
import { autoverificationRepository, systemVerifierId, type RuleSetRow } from './repository.ts';

// The engine: once a change that leaves a sample's results complete has committed (a person's save, an
// analyser's message, a sample edit: the results chain's resultsCompleted port), the site's active rule set
// judges the sample, apart from the call that completed it, so it never blocks or fails that save. A sample
// every result of which passes is approved and verified through the same calls a person uses (approve, verify:
// the report version, its mail, the audit), by the system's verifier 'Autoverifikacija', in one transaction
// with the judgement's own audit row naming the rule set and version. A rule set that releases per section also
// judges a sample whose results are not all in yet (the chain's resultsProgressed port), and a complete one that
// does not pass whole: every section all of whose results passed is released ahead of the rest, with a partial
// report (results/transitions.ts releaseSections); the sample itself waits for its other results or a person.
// Whatever fails or crashes leaves the sample as it was, for a person; the judgement (each result's failed
// conditions) is stored for the result screen.

interface EngineWiring {
  db: Db;
  realtime: RealtimeHub | undefined;
  logError: (error: unknown, sampleId: string) => void;
}

let wiring: EngineWiring | null = null;
const pending = new Set<Promise<void>>();

/** Connects the engine to the app's database (modules/index.ts); each app a test builds connects it again. */
export function connectEngine(next: EngineWiring): void {
  wiring = next;
}

/** The results chain's resultsCompleted port: starts the judgement of each sample after the caller's commit. */
export function resultsCompleted(siteId: string, sampleIds: readonly string[]): void {
  startJudgements(siteId, sampleIds, 'complete');
}

/** The results chain's resultsProgressed port: samples with new results but not complete, judged only by a rule set releasing per section. */
export function resultsProgressed(siteId: string, sampleIds: readonly string[]): void {
  startJudgements(siteId, sampleIds, 'incomplete');
}

function startJudgements(siteId: string, sampleIds: readonly string[], reason: 'complete' | 'incomplete'): void {
  const current = wiring;
  if (!current) return;
  for (const sampleId of new Set(sampleIds)) {
    const run: Promise<void> = Promise.resolve()
      .then(() => autoverifySample(current.db, current.realtime, siteId, sampleId, reason))
      .then(() => undefined, (error: unknown) => current.logError(error, sampleId))
      .finally(() => pending.delete(run));
    pending.add(run);
  }
}

/** Resolves once every judgement started so far has finished (the server's shutdown, and tests). */
export async function autoverificationIdle(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/**
 * The context the system's verifier acts in: its own account, the site, a request id naming the rule set version,
 * and what the report it issues prints about the release (the rule set, the responsible specialist).
 */
export function systemContext(userId: string, siteId: string, ruleSet: Pick<RuleSetRow, 'naziv' | 'verzija'>, responsible: string | null = null): RequestContext {
  const named = `${ruleSet.naziv} v${ruleSet.verzija}`;
  return {
    userId, email: '', sessionId: '', role: 'specialist', accessLevel: 0, language: 'bs', siteId, siteIds: [siteId],
    requestId: `autoverifikacija:${named}`, releasedByRules: { ruleSet: named, responsible },
  };
}

export interface SampleJudgement {
  version: number;
  status: string;
  failures: Record<string, AutoverificationFailure[]>;
  released: boolean;
  /**
   * The tests a rule set releasing per section releases now: those of every section all of whose results passed,
   * not released already (empty when the rule set releases whole samples only, or the whole sample passed).
   */
  sectionTests: string[];
}

/**
 * The judgement of a sample of the caller's site by `rules` now: the facts as the result screen computes them
 * (the flag for the patient, the delta check, the analyser's flags, a pending retest), the QC hold of each
 * result and the assay's last passing run, the sample's comment, each calculated test's components.
 */
export async function judgeSampleNow(db: Db, ctx: RequestContext, sampleId: string, rules: AutoverificationRules, now: Date): Promise<SampleJudgement> {
  const view = await show(db, ctx, sampleId);
  const rows = await testRowsOfSample(db, ctx, sampleId);
  const formulaOf = new Map(rows.map((row) => [row.id, row.formula]));
  const assays = [...new Set(rows.map((row) => row.labassayId))];
  const [facts, passing] = await Promise.all([
    patientFacts(db, ctx.siteId, {
      patientId: view.uzorak.patient._id, datum: new Date(view.uzorak.datum), trudnica: view.uzorak.trudnica, menopauza: view.uzorak.menopauza,
    }),
    lastPassingRuns(db, ctx.siteId, assays, now),
  ]);
  const heldTests = new Set<string>();
  await db.transaction(async (tx) => {
    for (const row of rows) if (await heldResult(tx, ctx.siteId, [{ id: row.id, labassayId: row.labassayId }])) heldTests.add(row.id);
  });
  const labassayOf = new Map(rows.map((row) => [row.id, row.labassayId]));
  const results: AutoverificationResultFacts[] = view.tests.map((test) => {
    const formula = formulaOf.get(test._id) ?? null;
    const labassayId = labassayOf.get(test._id) ?? '';
    return {
      id: test._id, labassayId, sekcijaId: test.sekcija._id, sifra: test.sifra, rezultat: test.rezultat, flag: test.flag ?? 'N',
      delta: test.delta, qcHeld: heldTests.has(test._id), lastPassingRunAt: passing.get(labassayId) ?? null,
      instrumentFlags: test.aparat_flag ?? null, final: (test.retest ?? null) === null,
      components: test.calculated ? (formula ? safeComponents(formula) : []) : null,
    };
  });
  const verdicts = judgeSample(rules, { patient: facts.reference, komentar: view.uzorak.komentar, now, results });
  const release = releaseOf(rules, verdicts);
  const releasedAlready = new Set(rows.filter((row) => row.releasedAt !== null).map((row) => row.id));
  const sections = new Set(release.sample ? [] : release.sections);
  return {
    version: view.version,
    status: view.status,
    failures: Object.fromEntries(verdicts.map((verdict) => [verdict.id, verdict.failures])),
    released: release.sample,
    sectionTests: verdicts.filter((verdict) => sections.has(verdict.sekcijaId) && !releasedAlready.has(verdict.id)).map((verdict) => verdict.id),
  };
}

/** A formula's component codes; a formula that does not parse has none the rules could check, so the test fails (component). */
function safeComponents(formula: string): string[] {
  try {
    return formulaComponents(formula);
  } catch {
    return ['\u0000unreadable formula'];
  }
}

/**
 * Judges one sample by the site's active rule set (while the kill switch is on) and releases it when the rules
 * say so: a complete one whole, or (a rule set releasing per section) the sections that passed. A sample that
 * changed between the judgement and the release is left alone (the change judges it again); an incomplete one
 * is judged only by a rule set releasing per section.
 */
export async function autoverifySample(
  db: Db, realtime: RealtimeHub | undefined, siteId: string, sampleId: string, reason: 'complete' | 'incomplete' = 'complete',
): Promise<void> {
  const repository = autoverificationRepository(db, siteId);
  if (!(await repository.switchedOn())) return;
  const ruleSet = await repository.active();
  if (!ruleSet) return;
  const perSection = ruleSet.pravila.perSection;
  if (reason === 'incomplete' && !perSection) return;
  const ctx = systemContext(await systemVerifierId(db), siteId, ruleSet, (await repository.responsible())?.name ?? null);
  const judged = await judgeSampleNow(db, ctx, sampleId, ruleSet.pravila, new Date());
  const open = judged.status === 'ZAPRIMLJEN' || judged.status === 'U OBRADI';
  if (judged.status !== 'REALIZOVAN' && !(perSection && open)) return;
  const outcome = { sampleId, ruleSetId: ruleSet.id, failures: judged.failures, sampleVersion: judged.version };
  if (!judged.released || judged.status !== 'REALIZOVAN') {
    if (judged.sectionTests.length === 0) {
      await repository.storeOutcome({ ...outcome, released: false });
      return;
    }
    await db.transaction(async (tx) => {
      const moved = await releaseSections(tx, ctx, sampleId, judged.version, judged.sectionTests);
      if (!moved) return;
      await autoverificationRepository(tx, siteId).storeOutcome({ ...outcome, sampleVersion: moved.version, released: false });
    });
    return;
  }
  await db.transaction(async (tx) => {
    // The same calls a person's approval and verification go through (savepoints of this transaction): the report is issued and audited there.
    const approved = await approve(tx, ctx, sampleId, realtime);
    if (approved.version !== judged.version + 1) throw new SampleChanged();
    const verified = await verify(tx, ctx, sampleId, null, realtime);
    await writeAudit(tx, ctx, {
      action: 'sample.autoverify', entity: 'sample', entityId: sampleId, field: 'status', oldValue: judged.status, newValue: verified.status,
      reason: `${ruleSet.naziv} v${ruleSet.verzija}`,
    });
    await autoverificationRepository(tx, siteId).storeOutcome({ ...outcome, sampleVersion: verified.version, released: true });
  }).catch((error: unknown) => {
    if (error instanceof SampleChanged) return;
    throw error;
  });
}

/** The sample changed between the judgement and the release: nothing is released; the change is judged on its own. */
class SampleChanged extends Error {}
