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

/** How far an analyser stream has got, read while it runs; `done` settles when every message was acknowledged. */
export interface AnalyserStream { acknowledged: number; sends: number; done: Promise<void> }

/**
 * An analyser as a real one behaves: it sends each message until the LIS acknowledges it, reconnecting after a
 * closed, refused or broken connection (`retryMs` later), and the next message `gapMs` after an acknowledgement.
 */
export function streamUntilAcknowledged(
  port: number, messages: readonly string[], send: (port: number, message: string) => Promise<number>,
  { retryMs, gapMs }: { retryMs: number; gapMs: number },
): AnalyserStream {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const stream: AnalyserStream = { acknowledged: 0, sends: 0, done: Promise.resolve() };
  stream.done = (async () => {
    for (const message of messages) {
      for (;;) {
        stream.sends += 1;
        const taken = await send(port, message).catch(() => 0);
        if (taken === 1) break;
        await pause(retryMs);
      }
      stream.acknowledged += 1;
      await pause(gapMs);
    }
  })();
  return stream;
}
