/**
 * The result calls as the result screens use them. Request and answer types
 * are those of the contracts in @lis/domain (results/contracts.ts,
 * results/processing-contracts.ts, sample/contracts.ts), the same zod schemas
 * the server validates and serialises with.
 */
import type {
  AuditEntry, ResultsCorrectRequest, ResultsSaveAnswer, ResultsSaveRequest, ResultsShowAnswer, ResultsStatusAnswer, ResultsUnverifyRequest, ResultsVerifyRequest,
  UncompletedSampleRow,
} from '@lis/domain';
import { call } from '../../api/client.ts';
import { patientContracts, processingContracts, resultContracts, sampleContracts } from '@lis/domain';

export type { AuditEntry, ResultTest, ResultsShowAnswer, ResultsStatusAnswer } from '@lis/domain';

/**
 * Query keys: everything about one sample's results starts with
 * ['results', sid], so one invalidation refreshes the entry screen, the
 * comment and the audit trail of that sample.
 */
export const resultKeys = {
  all: ['results'] as const,
  sample: (sid: string) => ['results', sid] as const,
  show: (sid: string) => ['results', sid, 'show'] as const,
  audit: (sid: string) => ['results', sid, 'audit'] as const,
  comment: (sid: string) => ['results', sid, 'comment'] as const,
  patientDay: (patientId: string, day: string) => ['results', 'patient-day', patientId, day] as const,
  settings: ['results', 'assay-settings'] as const,
};

const sidPath = (sid: string) => encodeURIComponent(sid);

/** GET /api/rezultati/{sid}: status, version, allowed actions, the sample and each test with its result. */
export function showResults(sid: string, signal?: AbortSignal): Promise<ResultsShowAnswer> {
  return call(resultContracts.show, { params: { sid: sidPath(sid) } }, { signal });
}

/** POST /api/rezultati/save: a stale `version` answers 409 results.versionConflict and changes nothing. */
export function saveResults(body: ResultsSaveRequest): Promise<ResultsSaveAnswer> {
  return call(resultContracts.save, { body: { ...body } });
}

export function approveSample(sid: string): Promise<ResultsStatusAnswer> {
  return call(resultContracts.approve, { body: { sid } });
}

export function unapproveSample(sid: string): Promise<ResultsStatusAnswer> {
  return call(resultContracts.unapprove, { body: { sid } });
}

/** `obavijesten`: who was told of the critical values and when; the server refuses a critical sample without it. */
export function verifySample(body: ResultsVerifyRequest): Promise<ResultsStatusAnswer> {
  return call(resultContracts.verify, { body: { ...body } });
}

/** Unlock: takes the verification back, with the reason kept in the audit trail. */
export function unverifySample(body: ResultsUnverifyRequest): Promise<ResultsStatusAnswer> {
  return call(resultContracts.unverify, { body: { ...body } });
}

/** POST /api/rezultati/ispravi: unlock, change and verify again in one transaction, with one reason; a refusal changes nothing. */
export function correctSample(body: ResultsCorrectRequest): Promise<ResultsStatusAnswer> {
  return call(resultContracts.correct, { body: { ...body } });
}

/** GET /api/uzorci/audit/{sid}: the sample's history, newest first. */
export async function sampleAudit(sid: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  const answer = await call(resultContracts.audit, { params: { sid: sidPath(sid) } }, { signal });
  return answer.audit;
}

export async function sampleComment(sid: string, signal?: AbortSignal): Promise<string> {
  const answer = await call(sampleContracts.comment, { params: { id: sidPath(sid) } }, { signal });
  return answer.komentar;
}

/** '' clears the comment; the server refuses (409) on an approved or verified sample. */
export async function saveSampleComment(sid: string, komentar: string): Promise<string> {
  const answer = await call(sampleContracts.setComment, { params: { id: sidPath(sid) }, body: { komentar } });
  return answer.komentar;
}

/** The lab's predefined comments ('Izaberite željeni komentar'): settings[0].komentari. */
export async function predefinedComments(signal?: AbortSignal): Promise<string[]> {
  const answer = await call(processingContracts.assaySettings, {}, { signal });
  return answer.settings[0]?.komentari ?? [];
}

/**
 * The patient's uncompleted samples at this site registered on `day`
 * (YYYY-MM-DD, the site's day), newest first: the samples a multi-sample save
 * may fill besides the one on screen.
 */
export async function patientSamplesOfDay(patientId: string, day: string, signal?: AbortSignal): Promise<UncompletedSampleRow[]> {
  const answer = await call(patientContracts.uncompletedSamples, { params: { id: patientId }, query: { dateRangeMin: day, dateRangeMax: day, per_page: 0, sort: 'created_at|desc' } }, { signal });
  return answer.data;
}
