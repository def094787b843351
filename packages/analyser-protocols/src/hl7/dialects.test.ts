import { describe, expect, it } from 'vitest';
import { hl7QueryAnswer, interpretHl7 } from './interpret.ts';
import { MllpDecoder, mllpFrame } from './mllp.ts';

/**
 * HL7 v2 dialects, each on a message written the way the instruments send it (see
 * docs/reference/analyser-dialects-hl7.md for the table of features and their tests).
 */

/** A chemistry ORU^R01 (v2.5) with every OBX-5 value type the instruments use; CR segment ends. */
const ORU_VALUE_TYPES = [
  'MSH|^~\\&|AU680|Beckman|LIS|Lab|20250402081500||ORU^R01^ORU_R01|AU-3311|P|2.5',
  'PID|1||MRN-55^^^HOSP^MR||Horvat^Ana||19700512|F',
  'OBR|1|PL-0402|2504020017|CHEM^Chemistry^L|||20250402080000',
  'OBX|1|NM|GLU^Glucose^L||5.4|mmol/L|3.9-6.1|N|||F|||20250402081000',
  'OBX|2|SN|CRP^C-reactive protein^L||<^5|mg/L|0-5|N|||F',
  'OBX|3|SN|FER^Ferritin^L||>^100|ug/L|20-100|H~A|||F',
  'OBX|4|SN|ANA^ANA titre^L||^1^:^40||<1:40|A|||F',
  'OBX|5|CWE|HBSAG^HBs antigen^L||NEG^Negative^L||NEG|N|||F',
  'OBX|6|ST|APP^Appearance^L||Slightly \\T\\ turbid||||||F',
  'OBX|7|TX|REM^Remark^L||Sample lipaemic~Rerun advised||||||F',
  'OBX|8|FT|INT^Interpretation^L||Line one\\.br\\Line two||||||F',
  'OBX|9|NM|K^Potassium^L||4.8|mmol/L|3.5-5.1|N|||C',
  'OBX|10|NM|NA^Sodium^L||139|mmol/L|136-145|N|||P',
  'OBX|11|NM|CL^Chloride^L||||98-107||||X',
].join('\r');

describe('HL7 OBX-5 by value type (OBX-2)', () => {
  const message = interpretHl7(ORU_VALUE_TYPES);
  const byCode = new Map(message.results.map((result) => [result.testCode, result]));

  it('reads the message cleanly, all results on the OBR-3 specimen', () => {
    expect(message.problems).toEqual([]);
    expect(message.results).toHaveLength(11);
    expect(message.results.every((result) => result.specimenId === '2504020017')).toBe(true);
  });

  it('NM: the number as sent', () => {
    expect(byCode.get('GLU')).toMatchObject({ value: '5.4', unit: 'mmol/L', abnormalFlags: 'N', resultStatus: 'F' });
  });

  it('SN: censored values and ratios as neutral value text, never a failed number', () => {
    expect(byCode.get('CRP')?.value).toBe('<5');
    expect(byCode.get('FER')?.value).toBe('>100');
    expect(byCode.get('ANA')?.value).toBe('1:40');
  });

  it('CWE: the value is the code, the text kept in codedText', () => {
    expect(byCode.get('HBSAG')).toMatchObject({ value: 'NEG', codedText: 'Negative' });
  });

  it('ST, TX and FT: the text with escapes resolved, TX repeats and FT line breaks as lines', () => {
    expect(byCode.get('APP')?.value).toBe('Slightly & turbid');
    expect(byCode.get('REM')?.value).toBe('Sample lipaemic\nRerun advised');
    expect(byCode.get('INT')?.value).toBe('Line one\nLine two');
  });

  it('OBX-8: several abnormal flags joined by a space', () => {
    expect(byCode.get('FER')?.abnormalFlags).toBe('H A');
  });

  it('OBX-11: the status kept raw, C a correction, P preliminary, X cancelled, F nothing more', () => {
    expect(byCode.get('GLU')).not.toHaveProperty('correction');
    expect(byCode.get('GLU')).not.toHaveProperty('preliminary');
    expect(byCode.get('K')).toMatchObject({ resultStatus: 'C', correction: true, value: '4.8' });
    expect(byCode.get('NA')).toMatchObject({ resultStatus: 'P', preliminary: true });
    expect(byCode.get('CL')).toMatchObject({ resultStatus: 'X', cancelled: true, value: '' });
  });

  it('an NM field with value^flag (a haematology dialect) gives the value', () => {
    const flagged = interpretHl7('MSH|^~\\&|XS|Sysmex|||20250402||ORU^R01|9|P|2.3.1\nOBR|1||T-1\nOBX|1|NM|WBC||12.3^H|10*9/L');
    expect(flagged.results[0]?.value).toBe('12.3');
  });

  it('a structured numeric sent under NM (`<^5`) is read as SN; SN `=^5` is the exact number', () => {
    const message = interpretHl7('MSH|^~\\&|C311|LAB|||20250402||ORU^R01|10|P|2.5\rOBR|1||T-2\rOBX|1|NM|CRP||<^5|mg/L\rOBX|2|SN|GLU||=^5.5|mmol/L\rOBX|3|SN|ALB||^2^+');
    expect(message.results.map((result) => result.value)).toEqual(['<5', '5.5', '2+']);
  });
});

/** Three OBR groups of a haematology ORU^R01, CRLF segment ends, OBX set ids from 0 in each group. */
const ORU_THREE_ORDERS = [
  'MSH|^~\\&|DxH|Beckman|LIS|Lab|20250402090000||ORU^R01|DX-1|P|2.3.1',
  'PID|1||LAB-501||Kovač^Ivo',
  'OBR|1|PLA-1|FIL-1|CBC',
  'OBX|0|NM|WBC||6.1|10*9/L||N|||F',
  'OBX|1|NM|HGB||140|g/L||N|||F',
  'OBR|2|PLA-2|FIL-2|CBC',
  'OBX|0|NM|WBC||9.9|10*9/L||N|||F',
  'OBR|3|PLA-3||CBC',
  'OBX|0|NM|WBC||4.4|10*9/L||N|||F',
].join('\r\n');

describe('HL7 specimen ids and groups', () => {
  it('several OBR groups in one message, each with its own specimen; OBR-2 when OBR-3 is empty', () => {
    const message = interpretHl7(ORU_THREE_ORDERS);
    expect(message.results.map((result) => [result.specimenId, result.testCode, result.value])).toEqual([
      ['FIL-1', 'WBC', '6.1'], ['FIL-1', 'HGB', '140'], ['FIL-2', 'WBC', '9.9'], ['PLA-3', 'WBC', '4.4'],
    ]);
  });

  it('segment ends CR, LF and CRLF read the same', () => {
    const expected = interpretHl7(ORU_THREE_ORDERS).results;
    for (const end of ['\r', '\n', '\r\n']) expect(interpretHl7(ORU_THREE_ORDERS.split('\r\n').join(end)).results).toEqual(expected);
  });

  it('specimenIdField chooses OBR-2, OBR-3 or PID-3, falling back through SPM-2, OBR-3, OBR-2 when empty', () => {
    const ids = (field?: 'OBR2' | 'OBR3' | 'PID3' | 'SPM2') => interpretHl7(ORU_THREE_ORDERS, field === undefined ? {} : { specimenIdField: field }).results.map((result) => result.specimenId);
    expect(ids('OBR2')).toEqual(['PLA-1', 'PLA-1', 'PLA-2', 'PLA-3']);
    expect(ids('OBR3')).toEqual(['FIL-1', 'FIL-1', 'FIL-2', 'PLA-3']);
    expect(ids('PID3')).toEqual(['LAB-501', 'LAB-501', 'LAB-501', 'LAB-501']);
    expect(ids('SPM2')).toEqual(ids());
  });

  it('PID-3 per patient: an immunology ORU^R01 with one PID and OBR per patient, ids only in PID-3', () => {
    const message = interpretHl7([
      'MSH|^~\\&|ALINITY|Abbott|||20250402||ORU^R01|AL-7|P|2.5.1',
      'PID|1||2504020101^^^LAB',
      'OBR|1|||TSH',
      'OBX|1|NM|TSH||2.10|mIU/L||N|||F',
      'PID|2||2504020102^^^LAB',
      'OBR|1|||TSH',
      'OBX|1|NM|TSH||0.02|mIU/L||L|||F',
    ].join('\r'), { specimenIdField: 'PID3' });
    expect(message.problems).toEqual([]);
    expect(message.results.map((result) => [result.specimenId, result.value])).toEqual([['2504020101', '2.10'], ['2504020102', '0.02']]);
  });

  it('names the fields tried when no specimen id is found', () => {
    const message = interpretHl7('MSH|^~\\&|A|B|||||ORU^R01|9|P|2.3\rPID|1\rOBR|1\rOBX|1|NM|K||4.1', { specimenIdField: 'PID3' });
    expect(message.problems).toEqual(['Observations without a specimen id (no PID-3, SPM-2, OBR-3 or OBR-2).']);
  });
});

/** An OUL^R22 (IHE LAW) from an immunoassay analyser: three SPM groups, one a control (SPM-11 Q), one without OBR. */
const OUL_R22_THREE_SPECIMENS = [
  'MSH|^~\\&|ANALYZER|LAB|LIS|LAB|20250402100000||OUL^R22^OUL_R22|LAW-19|P|2.5.1|||NE|AL||UNICODE UTF-8|||LAB-29^IHE',
  'PID|1',
  'SPM|1|S-1001&LIS||SER|||||||P',
  'SAC|||S-1001',
  'OBR|1|S-1001||TSH^TSH^99LAB',
  'ORC|SC',
  'OBX|1|NM|TSH^TSH^99LAB||1.85|mIU/L|0.27-4.2|N|||F|||||||ANALYZER-1|20250402095500',
  'OBX|2|NM|FT4^FT4^99LAB||14.2|pmol/L|12-22|N|||F',
  'SPM|2|S-1002&LIS||SER|||||||P',
  'OBR|1|S-1002||HCG^hCG^99LAB',
  'OBX|1|SN|HCG^hCG^99LAB||<^2|IU/L||N|||F',
  'SPM|3|QC-L1&LIS||SER|||||||Q',
  'OBX|1|NM|TSH^TSH^99LAB||0.51|mIU/L||||F',
].join('\r');

describe('HL7 OUL^R22 (IHE LAW) with several SPM groups', () => {
  it("keeps each SPM's observations with its specimen, the control specimen marked qc", () => {
    const message = interpretHl7(OUL_R22_THREE_SPECIMENS);
    expect(message.problems).toEqual([]);
    expect(message.messageType).toBe('OUL^R22');
    expect(message.results.map((result) => [result.specimenId, result.testCode, result.value, result.qc])).toEqual([
      ['S-1001', 'TSH', '1.85', undefined], ['S-1001', 'FT4', '14.2', undefined], ['S-1002', 'HCG', '<2', undefined], ['QC-L1', 'TSH', '0.51', true],
    ]);
  });
});

describe('HL7 control specimens (OBR-11 Q) in every form', () => {
  it('an SN, a CWE and a corrected result of a control OBR are all qc, with any specimenIdField', () => {
    const text = [
      'MSH|^~\\&|C311|LAB|||20250402||ORU^R01|Q-9|P|2.5',
      'PID|1||KONTROLA',
      'OBR|1|KON-1|KON-1|CHEM|||||||Q',
      'OBX|1|SN|CRP||<^5|mg/L|||||F',
      'OBX|2|CWE|HBSAG||POS^Positive||||||F',
      'OBX|3|NM|GLU||5.2|mmol/L|||||C',
    ].join('\n');
    for (const specimenIdField of [undefined, 'OBR2', 'PID3'] as const) {
      const message = interpretHl7(text, specimenIdField === undefined ? {} : { specimenIdField });
      expect(message.results.map((result) => result.qc)).toEqual([true, true, true]);
    }
  });
});

describe('HL7 MLLP blocks as instruments stream them', () => {
  it('several MLLP blocks in one TCP stream, one block split across chunks, each interpreted', () => {
    const first = ORU_VALUE_TYPES;
    const second = OUL_R22_THREE_SPECIMENS;
    const stream = Buffer.concat([Buffer.from(mllpFrame(first)), Buffer.from(mllpFrame(second)), Buffer.from(mllpFrame(ORU_THREE_ORDERS))]);
    // The second block's FS lands alone at the start of a chunk, the third block's VT at the end of one.
    const cut1 = mllpFrame(first).length + 200;
    const cut2 = mllpFrame(first).length + mllpFrame(second).length - 2;
    const cut3 = mllpFrame(first).length + mllpFrame(second).length + 1;
    const decoder = new MllpDecoder();
    const texts = [stream.subarray(0, cut1), stream.subarray(cut1, cut2), stream.subarray(cut2, cut3), stream.subarray(cut3)]
      .flatMap((chunk) => decoder.push(new Uint8Array(chunk)));
    expect(texts).toEqual([first, second, ORU_THREE_ORDERS]);
    expect(texts.map((text) => interpretHl7(text).controlId)).toEqual(['AU-3311', 'LAW-19', 'DX-1']);
    expect(decoder.pendingBytes).toBe(0);
  });
});

/** A QBP^Q11 work order step query (IHE LAW) as an immunoassay analyser sends it after reading a tube. */
const QBP_Q11 = [
  'MSH|^~\\&|ANALYZER|LAB|LIS|LAB|20250402100500||QBP^Q11^QBP_Q11|QRY-31|P|2.5.1|||NE|AL||UNICODE UTF-8|||LAB-27^IHE',
  'QPD|WOS^Work Order Step^IHE_LABTF|Q-31|S-1001',
  'RCP|I||R',
].join('\r');

describe('HL7 QBP^Q11 host query', () => {
  it("extracts the queried specimen ids from QPD-3", () => {
    expect(interpretHl7(QBP_Q11).queries).toEqual([{ specimenIds: ['S-1001'], raw: 'QPD|WOS^Work Order Step^IHE_LABTF|Q-31|S-1001' }]);
  });

  it("answers RSP^K11 with MSA, QAK OK, the QPD as asked, and the sample's pending tests", () => {
    const answer = hl7QueryAnswer(QBP_Q11, [{ specimenId: 'S-1001', testCodes: ['TSH', 'FT4'] }, { specimenId: 'S-9', testCodes: ['HCG'] }], { timestamp: '20250402100501', controlId: 'R-31' });
    expect(answer.split('\r')).toEqual([
      'MSH|^~\\&|LIS|LAB|ANALYZER|LAB|20250402100501||RSP^K11^RSP_K11|R-31|P|2.5.1',
      'MSA|AA|QRY-31',
      'QAK|Q-31|OK|WOS^Work Order Step^IHE_LABTF',
      'QPD|WOS^Work Order Step^IHE_LABTF|Q-31|S-1001',
      'SPM|1|S-1001',
      'ORC|NW|S-1001|S-1001',
      'OBR|1|S-1001|S-1001|TSH',
      'OBR|2|S-1001|S-1001|FT4',
      '',
    ]);
  });

  it('answers QAK NF when the sample has no pending test', () => {
    const answer = hl7QueryAnswer(QBP_Q11, [{ specimenId: 'S-1001', testCodes: [] }], { timestamp: '20250402100501' });
    expect(answer.split('\r').slice(1, 4)).toEqual(['MSA|AA|QRY-31', 'QAK|Q-31|NF|WOS^Work Order Step^IHE_LABTF', 'QPD|WOS^Work Order Step^IHE_LABTF|Q-31|S-1001']);
    expect(answer).not.toContain('OBR');
  });
});
