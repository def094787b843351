import type { AnalyserOrder, AnalyserQuery, AnalyserResult, InterpretedMessage } from '../interpreted.ts';
import { withoutEmptyOptionals } from '../interpreted.ts';
import {
  DEFAULT_HL7_DELIMITERS, escapeHl7, hl7Components, hl7Repeats, hl7Value, parseHl7, unescapeHl7,
  type Hl7Delimiters, type Hl7Segment,
} from './parse.ts';

/** Observations that carry pictures or pointers (histograms, scattergrams), not results. */
const NON_RESULT_VALUE_TYPES = new Set(['ED', 'RP']);

interface OrderGroup {
  /** OBR-3 (filler order number), or OBR-2 (placer) when OBR-3 is empty. */
  orderSpecimenId: string;
  /** SPM-2 of the specimen the order belongs to. */
  specimenSegmentId: string;
  /** OBR-11 (specimen action code) `Q`: a quality-control specimen. */
  control: boolean;
  results: AnalyserResult[];
}

/**
 * Reads the results (ORU^R01, OUL^R22, any OBX under an OBR) and worklist queries (QRY^Q02 QRD-8,
 * QBP QPD-3) of an HL7 v2 message. OBX set ids may start at 0 or 1: they are not used.
 *
 * The specimen id of a result is SPM-2 of its specimen when the message has SPM segments (OUL^R22
 * puts SPM before the OBRs it covers; ORU^R01 v2.5 after the OBR's observations), else OBR-3, else
 * OBR-2.
 */
export function interpretHl7(text: string): InterpretedMessage {
  const { delimiters, segments } = parseHl7(text);
  const problems: string[] = [];
  const msh = segments.find((segment) => segment.name === 'MSH');
  if (msh === undefined) problems.push('The message has no MSH segment.');
  const sender = [hl7Value(msh, delimiters, 3, 1), hl7Value(msh, delimiters, 4, 1)].map((part) => part.trim()).filter((part) => part !== '').join(' ');
  const messageType = [hl7Value(msh, delimiters, 9, 1), hl7Value(msh, delimiters, 9, 2)].filter((part) => part !== '').join('^');

  const firstSpm = segments.findIndex((segment) => segment.name === 'SPM');
  const firstObr = segments.findIndex((segment) => segment.name === 'OBR');
  const specimenLeadsOrders = firstSpm >= 0 && (firstObr < 0 || firstSpm < firstObr);

  const groups: OrderGroup[] = [];
  const queries: AnalyserQuery[] = [];
  let group: OrderGroup | null = null;
  let leadingSpecimenId = '';
  let lastResult: AnalyserResult | null = null;
  segments.forEach((segment, index) => {
    switch (segment.name) {
      case 'SPM': {
        const id = specimenSegmentId(segment, delimiters);
        if (specimenLeadsOrders) {
          leadingSpecimenId = id;
          group = null;
        } else if (group !== null && group.specimenSegmentId === '') {
          group.specimenSegmentId = id;
        }
        lastResult = null;
        break;
      }
      case 'OBR':
        group = {
          orderSpecimenId: hl7Value(segment, delimiters, 3, 1).trim() || hl7Value(segment, delimiters, 2, 1).trim(),
          specimenSegmentId: specimenLeadsOrders ? leadingSpecimenId : '',
          control: hl7Value(segment, delimiters, 11, 1).trim().toUpperCase() === 'Q',
          results: [],
        };
        groups.push(group);
        lastResult = null;
        break;
      case 'OBX': {
        const valueType = hl7Value(segment, delimiters, 2).trim().toUpperCase();
        lastResult = null;
        if (NON_RESULT_VALUE_TYPES.has(valueType)) break;
        if (group === null) {
          // Observations before any OBR belong to the specimen named so far (OUL^R22 without OBR).
          group = { orderSpecimenId: '', specimenSegmentId: leadingSpecimenId, control: false, results: [] };
          groups.push(group);
        }
        const testId = segment.fields[3] ?? '';
        const testCode = hl7TestCode(testId, delimiters);
        if (testCode === '') problems.push(`OBX segment ${index + 1} has no observation identifier.`);
        const result = withoutEmptyOptionals({
          specimenId: '',
          testCode,
          testId,
          value: unescapeHl7(segment.fields[5] ?? '', delimiters),
          unit: (hl7Value(segment, delimiters, 6, 1) || hl7Value(segment, delimiters, 6, 2)).trim(),
          referenceRange: unescapeHl7(segment.fields[7] ?? '', delimiters).trim(),
          abnormalFlags: unescapeHl7(segment.fields[8] ?? '', delimiters).trim(),
          resultStatus: hl7Value(segment, delimiters, 11).trim(),
          completedAt: (hl7Value(segment, delimiters, 14, 1) || hl7Value(segment, delimiters, 19, 1)).trim(),
          instrument: hl7Value(segment, delimiters, 18, 1).trim() || sender,
        });
        (group).results.push(result);
        lastResult = result;
        break;
      }
      case 'NTE': {
        const comment = unescapeHl7(hl7Repeats(segment.fields[3], delimiters).join(' '), delimiters).trim();
        if (lastResult !== null && comment !== '') lastResult.comments = [...(lastResult.comments ?? []), comment];
        break;
      }
      case 'QRD': {
        const specimenIds = hl7Repeats(segment.fields[8], delimiters)
          .map((repeat) => (hl7Components(repeat, delimiters)[0] ?? '').trim())
          .filter((id) => id !== '');
        if (specimenIds.length === 0) problems.push(`QRD segment ${index + 1} names no specimen (QRD-8).`);
        queries.push({ specimenIds, raw: segment.fields.join(delimiters.field) });
        break;
      }
      case 'QPD': {
        const specimenIds = hl7Repeats(segment.fields[3], delimiters)
          .map((repeat) => (hl7Components(repeat, delimiters)[0] ?? '').trim())
          .filter((id) => id !== '');
        if (specimenIds.length === 0) problems.push(`QPD segment ${index + 1} names no specimen (QPD-3).`);
        queries.push({ specimenIds, raw: segment.fields.join(delimiters.field) });
        break;
      }
    }
  });

  const results: AnalyserResult[] = [];
  for (const { orderSpecimenId, specimenSegmentId: spmId, control, results: groupResults } of groups) {
    const specimenId = spmId || orderSpecimenId;
    if (specimenId === '' && groupResults.length > 0) problems.push('Observations without a specimen id (no SPM-2, OBR-3 or OBR-2).');
    for (const result of groupResults) results.push(control ? { ...result, specimenId, qc: true } : { ...result, specimenId });
  }
  const interpreted: InterpretedMessage = {
    protocol: 'hl7',
    sender,
    controlId: hl7Value(msh, delimiters, 10).trim(),
    messageType,
    results,
    queries,
    problems,
  };
  if (!interpreted.sender) delete interpreted.sender;
  if (!interpreted.controlId) delete interpreted.controlId;
  if (!interpreted.messageType) delete interpreted.messageType;
  return interpreted;
}

/** SPM-2 is `placer id&namespace^filler id&namespace`: the placer's id, else the filler's. */
function specimenSegmentId(segment: Hl7Segment, delimiters: Hl7Delimiters): string {
  return hl7Value(segment, delimiters, 2, 1, 1).trim() || hl7Value(segment, delimiters, 2, 2, 1).trim();
}

/**
 * The code that names the test in OBX-3 (`identifier^text^coding system`): the identifier; but when
 * the identifier is a LOINC code (coding system LN) the analyser's short name in the text
 * component is what names its test (`6690-2^WBC^LN` → `WBC`).
 */
export function hl7TestCode(observationId: string, delimiters: Hl7Delimiters = DEFAULT_HL7_DELIMITERS): string {
  const [identifier = '', text = '', system = ''] = hl7Components(hl7Repeats(observationId, delimiters)[0], delimiters).map((part) => part.trim());
  if (system.toUpperCase() === 'LN' && text !== '' && !/\s/.test(text)) return text;
  return identifier || text;
}

export interface Hl7ReplyOptions {
  /** MSH-7, YYYYMMDDHHMMSS (default: now, UTC). */
  timestamp?: string;
  /** MSH-10 of the reply (default: the control id of the message answered). */
  controlId?: string;
  /** MSH-3 / MSH-4 of the reply when the message answered names no receiver (default `LIS`). */
  application?: string;
  facility?: string;
}

/**
 * An acknowledgement in original mode: MSH with sender and receiver swapped, `ACK^<trigger>`, and
 * MSA with the code (AA accepted, AE error, AR rejected), MSA-2 = the MSH-10 of the message answered,
 * and MSA-3 the error text.
 */
export function hl7Ack(text: string, code: 'AA' | 'AE' | 'AR', errorText?: string, options: Hl7ReplyOptions = {}): string {
  const { delimiters, segments } = parseHl7(text);
  const msh = segments.find((segment) => segment.name === 'MSH');
  const controlId = msh?.fields[10] ?? '';
  const trigger = hl7Components(msh?.fields[9], delimiters)[1] ?? '';
  const messageType = trigger === '' ? 'ACK' : `ACK${delimiters.component}${escapeHl7(trigger, delimiters)}`;
  const header = replyHeader(msh, delimiters, messageType, options.controlId ?? unescapeHl7(controlId, delimiters), options);
  const msa = ['MSA', code, controlId];
  if (errorText !== undefined && errorText !== '') msa.push(escapeHl7(errorText, delimiters));
  return `${header}\r${msa.join(delimiters.field)}\r`;
}

export interface Hl7QueryAnswerOptions extends Hl7ReplyOptions {
  /** OBR-4's coding system after the analyser's code (e.g. `99MRC`); none by default. */
  codingSystem?: string;
}

/**
 * The worklist answer to a query (QRY^Q02 / QBP) as ORM^O01: for each ordered sample an ORC (NW,
 * new order, placer and filler number = the sample code) and one OBR per test with the analyser's
 * code in OBR-4. Orders for samples the query did not ask about are left out; with none left the
 * ORM carries only its MSH.
 */
export function hl7QueryAnswer(queryText: string, orders: readonly AnalyserOrder[], options: Hl7QueryAnswerOptions = {}): string {
  const { delimiters, segments } = parseHl7(queryText);
  const msh = segments.find((segment) => segment.name === 'MSH');
  const asked = interpretHl7(queryText).queries.flatMap((query) => query.specimenIds);
  const answered = asked.length > 0 ? orders.filter((order) => asked.includes(order.specimenId)) : orders;
  const controlId = options.controlId ?? hl7Value(msh, delimiters, 10);
  const lines = [replyHeader(msh, delimiters, `ORM${delimiters.component}O01`, controlId, options)];
  const field = (values: string[]) => values.join(delimiters.field);
  for (const order of answered) {
    if (order.testCodes.length === 0) continue;
    const specimen = escapeHl7(order.specimenId, delimiters);
    lines.push(field(['ORC', 'NW', specimen, specimen]));
    order.testCodes.forEach((code, index) => {
      const testId = [escapeHl7(code, delimiters), ...(options.codingSystem ? [escapeHl7(code, delimiters), escapeHl7(options.codingSystem, delimiters)] : [])].join(delimiters.component);
      lines.push(field(['OBR', String(index + 1), specimen, specimen, testId]));
    });
  }
  return `${lines.join('\r')}\r`;
}

function replyHeader(msh: Hl7Segment | undefined, delimiters: Hl7Delimiters, messageType: string, controlId: string, options: Hl7ReplyOptions): string {
  const encoding = `${delimiters.component}${delimiters.repeat}${delimiters.escape}${delimiters.subcomponent}`;
  const raw = (index: number) => msh?.fields[index] ?? '';
  const application = raw(5) || escapeHl7(options.application ?? 'LIS', delimiters);
  const facility = raw(6) || escapeHl7(options.facility ?? '', delimiters);
  return [
    `MSH${delimiters.field}${encoding}`, application, facility, raw(3), raw(4),
    options.timestamp ?? hl7Timestamp(new Date()), '', messageType, escapeHl7(controlId, delimiters),
    raw(11) || 'P', raw(12) || '2.3.1',
  ].join(delimiters.field);
}

/** YYYYMMDDHHMMSS in UTC. */
export function hl7Timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
