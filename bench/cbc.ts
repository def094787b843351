/**
 * A haematology analyser's message for the benches: the 20 tests of a complete blood count (the analyser's
 * code is the demo catalogue's assay code), values in range for an adult, as one ASTM E1394 message.
 */
export const CBC: [code: string, value: string, unit: string][] = [
  ['WBC', '6.4', '10*9/L'], ['RBC', '4.85', '10*12/L'], ['HGB', '142', 'g/L'], ['HCT', '0.42', 'L/L'], ['MCV', '88.1', 'fL'],
  ['MCH', '29.3', 'pg'], ['MCHC', '334', 'g/L'], ['RDW', '13.1', '%'], ['PLT', '251', '10*9/L'], ['MPV', '9.8', 'fL'],
  ['NEU%', '58.2', '%'], ['LYM%', '31.0', '%'], ['MONO%', '7.1', '%'], ['EOS%', '3.1', '%'], ['BASO%', '0.6', '%'],
  ['NEU#', '3.72', '10*9/L'], ['LYM#', '1.98', '10*9/L'], ['MONO#', '0.45', '10*9/L'], ['EOS#', '0.20', '10*9/L'], ['BASO#', '0.04', '10*9/L'],
];

/** One sample's results (its code as the specimen id); `run` tells messages of different runs apart. */
export function cbcMessage(code: string, run: number): string {
  return `${[
    `H|\\^&|||BENCH-XN^${run}|||||||P|1`,
    'P|1',
    `O|1|${code}||${CBC.map(([test]) => `^^^${test}`).join('\\')}|R`,
    ...CBC.map(([test, value, unit], index) => `R|${index + 1}|^^^${test}|${value}|${unit}||N||F`),
    'L|1|N',
  ].join('\r')}\r`;
}
