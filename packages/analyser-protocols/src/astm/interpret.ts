import type { AnalyserOrder, AnalyserQuery, AnalyserResult, InterpretedMessage } from '../interpreted.ts';
import { withoutEmptyOptionals } from '../interpreted.ts';
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
 * Reads the results and host queries of an E1394 message. The specimen id of a result is the one of
 * the O record above it: O-3, or O-4 when O-3 is empty (Afinion, Sysmex, cobas put the sample there);
 * of its components the first that is not empty, trimmed (`S1234^00^00` → `S1234`,
 * `^^   27^M` → `27`).
 */
export interface AstmInterpretOptions {
  /**
   * Which component (1-based) of O-3/O-4 holds the sample code, for analysers that put more in
   * that field: Sysmex XN sends `rack^position^sample no.^attribute` from its sampler, so 3. By
   * default the first component that is not empty.
   */
  specimenIdComponent?: number;
  /**
   * Which component (1-based) of Q-3 holds the sample code. By default E1394's second component
   * (`patient id^specimen id`), or the first filled one after it when that is empty.
   */
  querySpecimenComponent?: number;
}

export function interpretAstm(text: string, options: AstmInterpretOptions = {}): InterpretedMessage {
  const { delimiters, records } = parseAstmMessage(text);
  const problems: string[] = [];
  const results: AnalyserResult[] = [];
  const queries: AnalyserQuery[] = [];
  const header = records[0]?.type === 'H' ? records[0] : undefined;
  if (header === undefined) problems.push('The message does not start with an H (header) record.');
  if (records.length > 0 && records[records.length - 1]?.type !== 'L') problems.push('The message does not end with an L (terminator) record.');
  const sender = header ? readableComponents(header.fields[4], delimiters) : '';
  let specimenId: string | null = null;
  // E1394 action code `Q`: the order is a quality-control specimen; its results carry `qc`.
  let controlOrder = false;
  let lastResult: AnalyserResult | null = null;
  records.forEach((record, index) => {
    switch (record.type) {
      case 'O':
        specimenId = specimenIdOf(record, delimiters, options.specimenIdComponent);
        if (specimenId === '') problems.push(`Order record ${index + 1} has no specimen id.`);
        controlOrder = astmText(record.fields[11], delimiters).trim().toUpperCase() === 'Q';
        lastResult = null;
        break;
      case 'R': {
        if (specimenId === null) {
          problems.push(`Result record ${index + 1} has no order (O) record before it.`);
          lastResult = null;
          break;
        }
        const testId = astmRepeats(record.fields[2], delimiters)[0] ?? '';
        const testCode = testCodeOf(testId, delimiters);
        if (testCode === '') problems.push(`Result record ${index + 1} has no test code.`);
        lastResult = withoutEmptyOptionals({
          specimenId,
          testCode,
          testId: record.fields[2] ?? '',
          value: astmText(record.fields[3], delimiters),
          unit: astmText(record.fields[4], delimiters).trim(),
          referenceRange: astmText(record.fields[5], delimiters).trim(),
          abnormalFlags: astmText(record.fields[6], delimiters).trim(),
          resultStatus: astmText(record.fields[8], delimiters).trim(),
          completedAt: astmText(record.fields[12], delimiters).trim(),
          instrument: readableComponents(record.fields[13], delimiters) || sender,
        });
        if (controlOrder) lastResult.qc = true;
        results.push(lastResult);
        break;
      }
      case 'C': {
        const comment = readableComponents(record.fields[3], delimiters);
        if (lastResult !== null && comment !== '') lastResult.comments = [...(lastResult.comments ?? []), comment];
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
        specimenId = null;
        controlOrder = false;
        lastResult = null;
        break;
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

function specimenIdOf(order: AstmRecord, delimiters: AstmDelimiters, component: number | undefined): string {
  for (const field of [order.fields[2], order.fields[3]]) {
    const components = astmComponents(astmRepeats(field, delimiters)[0], delimiters);
    const id = component === undefined ? firstFilled(components) : (components[component - 1] ?? '').trim();
    if (id !== '') return id;
  }
  return '';
}

/**
 * The test code is the manufacturer's local code: the first component from the fourth on that is
 * not empty (`^^^WBC^804-5^1` → `WBC`, with a LOINC code after it; `^^^^WBC^1` → `WBC`); a test id
 * with only its first components filled gives the first of those.
 */
export function testCodeOf(testId: string, delimiters: AstmDelimiters = DEFAULT_ASTM_DELIMITERS): string {
  const components = astmComponents(testId, delimiters);
  return firstFilled(components.slice(3)) || firstFilled(components);
}

/** Q-3 is `patient id^specimen id^...`; analysers that put the sample elsewhere fill a later component. */
function queriedSpecimenId(range: string, delimiters: AstmDelimiters, component: number | undefined): string {
  const components = astmComponents(range, delimiters);
  if (component !== undefined) return (components[component - 1] ?? '').trim();
  return firstFilled(components.slice(1)) || firstFilled(components);
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
