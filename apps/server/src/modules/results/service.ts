// The results module's calls, as the routes import them: the result screen (show.ts), saving results
// (save.ts), approval and verification (transitions.ts), the one-act correction of a verified sample
// (correction.ts) and a sample's audit trail (audit-trail.ts); for
// the samples module's edit, the one rule that settles a sample's results (settle.ts) and the realtime
// announcement of what it decided (events.ts); for the reports module, how a result is judged against its
// reference (judgement.ts); for the composition root, the chain's ports (ports.ts: the two steps that need a
// module above the chain).
export { show, testRowsOfSample } from './show.ts';
export { save, type AlongsideResults, type StatusAnswer } from './save.ts';
export { approve, releaseSections, unapprove, unverify, verify } from './transitions.ts';
export { retest } from './retest.ts';
export { correct } from './correction.ts';
export { auditTrail } from './audit-trail.ts';
export { settleEditedSample, type EditedSampleFacts, type SettledResults } from './settle.ts';
export { announce, type SampleEvent } from './events.ts';
export type { ResultSampleRow, ResultTestRow } from './repository.ts';
export {
  lockSamplesForAnalyser, saveAnalyserResults, analyserContext, type AnalyserTargetSample, type AnalyserTargetTest,
} from './analyser-entry.ts';
export { deltaLimitOf, judge, patientFacts, patientFactsOfSamples, rangesByAssay } from './judgement.ts';
export { connectResultsChain, type ResultsChainPorts } from './ports.ts';
