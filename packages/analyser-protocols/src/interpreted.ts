import type { DecimalMark } from './value.ts';

/** Results and queries in a protocol-neutral form, the same for ASTM and HL7. */

export interface AnalyserResult {
  /** The sample code (the tube's barcode) the result belongs to, trimmed. */
  specimenId: string;
  /** The component of the test id that names the test: `WBC` from `^^^^WBC^1` or `^^^WBC^804-5^1`, `HbA1c`. */
  testCode: string;
  /** The test id as sent (raw, all components). */
  testId: string;
  /**
   * The value as sent (escape sequences resolved), e.g. `5.4`, `-----`, `<0.1`: of a value field with
   * components (`5.4^H`) the first that is not empty; the others are in `flags`. Read it with analyserValue.
   */
  value: string;
  /**
   * The instrument's flags that came with the value as further components of its field (`5.4^H` → `['H']`),
   * and the abnormal flag field's further components or repeats: kept with the stored result and shown
   * beside it. Absent when there are none.
   */
  flags?: string[];
  unit?: string;
  referenceRange?: string;
  abnormalFlags?: string;
  /**
   * Which of several alike observations of the specimen this one is: HL7 OBX-4 (observation sub-id), ASTM the
   * component of the test id after the code (`^^^AM^1` → `1`). Read only when the interpretation is asked for
   * it (`subIds`): a microbiology instrument numbers its isolates there. Absent otherwise.
   */
  subId?: string;
  /** The result status as sent (ASTM R-9, HL7 OBX-11: `F`, `C`, `P`, `X`, `W`...), not interpreted here. */
  resultStatus?: string;
  /** The analyser's timestamp as sent (YYYYMMDDHHMMSS or a prefix of it). */
  completedAt?: string;
  instrument?: string;
  /** Comment records (ASTM C) or NTE segments that follow the result. */
  comments?: string[];
  /**
   * The message marks the specimen as a quality-control specimen: ASTM order record field 12 (action
   * code) `Q`, HL7 OBR-11 (specimen action code) `Q`. Absent otherwise.
   */
  qc?: true;
  /**
   * The decimal mark the analyser is set to (the interpretation's option), for reading `value` with
   * analyserValue; absent: the default ('.', an unambiguous comma read too).
   */
  decimalMark?: DecimalMark;
}

export interface AnalyserQuery {
  /** The sample codes asked about, trimmed, empty ones left out. */
  specimenIds: string[];
  /** The query record or segment as sent. */
  raw: string;
}

export interface InterpretedMessage {
  protocol: 'astm' | 'hl7';
  /** Who sent it: ASTM H-5 sender name, HL7 MSH-3/MSH-4. */
  sender?: string;
  /** ASTM H-3 message control id, HL7 MSH-10. */
  controlId?: string;
  /** HL7 MSH-9 as `ORU^R01`; ASTM `results`, `query` or `other`. */
  messageType?: string;
  results: AnalyserResult[];
  queries: AnalyserQuery[];
  /** Human-readable parse problems, empty when the message was read cleanly. */
  problems: string[];
}

/** An order to hand to an analyser: the sample code and the analyser's own codes for its tests. */
export interface AnalyserOrder {
  specimenId: string;
  testCodes: string[];
}

const OPTIONAL_RESULT_FIELDS = ['flags', 'unit', 'referenceRange', 'abnormalFlags', 'resultStatus', 'completedAt', 'instrument', 'comments'] as const;

/** Leaves out the optional fields of a result that are empty, so results compare and serialise cleanly. */
export function withoutEmptyOptionals(result: AnalyserResult): AnalyserResult {
  const copy = { ...result };
  for (const key of OPTIONAL_RESULT_FIELDS) {
    const entry = copy[key];
    if (entry === undefined || entry === '' || (Array.isArray(entry) && entry.length === 0)) delete copy[key];
  }
  return copy;
}
