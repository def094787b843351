import type { AnalyserOrder, AnalyserQuery, AnalyserResult, InterpretedMessage } from '../interpreted.ts';
import { withoutEmptyOptionals } from '../interpreted.ts';
import type { DecimalMark } from '../value.ts';
import {
  DEFAULT_ASTM_DELIMITERS, astmComponents, astmRepeats, astmText, encodeAstmMessage, parseAstmMessage,
  type AstmDelimiters, type AstmRecord, type AstmRecordValue,
} from './records.ts';

/*
 * E1394 field positions (fields[n] is field n+1 of the standard, fields[0] the record type):
 * H-3 control id = fields[2], H-5 sender = fields[4];
 * O-3 specimen id = fields[2], O-4 instrument specimen id = fields[3], O-12 action code = fields[11];
 * R-3 universal test id = fields[2], R-4 value, R-5 units, R-6 range, R-7 flags, R-9 status,
 * R-13 completed = fields[12], R-14 instrument = fields[13];
 * Q-3 starting range id = fields[2].
 */

/**
 * Reads the results and host queries of an E1394 message, in the dialects instruments send it. The
 * delimiters are the H record's own (any of the four characters), escape sequences resolved.
 *
 * - Specimen id: O-3, or O-4 when O-3 is empty, of its components the first that is not empty, trimmed
 *   (`S1234^00^00` → `S1234`, `^^   27^M` → `27`); a field that is only `rack^position` (numbers in
 *   several components) gives way to the other one; when the order carries none, or the results follow a
 *   P record without an O record, the patient record's P-3 then P-4 (immunology analysers that send one
 *   P record per sample). `specimenIdField` names the field instead.
 * - Test code: see testCodeOf; `testCodeComponent` names the component instead.
 * - R-4 `value^flag^...`: the first component that is not empty is the value, the others the instrument's
 *   flags (`flags`); R-5 units and R-7 abnormal flags likewise (R-7's other components and repeats join
 *   `flags`), R-6 `low^high` as `low to high`.
 * - Several results in one R record: R-3 with repeats, R-4 (and R-5..R-7) repeated alike, one result each.
 * - C records after an R record are that result's `comments`; M (manufacturer) and S records are ignored.
 */
export interface AstmInterpretOptions {
  /**
   * Which component (1-based) of the specimen id field holds the sample code, for analysers that put more in
   * that field: Sysmex XN sends `rack^position^sample no.^attribute` from its sampler, so 3. By
   * default the first component that is not empty.
   */
  specimenIdComponent?: number;
  /** The one field that holds the specimen id (O-3, O-4, P-3 or P-4), for analysers the default misreads. */
  specimenIdField?: AstmSpecimenIdField;
  /** Which component (1-based) of R-3 holds the analyser's test code, for analysers the default misreads. */
  testCodeComponent?: number;
  /**
   * The analyser's decimal mark, carried to each result (`decimalMark`) for the value's reading
   * (analyserValue); the value itself stays as sent.
   */
  decimalMark?: DecimalMark;
  /**
   * Which component (1-based) of Q-3 holds the sample code. By default E1394's second component
   * (`patient id^specimen id`), or the first filled one after it when that is empty.
   */
  querySpecimenComponent?: number;
  /**
   * Read each result's `subId` from the test id: the first filled component after the one holding the code
   * (`^^^AM^1`, the isolate number of a microbiology instrument's result). Off by default.
   */
  subIds?: boolean;
}

export type AstmSpecimenIdField = 'O3' | 'O4' | 'P3' | 'P4';
export const ASTM_SPECIMEN_ID_FIELDS: readonly AstmSpecimenIdField[] = ['O3', 'O4', 'P3', 'P4'];

export function interpretAstm(text: string, options: AstmInterpretOptions = {}): InterpretedMessage {
  const { delimiters, records } = parseAstmMessage(text);
  const problems: string[] = [];
  const results: AnalyserResult[] = [];
  const queries: AnalyserQuery[] = [];
  const header = records[0]?.type === 'H' ? records[0] : undefined;
  if (header === undefined) problems.push('The message does not start with an H (header) record.');
  if (records.length > 0 && records[records.length - 1]?.type !== 'L') problems.push('The message does not end with an L (terminator) record.');
  const sender = header ? readableComponents(header.fields[4], delimiters) : '';
  // The specimen id the patient record gives (P-3/P-4), for orders that carry none.
  let patientSpecimenId = '';
  let specimenId: string | null = null;
  // E1394 action code `Q`: the order is a quality-control specimen; its results carry `qc`.
  let controlOrder = false;
  let lastResults: AnalyserResult[] = [];
  records.forEach((record, index) => {
    switch (record.type) {
      case 'O':
        specimenId = orderSpecimenId(record, delimiters, options) || patientSpecimenId;
        if (specimenId === '') problems.push(`Order record ${index + 1} has no specimen id.`);
        controlOrder = astmText(record.fields[11], delimiters).trim().toUpperCase() === 'Q';
        lastResults = [];
        break;
      case 'R': {
        // Results right after a P record that names the sample (no O record between): that sample's.
        const resultSpecimen = specimenId ?? (patientSpecimenId === '' ? null : patientSpecimenId);
        if (resultSpecimen === null) {
          problems.push(`Result record ${index + 1} has no order (O) record before it.`);
          lastResults = [];
          break;
        }
        lastResults = resultsOf(record, delimiters, options).map((read) => {
          if (read.testCode === '') problems.push(`Result record ${index + 1} has no test code.`);
          const result = withoutEmptyOptionals({
            specimenId: resultSpecimen,
            ...read,
            resultStatus: astmText(record.fields[8], delimiters).trim(),
            completedAt: astmText(record.fields[12], delimiters).trim(),
            instrument: readableComponents(record.fields[13], delimiters) || sender,
          });
          if (options.decimalMark !== undefined) result.decimalMark = options.decimalMark;
          if (options.subIds) {
            const subId = subIdOf(read.testId, read.testCode, delimiters);
            if (subId !== '') result.subId = subId;
          }
          if (controlOrder) result.qc = true;
          return result;
        });
        results.push(...lastResults);
        break;
      }
      case 'C': {
        const comment = readableComponents(record.fields[3], delimiters);
        if (comment === '') break;
        for (const result of lastResults) result.comments = [...(result.comments ?? []), comment];
        break;
      }
      case 'Q': {
        const specimenIds = astmRepeats(record.fields[2], delimiters)
          .map((range) => queriedSpecimenId(range, delimiters, options.querySpecimenComponent))
          .filter((id) => id !== '');
        if (specimenIds.length === 0) problems.push(`Query record ${index + 1} names no specimen.`);
        queries.push({ specimenIds, raw: record.fields.join(delimiters.field) });
        break;
      }
      case 'P':
        patientSpecimenId = patientSpecimenIdOf(record, delimiters, options);
        specimenId = null;
        controlOrder = false;
        lastResults = [];
        break;
      // M (manufacturer) and S (scientific) records carry nothing the LIS reads: ignored without a problem.
    }
  });
  const interpreted: InterpretedMessage = {
    protocol: 'astm',
    sender,
    controlId: header ? astmText(header.fields[2], delimiters).trim() : undefined,
    messageType: queries.length > 0 ? 'query' : results.length > 0 ? 'results' : 'other',
    results,
    queries,
    problems,
  };
  if (!interpreted.sender) delete interpreted.sender;
  if (!interpreted.controlId) delete interpreted.controlId;
  if (!interpreted.messageType) delete interpreted.messageType;
  return interpreted;
}

type ResultReading = Pick<AnalyserResult, 'testCode' | 'testId' | 'value' | 'flags' | 'unit' | 'referenceRange' | 'abnormalFlags'>;

/** The results of one R record: one per repeat of R-3 (several results in one record), the other fields' repeats alike. */
function resultsOf(record: AstmRecord, delimiters: AstmDelimiters, options: AstmInterpretOptions): ResultReading[] {
  const testIds = astmRepeats(record.fields[2], delimiters);
  const several = testIds.length > 1;
  const repeat = (field: number, at: number) => {
    const repeats = astmRepeats(record.fields[field], delimiters);
    return several ? (repeats[at] ?? '') : (record.fields[field] ?? '');
  };
  return testIds.map((testId, at) => {
    const valueParts = filledComponents(astmRepeats(repeat(3, at), delimiters)[0], delimiters);
    const flagRepeats = astmRepeats(repeat(6, at), delimiters).flatMap((flags) => filledComponents(flags, delimiters));
    const flags = [...valueParts.slice(1), ...flagRepeats.slice(1)];
    const reading: ResultReading = {
      testCode: testCodeOf(testId, delimiters, options.testCodeComponent),
      testId: several ? testId : (record.fields[2] ?? ''),
      value: valueParts[0] ?? '',
      unit: filledComponents(repeat(4, at), delimiters)[0] ?? '',
      referenceRange: referenceRangeOf(repeat(5, at), delimiters),
      abnormalFlags: flagRepeats[0] ?? '',
    };
    if (flags.length > 0) reading.flags = flags;
    return reading;
  });
}

/** R-6 as sent (`3.9 to 6.1`, `3.9-6.1`), or `low^high` in components as `low to high`. */
function referenceRangeOf(field: string, delimiters: AstmDelimiters): string {
  const parts = filledComponents(field, delimiters);
  if (parts.length === 2 && parts.every((part) => /^[<>]?=?\s*[+-]?\d+(?:[.,]\d+)?$/.test(part))) return `${parts[0]} to ${parts[1]}`;
  return parts[0] ?? '';
}

function orderSpecimenId(order: AstmRecord, delimiters: AstmDelimiters, options: AstmInterpretOptions): string {
  const field = options.specimenIdField;
  if (field === 'O3' || field === 'O4') return specimenIdIn(order.fields[field === 'O3' ? 2 : 3], delimiters, options.specimenIdComponent);
  if (field === 'P3' || field === 'P4') return '';
  const specimen = order.fields[2];
  const instrument = order.fields[3];
  // `rack^position` in O-3 with the sample in O-4 (some samplers): the other field's id.
  if (isRackPosition(specimen, delimiters) && specimenIdIn(instrument, delimiters, undefined) !== '') {
    return specimenIdIn(instrument, delimiters, options.specimenIdComponent);
  }
  return specimenIdIn(specimen, delimiters, options.specimenIdComponent) || specimenIdIn(instrument, delimiters, options.specimenIdComponent);
}

function patientSpecimenIdOf(patient: AstmRecord, delimiters: AstmDelimiters, options: AstmInterpretOptions): string {
  const field = options.specimenIdField;
  if (field === 'O3' || field === 'O4') return '';
  if (field === 'P3' || field === 'P4') return specimenIdIn(patient.fields[field === 'P3' ? 2 : 3], delimiters, options.specimenIdComponent);
  return specimenIdIn(patient.fields[2], delimiters, undefined) || specimenIdIn(patient.fields[3], delimiters, undefined);
}

function specimenIdIn(field: string | undefined, delimiters: AstmDelimiters, component: number | undefined): string {
  const components = astmComponents(astmRepeats(field, delimiters)[0], delimiters);
  return component === undefined ? firstFilled(components) : (components[component - 1] ?? '').trim();
}

/** A field of two or more components, all of them numbers: a sampler's rack and position, not a sample code. */
function isRackPosition(field: string | undefined, delimiters: AstmDelimiters): boolean {
  const components = astmComponents(astmRepeats(field, delimiters)[0], delimiters);
  const filled = components.map((part) => part.trim()).filter((part) => part !== '');
  return components.length >= 2 && filled.length >= 1 && filled.every((part) => /^\d+$/.test(part));
}

/**
 * The test code is the manufacturer's local code, found in the forms instruments send:
 * - E1394's `^^^GLU` (the fourth component; the first filled one from the fourth on, so `^^^^WBC^1` (Sysmex)
 *   and `^^^WBC^804-5^1` (Horiba, a LOINC code after it) give `WBC`);
 * - `CODE^Name^^F` (the code first, a status letter last): the first component when it is filled;
 * - Roche's `717/` (a numeric code with a suffix after `/`): the code before the `/`.
 * `component` (1-based) names the component instead, for an analyser the default misreads.
 */
export function testCodeOf(testId: string, delimiters: AstmDelimiters = DEFAULT_ASTM_DELIMITERS, component?: number): string {
  const components = astmComponents(testId, delimiters);
  if (component !== undefined) return (components[component - 1] ?? '').trim();
  const code = (components[0] ?? '').trim() || firstFilled(components.slice(3)) || firstFilled(components);
  const roche = /^(\d+)\/.*$/.exec(code);
  return roche ? (roche[1] ?? code) : code;
}

/** The first filled component of a test id after the one holding its code (`^^^AM^1` → `1`), '' when none. */
function subIdOf(testId: string, testCode: string, delimiters: AstmDelimiters): string {
  const components = astmComponents(testId, delimiters).map((part) => part.trim());
  const at = components.findIndex((part) => part === testCode || /^(\d+)\//.exec(part)?.[1] === testCode);
  return at < 0 ? '' : firstFilled(components.slice(at + 1));
}

/** Q-3 is `patient id^specimen id^...`; analysers that put the sample elsewhere fill a later component. */
function queriedSpecimenId(range: string, delimiters: AstmDelimiters, component: number | undefined): string {
  const components = astmComponents(range, delimiters);
  if (component !== undefined) return (components[component - 1] ?? '').trim();
  return firstFilled(components.slice(1)) || firstFilled(components);
}

/** A field's components that are not empty, trimmed, escape sequences resolved. */
function filledComponents(field: string | undefined, delimiters: AstmDelimiters): string[] {
  return astmComponents(field, delimiters).map((part) => part.trim()).filter((part) => part !== '');
}

function firstFilled(components: string[]): string {
  for (const component of components) {
    const trimmed = component.trim();
    if (trimmed !== '') return trimmed;
  }
  return '';
}

function readableComponents(field: string | undefined, delimiters: AstmDelimiters): string {
  return astmComponents(field, delimiters).map((part) => part.trim()).filter((part) => part !== '').join(' ');
}

export interface AstmQueryAnswerOptions {
  delimiters?: AstmDelimiters;
  /** H-5, who the answer is from (default `LIS`). */
  sender?: string;
  /** H-10, who it is for. */
  receiver?: string;
  /** H-14 and the O records' requested time, YYYYMMDDHHMMSS. */
  timestamp?: string;
  /**
   * Which component of the universal test id carries the analyser's code (1-based, default 4:
   * `^^^WBC`); Sysmex XN expects 5 (`^^^^WBC`).
   */
  testCodeComponent?: number;
  /** Where the sample code goes in the O record: `specimen` (O-3, default) or `instrument` (O-4). */
  specimenField?: 'specimen' | 'instrument';
  /** O-6 priority (default `R`, routine). */
  priority?: string;
}

/**
 * The answer to a host query: one P and O record per queried sample with the tests to run (the
 * worklist). A sample with no tests for this analyser is left out; an answer with no sample at all
 * ends with L-3 `I` (no information available for the query).
 */
export function astmQueryAnswer(query: AnalyserQuery, orders: readonly AnalyserOrder[], options: AstmQueryAnswerOptions = {}): string {
  const delimiters = options.delimiters ?? DEFAULT_ASTM_DELIMITERS;
  const timestamp = options.timestamp ?? '';
  const position = Math.max(1, options.testCodeComponent ?? 4);
  const records: AstmRecordValue[] = [['H', '', '', '', options.sender ?? 'LIS', '', '', '', '', options.receiver ?? '', '', 'P', '1', timestamp]];
  const specimenIds = query.specimenIds.length > 0 ? query.specimenIds : orders.map((order) => order.specimenId);
  let patients = 0;
  for (const specimenId of specimenIds) {
    const order = orders.find((candidate) => candidate.specimenId === specimenId);
    if (order === undefined || order.testCodes.length === 0) continue;
    patients++;
    const testIds = order.testCodes.map((code) => [...Array<string>(position - 1).fill(''), code]);
    const specimen = options.specimenField === 'instrument' ? ['', specimenId] : [specimenId, ''];
    const blanks = (count: number) => Array<string>(count).fill('');
    records.push(['P', String(patients)]);
    // O-12 action code N (new order), O-26 report type O (an order, not a result).
    records.push(['O', '1', ...specimen, testIds, options.priority ?? 'R', timestamp, timestamp, ...blanks(3), 'N', ...blanks(13), 'O']);
  }
  records.push(['L', '1', patients > 0 ? 'N' : 'I']);
  return encodeAstmMessage(records, delimiters);
}
