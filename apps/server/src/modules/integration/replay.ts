import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { AstmLinkSender, MllpDecoder, mllpFrame, type LinkEvent } from '@lis/analyser-protocols';

/**
 * The analyser's side of a connection, for the simulator (`npm run simulate`), the tests and the bench:
 * replays an ASTM E1381 capture frame by frame with the full handshake (ENQ, each frame after the ACK of
 * the previous one, EOT), or sends a message text through the link sender; sends an HL7 message in MLLP
 * and waits for its acknowledgement. Every step is reported, so a lab can see where a connection fails.
 */

const ENQ = 0x05;
const ACK = 0x06;
const NAK = 0x15;
const EOT = 0x04;
const STX = 0x02;
const ETX = 0x03;
const ETB = 0x17;
const CR = 0x0d;
const LF = 0x0a;

export interface ReplayReport {
  ok: boolean;
  /** What happened, step by step. */
  steps: string[];
  /** What the LIS sent back beyond the link's ACKs: HL7 acknowledgements, query answers. */
  answers: string[];
}

/** The frames of an ASTM capture (each STX … ETX/ETB checksum CR/LF, byte-exact); bytes outside frames (ENQ, EOT, noise) are left out. */
export function captureFrames(capture: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  let index = 0;
  while (index < capture.length) {
    if (capture[index] !== STX) { index += 1; continue; }
    let end = index + 1;
    while (end < capture.length && capture[end] !== ETX && capture[end] !== ETB) end += 1;
    end = Math.min(end + 3, capture.length);
    while (end < capture.length && (capture[end] === CR || capture[end] === LF)) end += 1;
    frames.push(capture.subarray(index, end));
    index = end;
  }
  return frames;
}

/** The E1394 message text a capture carries: each frame's text (after its number) joined, ETB continuations included. */
export function captureMessageText(capture: Uint8Array): string {
  return captureFrames(capture).map((frame) => {
    let end = 2;
    while (end < frame.length && frame[end] !== ETX && frame[end] !== ETB) end += 1;
    return Buffer.from(frame.subarray(2, end)).toString('latin1');
  }).join('');
}

/**
 * The message with its specimen id replaced: in ASTM the O (order) records' specimen fields, in HL7 the
 * placer/filler numbers of OBR and ORC and the specimen id of SPM. `original` is the id as the message names it.
 */
export function withSpecimen(protocol: 'astm' | 'hl7', text: string, original: string, replacement: string): string {
  if (original.trim() === '') return text;
  const separator = protocol === 'astm' ? '\r' : /\r\n|\r|\n/;
  const lines = text.split(separator);
  const ending = protocol === 'astm' ? '\r' : (/\r\n|\r|\n/.exec(text)?.[0] ?? '\r');
  const fieldDelimiter = protocol === 'astm' ? (text.startsWith('H') ? text.charAt(1) : '|') : (text.charAt(3) || '|');
  const affected = protocol === 'astm' ? new Map([['O', [2, 3]]]) : new Map([['OBR', [2, 3]], ['ORC', [2, 3]], ['SPM', [2]]]);
  return lines.map((line) => {
    const fields = line.split(fieldDelimiter);
    const positions = affected.get(fields[0] ?? '');
    if (!positions) return line;
    for (const position of positions) {
      const field = fields[position];
      if (field !== undefined && field.includes(original.trim())) fields[position] = field.replace(original.trim(), replacement);
    }
    return fields.join(fieldDelimiter);
  }).join(ending);
}

/** A socket whose incoming bytes can be awaited. */
class Peer {
  private buffered: number[] = [];
  private waiting: (() => void) | null = null;
  closed = false;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered.push(...chunk);
      this.waiting?.();
    });
    socket.on('close', () => { this.closed = true; this.waiting?.(); });
    socket.on('error', () => undefined);
  }

  static open(host: string, port: number): Promise<Peer> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port });
      socket.setNoDelay(true);
      socket.once('connect', () => resolve(new Peer(socket)));
      socket.once('error', reject);
    });
  }

  async write(bytes: Uint8Array, chunkSize: number): Promise<void> {
    for (let offset = 0; offset < bytes.length; offset += chunkSize) {
      const part = bytes.subarray(offset, offset + chunkSize);
      await new Promise<void>((resolve, reject) => this.socket.write(part, (error) => (error ? reject(error) : resolve())));
    }
  }

  /** Bytes received so far, taken; waits up to `timeoutMs` for at least one. Empty: timed out or closed. */
  async take(timeoutMs: number): Promise<number[]> {
    if (this.buffered.length === 0 && !this.closed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => { this.waiting = null; resolve(); }, timeoutMs);
        this.waiting = () => { clearTimeout(timer); this.waiting = null; resolve(); };
      });
    }
    const taken = this.buffered;
    this.buffered = [];
    return taken;
  }

  /** The next single byte, or null after the timeout; bytes after it stay buffered. */
  async takeByte(timeoutMs: number): Promise<number | null> {
    if (this.buffered.length === 0) await this.take(timeoutMs).then((bytes) => { this.buffered = bytes; });
    return this.buffered.shift() ?? null;
  }

  close(): void {
    this.socket.destroy();
  }
}

const name = (byte: number | null) => (byte === ACK ? 'ACK' : byte === NAK ? 'NAK' : byte === null ? 'nothing (timeout)' : `0x${byte.toString(16).padStart(2, '0')}`);

/**
 * Replays captured ASTM frames byte-exact: ENQ, then each frame once the previous one was acknowledged, then
 * EOT. `chunkSize` splits each write (1: byte by byte). The last frame's ACK comes only once the LIS has
 * committed the message. A NAK or a missing answer fails the replay. `corrupt` changes the checksum of that
 * frame (0-based) on its first sending, to see the NAK and the retransmission accepted.
 */
export async function replayAstmFrames(
  host: string, port: number, frames: readonly Uint8Array[],
  options: { chunkSize?: number; timeoutMs?: number; corrupt?: number; stopAfter?: number } = {},
): Promise<ReplayReport> {
  const chunkSize = options.chunkSize ?? 65536;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const steps: string[] = [];
  const peer = await Peer.open(host, port);
  try {
    await peer.write(Uint8Array.of(ENQ), 1);
    const answer = await peer.takeByte(timeoutMs);
    steps.push(`ENQ -> ${name(answer)}`);
    if (answer !== ACK) return { ok: false, steps, answers: [] };
    for (const [index, frame] of frames.entries()) {
      if (options.stopAfter !== undefined && index >= options.stopAfter) {
        steps.push(`connection cut after ${index} frame(s)`);
        return { ok: false, steps, answers: [] };
      }
      if (options.corrupt === index) {
        const damaged = Uint8Array.from(frame);
        const at = damaged.findIndex((byte) => byte === ETX || byte === ETB) + 1;
        damaged[at] = damaged[at] === 0x30 ? 0x31 : 0x30;
        await peer.write(damaged, chunkSize);
        const refused = await peer.takeByte(timeoutMs);
        steps.push(`frame ${index + 1} (bad checksum) -> ${name(refused)}`);
        if (refused !== NAK) return { ok: false, steps, answers: [] };
      }
      await peer.write(frame, chunkSize);
      const reply = await peer.takeByte(timeoutMs);
      steps.push(`frame ${index + 1}/${frames.length} -> ${name(reply)}`);
      if (reply !== ACK) return { ok: false, steps, answers: [] };
    }
    await peer.write(Uint8Array.of(EOT), 1);
    steps.push('EOT');
    return { ok: true, steps, answers: [] };
  } finally {
    peer.close();
  }
}

/**
 * Sends one message through the link sender on an open connection; false on a refusal or a timeout. After a
 * timeout, `resends` more times: the sender ends the session with EOT (E1381: no answer within the timer) and
 * sends the whole message again from ENQ, as an analyser does with a message the LIS never acknowledged.
 */
async function sendOverLink(peer: Peer, sender: AstmLinkSender, text: string, timeoutMs: number, steps: string[], resends = 0): Promise<boolean> {
  const writeAll = async (events: LinkEvent[]) => {
    for (const event of events) {
      if (event.kind === 'write') await peer.write(event.bytes, 65536);
      else if (event.kind === 'log') steps.push(event.text);
    }
  };
  let left = resends;
  await writeAll(sender.send(text, Date.now()));
  while (!sender.idle) {
    const bytes = await peer.take(timeoutMs);
    if (bytes.length === 0 && left > 0 && !peer.closed) {
      left -= 1;
      steps.push('no answer from the LIS (timeout); the session ends (EOT) and the message is sent again');
      // The sender's own timer, run out now: it writes EOT and gives the message up; it is then queued anew.
      await writeAll(sender.tick(sender.nextDeadline ?? Date.now()));
      await writeAll(sender.send(text, Date.now()));
      continue;
    }
    if (bytes.length === 0) { steps.push('no answer from the LIS (timeout)'); return false; }
    steps.push(`LIS -> ${bytes.map((byte) => name(byte)).join(' ')}`);
    await writeAll(sender.receive(Uint8Array.from(bytes), Date.now()));
    // The sender gives up after repeated NAKs and goes idle: the message was not taken.
    if (sender.idle && bytes.includes(NAK)) return false;
  }
  return true;
}

/**
 * Sends a message text through the E1381 link sender (the codec frames it), then, when `expectAnswer`, stays
 * to receive the LIS's own transmission (a host query's answer) and returns its text.
 */
export async function sendAstmMessage(
  host: string, port: number, text: string, options: { checksum?: boolean; timeoutMs?: number; expectAnswer?: boolean; resends?: number } = {},
): Promise<ReplayReport> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const steps: string[] = [];
  const answers: string[] = [];
  const peer = await Peer.open(host, port);
  try {
    if (!await sendOverLink(peer, new AstmLinkSender({ checksum: options.checksum ?? true }), text, timeoutMs, steps, options.resends)) return { ok: false, steps, answers };
    steps.push('sent, EOT');
    if (options.expectAnswer) {
      const received = await receiveAstmTransmission(peer, timeoutMs);
      if (received === null) { steps.push('no answer to the query (timeout)'); return { ok: false, steps, answers }; }
      answers.push(received);
      steps.push('answer received');
    }
    return { ok: true, steps, answers };
  } finally {
    peer.close();
  }
}

/** Sends messages one after another on one connection, as an analyser with a run of samples does; answers how many were taken. */
export async function sendAstmMessages(
  host: string, port: number, texts: readonly string[],
  options: { timeoutMs?: number; /** Each message taken: ms from its ENQ to the acknowledgement of its last frame. */ onTaken?: (ms: number) => void } = {},
): Promise<number> {
  const peer = await Peer.open(host, port);
  const sender = new AstmLinkSender({ checksum: true });
  try {
    let taken = 0;
    for (const text of texts) {
      const started = performance.now();
      if (!await sendOverLink(peer, sender, text, options.timeoutMs ?? 15_000, [])) break;
      options.onTaken?.(performance.now() - started);
      taken += 1;
    }
    return taken;
  } finally {
    peer.close();
  }
}

/** Receives one ASTM transmission from the LIS as a plain receiver would (ACK to ENQ and every frame), answering its text. */
async function receiveAstmTransmission(peer: Peer, timeoutMs: number): Promise<string | null> {
  const received: number[] = [];
  for (;;) {
    const bytes = await peer.take(timeoutMs);
    if (bytes.length === 0) return null;
    for (const byte of bytes) {
      received.push(byte);
      if (byte === ENQ) await peer.write(Uint8Array.of(ACK), 1);
      if (byte === LF) await peer.write(Uint8Array.of(ACK), 1);
      if (byte === EOT) return captureMessageText(Uint8Array.from(received));
    }
  }
}

/** Sends an HL7 message in MLLP (optionally in chunks) and waits for the LIS's acknowledgement. */
export async function sendHl7Message(
  host: string, port: number, text: string, options: { chunkSize?: number; timeoutMs?: number } = {},
): Promise<ReplayReport> {
  const steps: string[] = [];
  const peer = await Peer.open(host, port);
  const decoder = new MllpDecoder();
  try {
    await peer.write(mllpFrame(text), options.chunkSize ?? 65536);
    steps.push('message sent (MLLP)');
    for (;;) {
      const bytes = await peer.take(options.timeoutMs ?? 15_000);
      if (bytes.length === 0) { steps.push('no acknowledgement (timeout)'); return { ok: false, steps, answers: [] }; }
      const [answer] = decoder.push(Uint8Array.from(bytes));
      if (answer === undefined) continue;
      const code = /(?:^|[\r\n])MSA\|([A-Z]{2})/.exec(answer)?.[1] ?? '?';
      steps.push(`acknowledgement ${code}`);
      return { ok: code === 'AA' || code === 'CA', steps, answers: [answer] };
    }
  } finally {
    peer.close();
  }
}
