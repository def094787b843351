import { createHash } from 'node:crypto';
import {
  analyserValue, astmQueryAnswer, hl7QueryAnswer, interpretAstm, interpretHl7, type AnalyserQuery, type AnalyserResult, type Hl7Result,
  type InterpretedMessage,
} from '@lis/analyser-protocols';
import {
  ASTM_SPECIMEN_ID_FIELDS, HL7_SPECIMEN_ID_FIELDS, analyserAnswer, analyserCodesFor, analyserInterpretationOf, controlRecognitionOf,
  isControlSpecimen, isMicrobiologyInstrument, mappingInForce, type AnalyserInterpretation, type MessageOutcome, type ReviewReason,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import {
  analyserContext, announce, lockSamplesForAnalyser, saveAnalyserResults, type AnalyserTargetSample, type SampleEvent,
} from '../results/service.ts';
import { announceRejected, enterAnalyserControls, type AnalyserControlResult, type RejectedRun } from '../qc/service.ts';
import { holdsLeaseFor } from './lease-repository.ts';
import { applyMicrobiology, retryMicrobiology } from './microbiology-ingest.ts';
import { integrationRepository, type AnalyserRow, type NewAppliedResult, type NewReviewItem } from './repository.ts';
import { compareCodes, flagsOf, specimensOf } from './result-flags.ts';

export { flagsOf, specimensOf } from './result-flags.ts';

/** What the link layer answers the analyser once a message has been handled. */
export type IngestAnswer =
  /** Committed (or stored before): ACK / AA; `queryAnswer` is the worklist to send back for a host query. */
  | { kind: 'accepted'; duplicate: boolean; queryAnswers: string[] }
  /** Stored, but the message could not be read: the ASTM link still ACKs (it is kept), HL7 answers AE with the reason. */
  | { kind: 'unreadable'; error: string }
  /** Not stored (the transaction failed): NAK / AE, so the analyser sends it again. */
  | { kind: 'failed'; error: string };

/** The logger the ingest writes to: the analyser and what happened, never a patient's data or a result. */
export interface IngestLog {
  info(fields: Record<string, unknown>, text: string): void;
  warn(fields: Record<string, unknown>, text: string): void;
  error(fields: Record<string, unknown>, text: string): void;
}

const silentLog: IngestLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * With several server processes on one database, the lease this process must hold for an analyser before
 * it stores that analyser's messages (modules/integration/leases.ts), and whom to tell when it no longer does.
 */
export interface IngestFence {
  owner: string;
  lost(analyserId: string): void;
}

/** The process no longer holds the analyser's lease: the message is refused, to be sent again to the holder. */
class LeaseLost extends Error {
  constructor() {
    super('The analyser lease is held by another server process.');
    this.name = 'LeaseLost';
  }
}

/** PostgreSQL text holds no NUL; a stray NUL in a message is kept visibly as U+2400 (the hash is of the text as received). */
function storableText(text: string): string {
  return text.replaceAll('\u0000', '\u2400');
}

export function contentHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Reads a message with the analyser's interpretation settings (none needed for the common dialects). */
export function interpret(analyser: AnalyserRow, text: string): { message: InterpretedMessage | null; error: string | null } {
  try {
    const { testCodeComponent, specimenIdField, decimalMark } = analyserInterpretationOf(analyser.element);
    // The specimen id field is its protocol's own (the analyser's schema checks it; an element saved otherwise reads the default).
    const hl7Field = HL7_SPECIMEN_ID_FIELDS.find((field) => field === specimenIdField);
    const astmField = ASTM_SPECIMEN_ID_FIELDS.find((field) => field === specimenIdField);
    // A microbiology instrument numbers its isolates in the observation sub-id (HL7 OBX-4, the ASTM test id after the code).
    const subIds = isMicrobiologyInstrument(analyser.element);
    const message = analyser.protokol === 'hl7'
      ? interpretHl7(text, hl7Field === undefined ? { subIds } : { specimenIdField: hl7Field, subIds })
      : interpretAstm(text, { testCodeComponent, specimenIdField: astmField, decimalMark, subIds });
    return { message, error: null };
  } catch (error) {
    return { message: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** What applying a message's results decided: the rows its finish writes, and the samples and control runs to announce. */
interface Applied {
  applied: NewAppliedResult[];
  review: NewReviewItem[];
  /** Control results stored as control runs. */
  controls: number;
  completions: SampleEvent[];
  qcRuns: RejectedRun[];
}

/**
 * Applies results to the samples they name on the analyser's site: each result is saved on the sample's test
 * its code maps to, or kept for review with the reason. Set-based: the message's samples are locked (in code
 * order, so two messages for the same samples never deadlock) and read together, and all their results go
 * through the results module's one batch save (ranges, flags, calculated tests, audit, status). Results of
 * control specimens go to quality control instead (applyControls), never to a sample. The review items and
 * the applied results' rows are returned for the message's finish to write with its outcome.
 */
async function applyResults(
  tx: Tx, analyser: AnalyserRow, messageId: string, results: readonly AnalyserResult[], keptAsControls: ReadonlySet<AnalyserResult> = new Set(),
): Promise<Applied> {
  const review: NewReviewItem[] = [];
  const keep = (result: AnalyserResult, razlog: ReviewReason, sampleId: string | null, kontrola = false) => review.push({
    analyserId: analyser.id, messageId, razlog, specimenId: result.specimenId.trim(), sampleId, kontrola,
    testCode: result.testCode, testId: result.testId, vrijednost: result.value, jedinica: result.unit ?? null, flag: flagsOf(result),
  });
  const settings = analyserInterpretationOf(analyser.element);
  // A code whose mapping is switched off is as good as unmapped: kept for review, never applied.
  const mapa = mappingInForce({ mapa: analyser.mapa, mapa_iskljuceno: analyser.element.mapa_iskljuceno });

  // Control specimens (the analyser's prefix, or the message's QC flag when the analyser heeds it; a result kept
  // for review as a control stays one) go to quality control, never to a sample, whatever their id.
  const recognition = controlRecognitionOf(analyser.element);
  const isControl = (result: AnalyserResult) => keptAsControls.has(result) || isControlSpecimen(recognition, result.specimenId, result.qc === true);
  const controls = await applyControls(tx, analyser, messageId, mapa, results.filter(isControl), keep, settings);

  // Sample by sample in code order (a stable sort keeps each sample's results in the message's order).
  const patients = results.filter((candidate) => !isControl(candidate))
    .sort((a, b) => compareCodes(a.specimenId.trim(), b.specimenId.trim()));
  const samples = await lockSamplesForAnalyser(tx, analyser.siteId, specimensOf(patients));
  const appliedRows: NewAppliedResult[] = [];
  const saves = new Map<AnalyserTargetSample, Map<string, { rezultat: string; result: AnalyserResult; correction: boolean }>>();
  for (const judged of judgePatientResults(patients, samples, mapa, settings)) {
    if (judged.razlog !== null) { keep(judged.result, judged.razlog, judged.sample?.id ?? null); continue; }
    const { sample, test, value } = judged;
    const entries = saves.get(sample) ?? new Map<string, { rezultat: string; result: AnalyserResult; correction: boolean }>();
    entries.set(test.id, { rezultat: value, result: judged.result, correction: judged.correction });
    saves.set(sample, entries);
  }
  for (const entries of saves.values()) {
    for (const [sampleTestId, { result }] of entries) {
      appliedRows.push({
        messageId, sampleTestId, testCode: result.testCode, vrijednost: result.value, jedinica: result.unit ?? null, flag: flagsOf(result),
      });
    }
  }
  const completions = await saveAnalyserResults(
    tx, analyserContext(analyser.siteId, messageId),
    [...saves].map(([sample, entries]) => ({
      sample,
      rezultati: [...entries].map(([test, entry]) => ({
        test, rezultat: entry.rezultat, ...(entry.correction ? { razlog: ANALYSER_CORRECTION_REASON } : {}),
      })),
    })),
    analyser.ime,
  );
  return { applied: appliedRows, review, controls: controls.stored, completions, qcRuns: controls.runs };
}


/** The audit reason of a result changed by an analyser's correction (HL7 OBX-11 C). */
export const ANALYSER_CORRECTION_REASON = 'correction from the analyser';

/** A result as the ingest judges it: protocol-neutral, with HL7's coded text and OBX-11 markers when it has them. */
export type IngestResult = Hl7Result;

/** What the ingest decides about a patient's result: applied to a test of a sample as a value, or kept for review with the reason. */
export type JudgedResult =
  | {
    result: IngestResult; razlog: null; sample: AnalyserTargetSample; sifra: string; test: AnalyserTargetSample['tests'][number]; value: string;
    /** A correction (OBX-11 C): the change is audited with ANALYSER_CORRECTION_REASON. */
    correction: boolean;
  }
  | { result: IngestResult; razlog: ReviewReason; sample: AnalyserTargetSample | null; sifra: string | null; value: string | null };

/** The interpretation settings the judgement of a value uses. */
type ValueSettings = Pick<AnalyserInterpretation, 'decimalMark' | 'valueTypes' | 'answers'>;

/**
 * The value of a result as the test stores it, or why it cannot be. The value type is the analyser's setting
 * for the code (`tumacenje.valueTypes`), else the assay's kind:
 * - coded (a qualitative assay by default): the code, then the text that came with it (HL7 CE/CWE), mapped to the
 *   assay's answers (analyserAnswer: the analyser's own codes, the common ones, the assay's grades); none:
 *   unmappedAnswer, the code kept as the value names it.
 * - text: the value as sent, trimmed (no decimal mark read, no answer mapped).
 * - otherwise analyserValue with the analyser's decimal mark: a number or a censored number as stored; a ratio
 *   where a number is read (a numeric assay, or the type set to numeric) is notNumeric, as is text when the type
 *   is set to numeric (a numeric assay refuses text by its own rule: invalidValue).
 * No result (`----`, `***`, empty) is noResult whatever the type; the assay's own rule has the last word (invalidValue).
 */
function judgedValue(result: IngestResult, test: AnalyserTargetSample['tests'][number], settings: ValueSettings): { value: string } | { razlog: ReviewReason } {
  const reading = analyserValue(result.value, { decimalMark: settings.decimalMark });
  if (reading.kind === 'none') return { razlog: 'noResult' };
  const type = settings.valueTypes?.[result.testCode] ?? (test.kind === 'qualitative' ? 'coded' : null);
  let value: string;
  if (type === 'coded') {
    const answer = analyserAnswer(result.value, result.codedText, { answers: settings.answers, grades: test.grades });
    if (answer === null) return { razlog: 'unmappedAnswer' };
    value = answer;
  } else if (type === 'text') {
    value = result.value.trim();
  } else {
    const numeric = type === 'numeric' || test.kind === 'numeric';
    if (numeric && (reading.kind === 'ratio' || (type === 'numeric' && reading.kind === 'text'))) return { razlog: 'notNumeric' };
    value = reading.text;
  }
  return test.valueProblem(value) === null ? { value } : { razlog: 'invalidValue' };
}

/**
 * The one judgement of patients' results, shared by the ingest (which then stores) and the capture bench (which
 * only reports): first the result's status (HL7 OBX-11: cancelled: nothing to store; preliminary: held, never
 * stored as the result), then the sample its specimen id names on the site (none: unknownSpecimen; approved or
 * verified: sampleLocked, or correctionLocked for a correction, which never overwrites such a result), the code
 * through the analyser's map (unmappedCode), the ordered test of that assay (testNotOrdered) not released on a
 * partial report (resultReleased), the value
 * (judgedValue). A correction that applies replaces the test's result, audited with the reason 'correction
 * from the analyser'. One value per test: a message naming a test twice (a rerun in the same transmission)
 * keeps the last, the earlier is kept for review. Returned in the results' order.
 */
export function judgePatientResults(
  results: readonly IngestResult[], samples: ReadonlyMap<string, AnalyserTargetSample>, mapa: Readonly<Record<string, string>>,
  settings: ValueSettings,
): JudgedResult[] {
  const judged: JudgedResult[] = [];
  const lastForTest = new Map<string, number>();
  for (const result of results) {
    const sample = samples.get(result.specimenId.trim()) ?? null;
    const sifra = mapa[result.testCode] ?? null;
    const refuse = (razlog: ReviewReason, value: string | null = null) => judged.push({ result, razlog, sample, sifra, value });
    if (result.cancelled === true) { refuse('cancelled'); continue; }
    if (result.preliminary === true) { refuse('preliminary'); continue; }
    if (!sample) { refuse('unknownSpecimen'); continue; }
    if (sample.locked) { refuse(result.correction === true ? 'correctionLocked' : 'sampleLocked'); continue; }
    if (sifra === null) { refuse('unmappedCode'); continue; }
    const test = sample.tests.find((candidate) => candidate.sifra === sifra && !candidate.calculated);
    if (!test) { refuse('testNotOrdered'); continue; }
    if (test.released) { refuse('resultReleased'); continue; }
    const reading = judgedValue(result, test, settings);
    if ('razlog' in reading) { refuse(reading.razlog); continue; }
    const earlier = lastForTest.get(test.id);
    if (earlier !== undefined) {
      const first = judged[earlier]!;
      judged[earlier] = { result: first.result, razlog: 'invalidValue', sample, sifra, value: first.value };
    }
    lastForTest.set(test.id, judged.length);
    judged.push({ result, razlog: null, sample, sifra, test, value: reading.value, correction: result.correction === true });
  }
  return judged;
}


/**
 * What the ingest decides about a control specimen's result before quality control judges its lot and level:
 * its status as a patient's (cancelled, preliminary: never a control run), the code through the analyser's map
 * (unmappedCode) and the value read as a patient's is (analyserValue; no result: noResult). Shared by the
 * ingest and the capture bench.
 */
export function judgeControlResult(
  result: IngestResult, mapa: Readonly<Record<string, string>>, settings: ValueSettings,
): { razlog: null; sifra: string; value: string } | { razlog: ReviewReason; sifra: string | null; value: null } {
  const sifra = mapa[result.testCode];
  if (result.cancelled === true) return { razlog: 'cancelled', sifra: sifra ?? null, value: null };
  if (result.preliminary === true) return { razlog: 'preliminary', sifra: sifra ?? null, value: null };
  if (sifra === undefined) return { razlog: 'unmappedCode', sifra: null, value: null };
  const decimalMark = settings.decimalMark;
  const reading = analyserValue(result.value, { decimalMark });
  if (reading.kind === 'none') return { razlog: 'noResult', sifra, value: null };
  return { razlog: null, sifra, value: reading.text };
}

/**
 * A message's control results: each code through the analyser's map to a lab assay (unmapped: kept for review),
 * then stored as control runs by quality control (enterAnalyserControls: the lot and level by the specimen id,
 * judged by the Westgard rules, the analyser recorded). What quality control refuses is kept for review with
 * its reason, marked as a control's.
 */
async function applyControls(
  tx: Tx, analyser: AnalyserRow, messageId: string, mapa: Readonly<Record<string, string>>, results: readonly AnalyserResult[],
  keep: (result: AnalyserResult, razlog: ReviewReason, sampleId: string | null, kontrola: boolean) => void,
  settings: ValueSettings,
): Promise<{ stored: number; runs: RejectedRun[] }> {
  if (results.length === 0) return { stored: 0, runs: [] };
  const mapped: { result: AnalyserResult; control: AnalyserControlResult }[] = [];
  for (const result of results) {
    const judged = judgeControlResult(result, mapa, settings);
    if (judged.razlog !== null) { keep(result, judged.razlog, null, true); continue; }
    mapped.push({ result, control: { specimenId: result.specimenId, sifra: judged.sifra, value: judged.value } });
  }
  const entered = await enterAnalyserControls(
    tx, analyserContext(analyser.siteId, messageId), { id: analyser.id, ime: analyser.ime }, messageId, mapped.map((entry) => entry.control),
  );
  for (const [index, razlog] of entered.refused) keep(mapped[index]!.result, razlog, null, true);
  return { stored: entered.stored, runs: entered.runs };
}

/** The outcome of a message none of whose results was applied or kept: a host query, or nothing. */
function outcomeWithoutResults(message: InterpretedMessage): MessageOutcome {
  return message.queries.length > 0 ? 'query' : 'empty';
}

/**
 * The one way analyser messages enter, whichever connection brought them: store the message as received,
 * apply its results, write its outcome, commit, and only then tell the caller it may acknowledge. A message
 * this analyser sent before is not applied again (and is acknowledged). Host queries are answered with the
 * sample's ordered tests mapped back to the analyser's codes.
 */
export class AnalyserIngest {
  constructor(
    private readonly db: Db,
    private readonly realtime?: RealtimeHub,
    private readonly log: IngestLog = silentLog,
    private readonly fence?: IngestFence,
  ) {}

  async receive(analyser: AnalyserRow, text: string): Promise<IngestAnswer> {
    const { message, error: readError } = interpret(analyser, text);
    let outcome: { stored: boolean; completions: SampleEvent[]; qcRuns: RejectedRun[] };
    try {
      outcome = await this.db.transaction(async (tx) => {
        // The lease is checked (and held still) in the transaction that stores the message: a process that
        // lost it stores nothing and NAKs, and the analyser sends the message again to the new holder.
        if (this.fence && !(await holdsLeaseFor(tx, analyser.id, this.fence.owner))) throw new LeaseLost();
        const repository = integrationRepository(tx, analyser.siteId);
        const messageId = await repository.storeMessage({
          analyserId: analyser.id, protokol: analyser.protokol, raw: storableText(text), contentHash: contentHash(text),
          controlId: message?.controlId ?? null, messageType: message?.messageType ?? null,
        });
        if (messageId === null) return { stored: false, completions: [], qcRuns: [] };
        if (!message) {
          await repository.finishMessage(messageId, { review: [], applied: [], controls: 0, withoutResults: 'error', error: readError, messageType: null });
          return { stored: true, completions: [], qcRuns: [] };
        }
        // A microbiology instrument's results land as isolates of cultures (microbiology-ingest.ts).
        const applied = isMicrobiologyInstrument(analyser.element)
          ? await applyMicrobiology(tx, analyser, messageId, message.results)
          : await applyResults(tx, analyser, messageId, message.results);
        await repository.finishMessage(messageId, {
          review: applied.review, applied: applied.applied, controls: applied.controls, withoutResults: outcomeWithoutResults(message),
          error: message.problems.length > 0 ? message.problems.join('; ') : null, messageType: message.messageType ?? null,
        });
        return { stored: true, completions: applied.completions, qcRuns: applied.qcRuns };
      });
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.log.warn({ analyser: analyser.id }, 'analyser lease held by another server; the message is refused and the connection closes');
        this.fence?.lost(analyser.id);
        return { kind: 'failed', error: error.message };
      }
      this.log.error({ analyser: analyser.id, err: errorKind(error) }, 'analyser message not stored; the analyser is told to send it again');
      return { kind: 'failed', error: 'The message could not be stored.' };
    }
    announce(this.realtime, analyser.siteId, outcome.completions);
    announceRejected(this.realtime, analyser.siteId, outcome.qcRuns);
    if (!message) {
      this.log.warn({ analyser: analyser.id }, 'analyser message unreadable; stored with its error');
      return { kind: 'unreadable', error: readError ?? 'unreadable' };
    }
    const queryAnswers = await Promise.all(message.queries.map((query) => this.answerQuery(analyser, message, query, text)));
    return { kind: 'accepted', duplicate: !outcome.stored, queryAnswers };
  }

  /** The worklist for a host query: each named sample's ordered assays, as the analyser's codes. */
  private async answerQuery(analyser: AnalyserRow, message: InterpretedMessage, query: AnalyserQuery, text: string): Promise<string> {
    const orders = await this.db.transaction(async (tx) => {
      const samples = await lockSamplesForAnalyser(tx, analyser.siteId, query.specimenIds);
      return query.specimenIds.map((specimenId) => {
        const sample = samples.get(specimenId);
        const codes = sample && !sample.locked ? sample.tests.filter((test) => test.rezultat === null).map((test) => test.sifra) : [];
        return { specimenId, testCodes: analyserCodesFor(mappingInForce({ mapa: analyser.mapa, mapa_iskljuceno: analyser.element.mapa_iskljuceno }), codes) };
      });
    });
    return message.protocol === 'hl7' ? hl7QueryAnswer(text, orders) : astmQueryAnswer(query, orders);
  }

  /**
   * POST /api/retry: processes a stored message again. A message that could not be read is read and applied
   * anew; otherwise its results still waiting for review are tried again (the sample may have the test now,
   * or the mapping was fixed) and the ones that still do not apply stay for review. Applied results are never
   * applied twice.
   */
  async retry(tx: Tx, analyser: AnalyserRow, message: { id: string; raw: string; outcome: MessageOutcome }): Promise<{
    outcome: MessageOutcome; applied: number; review: number; completions: SampleEvent[]; qcRuns: RejectedRun[];
  }> {
    const repository = integrationRepository(tx, analyser.siteId);
    if (isMicrobiologyInstrument(analyser.element)) {
      return retryMicrobiology(tx, analyser, message, interpret(analyser, message.raw.replaceAll('\u2400', '\u0000')));
    }
    if (message.outcome === 'error') {
      const { message: interpreted, error } = interpret(analyser, message.raw.replaceAll('\u2400', '\u0000'));
      if (!interpreted) {
        await repository.finishMessage(message.id, { review: [], applied: [], controls: 0, withoutResults: 'error', error, messageType: null });
        return { outcome: 'error', applied: 0, review: 0, completions: [], qcRuns: [] };
      }
      const applied = await applyResults(tx, analyser, message.id, interpreted.results);
      const finished = await repository.finishMessage(message.id, {
        review: applied.review, applied: applied.applied, controls: applied.controls, withoutResults: outcomeWithoutResults(interpreted),
        error: null, messageType: interpreted.messageType ?? null,
      });
      return {
        outcome: finished.outcome, applied: applied.applied.length + applied.controls, review: applied.review.length, completions: applied.completions,
        qcRuns: applied.qcRuns,
      };
    }
    const open = await repository.openReviewItems(message.id);
    await repository.resolveReviewItems(open.map((item) => item.id));
    const controls = new Set<AnalyserResult>();
    const again: IngestResult[] = open.map((item) => {
      const result: IngestResult = {
        specimenId: item.specimenId, testCode: item.testCode, testId: item.testId, value: item.vrijednost,
        ...(item.jedinica === null ? {} : { unit: item.jedinica }), ...(item.flag === null ? {} : { abnormalFlags: item.flag }),
        // The status the item was held for stays with it: a retry never applies a preliminary or cancelled result as final.
        ...statusMarkersOf(item.razlog),
      };
      if (item.kontrola) controls.add(result);
      return result;
    });
    const applied = await applyResults(tx, analyser, message.id, again, controls);
    // Nothing applied or kept now: the message keeps the outcome it had (a query, an empty message).
    const finished = await repository.finishMessage(message.id, {
      review: applied.review, applied: applied.applied, controls: applied.controls, withoutResults: message.outcome, error: null,
    });
    return {
      outcome: finished.outcome, applied: applied.applied.length + applied.controls, review: applied.review.length, completions: applied.completions,
      qcRuns: applied.qcRuns,
    };
  }
}

/** The OBX-11 markers a review item was kept for, given back to its result when it is tried again. */
function statusMarkersOf(razlog: ReviewReason): Pick<IngestResult, 'preliminary' | 'cancelled' | 'correction'> {
  if (razlog === 'preliminary') return { preliminary: true };
  if (razlog === 'cancelled') return { cancelled: true };
  if (razlog === 'correctionLocked') return { correction: true };
  return {};
}

/** An error's name and code, never its message (a database error's message can carry a query's parameters). */
export function errorKind(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(cause instanceof Error)) return typeof cause;
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' ? `${cause.name} ${code}` : cause.name;
}
