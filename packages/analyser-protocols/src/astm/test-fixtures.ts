import { ACK, ENQ, EOT, NAK, type LinkEvent } from './link-common.ts';

/** Test helpers for driving the link state machines (not part of the package's API). */

export function bytesOf(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

export function written(events: readonly LinkEvent[]): number[] {
  return events.flatMap((event) => (event.kind === 'write' ? [...event.bytes] : []));
}

export function messages(events: readonly LinkEvent[]): { id: number; text: string }[] {
  return events.flatMap((event) => (event.kind === 'message' ? [{ id: event.id, text: event.text }] : []));
}

export function logs(events: readonly LinkEvent[]): string[] {
  return events.flatMap((event) => (event.kind === 'log' ? [`${event.level}: ${event.text}`] : []));
}

export function lastTimer(events: readonly LinkEvent[]): number | null | undefined {
  const timers = events.filter((event) => event.kind === 'timeout');
  const last = timers[timers.length - 1];
  return last?.kind === 'timeout' ? last.at : undefined;
}

/** Splits a framed transmission into its frames (STX .. the end of the CR/LF after the checksum). */
export function splitFrames(bytes: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  let start = -1;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x02) start = i;
    if ((bytes[i] === 0x03 || bytes[i] === 0x17) && start >= 0) {
      let end = i + 3;
      while (end < bytes.length && (bytes[end] === 0x0d || bytes[end] === 0x0a)) end++;
      frames.push(bytes.slice(start, end));
      start = -1;
      i = end - 1;
    }
  }
  return frames;
}

export function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}

export const controls = { ACK, NAK, ENQ, EOT };

/** One E1381 frame around the text, with a correct checksum unless one is given. */
export function frameOf(number: number, text: string, options: { last?: boolean; checksum?: string; ending?: string } = {}): Uint8Array {
  const terminator = options.last === false ? '\x17' : '\x03';
  const body = bytesOf(`${number % 8}${text}${terminator}`);
  let sum = 0;
  for (const byte of body) sum = (sum + byte) & 0xff;
  const checksum = options.checksum ?? sum.toString(16).toUpperCase().padStart(2, '0');
  return bytesOf(`\x02${number % 8}${text}${terminator}${checksum}${options.ending ?? '\r\n'}`);
}
