import type { TextEncoding } from '../text.ts';

/** The E1381 / LIS01-A2 control characters. */
export const NUL = 0x00;
export const STX = 0x02;
export const ETX = 0x03;
export const EOT = 0x04;
export const ENQ = 0x05;
export const ACK = 0x06;
export const LF = 0x0a;
export const CR = 0x0d;
export const NAK = 0x15;
export const ETB = 0x17;

export interface LinkOptions {
  /** Verify the checksum of every received frame (default true); some analysers send a wrong or fixed one. */
  checksum: boolean;
  /** How frame bytes are read and written as text (default 'auto': UTF-8 when valid, else Windows-1252). */
  encoding?: TextEncoding;
  /**
   * The longest frame text accepted. E1381 allows 240 characters; LIS01-A2 analysers send
   * a whole message in one larger frame, so up to 64 KiB is accepted by default.
   */
  maxFrameBytes?: number;
  /** Characters of text per frame when sending (E1381: 240). */
  frameSize?: number;
  /**
   * Receive frames as some instruments send them: `STX text ETX` (or ETB) with no frame number and no
   * checksum after it. Off by default (E1381 frames); a per-analyser setting.
   */
  bareFrames?: boolean;
}

export type ResolvedLinkOptions = Required<LinkOptions>;

export const DEFAULT_LINK_OPTIONS: ResolvedLinkOptions = { checksum: true, encoding: 'auto', maxFrameBytes: 65536, frameSize: 240, bareFrames: false };

export type LinkEvent =
  | { kind: 'write'; bytes: Uint8Array }
  | { kind: 'message'; id: number; text: string }
  | { kind: 'timeout'; at: number | null }
  | { kind: 'log'; level: 'info' | 'warn'; text: string };

/** The receiver waits this long for the next frame or EOT before it drops the session. */
export const RECEIVER_TIMEOUT_MS = 30_000;
/** The sender waits this long for the answer to its ENQ or to a frame. */
export const SENDER_TIMEOUT_MS = 15_000;
/** After losing contention (both sides sent ENQ) the computer system waits this long before its next ENQ. */
export const CONTENTION_RETRY_MS = 20_000;
/** After a NAK to its ENQ (the peer is busy) the sender tries again after this long. */
export const BUSY_RETRY_MS = 10_000;
/** A frame is sent at most this many times before the sender gives up on the message. */
export const MAX_FRAME_ATTEMPTS = 6;

/** Sum of the bytes from the frame number through ETB/ETX, modulo 256, as two uppercase hex digits. */
export function astmChecksum(bytes: Uint8Array, from = 0, to = bytes.length): string {
  let sum = 0;
  for (let i = from; i < to; i++) sum = (sum + (bytes[i] ?? 0)) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}

export function controlName(byte: number): string {
  const names: Record<number, string> = { [NUL]: 'NUL', [STX]: 'STX', [ETX]: 'ETX', [EOT]: 'EOT', [ENQ]: 'ENQ', [ACK]: 'ACK', [LF]: 'LF', [CR]: 'CR', [NAK]: 'NAK', [ETB]: 'ETB' };
  return names[byte] ?? `0x${byte.toString(16).padStart(2, '0')}`;
}

export function resolveLinkOptions(options: Partial<LinkOptions> | undefined): ResolvedLinkOptions {
  const resolved = { ...DEFAULT_LINK_OPTIONS };
  // An option given as undefined keeps its default.
  for (const [key, value] of Object.entries(options ?? {})) {
    if (value !== undefined) Object.assign(resolved, { [key]: value });
  }
  return resolved;
}

/** Collects a call's events; a timer change is reported once, with the final deadline. */
export class EventList {
  readonly events: LinkEvent[] = [];
  write(...bytes: number[]): void {
    this.events.push({ kind: 'write', bytes: Uint8Array.from(bytes) });
  }
  writeBytes(bytes: Uint8Array): void {
    this.events.push({ kind: 'write', bytes });
  }
  log(level: 'info' | 'warn', text: string): void {
    this.events.push({ kind: 'log', level, text });
  }
  message(id: number, text: string): void {
    this.events.push({ kind: 'message', id, text });
  }
  timer(at: number | null): void {
    this.events.push({ kind: 'timeout', at });
  }
}
