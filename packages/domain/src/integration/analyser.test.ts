import { describe, expect, it } from 'vitest';
import { analyserCodesFor, analyserElementSchema, mappingInForce } from './analyser.ts';

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
