import { encodeText, splitLines } from '../text.ts';
import {
  ACK, BUSY_RETRY_MS, CONTENTION_RETRY_MS, CR, ENQ, EOT, ETB, ETX, EventList, LF, MAX_FRAME_ATTEMPTS, NAK,
  SENDER_TIMEOUT_MS, STX, astmChecksum, resolveLinkOptions,
  type LinkEvent, type LinkOptions, type ResolvedLinkOptions,
} from './link-common.ts';

type SenderState =
  | 'neutral'   // nothing to send
  | 'waiting'   // messages queued; ENQ is sent at retryAt (after contention, a busy peer or a failure)
  | 'enquiring' // ENQ sent, waiting for ACK / NAK / ENQ
  | 'sending';  // a frame sent, waiting for ACK / NAK / EOT

/**
 * The sending side of an ASTM E1381 / CLSI LIS01-A2 link (host query answers, worklists).
 *
 * Each record goes into frames of at most `frameSize` characters (ETB between the parts of a long
 * record, ETX after its last part), numbered 1..7,0,1.. over the session. The peer answers ENQ with
 * ACK (go on), NAK (busy: ENQ again after 10 s) or its own ENQ (contention: the computer system
 * yields to the instrument and tries again after 20 s). A frame answered NAK is sent again, at most
 * six times in all; no answer within 15 s ends the session with EOT. EOT in place of an ACK is the
 * receiver's interrupt: the frame counts as acknowledged, the current message is finished and the
 * line handed back before the next queued message.
 */
export class AstmLinkSender {
  private readonly options: ResolvedLinkOptions;
  private state: SenderState = 'neutral';
  private readonly queue: Uint8Array[][] = [];
  private frameIndex = 0;
  private frameNumber = 1;
  private attempts = 0;
  private establishFailures = 0;
  private interrupted = false;
  private retryAt = 0;
  private deadline: number | null = null;
  private held = false;

  constructor(options?: Partial<LinkOptions>) {
    this.options = resolveLinkOptions(options);
  }

  /** No session in progress: bytes from the peer belong to the receiving side. */
  get idle(): boolean {
    return this.state === 'neutral' || this.state === 'waiting';
  }

  /** Messages not yet sent completely. */
  get pending(): number {
    return this.queue.length;
  }

  /** When tick() must next be called (ms epoch), null when no timer runs. */
  get nextDeadline(): number | null {
    return this.deadline;
  }

  /**
   * Holds the line (true) while the peer is sending to us: no ENQ is sent until released. AstmLink
   * sets this from its receiving side.
   */
  hold(held: boolean, now: number): LinkEvent[] {
    this.held = held;
    const out = new EventList();
    if (!held && this.state === 'waiting' && now >= this.retryAt) this.establish(now, out);
    else this.updateDeadline(out);
    return out.events;
  }

  send(messageText: string, now: number): LinkEvent[] {
    const out = new EventList();
    const frames = this.frame(messageText);
    if (frames.length === 0) return out.events;
    this.queue.push(frames);
    if (this.state === 'neutral') {
      this.state = 'waiting';
      this.retryAt = now;
      if (!this.held) this.establish(now, out);
      else this.updateDeadline(out);
    }
    return out.events;
  }

  receive(chunk: Uint8Array, now: number): LinkEvent[] {
    const out = new EventList();
    for (const byte of chunk) this.receiveByte(byte, now, out);
    return out.events;
  }

  tick(now: number): LinkEvent[] {
    const out = new EventList();
    if (this.state === 'waiting' && !this.held && now >= this.retryAt) {
      this.establish(now, out);
    } else if ((this.state === 'enquiring' || this.state === 'sending') && this.deadline !== null && now >= this.deadline) {
      if (this.state === 'enquiring') {
        this.establishFailures++;
        out.write(EOT);
        if (this.establishFailures >= MAX_FRAME_ATTEMPTS) {
          out.log('warn', `ASTM sender: no answer to ENQ ${this.establishFailures} times; ${this.queue.length} message(s) not sent`);
          this.queue.length = 0;
          this.establishFailures = 0;
          this.state = 'neutral';
        } else {
          out.log('warn', `ASTM sender: no answer to ENQ within ${SENDER_TIMEOUT_MS / 1000} s; trying again later`);
          this.wait(now + CONTENTION_RETRY_MS);
        }
      } else {
        out.write(EOT);
        out.log('warn', `ASTM sender: no answer to frame ${this.frameNumber} within ${SENDER_TIMEOUT_MS / 1000} s; the message is not sent`);
        this.dropCurrentMessage(now);
      }
      this.updateDeadline(out);
    }
    return out.events;
  }

  private receiveByte(byte: number, now: number, out: EventList): void {
    if (this.state === 'enquiring') {
      if (byte === ACK) {
        this.establishFailures = 0;
        this.state = 'sending';
        this.frameNumber = 1;
        this.frameIndex = 0;
        this.attempts = 0;
        this.interrupted = false;
        this.sendFrame(now, out);
      } else if (byte === NAK) {
        out.log('info', `ASTM sender: the peer is busy (NAK to ENQ); trying again in ${BUSY_RETRY_MS / 1000} s`);
        this.wait(now + BUSY_RETRY_MS);
        this.updateDeadline(out);
      } else if (byte === ENQ) {
        // Contention: the instrument has priority; the computer system tries again after 20 s.
        out.log('info', `ASTM sender: the peer also sent ENQ; it goes first and the LIS tries again in ${CONTENTION_RETRY_MS / 1000} s`);
        this.wait(now + CONTENTION_RETRY_MS);
        this.updateDeadline(out);
      }
      return;
    }
    if (this.state !== 'sending') return;
    if (byte === ACK || byte === EOT) {
      if (byte === EOT) this.interrupted = true;
      this.frameAcknowledged(now, out);
    } else if (byte === NAK) {
      this.attempts++;
      if (this.attempts >= MAX_FRAME_ATTEMPTS) {
        out.write(EOT);
        out.log('warn', `ASTM sender: frame ${this.frameNumber} refused ${MAX_FRAME_ATTEMPTS} times; the message is not sent`);
        this.dropCurrentMessage(now);
        this.updateDeadline(out);
      } else {
        this.resendFrame(now, out);
      }
    }
  }

  private frameAcknowledged(now: number, out: EventList): void {
    const message = this.queue[0] ?? [];
    this.frameIndex++;
    this.frameNumber = (this.frameNumber + 1) % 8;
    this.attempts = 0;
    if (this.frameIndex < message.length) {
      this.sendFrame(now, out);
      return;
    }
    this.queue.shift();
    this.frameIndex = 0;
    out.log('info', 'ASTM sender: message sent');
    if (this.queue.length > 0 && !this.interrupted) {
      this.sendFrame(now, out);
      return;
    }
    out.write(EOT);
    if (this.queue.length > 0) {
      out.log('info', 'ASTM sender: the peer asked to send (EOT for ACK); the line is handed back before the next message');
      this.wait(now + CONTENTION_RETRY_MS);
    } else {
      this.state = 'neutral';
    }
    this.updateDeadline(out);
  }

  private dropCurrentMessage(now: number): void {
    this.queue.shift();
    this.frameIndex = 0;
    if (this.queue.length > 0) this.wait(now + CONTENTION_RETRY_MS);
    else this.state = 'neutral';
  }

  private establish(now: number, out: EventList): void {
    this.state = 'enquiring';
    out.write(ENQ);
    this.deadline = null;
    this.setDeadline(now + SENDER_TIMEOUT_MS, out);
  }

  private sendFrame(now: number, out: EventList): void {
    const frame = this.queue[0]?.[this.frameIndex];
    if (frame === undefined) return;
    const numbered = frame.slice();
    numbered[1] = 0x30 + this.frameNumber;
    const checksum = astmChecksum(numbered, 1, numbered.length - 4);
    numbered[numbered.length - 4] = checksum.charCodeAt(0);
    numbered[numbered.length - 3] = checksum.charCodeAt(1);
    out.writeBytes(numbered);
    this.lastFrame = numbered;
    this.deadline = null;
    this.setDeadline(now + SENDER_TIMEOUT_MS, out);
  }

  private lastFrame: Uint8Array | null = null;

  private resendFrame(now: number, out: EventList): void {
    if (this.lastFrame === null) return;
    out.writeBytes(this.lastFrame);
    this.deadline = null;
    this.setDeadline(now + SENDER_TIMEOUT_MS, out);
  }

  private wait(until: number): void {
    this.state = 'waiting';
    this.retryAt = until;
  }

  private updateDeadline(out: EventList): void {
    const at = this.state === 'waiting' ? (this.held ? null : this.retryAt)
      : this.state === 'neutral' ? null
        : this.deadline;
    this.setDeadline(at, out);
  }

  private setDeadline(at: number | null, out: EventList): void {
    if (this.deadline === at) return;
    this.deadline = at;
    out.timer(at);
  }

  /** Frames without number and checksum yet: STX, FN placeholder, text, ETB|ETX, C1 C2, CR LF. */
  private frame(messageText: string): Uint8Array[] {
    const frames: Uint8Array[] = [];
    for (const record of splitLines(messageText)) {
      const text = encodeText(`${record}\r`, this.options.encoding);
      for (let start = 0; start < text.length; start += this.options.frameSize) {
        const part = text.subarray(start, start + this.options.frameSize);
        const last = start + this.options.frameSize >= text.length;
        const frame = new Uint8Array(part.length + 7);
        frame[0] = STX;
        frame.set(part, 2);
        frame[part.length + 2] = last ? ETX : ETB;
        frame[part.length + 5] = CR;
        frame[part.length + 6] = LF;
        frames.push(frame);
      }
    }
    return frames;
  }
}
