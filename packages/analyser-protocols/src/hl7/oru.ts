import { DEFAULT_HL7_DELIMITERS, escapeHl7, hl7Value, parseHl7 } from './parse.ts';
import { hl7Timestamp } from './interpret.ts';

// Results out to a hospital system: an ORU^R01 in HL7 v2.5.1 (PID, ORC, OBR and one OBX per result), and
// the reading of the receiver's acknowledgement. Pure: the server builds the input from a verified sample
// and owns the socket.

/** One result as an OBX carries it. */
export interface OruResult {
  /** OBX-2: NM a number, ST text, CWE a coded (qualitative) answer. */
  valueType: 'NM' | 'ST' | 'CWE';
  /** The lab's own code and name of the test; the LOINC code first when the test has one. */
  code: { loinc: string | null; sifra: string; naziv: string };
  /** OBX-5 as the lab gave it (a number with a decimal point for NM). */
  value: string;
  /** OBX-6: the unit, with its UCUM code when known. */
  units: { text: string; ucum: string | null };
  /** OBX-7, e.g. `3.9-6.1`, `<5.2`, `Negativan`. */
  referenceRange: string;
  /** OBX-8: L, H, LL, HH, A, N or empty. */
  abnormalFlag: string;
  /** OBX-11: F final, C corrected. */
  status: 'F' | 'C';
  /** OBX-14: when the result was obtained. */
  observedAt: Date | null;
}

export interface OruInput {
  controlId: string;
  sentAt: Date;
  sending: { application: string; facility: string };
  receiving: { application: string; facility: string };
  patient: { id: string; idSystem: string; family: string; given: string; birthDate: string | null; sex: 'M' | 'F' | 'U' };
  order: {
    /** ORC-2 / OBR-2: the hospital's order number when the order came from it. */
    placerNumber: string;
    /** ORC-3 / OBR-3: the sample code. */
    fillerNumber: string;
    collectedAt: Date;
    reportedAt: Date;
    /** OBR-25: F final, C corrected. */
    status: 'F' | 'C';
  };
  results: readonly OruResult[];
}

const e = (text: string) => escapeHl7(text, DEFAULT_HL7_DELIMITERS);

function codedTest(code: OruResult['code']): string {
  const own = [e(code.sifra), e(code.naziv), 'L'];
  return (code.loinc ? [e(code.loinc), e(code.naziv), 'LN', ...own] : own).join('^');
}

/** The ORU^R01 message, segments ending in CR. */
export function buildOruR01(input: OruInput): string {
  const { patient, order } = input;
  const segments = [
    ['MSH', '^~\\&', e(input.sending.application), e(input.sending.facility), e(input.receiving.application), e(input.receiving.facility),
      hl7Timestamp(input.sentAt), '', 'ORU^R01^ORU_R01', e(input.controlId), 'P', '2.5.1'].join('|'),
    ['PID', '1', '', `${e(patient.id)}^^^${e(patient.idSystem)}`, '', `${e(patient.family)}^${e(patient.given)}`, '',
      patient.birthDate ? patient.birthDate.replaceAll('-', '') : '', patient.sex].join('|'),
    ['ORC', 'RE', e(order.placerNumber), e(order.fillerNumber), '', 'CM'].join('|'),
    ['OBR', '1', e(order.placerNumber), e(order.fillerNumber), '11502-2^Laboratory report^LN', '', '', hl7Timestamp(order.collectedAt),
      ...Array<string>(14).fill(''), hl7Timestamp(order.reportedAt), '', 'LAB', order.status].join('|'),
    ...input.results.map((result, index) => [
      'OBX', String(index + 1), result.valueType, codedTest(result.code), '',
      result.valueType === 'CWE' ? `^${e(result.value)}` : e(result.value),
      result.units.text ? `${e(result.units.ucum ?? result.units.text)}^${e(result.units.text)}^${result.units.ucum ? 'UCUM' : 'L'}` : '',
      e(result.referenceRange), e(result.abnormalFlag), '', '', result.status, '', '', result.observedAt ? hl7Timestamp(result.observedAt) : '',
    ].join('|')),
  ];
  return `${segments.join('\r')}\r`;
}

/** What the receiver answered: MSA-1 (AA accepted, AE error, AR rejected; CA/CE/CR in enhanced mode), MSA-2 and its text. */
export interface Hl7AckReading {
  code: 'AA' | 'AE' | 'AR' | 'CA' | 'CE' | 'CR';
  controlId: string;
  text: string;
}

const ACK_CODES = new Set(['AA', 'AE', 'AR', 'CA', 'CE', 'CR']);

/** The acknowledgement in an answer, or null when it is none (no MSA, or an unknown code). */
export function readHl7Ack(text: string): Hl7AckReading | null {
  const { delimiters, segments } = parseHl7(text);
  const msa = segments.find((segment) => segment.name === 'MSA');
  if (!msa) return null;
  const code = hl7Value(msa, delimiters, 1).trim().toUpperCase();
  if (!ACK_CODES.has(code)) return null;
  const err = segments.find((segment) => segment.name === 'ERR');
  const reason = hl7Value(msa, delimiters, 3) || (err ? hl7Value(err, delimiters, 8) || hl7Value(err, delimiters, 3, 2) : '');
  return { code: code as Hl7AckReading['code'], controlId: hl7Value(msa, delimiters, 2), text: reason };
}
