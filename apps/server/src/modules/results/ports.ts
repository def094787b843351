import type { ReflexNote, ReflexTriggerResult, SampleView } from '@lis/domain';
import type { AuditEntry } from '../../db/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';

// The results chain (save → settle → approve → verify → issue the report) is the module the samples,
// microbiology and reports modules build on: they import results/service.ts, and nothing here imports them.
// Steps of the chain still need one thing each from a module above it: the result screen shows the
// sample as the samples module answers it (and the analyser's flags as the integration module kept them), and a verification issues the report (the reports module, which
// reads the cultures through the microbiology module, which saves its results through this chain). Importing
// either would close an import circle through four modules, so each is a port: a function the module above
// provides, connected once by the composition root (modules/index.ts, `registerModules`) before any route
// runs. A port not connected is a wiring mistake and fails loudly rather than skipping the step.

export interface ResultsChainPorts {
  /** The sample of the caller's site as the samples module answers it (its `show`), for the result screen's header. */
  sampleView(db: Db, ctx: RequestContext, sampleId: string): Promise<SampleView>;
  /**
   * The work a verification owes in its own transaction once the sample has moved: issuing the report
   * (and queueing its mail). It runs in `tx`, so a verification without its report never commits.
   */
  afterVerification(tx: Tx, ctx: RequestContext, sampleId: string): Promise<void>;
  /**
   * The work a release of sections by the autoverification owes in its own transaction: the partial report of the
   * results released so far (and its mail). It runs in `tx`, so a release without its report never commits.
   */
  afterSectionRelease(tx: Tx, ctx: RequestContext, sampleId: string): Promise<void>;
  /**
   * The flags an analyser sent with the results it entered on these sample tests (the integration module's
   * latest applied result of each), by sample test id, for the result screen; tests without any are absent.
   */
  analyserFlags(db: Db, ctx: RequestContext, sampleTestIds: readonly string[]): Promise<Map<string, string>>;
  /**
   * Told once a change that leaves samples' results complete (REALIZOVAN) has committed: the autoverification
   * judges them then, after the commit and apart from the call, so it never blocks or fails the save. Must not throw.
   */
  resultsCompleted(siteId: string, sampleIds: readonly string[]): void;
  /**
   * Told once results were entered on samples that are not complete yet (a person's save, an analyser's message)
   * and the change has committed: a rule set that releases per section judges them then. Must not throw.
   */
  resultsProgressed(siteId: string, sampleIds: readonly string[]): void;
  /**
   * Reflex testing (the samples module, which owns the samples' tests): inside a results save's transaction, after
   * the results are settled, adds the tests the site's reflex rules call for to the samples whose newly entered
   * results fire one; answers per sample what it added (the count, the audit rows, written by the caller) and the
   * notes for the save's answer (also the rules that added nothing, and why).
   */
  reflexTests(tx: Tx, ctx: RequestContext, saved: readonly { sampleId: string; results: readonly ReflexTriggerResult[] }[]): Promise<ReflexOutcomeOfSample[]>;
}

/** What the reflex rules did to one sample of a results save. */
export interface ReflexOutcomeOfSample {
  sampleId: string;
  added: number;
  notes: ReflexNote[];
  audit: AuditEntry[];
}

let connected: ResultsChainPorts | null = null;

/** Connects the modules above the chain; called by `registerModules` (again for every app a test builds: the same functions). */
export function connectResultsChain(ports: ResultsChainPorts): void {
  connected = ports;
}

export function resultsChainPorts(): ResultsChainPorts {
  if (!connected) throw new Error('the results chain is not connected: registerModules (modules/index.ts) connects it');
  return connected;
}
