import { connect } from 'node:net';
import { MllpDecoder, mllpFrame, readHl7Ack, type Hl7AckReading } from '@lis/analyser-protocols';

// The one socket of the HL7 outbound queue: one message to one receiver over MLLP, and its acknowledgement.

/** No acknowledgement could be had: the receiver was unreachable, closed, went silent, or answered no ACK of this message. */
export class MllpSendFailure extends Error {}

/** Ten seconds to connect and ten for the ACK: far below the worker's stale-claim time. */
export const DEFAULT_MLLP_TIMEOUT_MS = 10_000;

/**
 * Opens a connection to `host:port`, sends `message` framed for MLLP (UTF-8) and answers the first
 * acknowledgement that comes back (MSA-1 with MSA-2). An ACK naming another control id, no answer in
 * `timeoutMs`, a refused or dropped connection: MllpSendFailure. The connection is closed either way.
 */
export function sendOverMllp(host: string, port: number, message: string, controlId: string, timeoutMs = DEFAULT_MLLP_TIMEOUT_MS): Promise<Hl7AckReading> {
  return new Promise((resolve, reject) => {
    const decoder = new MllpDecoder({ encoding: 'utf-8' });
    const socket = connect({ host, port });
    let settled = false;
    const finish = (error: Error | null, ack?: Hl7AckReading) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(error);
      else resolve(ack!);
    };
    socket.setTimeout(timeoutMs, () => finish(new MllpSendFailure(`no answer from ${host}:${port} within ${timeoutMs / 1000} s`)));
    socket.on('error', (error: NodeJS.ErrnoException) => finish(new MllpSendFailure(`${host}:${port}: ${error.code ?? error.message}`)));
    socket.on('close', () => finish(new MllpSendFailure(`${host}:${port} closed the connection without an acknowledgement`)));
    socket.on('connect', () => socket.write(mllpFrame(message, 'utf-8')));
    socket.on('data', (chunk: Buffer) => {
      for (const answer of decoder.push(chunk)) {
        const ack = readHl7Ack(answer);
        if (!ack) {
          finish(new MllpSendFailure('the answer carried no acknowledgement (MSA)'));
          return;
        }
        if (ack.controlId !== controlId) {
          finish(new MllpSendFailure(`the acknowledgement names another message (${ack.controlId})`));
          return;
        }
        finish(null, ack);
        return;
      }
    });
  });
}
