import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { interpretAstm } from './astm/interpret.ts';
import { interpretHl7 } from './hl7/interpret.ts';
import { readMicrobiology } from './microbiology.ts';

// Captures written as the instruments send them (see ../captures/README.md).
const capture = (name: string) => readFileSync(new URL(`../captures/${name}`, import.meta.url), 'latin1');

describe('microbiology instruments (ID/AST)', () => {
  it('VITEK 2 style ASTM: the organism, then per antibiotic the MIC as sent and the instrument S/I/R', () => {
    const message = interpretAstm(capture('vitek2-id-ast.astm'), { subIds: true });
    expect(message.problems).toEqual([]);
    const isolates = readMicrobiology(message.results);
    expect(isolates).toHaveLength(1);
    const [isolate] = isolates;
    expect(isolate!.specimenId).toBe('M2611280001');
    expect(isolate!.isolate).toBe('1');
    expect(isolate!.organism).toMatchObject({ code: 'ESCCOL', name: 'Escherichia coli' });
    expect(isolate!.susceptibilities.map((row) => [row.code, row.value, row.method, row.category])).toEqual([
      ['AM', '>=32', 'MIC', 'R'],
      ['AMC', '8', 'MIC', 'S'],
      ['CTX', '<=1', 'MIC', 'S'],
      ['GM', '<=1', 'MIC', 'S'],
      ['CIP', '0.5', 'MIC', 'S'],
      ['MEM', '<=0.25', 'MIC', 'S'],
      ['FT', '<=16', 'MIC', 'S'],
    ]);
  });

  it('Phoenix style HL7: the CWE organism and SN/NM MICs of OBX-4 isolate 1, the S/I/R from OBX-8', () => {
    const message = interpretHl7(capture('phoenix-id-ast.hl7'), { subIds: true });
    expect(message.problems).toEqual([]);
    const [isolate, ...others] = readMicrobiology(message.results);
    expect(others).toEqual([]);
    expect(isolate).toMatchObject({ specimenId: 'M2611280002', isolate: '1', organism: { code: 'KLEPNE', name: 'Klebsiella pneumoniae' } });
    expect(isolate!.susceptibilities.map((row) => [row.code, row.value, row.category])).toEqual([
      ['AMC', '<=2', 'S'], ['CTX', '>4', 'R'], ['GEN', '1', 'S'], ['CIP', '0.5', 'R'], ['MEM', '<=0.125', 'S'],
    ]);
  });

  it('keeps isolates apart by their number, reads a zone in mm as a disk, and an organism code the analyser names', () => {
    const text = [
      'H|\\^&|||VITEK2', 'P|1', 'O|1|S100||^^^AST',
      'R|1|^^^IDENT^1|STAAUR^Staphylococcus aureus', 'R|2|^^^P^1|>=0.5^R|mg/L||R',
      'R|3|^^^IDENT^2|ENCFAE^Enterococcus faecalis', 'R|4|^^^AM^2|<=2|mg/L||S', 'R|5|^^^VA^2|17|mm||-', 'L|1',
    ].join('\r');
    const isolates = readMicrobiology(interpretAstm(text, { subIds: true }).results, { organismCodes: ['ident'] });
    expect(isolates.map((isolate) => [isolate.isolate, isolate.organism?.code, isolate.susceptibilities.map((row) => `${row.code} ${row.value} ${row.method} ${row.category}`)])).toEqual([
      ['1', 'STAAUR', ['P >=0.5 MIC R']],
      ['2', 'ENCFAE', ['AM <=2 MIC S', 'VA 17 DISK null']],
    ]);
  });

  it('without subIds the interpretation stays as before (no isolate numbers), so every result is isolate 1', () => {
    const message = interpretAstm(capture('vitek2-id-ast.astm'));
    expect(message.results.every((result) => result.subId === undefined)).toBe(true);
    expect(readMicrobiology(message.results).map((isolate) => isolate.isolate)).toEqual(['1']);
  });
});
