/**
 * The analyser simulator: `npm run simulate -- --protocol astm|hl7 --host 127.0.0.1 --port N --file capture
 * [--specimen CODE] [--chunk N] [--resend N]`. Replays a capture against the LIS's listener with the full handshake
 * (ASTM: ENQ, each frame after the previous one's ACK, EOT; HL7: MLLP and the acknowledgement), so a lab can
 * test a connection and the tests can drive the real listener. With --specimen the message's specimen id is
 * replaced by that sample code (an ASTM capture is then sent again through the link sender, framed anew).
 * With --resend N a message the LIS does not acknowledge in time (--timeout, ms) is sent again up to N times
 * (ASTM message texts: EOT, then the whole message from ENQ), as an analyser does.
 * Prints each step; exits 1 on a NAK, an AE/AR or a timeout.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { interpretAstm, interpretHl7 } from '@lis/analyser-protocols';
import { captureFrames, captureMessageText, replayAstmFrames, sendAstmMessage, sendHl7Message, withSpecimen, type ReplayReport } from './modules/integration/replay.ts';

const USAGE = 'npm run simulate -- --protocol astm|hl7 --host 127.0.0.1 --port N --file capture [--specimen CODE] [--chunk N] [--no-checksum] [--timeout MS] [--resend N]';

function fail(text: string): never {
  console.error(text);
  console.error(`usage: ${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    protocol: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string' },
    file: { type: 'string' },
    specimen: { type: 'string' },
    chunk: { type: 'string' },
    'no-checksum': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '15000' },
    resend: { type: 'string', default: '0' },
  },
});
const protocol = values.protocol;
if (protocol !== 'astm' && protocol !== 'hl7') fail('--protocol must be astm or hl7');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail('--port must be a TCP port');
if (!values.file) fail('--file names the capture to send');
const chunkSize = values.chunk === undefined ? undefined : Number(values.chunk);
if (chunkSize !== undefined && (!Number.isInteger(chunkSize) || chunkSize < 1)) fail('--chunk must be a positive whole number of bytes');
const timeoutMs = Number(values.timeout);
const resends = Number(values.resend);
if (!Number.isInteger(resends) || resends < 0) fail('--resend must be a whole number of times');
const host = values.host ?? '127.0.0.1';
const bytes = new Uint8Array(readFileSync(values.file));
const STX = 0x02;

/** The specimen ids a message names, in order, once each. */
function specimensOf(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
}

async function run(): Promise<ReplayReport> {
  if (protocol === 'hl7') {
    // A file may hold the message framed in MLLP or as plain text; segments may end in CR, LF or CRLF.
    const VT = String.fromCharCode(0x0b);
    const FS = String.fromCharCode(0x1c);
    let text = Buffer.from(bytes).toString('utf8');
    if (text.startsWith(VT)) text = text.slice(1);
    const end = text.lastIndexOf(FS);
    if (end >= 0) text = text.slice(0, end);
    if (values.specimen) {
      const interpreted = interpretHl7(text);
      for (const id of specimensOf([...interpreted.results.map((result) => result.specimenId), ...interpreted.queries.flatMap((query) => query.specimenIds)])) {
        text = withSpecimen('hl7', text, id, values.specimen);
      }
    }
    return sendHl7Message(host, port, text, { ...(chunkSize ? { chunkSize } : {}), timeoutMs });
  }
  const framed = bytes.includes(STX);
  if (framed && !values.specimen) return replayAstmFrames(host, port, captureFrames(bytes), { ...(chunkSize ? { chunkSize } : {}), timeoutMs });
  let text = framed ? captureMessageText(bytes) : Buffer.from(bytes).toString('latin1').replace(/\r\n|\n/g, '\r');
  if (values.specimen) {
    const interpreted = interpretAstm(text);
    for (const id of specimensOf([...interpreted.results.map((result) => result.specimenId), ...interpreted.queries.flatMap((query) => query.specimenIds)])) {
      text = withSpecimen('astm', text, id, values.specimen);
    }
  }
  return sendAstmMessage(host, port, text, { checksum: !values['no-checksum'], timeoutMs, expectAnswer: interpretAstm(text).queries.length > 0, resends });
}

try {
  const report = await run();
  for (const step of report.steps) console.log(step);
  for (const answer of report.answers) console.log(`LIS answered:\n${answer.replace(/\r\n|\r/g, '\n')}`);
  console.log(report.ok ? 'OK: the LIS acknowledged the message.' : 'FAILED: the LIS did not acknowledge the message.');
  process.exit(report.ok ? 0 : 1);
} catch (error) {
  console.error(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
