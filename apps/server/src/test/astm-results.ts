/**
 * One ASTM E1394 result message as a haematology analyser sends it (header, patient, order, a result per test,
 * terminator), records ending in CR: the analyser streams of the real-process tests send these, one per sample.
 */
export function astmResultMessage(sender: string, code: string, tests: readonly (readonly [string, string])[]): string {
  return `${[
    `H|\\^&|||${sender}^1|||||||P|1`,
    'P|1',
    `O|1|${code}||${tests.map(([test]) => `^^^${test}`).join('\\')}|R`,
    ...tests.map(([test, value], index) => `R|${index + 1}|^^^${test}|${value}|||N||F`),
    'L|1|N',
  ].join('\r')}\r`;
}
