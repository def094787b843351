import { z } from 'zod';
import { failureResponses, instantSchema, pathParam, successAnswer } from '../answers.ts';
import { SAMPLE_ACTIONS } from '../sample/actions.ts';
import { SAMPLE_LIMITS, uzorakSchema } from '../sample/contracts.ts';
import { SAMPLE_STATUSES } from '../sample/status.ts';
import { type ResultFlag, evaluateResultFlag } from '../assays/result-flags.ts';
import { RESULT_ACTION_PERMISSIONS, RESULT_TEXT_LIMITS } from './verification.ts';
import { RESULT_KINDS } from './result-kind.ts';
import { defineCall } from '../call.ts';
import { translatedNames } from '../catalogue/names.ts';
import { reflexNoteSchema } from '../reflex/contracts.ts';

/**
 * The contract of the result calls (entry, approval, verification and the
 * audit trail), shared by the server (validation, serialisation, OpenAPI) and
 * the result screens (types, form rules). Request issue messages are
 * message-catalogue codes, so a 400 names the field with the catalogue's text.
 * Unknown request fields (token, site) are ignored. Refusals answer the
 * shared `failureResponses`.
 */

const statusSchema = z.enum(SAMPLE_STATUSES);
const required = { error: 'form.required' } as const;
const sidSchema = z.guid(required);

/** Optimistic lock: the version the client read; a save against an older one is refused (409) and changes nothing. */
const versionSchema = z.number(required).int().min(0);

/**
 * A result exactly as entered or received ("5,4", "<0.5", "Pozitivan"); it is
 * stored as this text, never through a float. '' or null clears the result.
 */
export const rezultatSchema = z.string().max(RESULT_TEXT_LIMITS.rezultat, { error: 'form.invalid' }).nullable();

const razlogSchema = z.string().trim().max(RESULT_TEXT_LIMITS.razlog, { error: 'form.invalid' });

export const resultSidParams = z.object({ sid: pathParam('Sample id (uuid)') });

/** The reference range that applies to this patient (sex, age in days at the sample date, pregnancy). */
export const referencaSchema = z.object({ low: z.number().nullable(), high: z.number().nullable(), text: z.string().nullable() });
export type ReferenceRangeAnswer = z.output<typeof referencaSchema>;

/**
 * The critical limits the result is judged by (the range's, else the assay's; once verified, the copy the
 * sample was verified with): a value below `low` is LL, above `high` HH. Null where there is none.
 */
export const kriticnoSchema = z.object({ low: z.number().nullable(), high: z.number().nullable() });

/**
 * The flag the server computed: L/H outside the reference range, LL/HH beyond
 * a critical limit, A an abnormal text answer (e.g. 'Pozitivan' where
 * 'Negativan' is expected); null when the result is within range or missing.
 */
export const resultAnswerFlagSchema = z.enum(['L', 'H', 'LL', 'HH', 'A']).nullable();

/** The previous verified result of this assay for the patient, when it was verified, and whether the change exceeds the assay's limit. */
export const resultDeltaSchema = z.object({ previous: z.string(), previousAt: instantSchema, exceeded: z.boolean() }).nullable();

export const resultTestSchema = z.object({
  /** The sample's test entry; `save` takes it as `test`. */
  _id: z.string(),
  sifra: z.string(),
  naziv: z.string(),
  ...translatedNames,
  /** Short analyte name for narrow columns. */
  analit: z.string(),
  /** The lab section the result entry groups the test under, in report order. */
  sekcija: z.object({ _id: z.string(), naziv: z.string(), ...translatedNames, redoslijed: z.number().int() }),
  /** How the result is given: numeric, text, or qualitative (Negativan / Pozitivan with the grades in `opcije`). */
  vrsta: z.enum(RESULT_KINDS),
  opcije: z.array(z.string()),
  /** Decimals of the assay: display only, the stored text is never rounded. */
  decimals: z.number().int(),
  /** Computed from its components (formula); not typed. */
  calculated: z.boolean(),
  rezultat: z.string().nullable(),
  jedinica: z.string(),
  referenca: referencaSchema,
  /** Critical limits, so the screen shows LL/HH while a value is typed (resultAnswerFlag), as the save will store it. */
  kriticno: kriticnoSchema,
  flag: resultAnswerFlagSchema,
  kriticni: z.boolean(),
  delta: resultDeltaSchema,
  status_t: z.string(),
  /** Who entered or last changed the result: the user's display name, or the analyser's name; null before any result. */
  unio: z.string().nullable(),
  /** When that was. */
  unio_at: instantSchema.nullable(),
  /**
   * The flags the analyser sent with the result it entered (its abnormal flag and its own flags, as sent:
   * `H`, `H W`), shown beside the result; absent or null when a person entered the result or none came.
   */
  aparat_flag: z.string().nullable().optional(),
  /** Why the result was taken back for a retest, while the retest is pending (POST /rezultati/retest); null otherwise. */
  retest: z.string().nullable().optional(),
  /** The reflex rule that added this test to the sample (a 'Refleks' badge); null or absent when ordered otherwise. */
  refleks: z.string().nullable().optional(),
  /**
   * Released ahead of the rest of the sample by the autoverification rules with its section (a partial report
   * carries it): when, and the rule set and version; changing it needs a reason. Null or absent: not so.
   */
  pusten: z.object({ at: instantSchema, pravila: z.string() }).nullable().optional(),
});
export type ResultTest = z.output<typeof resultTestSchema>;

/** GET /api/rezultati/{sid}: the sample, its status, version, allowed actions and each test with its result. */
export const resultsShowAnswer = successAnswer({
  status: statusSchema,
  version: z.number().int(),
  actions: z.array(z.enum(SAMPLE_ACTIONS)),
  uzorak: uzorakSchema,
  tests: z.array(resultTestSchema),
  /** Who was told of the critical values and when, as recorded at the last verification; null when no one needed to be. */
  obavijesten: z.object({ ko: z.string(), kada: z.string() }).nullable(),
});
export type ResultsShowAnswer = z.output<typeof resultsShowAnswer>;

/** POST /api/rezultati/save: results for some or all of a sample's tests, each test at most once. */
export const resultsSaveRequest = z.object({
  sid: sidSchema,
  version: versionSchema,
  rezultati: z.array(z.object({ test: z.guid(required), rezultat: rezultatSchema }), required)
    .min(1, required)
    .max(SAMPLE_LIMITS.tests, { error: 'form.invalid' })
    .refine((entries) => new Set(entries.map((entry) => entry.test)).size === entries.length, { error: 'form.invalid' }),
  /** Why a released result is changed: needed after an unlock (the server decides, see resultSaveOutcome). */
  razlog: razlogSchema.optional(),
});
export type ResultsSaveRequest = z.output<typeof resultsSaveRequest>;

/**
 * POST /api/rezultati/retest: takes one entered result back for a retest, with the reason. The earlier value
 * stays until the retest's value is saved (POST /rezultati/save), which records it as a change of the earlier
 * one with this reason; until then the sample is not complete (it cannot be approved).
 */
export const resultsRetestRequest = z.object({
  sid: sidSchema,
  version: versionSchema,
  test: z.guid(required),
  razlog: z.string({ error: 'results.reasonRequired' }).trim().min(1, { error: 'results.reasonRequired' }).max(RESULT_TEXT_LIMITS.razlog, { error: 'form.invalid' }),
});
export type ResultsRetestRequest = z.output<typeof resultsRetestRequest>;

/** The answer of every call that moves the sample: its new status and version. */
export const resultsStatusAnswer = successAnswer({ status: statusSchema, version: z.number().int() });
export type ResultsStatusAnswer = z.output<typeof resultsStatusAnswer>;

/**
 * POST /api/rezultati/save's answer: the new status and version, and what each reflex rule the saved results
 * fired did (a test added, or why not); empty when none fired.
 */
export const resultsSaveAnswer = successAnswer({ status: statusSchema, version: z.number().int(), refleks: z.array(reflexNoteSchema) });
export type ResultsSaveAnswer = z.output<typeof resultsSaveAnswer>;

/** POST /api/rezultati/odobri, /odobri/undo: approve, or take the approval back. */
export const resultsSidRequest = z.object({ sid: sidSchema });

/** Who was told of the sample's critical values (a name as typed) and when (an instant with its offset). */
export const obavijestenSchema = z.object({
  ko: z.string(required).trim().min(1, required).max(RESULT_TEXT_LIMITS.obavijestenKo, { error: 'form.invalid' }),
  kada: z.iso.datetime({ offset: true, error: 'form.invalid' }),
});

/** POST /api/rezultati/verifikuj: `obavijesten` is required when a result is critical (verifyRefusal). */
export const resultsVerifyRequest = z.object({ sid: sidSchema, obavijesten: obavijestenSchema.nullish() });
export type ResultsVerifyRequest = z.output<typeof resultsVerifyRequest>;

/** POST /api/rezultati/verifikuj/undo: unlock, with the reason kept in the audit trail. */
export const resultsUnverifyRequest = z.object({
  sid: sidSchema,
  razlog: z.string({ error: 'results.reasonRequired' }).trim().min(1, { error: 'results.reasonRequired' }).max(RESULT_TEXT_LIMITS.razlog, { error: 'form.invalid' }),
});
export type ResultsUnverifyRequest = z.output<typeof resultsUnverifyRequest>;

/**
 * POST /api/rezultati/ispravi: the correction of a verified sample in one call and one transaction: unlock
 * with `razlog`, take the approval back, save `rezultati` (the same reason on each changed result), approve
 * and verify again (`obavijesten` when a result is critical), each step audited as the separate calls audit
 * it. `version` is the verified sample's as the screen read it; `rezultati` must change at least one result.
 */
export const resultsCorrectRequest = z.object({
  sid: sidSchema,
  version: versionSchema,
  rezultati: resultsSaveRequest.shape.rezultati,
  razlog: resultsUnverifyRequest.shape.razlog,
  obavijesten: obavijestenSchema.nullish(),
});
export type ResultsCorrectRequest = z.output<typeof resultsCorrectRequest>;

/** One step of a sample's history. Old and new values are shown as text (a result as entered, a status name). */
export const auditEntrySchema = z.object({
  /** Who: the user's display name; null for the system (e.g. a calculated test recomputed). */
  korisnik: z.string().nullable(),
  /** When. */
  vrijeme: instantSchema,
  /** What: the action (e.g. result entered, approved, unlocked, critical value acknowledged). */
  akcija: z.string(),
  /** The changed field or test, when the action concerns one. */
  polje: z.string().nullable(),
  staro: z.string().nullable(),
  novo: z.string().nullable(),
  razlog: z.string().nullable(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** GET /api/uzorci/audit/{sid}: the sample's audit trail, newest first. */
export const sampleAuditAnswer = successAnswer({ audit: z.array(auditEntrySchema) });
export type SampleAuditAnswer = z.output<typeof sampleAuditAnswer>;

/** The flag as the answer carries it: a result within its range (N) carries none. */
export function answerFlag(flag: ResultFlag | null): z.output<typeof resultAnswerFlagSchema> {
  return flag === 'N' ? null : flag;
}

/**
 * The flag of a value typed for a test of the result answer, judged by the answer's range and critical limits
 * with the rule the server stores flags by (evaluateResultFlag), so what the screen shows while typing is what
 * the save stores: glucose 30 against a critical high of 25 is HH before it is saved.
 */
export function resultAnswerFlag(text: string, test: Pick<ResultTest, 'referenca' | 'kriticno'>): z.output<typeof resultAnswerFlagSchema> {
  const { low, high, text: tekst } = test.referenca;
  return answerFlag(evaluateResultFlag(text, { low, high, tekst }, { criticalLow: test.kriticno.low, criticalHigh: test.kriticno.high }));
}

/** Each result call's contract as the server registers it (validation, serialisation, OpenAPI). */
export const resultContracts = {
  show: defineCall({
    method: 'GET', path: '/rezultati/:sid', permission: 'samples.read',
    params: resultSidParams, response: { 200: resultsShowAnswer, ...failureResponses },
  }),
  save: defineCall({
    method: 'POST', path: '/rezultati/save', permission: RESULT_ACTION_PERMISSIONS.save,
    body: resultsSaveRequest, response: { 200: resultsSaveAnswer, ...failureResponses },
  }),
  retest: defineCall({
    method: 'POST', path: '/rezultati/retest', permission: RESULT_ACTION_PERMISSIONS.retest,
    body: resultsRetestRequest, response: { 200: resultsStatusAnswer, ...failureResponses },
  }),
  approve: defineCall({
    method: 'POST', path: '/rezultati/odobri', permission: RESULT_ACTION_PERMISSIONS.approve,
    body: resultsSidRequest, response: { 200: resultsStatusAnswer, ...failureResponses },
  }),
  unapprove: defineCall({
    method: 'POST', path: '/rezultati/odobri/undo', permission: RESULT_ACTION_PERMISSIONS.unapprove,
    body: resultsSidRequest, response: { 200: resultsStatusAnswer, ...failureResponses },
  }),
  verify: defineCall({
    method: 'POST', path: '/rezultati/verifikuj', permission: RESULT_ACTION_PERMISSIONS.verify,
    body: resultsVerifyRequest, response: { 200: resultsStatusAnswer, ...failureResponses },
  }),
  unverify: defineCall({
    method: 'POST', path: '/rezultati/verifikuj/undo', permission: RESULT_ACTION_PERMISSIONS.unverify,
    body: resultsUnverifyRequest, response: { 200: resultsStatusAnswer, ...failureResponses },
  }),
  correct: defineCall({
    method: 'POST', path: '/rezultati/ispravi', permission: RESULT_ACTION_PERMISSIONS.unverify,
    body: resultsCorrectRequest, response: { 200: resultsStatusAnswer, ...failureResponses },
  }),
  audit: defineCall({
    method: 'GET', path: '/uzorci/audit/:sid', permission: 'samples.read',
    params: resultSidParams, response: { 200: sampleAuditAnswer, ...failureResponses },
  }),
} as const;
