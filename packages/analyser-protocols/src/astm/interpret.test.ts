import { describe, expect, it } from 'vitest';
import { astmQueryAnswer, interpretAstm, testCodeOf } from './interpret.ts';
import { parseAstmMessage } from './records.ts';

describe('interpretAstm', () => {
  it('names tests by the manufacturer code after empty leading components or before a LOINC code', () => {
    expect(testCodeOf('^^^^WBC^1')).toBe('WBC');
    expect(testCodeOf('^^^WBC^804-5^1')).toBe('WBC');
    expect(testCodeOf('^^^HbA1c')).toBe('HbA1c');
    expect(testCodeOf('GLU')).toBe('GLU');
    expect(testCodeOf('^^^413')).toBe('413');
  });

  it('reads results with the specimen of the O record above, ranges, flags and comments', () => {
    const message = interpretAstm([
      'H|\\^&|MSG-1||cobas^c311|||||||P|1',
      'P|1',
      'O|1|S-1||^^^GLU',
      'R|1|^^^GLU|5.4|mmol/L|3.9 to 6.1|N||F||||20250101120000|c311-1',
      'C|1|I|Hemolysis^slight|G',
      'O|2| S-2 ||^^^CREA',
      'R|1|^^^CREA|<18|umol/L|49 to 90|L||F',
      'L|1|N',
    ].join('\r'));
    expect(message).toMatchObject({ protocol: 'astm', sender: 'cobas c311', controlId: 'MSG-1', messageType: 'results', problems: [] });
    expect(message.results).toEqual([
      {
        specimenId: 'S-1', testCode: 'GLU', testId: '^^^GLU', value: '5.4', unit: 'mmol/L', referenceRange: '3.9 to 6.1',
        abnormalFlags: 'N', resultStatus: 'F', completedAt: '20250101120000', instrument: 'c311-1', comments: ['Hemolysis slight'],
      },
      {
        specimenId: 'S-2', testCode: 'CREA', testId: '^^^CREA', value: '<18', unit: 'umol/L', referenceRange: '49 to 90',
        abnormalFlags: 'L', resultStatus: 'F', instrument: 'cobas c311',
      },
    ]);
  });

  it('marks the results of an order whose action code (O-12) is Q as a quality-control specimen, and only those', () => {
    const message = interpretAstm([
      'H|\\^&|||c311', 'P|1',
      'O|1|QC-N1||^^^GLU|R||||||Q', 'R|1|^^^GLU|5.2|mmol/L||N||F',
      'O|2|S-7||^^^GLU|R||||||N', 'R|1|^^^GLU|6.1|mmol/L||N||F',
      'O|3|QC-N2||^^^GLU|R||||||q', 'R|1|^^^GLU|9.9|mmol/L||N||F',
      'L|1|N',
    ].join('\r'));
    expect(message.results.map((result) => [result.specimenId, result.qc])).toEqual([['QC-N1', true], ['S-7', undefined], ['QC-N2', true]]);
    expect(Object.hasOwn(message.results[1]!, 'qc')).toBe(false);
  });

  it('takes the sample code from a chosen component of O-3/O-4 when asked (Sysmex sampler: rack^position^sample^attribute)', () => {
    const text = 'H|\\^&\rP|1\rO|1||00012^03^        4711^B|^^^^WBC\rR|1|^^^^WBC^1|7.2|10*3/uL||N||F\rL|1|N';
    expect(interpretAstm(text).results[0]?.specimenId).toBe('00012');
    expect(interpretAstm(text, { specimenIdComponent: 3 }).results[0]?.specimenId).toBe('4711');
  });

  it('reads host queries, with one or several samples', () => {
    const message = interpretAstm('H|\\^&|||AU480\rQ|1|^S-1\\^S-2||^^^ALL||||||||O\rL|1|N');
    expect(message.messageType).toBe('query');
    expect(message.queries).toEqual([{ specimenIds: ['S-1', 'S-2'], raw: 'Q|1|^S-1\\^S-2||^^^ALL||||||||O' }]);
    const sysmex = interpretAstm('H|\\^&\rQ|1|2^1^       4711^B||||20250101\rL|1|N', { querySpecimenComponent: 3 });
    expect(sysmex.queries[0]?.specimenIds).toEqual(['4711']);
    expect(interpretAstm('H|\\^&\rQ|1|^^   4711^B\rL|1|N').queries[0]?.specimenIds).toEqual(['4711']);
  });

  it('names the problems of a malformed message', () => {
    const message = interpretAstm('P|1\rR|1|^^^K|4.1\rO|1|\rR|2||5');
    expect(message.problems).toEqual([
      'The message does not start with an H (header) record.',
      'The message does not end with an L (terminator) record.',
      'Result record 2 has no order (O) record before it.',
      'Order record 3 has no specimen id.',
      'Result record 4 has no test code.',
    ]);
    expect(message.messageType).toBe('results');
  });
});

describe('astmQueryAnswer', () => {
  it('answers with a P and an O record per sample that has tests, the code in the fourth component', () => {
    const text = astmQueryAnswer({ specimenIds: ['S-1', 'S-3'], raw: '' }, [
      { specimenId: 'S-1', testCodes: ['GLU', 'CREA'] },
      { specimenId: 'S-2', testCodes: ['ALT'] },
    ], { timestamp: '20250101120000', receiver: 'c311' });
    const { records } = parseAstmMessage(text);
    expect(records.map((record) => record.type).join('')).toBe('HPOL');
    expect(records[0]?.fields.join('|')).toBe('H|\\^&|||LIS|||||c311||P|1|20250101120000');
    const order = records[2]?.fields ?? [];
    expect(order.slice(0, 8)).toEqual(['O', '1', 'S-1', '', '^^^GLU\\^^^CREA', 'R', '20250101120000', '20250101120000']);
    expect(order[11]).toBe('N');
    expect(order[25]).toBe('O');
    expect(order).toHaveLength(26);
    expect(records[3]?.fields).toEqual(['L', '1', 'N']);
  });

  it('puts the code where the analyser expects it and the sample in O-4 when asked', () => {
    const text = astmQueryAnswer({ specimenIds: ['4711'], raw: '' }, [{ specimenId: '4711', testCodes: ['WBC'] }], { testCodeComponent: 5, specimenField: 'instrument' });
    const order = parseAstmMessage(text).records[2]?.fields ?? [];
    expect(order.slice(2, 5)).toEqual(['', '4711', '^^^^WBC']);
  });

  it('says no information (L-3 I) when nothing is ordered for the samples asked about', () => {
    const text = astmQueryAnswer({ specimenIds: ['S-9'], raw: '' }, [], { timestamp: '1' });
    expect(text).toBe('H|\\^&|||LIS|||||||P|1|1\rL|1|I');
    expect(interpretAstm(text).problems).toEqual([]);
  });
});

describe('interpretAstm: dialects as instruments send them', () => {
  it('haematology value^flag under non-default delimiters: the first filled component is the value, the others flags', () => {
    // H record declares field `!`, repeat `~`, component `@`, escape `$`.
    const message = interpretAstm([
      'H!~@$!!!XN-350@00-22!!!!!!!P!E1394-97',
      'P!1',
      'O!1!!@@  4711@B!@@@@WBC',
      'R!1!@@@@WBC@1!12.8@H!10*3/uL@@!4.0@10.0!H@W!!F!!!!20250101120000',
      'R!2!@@@@PLT@1!@98@L@*!10*3/uL!!L!!F',
      'R!3!@@@@HGB@1!13$S$5!g/dL!!N!!F',
      'L!1!N',
    ].join('\r'));
    expect(message.problems).toEqual([]);
    expect(message.results.map(({ specimenId, testCode, value, flags, unit, referenceRange, abnormalFlags }) => ({
      specimenId, testCode, value, flags, unit, referenceRange, abnormalFlags,
    }))).toEqual([
      { specimenId: '4711', testCode: 'WBC', value: '12.8', flags: ['H', 'W'], unit: '10*3/uL', referenceRange: '4.0 to 10.0', abnormalFlags: 'H' },
      { specimenId: '4711', testCode: 'PLT', value: '98', flags: ['L', '*'], unit: '10*3/uL', referenceRange: undefined, abnormalFlags: 'L' },
      // An escaped component delimiter is part of the value, not a flag.
      { specimenId: '4711', testCode: 'HGB', value: '13@5', flags: undefined, unit: 'g/dL', referenceRange: undefined, abnormalFlags: 'N' },
    ]);
  });

  it('finds the test code in E1394, code-first, Roche and Sysmex/Horiba forms, or in the component the analyser setting names', () => {
    expect(testCodeOf('^^^GLU')).toBe('GLU');
    expect(testCodeOf('CREA^Creatinine^^F')).toBe('CREA');
    expect(testCodeOf('717/')).toBe('717');
    expect(testCodeOf('^^^717/2')).toBe('717');
    expect(testCodeOf('^^^^WBC^1')).toBe('WBC');
    expect(testCodeOf('^^^WBC^804-5^1')).toBe('WBC');
    expect(testCodeOf('^^^^Blasts/Abn_Lympho?')).toBe('Blasts/Abn_Lympho?');
    const text = 'H|\\^&\rP|1\rO|1|S-9\rR|1|1^^^804-5^WBC|7.1|||N||F\rL|1|N';
    expect(interpretAstm(text).results[0]?.testCode).toBe('1');
    expect(interpretAstm(text, { testCodeComponent: 5 }).results[0]?.testCode).toBe('WBC');
  });

  it('chemistry: CODE^Name^^F test ids and Roche 717/ codes under a backslash escape', () => {
    const message = interpretAstm([
      'H|#^\\|||AU680',
      'P|1',
      'O|1|  S-55  ||CREA^Creatinine^^F#GLU^Glucose^^F',
      'R|1|CREA^Creatinine^^F|88|umol/L|49^90|N||F',
      'R|2|717/|5,4|mmol/L||N||F',
      'L|1|N',
    ].join('\r'));
    expect(message.results.map((result) => [result.specimenId, result.testCode, result.value, result.referenceRange])).toEqual([
      ['S-55', 'CREA', '88', '49 to 90'],
      ['S-55', '717', '5,4', undefined],
    ]);
  });

  it('takes the specimen id from O-3, O-4 with rack^position in the other, space-padded, or a named field', () => {
    const order = (o3: string, o4: string) => `H|\\^&\rP|1|P-77|LAB-77\rO|1|${o3}|${o4}|^^^GLU\rR|1|^^^GLU|5.0\rL|1|N`;
    expect(interpretAstm(order('  S-1 ', '12^3')).results[0]?.specimenId).toBe('S-1');
    expect(interpretAstm(order('12^3', '  S-2  ')).results[0]?.specimenId).toBe('S-2');
    expect(interpretAstm(order('', '   S-3')).results[0]?.specimenId).toBe('S-3');
    expect(interpretAstm(order('S-1', 'S-2'), { specimenIdField: 'O4' }).results[0]?.specimenId).toBe('S-2');
    expect(interpretAstm(order('S-1', 'S-2'), { specimenIdField: 'P4' }).results[0]?.specimenId).toBe('LAB-77');
    expect(interpretAstm(order('S-1', 'S-2'), { specimenIdField: 'P3' }).results[0]?.specimenId).toBe('P-77');
  });

  it('immunology: one P record per sample with the laboratory id (P-3/P-4) and orders that carry none', () => {
    const patients = Array.from({ length: 20 }, (_, index) => [
      `P|${index + 1}||${2000 + index}`,
      'O|1|||^^^TSH',
      `R|1|^^^TSH|${(index / 10).toFixed(2)}|mIU/L||N||F`,
    ]).flat();
    const message = interpretAstm(['H|\\^&|||Immulite', ...patients, 'P|21|E-21', 'R|1|^^^FT4|14.2|pmol/L||N||F', 'L|1|N'].join('\n'));
    expect(message.problems).toEqual([]);
    expect(message.results).toHaveLength(21);
    expect(message.results[0]).toMatchObject({ specimenId: '2000', testCode: 'TSH', value: '0.00' });
    expect(message.results[19]).toMatchObject({ specimenId: '2019', value: '1.90' });
    // A P record and results with no O record between: the patient record names the sample.
    expect(message.results[20]).toMatchObject({ specimenId: 'E-21', testCode: 'FT4', value: '14.2' });
  });

  it('several results in one R record (repeats), comments kept with the result, M records ignored, a P record without a patient', () => {
    const message = interpretAstm([
      'H|\\^&|||c111',
      'P|1',
      'O|1|S-8||^^^NA\\^^^K',
      'R|1|^^^NA\\^^^K|140\\4.1|mmol/L\\mmol/L|136^145\\3.5^5.1|N\\H||F',
      'C|1|I|Lipemic^L1|G',
      'C|2|I|Rerun|G',
      'M|1|RR^BM^c111^1|-21|-21\\-21\\1|0.01',
      'L|1|N',
    ].join('\r'));
    expect(message.problems).toEqual([]);
    expect(message.results.map(({ testCode, testId, value, unit, referenceRange, abnormalFlags, comments }) => ({
      testCode, testId, value, unit, referenceRange, abnormalFlags, comments,
    }))).toEqual([
      { testCode: 'NA', testId: '^^^NA', value: '140', unit: 'mmol/L', referenceRange: '136 to 145', abnormalFlags: 'N', comments: ['Lipemic L1', 'Rerun'] },
      { testCode: 'K', testId: '^^^K', value: '4.1', unit: 'mmol/L', referenceRange: '3.5 to 5.1', abnormalFlags: 'H', comments: ['Lipemic L1', 'Rerun'] },
    ]);
  });

  it('carries the decimal mark setting to each result, the value kept as sent', () => {
    const text = 'H|\\^&\rP|1\rO|1|S-1\rR|1|^^^GLU|5,4|mmol/L\rL|1|N';
    expect(interpretAstm(text, { decimalMark: ',' }).results[0]).toMatchObject({ value: '5,4', decimalMark: ',' });
    expect(interpretAstm(text).results[0]?.decimalMark).toBeUndefined();
  });
});
