import { decodeText, splitLines } from '../text.ts';
import {
  ACK, CR, ENQ, EOT, ETB, ETX, EventList, LF, NAK, NUL, RECEIVER_TIMEOUT_MS, STX,
  astmChecksum, resolveLinkOptions,
  type LinkEvent, type LinkOptions, type ResolvedLinkOptions,
} from './link-common.ts';

/** Whether a session is open: idle (waiting for ENQ), open, or holding a complete message for commit/reject. */
type SessionState = 'idle' | 'open' | 'held';
/** Where the byte stream is inside a session: between frames, in a frame's text, or in its checksum. */
type FrameState = 'outside' | 'text' | 'checksum';

interface HeldMessage {
  id: number;
  /** The final frame's number: a copy of it sent again while the message is held is not new data. */
  frameNumber: number;
  /** Bytes of the message before the final frame, kept so that a rejected final frame can be received again. */
  bytesBeforeFinal: number;
  /** The sender ended the session (EOT) before commit/reject: there is no frame left to answer. */
  senderGone: boolean;
}

/** The terminator record's type, L (some analysers write record types in lower case). */
const L_RECORD = 0x4c;
const L_RECORD_LOWER = 0x6c;

/**
 * The receiving side of an ASTM E1381 / CLSI LIS01-A2 link (the analyser sends, the LIS receives).
 *
 * Frames are `STX FN text ETB|ETX C1 C2 CR LF`: FN counts 1..7,0,1..; the checksum is the sum of
 * the bytes from FN through ETB/ETX modulo 256 as two hex digits. A record longer than a frame
 * continues in the next frame (ETB); the texts are joined before the records are split. A message
 * runs from the H to the L record; when its last frame arrives the message is handed over and the
 * ACK to that frame is held back until the message is stored (commit) or refused (reject: NAK, so
 * the sender sends the frame again and the message is handed over once more).
 */
export class AstmLinkReceiver {
  private readonly options: ResolvedLinkOptions;
  private session: SessionState = 'idle';
  private framing: FrameState = 'outside';
  private expectedFrame = 1;
  private lastAcceptedFrame: number | null = null;
  private message: number[] = [];
  private frame: number[] = [];
  private frameTooLong = false;
  private checksumChars = '';
  private held: HeldMessage | null = null;
  private deadline: number | null = null;
  private nextMessageId = 1;
  private noiseBytes = 0;

  constructor(options?: Partial<LinkOptions>) {
    this.options = resolveLinkOptions(options);
  }

  /** No session in progress and no message waiting for commit/reject. */
  get idle(): boolean {
    return this.session === 'idle';
  }

  /** When tick() must next be called (ms epoch), null when no timer runs. */
  get nextDeadline(): number | null {
    return this.deadline;
  }

  receive(chunk: Uint8Array, now: number): LinkEvent[] {
    const out = new EventList();
    for (const byte of chunk) this.receiveByte(byte, now, out);
    this.reportNoise(out);
    return out.events;
  }

  commit(id: number, now: number): LinkEvent[] {
    return this.settle(id, now, true);
  }

  reject(id: number, now: number): LinkEvent[] {
    return this.settle(id, now, false);
  }

  tick(now: number): LinkEvent[] {
    const out = new EventList();
    if (this.deadline !== null && now >= this.deadline) {
      const partial = this.message.length > 0 || this.framing !== 'outside';
      out.log('warn', `ASTM receiver: no frame or EOT for ${RECEIVER_TIMEOUT_MS / 1000} s; the session is closed${partial ? ' and the unfinished message dropped' : ''}`);
      this.endSession(out);
    }
    return out.events;
  }

  private settle(id: number, now: number, stored: boolean): LinkEvent[] {
    const out = new EventList();
    const held = this.held;
    if (held === null || held.id !== id) {
      out.log('warn', `ASTM receiver: message ${id} is not waiting for an answer`);
      return out.events;
    }
    this.held = null;
    if (held.senderGone) {
      out.log('info', `ASTM receiver: message ${id} ${stored ? 'stored' : 'refused'} after the sender closed the session; nothing to answer`);
      return out.events;
    }
    if (stored) {
      out.write(ACK);
      this.lastAcceptedFrame = held.frameNumber;
      this.expectedFrame = (held.frameNumber + 1) % 8;
      this.message = [];
    } else {
      // The sender repeats the refused final frame; everything before it stays received.
      out.write(NAK);
      this.message.length = held.bytesBeforeFinal;
      out.log('warn', `ASTM receiver: message ${id} was not stored; its final frame is refused (NAK) so that the sender repeats it`);
    }
    this.session = 'open';
    this.setDeadline(now + RECEIVER_TIMEOUT_MS, out);
    return out.events;
  }

  private receiveByte(byte: number, now: number, out: EventList): void {
    if (this.session === 'idle') {
      if (byte === ENQ) this.startSession(now, out);
      else if (byte !== NUL && byte !== CR && byte !== LF && byte !== EOT) this.noiseBytes++;
      return;
    }
    if (this.framing === 'outside') {
      if (byte === STX) this.startFrame();
      else if (byte === EOT) this.receiveEot(out);
      else if (byte === ENQ) this.receiveEnqInSession(now, out);
      // CR and LF follow a frame's checksum.
      else if (byte !== NUL && byte !== CR && byte !== LF) this.noiseBytes++;
      return;
    }
    if (byte === EOT) {
      out.log('warn', 'ASTM receiver: EOT inside a frame; the frame is dropped');
      this.framing = 'outside';
      this.receiveEot(out);
    } else if (byte === ENQ) {
      this.framing = 'outside';
      this.receiveEnqInSession(now, out);
    } else if (byte === STX) {
      out.log('warn', 'ASTM receiver: STX inside a frame; the frame starts again');
      this.startFrame();
    } else if (this.framing === 'text') {
      if (this.frame.length > this.options.maxFrameBytes) this.frameTooLong = true;
      else this.frame.push(byte);
      if (byte === ETB || byte === ETX) {
        this.checksumChars = '';
        this.framing = 'checksum';
        // Bare frames (an option): no checksum follows the ETX.
        if (this.options.bareFrames) this.completeFrame(now, out);
      }
    } else if (byte === CR || byte === LF) {
      // The checksum is missing or short: the frame ends here (and is refused when checksums are checked).
      this.completeFrame(now, out);
    } else {
      this.checksumChars += String.fromCharCode(byte);
      if (this.checksumChars.length === 2) this.completeFrame(now, out);
    }
  }

  private startFrame(): void {
    this.frame = [];
    this.frameTooLong = false;
    this.framing = 'text';
  }

  private receiveEnqInSession(now: number, out: EventList): void {
    if (this.session === 'held') out.log('warn', 'ASTM receiver: ENQ while a message is being stored; ignored');
    else this.restartSession(now, out);
  }

  private completeFrame(now: number, out: EventList): void {
    const frame = this.frame;
    this.frame = [];
    this.framing = 'outside';
    if (this.session === 'held') {
      const held = this.held;
      const number = frame.length > 0 ? frameNumberOf(frame[0] ?? 0) : null;
      if (held !== null && number === held.frameNumber) {
        out.log('info', `ASTM receiver: frame ${number} repeated while its message is being stored; it is answered once the message is stored`);
      } else {
        out.log('warn', 'ASTM receiver: a frame arrived while a message is being stored; it is ignored');
      }
      return;
    }
    if (this.options.bareFrames) {
      this.completeBareFrame(frame, now, out);
      return;
    }
    const terminator = frame[frame.length - 1];
    const number = frame.length >= 2 ? frameNumberOf(frame[0] ?? 0) : null;
    if (this.frameTooLong) {
      this.refuse(now, out, `a frame longer than ${this.options.maxFrameBytes} bytes`);
      return;
    }
    if (number === null || (terminator !== ETB && terminator !== ETX)) {
      this.refuse(now, out, 'a frame without a frame number');
      return;
    }
    if (this.options.checksum) {
      const expected = astmChecksum(Uint8Array.from(frame));
      if (this.checksumChars.toUpperCase() !== expected) {
        this.refuse(now, out, `frame ${number}: checksum ${JSON.stringify(this.checksumChars)}, expected ${expected}`);
        return;
      }
    }
    if (number !== this.expectedFrame) {
      if (number === this.lastAcceptedFrame) {
        out.log('info', `ASTM receiver: frame ${number} received again (its ACK was lost); acknowledged and dropped`);
        this.acknowledge(now, out);
      } else {
        this.refuse(now, out, `frame number ${number}, expected ${this.expectedFrame}`);
      }
      return;
    }
    this.addFrameText(frame, 1, number, terminator, now, out);
  }

  /**
   * A frame without a frame number or checksum (the bareFrames option): its text is all between STX and
   * ETB/ETX. Nothing tells a repeat from new data, so every frame is new.
   */
  private completeBareFrame(frame: number[], now: number, out: EventList): void {
    const terminator = frame[frame.length - 1];
    if (this.frameTooLong) {
      this.refuse(now, out, `a frame longer than ${this.options.maxFrameBytes} bytes`);
      return;
    }
    if (terminator !== ETB && terminator !== ETX) {
      this.refuse(now, out, 'a frame without ETB or ETX');
      return;
    }
    this.addFrameText(frame, 0, this.expectedFrame, terminator, now, out);
  }

  /** Adds a checked frame's text (from `textStart` up to its ETB/ETX) to the message, and hands the message over at its L record. */
  private addFrameText(frame: number[], textStart: number, number: number, terminator: number, now: number, out: EventList): void {
    const bytesBeforeFinal = this.message.length;
    for (let i = textStart; i < frame.length - 1; i++) this.message.push(frame[i] ?? 0);
    if (terminator === ETB) {
      this.accept(number, now, out);
      return;
    }
    // A frame ending in ETX ends a record: make sure the next frame's text starts a new record.
    const last = this.message[this.message.length - 1];
    if (last !== CR && last !== LF) this.message.push(CR);
    if (!this.endsWithTerminatorRecord()) {
      this.accept(number, now, out);
      return;
    }
    const id = this.nextMessageId++;
    const text = splitLines(decodeText(Uint8Array.from(this.message), this.options.encoding)).join('\r');
    this.held = { id, frameNumber: number, bytesBeforeFinal, senderGone: false };
    this.session = 'held';
    this.setDeadline(null, out);
    out.message(id, text);
  }

  /** Whether the last record of the message so far is the L (terminator) record. */
  private endsWithTerminatorRecord(): boolean {
    let end = this.message.length;
    while (end > 0 && (this.message[end - 1] === CR || this.message[end - 1] === LF)) end--;
    let start = end;
    while (start > 0 && this.message[start - 1] !== CR && this.message[start - 1] !== LF) start--;
    const type = this.message[start];
    return end - start >= 1 && (type === L_RECORD || type === L_RECORD_LOWER) && (end - start === 1 || !isAlphanumeric(this.message[start + 1] ?? 0));
  }

  private accept(number: number, now: number, out: EventList): void {
    this.lastAcceptedFrame = number;
    this.expectedFrame = (number + 1) % 8;
    this.acknowledge(now, out);
  }

  private acknowledge(now: number, out: EventList): void {
    out.write(ACK);
    this.setDeadline(now + RECEIVER_TIMEOUT_MS, out);
  }

  private refuse(now: number, out: EventList, reason: string): void {
    out.log('warn', `ASTM receiver: ${reason}; answered NAK`);
    out.write(NAK);
    this.setDeadline(now + RECEIVER_TIMEOUT_MS, out);
  }

  private startSession(now: number, out: EventList): void {
    if (this.noiseBytes > 0) this.reportNoise(out);
    this.session = 'open';
    this.framing = 'outside';
    this.expectedFrame = 1;
    this.lastAcceptedFrame = null;
    this.message = [];
    out.write(ACK);
    this.setDeadline(now + RECEIVER_TIMEOUT_MS, out);
  }

  private restartSession(now: number, out: EventList): void {
    if (this.message.length > 0) out.log('warn', 'ASTM receiver: ENQ in the middle of a message; the unfinished message is dropped');
    this.startSession(now, out);
  }

  private receiveEot(out: EventList): void {
    if (this.session === 'held' && this.held !== null) {
      this.held.senderGone = true;
      out.log('warn', `ASTM receiver: the sender closed the session before message ${this.held.id} was stored; it will send it again`);
    } else if (this.message.length > 0) {
      out.log('warn', 'ASTM receiver: EOT before the L record; the unfinished message is dropped');
    }
    this.endSession(out);
  }

  private endSession(out: EventList): void {
    if (this.held !== null) this.held.senderGone = true;
    this.session = 'idle';
    this.framing = 'outside';
    this.message = [];
    this.frame = [];
    this.setDeadline(null, out);
  }

  private setDeadline(at: number | null, out: EventList): void {
    if (this.deadline === at) return;
    this.deadline = at;
    out.timer(at);
  }

  private reportNoise(out: EventList): void {
    if (this.noiseBytes === 0) return;
    out.log('info', `ASTM receiver: ignored ${this.noiseBytes} byte(s) outside a frame`);
    this.noiseBytes = 0;
  }
}

function frameNumberOf(byte: number): number | null {
  return byte >= 0x30 && byte <= 0x37 ? byte - 0x30 : null;
}

function isAlphanumeric(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}
