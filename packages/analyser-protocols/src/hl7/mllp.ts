import { decodeText, encodeText, type TextEncoding } from '../text.ts';

/** MLLP block: VT, the message, FS CR. */
export const MLLP_START = 0x0b;
export const MLLP_END = 0x1c;
const CR = 0x0d;

/**
 * Cuts HL7 messages out of a TCP stream framed with MLLP (`VT message FS CR`). A TCP chunk may hold
 * part of a message, several messages, or the end of one and the start of the next. Bytes outside a
 * block are ignored; a block ends at FS (the CR after it is optional).
 */
export class MllpDecoder {
  private buffer: number[] = [];
  private inBlock = false;
  private readonly encoding: TextEncoding;

  constructor(options: { encoding?: TextEncoding } = {}) {
    this.encoding = options.encoding ?? 'auto';
  }

  /** Bytes of a message that has started but not ended (what a cut connection loses). */
  get pendingBytes(): number {
    return this.inBlock ? this.buffer.length : 0;
  }

  push(chunk: Uint8Array): string[] {
    const messages: string[] = [];
    for (const byte of chunk) {
      if (byte === MLLP_START) {
        // A new block start inside a block means the previous one was cut off: start again.
        this.buffer = [];
        this.inBlock = true;
      } else if (!this.inBlock) {
        continue;
      } else if (byte === MLLP_END) {
        messages.push(decodeText(Uint8Array.from(this.buffer), this.encoding));
        this.buffer = [];
        this.inBlock = false;
      } else {
        this.buffer.push(byte);
      }
    }
    return messages;
  }
}

/** Frames one HL7 message for MLLP: `VT message FS CR` (segments should end in CR). */
export function mllpFrame(message: string, encoding: TextEncoding = 'auto'): Uint8Array {
  const body = encodeText(message, encoding);
  const framed = new Uint8Array(body.length + 3);
  framed[0] = MLLP_START;
  framed.set(body, 1);
  framed[body.length + 1] = MLLP_END;
  framed[body.length + 2] = CR;
  return framed;
}
