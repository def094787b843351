import type { AnalyserOrder, AnalyserQuery, InterpretedMessage } from '../interpreted.ts';
import { withoutEmptyOptionals } from '../interpreted.ts';
import {
  DEFAULT_HL7_DELIMITERS, escapeHl7, hl7Components, hl7Repeats, hl7Value, parseHl7, unescapeHl7,
  type Hl7Delimiters, type Hl7Segment,
} from './parse.ts';
import { hl7AbnormalFlags, hl7ObservationValue, hl7StatusMarkers, type Hl7Result } from './observation.ts';

/** Observations that carry pictures or pointers (histograms, scattergrams), not results. */
const NON_RESULT_VALUE_TYPES = new Set(['ED', 'RP']);

/** Where the specimen id of an observation is read: SPM-2, OBR-3 (filler), OBR-2 (placer), PID-3 (patient id list). */
export type Hl7SpecimenIdField = 'SPM2' | 'OBR3' | 'OBR2' | 'PID3';

/** How to read one analyser's HL7; every option has a default that needs no setting. */
export interface Hl7InterpretOptions {
  /**
   * The field that holds the specimen id. Default (unset): SPM-2 when the message has SPM segments, else
   * OBR-3, else OBR-2 (PID-3 never by default: it is a patient's id unless the analyser is set up to send
   * the laboratory's id there). Set: that field first, then the default order when it is empty.
   */
  specimenIdField?: Hl7SpecimenIdField;
  /** Read each result's `subId` from OBX-4 (the isolate number of a microbiology instrument's result). Off by default. */
  subIds?: boolean;
}

/** The order in which the specimen id fields are tried when none is set. */
const DEFAULT_SPECIMEN_ID_ORDER: readonly Hl7SpecimenIdField[] = ['SPM2', 'OBR3', 'OBR2'];
const SPECIMEN_ID_FIELD_NAMES: Record<Hl7SpecimenIdField, string> = { SPM2: 'SPM-2', OBR3: 'OBR-3', OBR2: 'OBR-2', PID3: 'PID-3' };

/** An interpreted HL7 message: its results carry the HL7 details (coded text, status markers). */
export interface Hl7InterpretedMessage extends InterpretedMessage {
  results: Hl7Result[];
}

interface OrderGroup {
  /** The candidate specimen ids of the group's observations, by field. */
  ids: Record<Hl7SpecimenIdField, string>;
  /** OBR-11 (specimen action code) `Q`, or SPM-11 (specimen role) `Q`: a quality-control specimen. */
  control: boolean;
  results: Hl7Result[];
}

/**
 * Reads the results (ORU^R01, OUL^R22, any OBX under an OBR) and worklist queries (QRY^Q02 QRD-8,
 * QBP QPD-3) of an HL7 v2 message. Segments may end in CR, LF or CRLF; OBX set ids may start at 0
 * or 1: they are not used. A message may carry several OBR groups and (OUL^R22) several SPM groups.
 *
 * The specimen id of a result is chosen by `options.specimenIdField` (see Hl7InterpretOptions); by
 * default SPM-2 of its specimen when the message has SPM segments (OUL^R22 puts SPM before the OBRs
 * it covers, or before its OBX without OBR; ORU^R01 v2.5 after the OBR's observations), else OBR-3,
 * else OBR-2. OBX-5 is read by its value type (hl7ObservationValue), OBX-11 gives status markers.
 */
export function interpretHl7(text: string, options: Hl7InterpretOptions = {}): Hl7InterpretedMessage {
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
  let patientId = '';
  let leadingSpecimen = { id: '', control: false };
  let lastResult: Hl7Result | null = null;
  const newGroup = (obr: Hl7Segment | null): OrderGroup => ({
    ids: {
      SPM2: specimenLeadsOrders ? leadingSpecimen.id : '',
      OBR3: obr === null ? '' : hl7Value(obr, delimiters, 3, 1).trim(),
      OBR2: obr === null ? '' : hl7Value(obr, delimiters, 2, 1).trim(),
      PID3: patientId,
    },
    control: (specimenLeadsOrders && leadingSpecimen.control) || (obr !== null && hl7Value(obr, delimiters, 11, 1).trim().toUpperCase() === 'Q'),
    results: [],
  });
  segments.forEach((segment, index) => {
    switch (segment.name) {
      case 'PID':
        // PID-3 is a list of ids (`id^^^authority~…`): the first one's id.
        patientId = hl7Value(segment, delimiters, 3, 1).trim();
        lastResult = null;
        break;
      case 'SPM': {
        const id = specimenSegmentId(segment, delimiters);
        const control = hl7Value(segment, delimiters, 11, 1).trim().toUpperCase() === 'Q';
        if (specimenLeadsOrders) {
          leadingSpecimen = { id, control };
          group = null;
        } else if (group !== null && group.ids.SPM2 === '') {
          group.ids.SPM2 = id;
          group.control ||= control;
        }
        lastResult = null;
        break;
      }
      case 'OBR':
        group = newGroup(segment);
        groups.push(group);
        lastResult = null;
        break;
      case 'OBX': {
        const valueType = hl7Value(segment, delimiters, 2).trim().toUpperCase();
        lastResult = null;
        if (NON_RESULT_VALUE_TYPES.has(valueType)) break;
        if (group === null) {
          // Observations before any OBR belong to the specimen named so far (OUL^R22 without OBR).
          group = newGroup(null);
          groups.push(group);
        }
        const testId = segment.fields[3] ?? '';
        const testCode = hl7TestCode(testId, delimiters);
        if (testCode === '') problems.push(`OBX segment ${index + 1} has no observation identifier.`);
        const { value, codedText } = hl7ObservationValue(segment.fields[5], valueType, delimiters);
        const resultStatus = hl7Value(segment, delimiters, 11).trim();
        const result: Hl7Result = {
          ...withoutEmptyOptionals({
            specimenId: '',
            testCode,
            testId,
            value,
            unit: (hl7Value(segment, delimiters, 6, 1) || hl7Value(segment, delimiters, 6, 2)).trim(),
            referenceRange: unescapeHl7(segment.fields[7] ?? '', delimiters).trim(),
            abnormalFlags: hl7AbnormalFlags(segment.fields[8], delimiters),
            resultStatus,
            completedAt: (hl7Value(segment, delimiters, 14, 1) || hl7Value(segment, delimiters, 19, 1)).trim(),
            instrument: hl7Value(segment, delimiters, 18, 1).trim() || sender,
          }),
          ...(codedText === undefined ? {} : { codedText }),
          ...(options.subIds && hl7Value(segment, delimiters, 4).trim() !== '' ? { subId: hl7Value(segment, delimiters, 4).trim() } : {}),
          ...hl7StatusMarkers(resultStatus),
        };
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

  const order = options.specimenIdField === undefined
    ? DEFAULT_SPECIMEN_ID_ORDER
    : [options.specimenIdField, ...DEFAULT_SPECIMEN_ID_ORDER.filter((field) => field !== options.specimenIdField)];
  const results: Hl7Result[] = [];
  for (const { ids, control, results: groupResults } of groups) {
    const specimenId = order.map((field) => ids[field]).find((id) => id !== '') ?? '';
    if (specimenId === '' && groupResults.length > 0) problems.push(`Observations without a specimen id (no ${orList(order.map((field) => SPECIMEN_ID_FIELD_NAMES[field]))}).`);
    for (const result of groupResults) results.push(control ? { ...result, specimenId, qc: true } : { ...result, specimenId });
  }
  const interpreted: Hl7InterpretedMessage = {
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

/** `A, B or C`. */
function orList(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
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
 * The worklist answer to a host query, with the named samples' tests (orders for samples the query did
 * not ask about are left out):
 * - QRY^Q02 (and any query but QBP) as ORM^O01: for each ordered sample an ORC (NW, new order, placer
 *   and filler number = the sample code) and one OBR per test with the analyser's code in OBR-4; with
 *   none left the ORM carries only its MSH.
 * - QBP^Q11 (IHE LAW work order step query) as RSP^K11: MSA AA with the query's MSH-10, QAK (the query
 *   tag QPD-2, `OK` or `NF` when no asked sample has a pending test, the query name QPD-1), QPD as asked,
 *   then for each ordered sample SPM (SPM-2 the sample code), ORC NW and one OBR per test as above.
 */
export function hl7QueryAnswer(queryText: string, orders: readonly AnalyserOrder[], options: Hl7QueryAnswerOptions = {}): string {
  const { delimiters, segments } = parseHl7(queryText);
  const msh = segments.find((segment) => segment.name === 'MSH');
  const asked = interpretHl7(queryText).queries.flatMap((query) => query.specimenIds);
  const answered = (asked.length > 0 ? orders.filter((order) => asked.includes(order.specimenId)) : orders)
    .filter((order) => order.testCodes.length > 0);
  const controlId = options.controlId ?? hl7Value(msh, delimiters, 10);
  const field = (values: string[]) => values.join(delimiters.field);
  const isQbp = hl7Value(msh, delimiters, 9, 1).trim().toUpperCase() === 'QBP';
  const lines: string[] = [];
  if (isQbp) {
    const qpd = segments.find((segment) => segment.name === 'QPD');
    const c = delimiters.component;
    lines.push(replyHeader(msh, delimiters, `RSP${c}K11${c}RSP_K11`, controlId, options));
    lines.push(field(['MSA', 'AA', msh?.fields[10] ?? '']));
    lines.push(field(['QAK', qpd?.fields[2] ?? '', answered.length > 0 ? 'OK' : 'NF', qpd?.fields[1] ?? '']));
    if (qpd !== undefined) lines.push(qpd.fields.join(delimiters.field));
  } else {
    lines.push(replyHeader(msh, delimiters, `ORM${delimiters.component}O01`, controlId, options));
  }
  answered.forEach((order, orderIndex) => {
    const specimen = escapeHl7(order.specimenId, delimiters);
    if (isQbp) lines.push(field(['SPM', String(orderIndex + 1), specimen]));
    lines.push(field(['ORC', 'NW', specimen, specimen]));
    order.testCodes.forEach((code, index) => {
      const testId = [escapeHl7(code, delimiters), ...(options.codingSystem ? [escapeHl7(code, delimiters), escapeHl7(options.codingSystem, delimiters)] : [])].join(delimiters.component);
      lines.push(field(['OBR', String(index + 1), specimen, specimen, testId]));
    });
  });
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
