import { describe, expect, it } from 'vitest';
import { analyserCodesFor, analyserElementSchema, analyserInterpretationOf, controlRecognitionOf, isControlSpecimen, mappingInForce } from './analyser.ts';

describe('mappingInForce', () => {
  it('leaves out the codes switched off, and only those', () => {
    expect(mappingInForce({ mapa: { WBC: 'WBC', PLT: 'PLT', HGB: 'HGB' }, mapa_iskljuceno: ['PLT', 'NEMA'] })).toEqual({ WBC: 'WBC', HGB: 'HGB' });
  });

  it('is the whole map without a list (an element saved before the field existed) or with a malformed one', () => {
    expect(mappingInForce({ mapa: { WBC: 'WBC' } })).toEqual({ WBC: 'WBC' });
    expect(mappingInForce({ mapa: { WBC: 'WBC' }, mapa_iskljuceno: 'WBC' })).toEqual({ WBC: 'WBC' });
  });

  it('gives worklists without the switched-off codes', () => {
    const inForce = mappingInForce({ mapa: { GLU: 'GLU', K: 'K' }, mapa_iskljuceno: ['K'] });
    expect(analyserCodesFor(inForce, ['GLU', 'K'])).toEqual(['GLU']);
  });
});

describe('analyserElementSchema mapa_iskljuceno', () => {
  const base = { ime: 'A', protokol: 'astm', transport: { mode: 'listen', port: 0 }, mapa: { WBC: 'WBC' } };

  it('defaults to none switched off', () => {
    expect(analyserElementSchema.parse(base).mapa_iskljuceno).toEqual([]);
  });

  it('refuses a code with a protocol delimiter', () => {
    expect(analyserElementSchema.safeParse({ ...base, mapa_iskljuceno: ['W|BC'] }).success).toBe(false);
  });
});

describe('control specimens (kontrole)', () => {
  it('a prefix (case ignored) or, when heeded, the message QC flag makes a specimen a control', () => {
    const byPrefix = { prefiksi: ['QC', 'kon'], qc_oznaka: false };
    expect(isControlSpecimen(byPrefix, 'QC-N1', false)).toBe(true);
    expect(isControlSpecimen(byPrefix, ' Kon2 ', false)).toBe(true);
    expect(isControlSpecimen(byPrefix, '2503120042', false)).toBe(false);
    // The flag is ignored when the analyser is set not to heed it.
    expect(isControlSpecimen(byPrefix, '2503120042', true)).toBe(false);
    expect(isControlSpecimen({ prefiksi: [], qc_oznaka: true }, '2503120042', true)).toBe(true);
    expect(isControlSpecimen({ prefiksi: [], qc_oznaka: true }, 'QC-N1', false)).toBe(false);
  });

  it('an element saved before the setting heeds the QC flag and has no prefix; a malformed one falls back alike', () => {
    expect(controlRecognitionOf({})).toEqual({ prefiksi: [], qc_oznaka: true });
    expect(controlRecognitionOf({ kontrole: { prefiksi: 'QC' } })).toEqual({ prefiksi: [], qc_oznaka: true });
    expect(controlRecognitionOf({ kontrole: { prefiksi: ['QC'], qc_oznaka: false } })).toEqual({ prefiksi: ['QC'], qc_oznaka: false });
  });

  it('the element defaults to the QC flag heeded, no prefix, and refuses an empty prefix', () => {
    const base = { ime: 'A', protokol: 'astm', transport: { mode: 'listen', port: 0 } };
    expect(analyserElementSchema.parse(base).kontrole).toEqual({ prefiksi: [], qc_oznaka: true });
    const refused = analyserElementSchema.safeParse({ ...base, kontrole: { prefiksi: [' '] } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['kontrole', 'prefiksi', 0]);
  });
});

describe('analyser interpretation settings (tumacenje)', () => {
  const base = { ime: 'XN', protokol: 'astm', transport: { mode: 'listen', port: 0 } };

  it('need no setting: an element without them reads with the defaults, an unreadable stored one too', () => {
    expect(analyserInterpretationOf({})).toEqual({});
    expect(analyserInterpretationOf({ tumacenje: { decimalMark: ';' } })).toEqual({});
    expect(analyserInterpretationOf({ tumacenje: { decimalMark: ',', specimenIdField: 'P4', testCodeComponent: 5, bareFrames: true } }))
      .toEqual({ decimalMark: ',', specimenIdField: 'P4', testCodeComponent: 5, bareFrames: true });
  });

  it('are checked when the analyser is saved', () => {
    expect(analyserElementSchema.safeParse({ ...base, tumacenje: { decimalMark: ',' } }).success).toBe(true);
    expect(analyserElementSchema.safeParse({ ...base, tumacenje: { specimenIdField: 'O9' } }).success).toBe(false);
    expect(analyserElementSchema.safeParse({ ...base, tumacenje: { testCodeComponent: 0 } }).success).toBe(false);
  });
});
