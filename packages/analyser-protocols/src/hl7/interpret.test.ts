import { describe, expect, it } from 'vitest';
import { hl7Ack, hl7QueryAnswer, hl7TestCode, interpretHl7 } from './interpret.ts';
import { escapeHl7, hl7Value, parseHl7, unescapeHl7 } from './parse.ts';

/** A haematology ORU^R01 as a Mindray-style analyser sends it: LF between segments, OBX set ids from 0. */
const ORU_LF_OBX_FROM_0 = [
  'MSH|^~\\&|BC-5380|Mindray|LIS|Lab|20250312093015||ORU^R01|1042|P|2.3.1||||||UNICODE',
  'PID|1||PAT-7||Test^Patient||19800101|F',
  'OBR|1||2503120042|00001^Automated Count^99MRC||20250312091000|20250312093000',
  'OBX|0|IS|08001^Take Mode^99MRC||O||||||F',
  'OBX|1|NM|6690-2^WBC^LN||11.2|10*9/L|4.0-10.0|H|||F|||20250312093000',
  'OBX|2|NM|718-7^HGB^LN||131|g/L|120-160|N|||F|||20250312093000',
  'OBX|3|NM|777-3^PLT^LN||----|10*9/L|100-300||||F|||20250312093000',
  'NTE|1||Clumps suspected',
  'OBX|4|ED|15000^WBC Histogram. Binary^99MRC||^Application^Octet-stream^Base64^AAECAw==||||||F',
  'OBX|5|NM|MCV^Mean corpuscular volume||88.1|fL|80\\T\\90-100|N|||F',
].join('\n');

/** An OUL^R22 (IHE laboratory analytical workflow): SPM before the OBR it covers, CRLF between segments. */
const OUL_R22 = [
  'MSH|^~\\&|cobas|Roche|LIS|Lab|20250312101500||OUL^R22^OUL_R22|MSG-77|P|2.5.1',
  'PID|1||||^',
  'SPM|1|S-2024-0917&ROCHE||SER^Serum^HL70487|||||||P',
  'SAC|||S-2024-0917',
  'OBR|1|||GLU^Glucose^99ROC',
  'ORC|SC',
  'OBX|1|NM|GLU^Glucose^99ROC||5.4|mmol/L^^UCUM|3.9-6.1|N|||F|||||||c501^Roche~1^cobas|20250312101200',
  'SPM|2|S-2024-0918&ROCHE||SER^Serum^HL70487|||||||P',
  'OBR|1|||CREA^Creatinine^99ROC',
  'OBX|1|NM|CREA^Creatinine^99ROC||<18|umol/L|49-90|L|||F',
].join('\r\n');

describe('interpretHl7', () => {
  it('reads an ORU^R01 with LF segment ends and OBX set ids from 0', () => {
    const message = interpretHl7(ORU_LF_OBX_FROM_0);
    expect(message).toMatchObject({ protocol: 'hl7', sender: 'BC-5380 Mindray', controlId: '1042', messageType: 'ORU^R01', queries: [], problems: [] });
    expect(message.results.map((result) => result.testCode)).toEqual(['08001', 'WBC', 'HGB', 'PLT', 'MCV']);
    expect(message.results.every((result) => result.specimenId === '2503120042')).toBe(true);
    expect(message.results[1]).toEqual({
      specimenId: '2503120042', testCode: 'WBC', testId: '6690-2^WBC^LN', value: '11.2', unit: '10*9/L',
      referenceRange: '4.0-10.0', abnormalFlags: 'H', resultStatus: 'F', completedAt: '20250312093000', instrument: 'BC-5380 Mindray',
    });
    expect(message.results[3]).toMatchObject({ value: '----', comments: ['Clumps suspected'] });
    expect(message.results[4]).toMatchObject({ testCode: 'MCV', referenceRange: '80&90-100' });
  });

  it('reads an OUL^R22 with the specimen from SPM-2, CRLF segment ends, equipment from OBX-18', () => {
    const message = interpretHl7(OUL_R22);
    expect(message.problems).toEqual([]);
    expect(message.messageType).toBe('OUL^R22');
    expect(message.results).toEqual([
      {
        specimenId: 'S-2024-0917', testCode: 'GLU', testId: 'GLU^Glucose^99ROC', value: '5.4', unit: 'mmol/L',
        referenceRange: '3.9-6.1', abnormalFlags: 'N', resultStatus: 'F', completedAt: '20250312101200', instrument: 'c501',
      },
      {
        specimenId: 'S-2024-0918', testCode: 'CREA', testId: 'CREA^Creatinine^99ROC', value: '<18', unit: 'umol/L',
        referenceRange: '49-90', abnormalFlags: 'L', resultStatus: 'F', instrument: 'cobas Roche',
      },
    ]);
  });

  it('takes SPM-2 after the observations in an ORU^R01 v2.5 over OBR-3', () => {
    const message = interpretHl7([
      'MSH|^~\\&|XN|Sysmex|||20250101||ORU^R01|5|P|2.5',
      'OBR|1||FILLER-1|CBC',
      'OBX|1|NM|WBC||7.1|10*3/uL',
      'SPM|1|TUBE-9||BLD',
      'OBR|2||FILLER-2|CBC',
      'OBX|1|NM|WBC||5.0|10*3/uL',
    ].join('\r'));
    expect(message.results.map((result) => [result.specimenId, result.value])).toEqual([['TUBE-9', '7.1'], ['FILLER-2', '5.0']]);
  });

  it('marks the observations of an OBR whose specimen action code (OBR-11) is Q as a quality-control specimen', () => {
    const message = interpretHl7([
      'MSH|^~\\&|C311|LAB|LIS|LAB|20250312101200||ORU^R01|77|P|2.5',
      'OBR|1|KON-2|KON-2|GLU|||||||Q',
      'OBX|1|NM|GLU^Glucose||5.2|mmol/L||N|||F',
      'OBR|2|S-9|S-9|GLU|||||||A',
      'OBX|1|NM|GLU^Glucose||6.1|mmol/L||N|||F',
    ].join('\r'));
    expect(message.results.map((result) => [result.specimenId, result.qc])).toEqual([['KON-2', true], ['S-9', undefined]]);
  });

  it('reports observations without any specimen id', () => {
    const message = interpretHl7('MSH|^~\\&|A|B|||||ORU^R01|9|P|2.3\rOBR|1\rOBX|1|NM|K||4.1|mmol/L');
    expect(message.results[0]?.specimenId).toBe('');
    expect(message.problems).toEqual(['Observations without a specimen id (no SPM-2, OBR-3 or OBR-2).']);
  });

  it('reads worklist queries: QRY^Q02 (QRD-8) and QBP (QPD-3)', () => {
    const qry = interpretHl7('MSH|^~\\&|BS-200|Mindray|||20250312||QRY^Q02|77|P|2.3.1\rQRD|20250312|R|D|1|||RD|SAMPLE-1~SAMPLE-2|OTH|||T\rQRF|BS-200|||||RCT|COR|ALL');
    expect(qry.messageType).toBe('QRY^Q02');
    expect(qry.queries).toEqual([{ specimenIds: ['SAMPLE-1', 'SAMPLE-2'], raw: 'QRD|20250312|R|D|1|||RD|SAMPLE-1~SAMPLE-2|OTH|||T' }]);
    const qbp = interpretHl7('MSH|^~\\&|XN|Sysmex|||20250312||QBP^Q11^QBP_Q11|78|P|2.5.1\rQPD|WOS^Work Order Step^IHE_LABTF|Q-1|TUBE-42\rRCP|I');
    expect(qbp.queries).toEqual([{ specimenIds: ['TUBE-42'], raw: 'QPD|WOS^Work Order Step^IHE_LABTF|Q-1|TUBE-42' }]);
  });

  it('names the test by the identifier, or by the short text when the identifier is LOINC', () => {
    expect(hl7TestCode('6690-2^WBC^LN')).toBe('WBC');
    expect(hl7TestCode('6690-2^White blood cells^LN')).toBe('6690-2');
    expect(hl7TestCode('GLU^Glucose^99ROC')).toBe('GLU');
    expect(hl7TestCode('^HbA1c')).toBe('HbA1c');
  });
});

describe('HL7 escapes', () => {
  it('resolves \\F\\ \\S\\ \\T\\ \\R\\ \\E\\, hex and line breaks, and drops formatting sequences', () => {
    expect(unescapeHl7('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f')).toBe('a|b^c&d~e\\f');
    expect(unescapeHl7('\\X4F4B\\ line\\.br\\two \\H\\bold\\N\\')).toBe('OK line\ntwo bold');
  });

  it('writes text so that it reads back the same', () => {
    for (const text of ['a|b^c&d~e\\f', 'Kovačević, Đurđa', '<5 & >2', '']) {
      expect(unescapeHl7(escapeHl7(text))).toBe(text);
      const segment = parseHl7(`MSH|^~\\&|A\rNTE|1||${escapeHl7(text)}`).segments[1];
      expect(hl7Value(segment, parseHl7('MSH|^~\\&|').delimiters, 3)).toBe(text);
    }
  });
});

describe('parseHl7', () => {
  it('reads an MSH-2 with only three encoding characters', () => {
    const message = parseHl7('MSH|^~\\|APP|FAC\rOBX|1|NM|K^Potassium||4.1');
    expect(message.delimiters).toEqual({ field: '|', component: '^', repeat: '~', escape: '\\', subcomponent: '&' });
    expect(message.segments[0]?.fields[3]).toBe('APP');
  });

  it('reads the delimiters from MSH and numbers fields as the standard does', () => {
    const message = parseHl7('MSH#$*@%#APP#FAC\r\nOBX#1#NM#K$Potassium#*2#4.1\n');
    expect(message.delimiters).toEqual({ field: '#', component: '$', repeat: '*', escape: '@', subcomponent: '%' });
    expect(message.segments[0]?.fields.slice(0, 4)).toEqual(['MSH', '#', '$*@%', 'APP']);
    expect(message.segments[1]?.fields[3]).toBe('K$Potassium');
  });
});

describe('hl7Ack', () => {
  it('answers in original mode with MSA-2 = MSH-10 and the sender and receiver swapped', () => {
    const ack = hl7Ack(ORU_LF_OBX_FROM_0, 'AA', undefined, { timestamp: '20250312093100' });
    expect(ack).toBe('MSH|^~\\&|LIS|Lab|BC-5380|Mindray|20250312093100||ACK^R01|1042|P|2.3.1\rMSA|AA|1042\r');
  });

  it('carries the error text, escaped, with AE and AR', () => {
    const ack = hl7Ack(OUL_R22, 'AE', 'Unknown sample S|1', { timestamp: '20250312101600', controlId: 'A-1' });
    expect(ack.split('\r')).toEqual([
      'MSH|^~\\&|LIS|Lab|cobas|Roche|20250312101600||ACK^R22|A-1|P|2.5.1',
      'MSA|AE|MSG-77|Unknown sample S\\F\\1',
      '',
    ]);
  });

  it('answers even a message without MSH (AR, MSA-2 empty)', () => {
    expect(hl7Ack('garbage', 'AR', 'No MSH', { timestamp: '20250312101600' })).toBe('MSH|^~\\&|LIS||||20250312101600||ACK||P|2.3.1\rMSA|AR||No MSH\r');
  });
});

describe('hl7QueryAnswer', () => {
  it('answers a query with ORM^O01: ORC NW and one OBR per test for the samples asked about', () => {
    const query = 'MSH|^~\\&|BS-200|Mindray|LIS|Lab|20250312||QRY^Q02|77|P|2.3.1\rQRD|20250312|R|D|1|||RD|SAMPLE-1|OTH|||T';
    const answer = hl7QueryAnswer(query, [
      { specimenId: 'SAMPLE-1', testCodes: ['GLU', 'CREA'] },
      { specimenId: 'SAMPLE-2', testCodes: ['ALT'] },
    ], { timestamp: '20250312093200', controlId: 'W-1' });
    expect(answer.split('\r')).toEqual([
      'MSH|^~\\&|LIS|Lab|BS-200|Mindray|20250312093200||ORM^O01|W-1|P|2.3.1',
      'ORC|NW|SAMPLE-1|SAMPLE-1',
      'OBR|1|SAMPLE-1|SAMPLE-1|GLU',
      'OBR|2|SAMPLE-1|SAMPLE-1|CREA',
      '',
    ]);
    expect(interpretHl7(answer).problems).toEqual([]);
  });
});
