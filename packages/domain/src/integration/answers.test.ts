import { describe, expect, it } from 'vitest';
import { analyserAnswer } from './answers.ts';
import { analyserElementSchema, analyserInterpretationOf } from './analyser.ts';

describe('analyserAnswer: coded and text values as a qualitative assay\'s answers', () => {
  it('maps HL7 CWE code^text and ASTM words to the stored answers, code first, then its text', () => {
    // OBX|1|CWE|HBSAG^HBs Ag||260385009^Negative^SCT → value 260385009, codedText Negative
    expect(analyserAnswer('260385009', 'Negative', { grades: [] })).toBe('Negativan');
    expect(analyserAnswer('10828004', 'Positive', { grades: [] })).toBe('Pozitivan');
    expect(analyserAnswer('NEG', undefined, { grades: [] })).toBe('Negativan');
    expect(analyserAnswer('non-reactive', undefined, { grades: [] })).toBe('Negativan');
    expect(analyserAnswer('Positiv', undefined, { grades: [] })).toBe('Pozitivan');
    expect(analyserAnswer('L123', 'Not detected', { grades: [] })).toBe('Negativan');
    expect(analyserAnswer('Negativan', undefined, { grades: [] })).toBe('Negativan');
  });

  it('reads a grade the assay lists as that positive grade', () => {
    expect(analyserAnswer('++', undefined, { grades: ['+', '++', '+++'] })).toBe('Pozitivan (++)');
    expect(analyserAnswer('2+', undefined, { grades: ['+', '++'] })).toBeNull();
  });

  it("the analyser's own codes come first, case ignored", () => {
    const answers = { REACT: 'Pozitivan (++)', N: 'Negativan', POS: 'Negativan' };
    expect(analyserAnswer('react', undefined, { answers, grades: ['+', '++'] })).toBe('Pozitivan (++)');
    expect(analyserAnswer('N', 'whatever', { answers, grades: [] })).toBe('Negativan');
    expect(analyserAnswer('POS', undefined, { answers, grades: [] })).toBe('Negativan');
  });

  it('answers null for a code it cannot map (never a guess): single letters, numbers, unknown codes', () => {
    expect(analyserAnswer('P', undefined, { grades: [] })).toBeNull();
    expect(analyserAnswer('0.4', undefined, { grades: [] })).toBeNull();
    expect(analyserAnswer('XYZ', 'Equivocal', { grades: [] })).toBeNull();
    expect(analyserAnswer('', undefined, { grades: [] })).toBeNull();
  });
});

describe('interpretation settings: value types, answers and the HL7 specimen id field', () => {
  const astm = { ime: 'A', protokol: 'astm', transport: { mode: 'listen', port: 5001 } } as const;
  const hl7 = { ime: 'H', protokol: 'hl7', transport: { mode: 'listen', port: 5002 } } as const;

  it('takes a value type per test code and answers that are qualitative results', () => {
    const tumacenje = { valueTypes: { HBSAG: 'coded', TITER: 'text', GLU: 'numeric' }, answers: { R: 'Pozitivan', NR: 'Negativan' } };
    expect(analyserElementSchema.safeParse({ ...astm, tumacenje }).success).toBe(true);
    expect(analyserInterpretationOf({ tumacenje })).toEqual(tumacenje);
    expect(analyserElementSchema.safeParse({ ...astm, tumacenje: { valueTypes: { GLU: 'date' } } }).success).toBe(false);
    expect(analyserElementSchema.safeParse({ ...astm, tumacenje: { valueTypes: { 'G^LU': 'numeric' } } }).success).toBe(false);
    const badAnswer = analyserElementSchema.safeParse({ ...astm, tumacenje: { answers: { R: 'Maybe' } } });
    expect(badAnswer.success).toBe(false);
    expect(badAnswer.error?.issues[0]).toMatchObject({ path: ['tumacenje', 'answers', 'R'], message: 'integration.badAnswer' });
  });

  it('takes each protocol its own specimen id fields, naming the field when it is the other protocol\'s', () => {
    expect(analyserElementSchema.safeParse({ ...hl7, tumacenje: { specimenIdField: 'OBR2' } }).success).toBe(true);
    expect(analyserElementSchema.safeParse({ ...hl7, tumacenje: { specimenIdField: 'PID3' } }).success).toBe(true);
    expect(analyserElementSchema.safeParse({ ...astm, tumacenje: { specimenIdField: 'P3' } }).success).toBe(true);
    const astmOnHl7 = analyserElementSchema.safeParse({ ...hl7, tumacenje: { specimenIdField: 'O3' } });
    expect(astmOnHl7.error?.issues[0]).toMatchObject({ path: ['tumacenje', 'specimenIdField'], message: 'integration.specimenFieldProtocol' });
    expect(analyserElementSchema.safeParse({ ...astm, tumacenje: { specimenIdField: 'SPM2' } }).success).toBe(false);
  });
});
