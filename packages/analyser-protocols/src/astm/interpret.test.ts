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
