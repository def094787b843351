// The qc module's calls, as the routes and the modules that use quality control import them: control lots
// and the rules per assay (definitions.ts); control results entered by hand or from an analyser, their list
// and comments (entry.ts); excluding a result and judging again what it changes (rejudgement.ts); the
// Levey-Jennings chart (charts.ts) and the monthly table (monthly.ts); the holds a rejected run puts on
// patient results, as the results approval asks for them, and the corrective action (holds.ts).
//
// Quality control of a site: control lots with their targets, the Westgard rules in force per assay, control
// results judged by those rules as they are entered, and the hold a rejected run puts on the assay's patient
// results until a corrective action (or a later passing run) ends it. Every change is audited; a control
// result is never deleted, only excluded with a reason.
export type { ControlResultsQuery } from './types.ts';
export { definition, listControls, rules, saveControl, saveRules } from './definitions.ts';
export {
  QC_REJECTED_EVENT, announceRejected, comment, enterAnalyserControls, enterResults, listControlResults, setComment,
  type AnalyserControlRefusal, type AnalyserControlResult, type RejectedRun,
} from './entry.ts';
export { exclude } from './rejudgement.ts';
export { chart } from './charts.ts';
export { monthly } from './monthly.ts';
export { heldResult, holds, lastPassingRuns, recordCorrectiveAction, runsBetween } from './holds.ts';
