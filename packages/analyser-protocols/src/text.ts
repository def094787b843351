/**
 * Bytes on the wire and text in the messages. Analysers send ASCII, UTF-8 or
 * ISO 8859-1 / Windows-1252 (names with č, ć, š, ž, đ); which one is rarely
 * documented, so 'auto' reads UTF-8 when the bytes are valid UTF-8 and
 * Windows-1252 otherwise (every byte sequence is valid Windows-1252).
 */
export type TextEncoding = 'auto' | 'utf-8' | 'latin1';

const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');
const utf8Encoder = new TextEncoder();

export function decodeText(bytes: Uint8Array, encoding: TextEncoding = 'auto'): string {
  if (encoding === 'latin1') return latin1.decode(bytes);
  if (encoding === 'utf-8') return utf8Lenient.decode(bytes);
  try {
    return utf8Strict.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

/** 'latin1' writes one byte per character; a character beyond U+00FF becomes '?'. */
export function encodeText(text: string, encoding: TextEncoding = 'auto'): Uint8Array {
  if (encoding !== 'latin1') return utf8Encoder.encode(text);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[i] = code <= 0xff ? code : 0x3f;
  }
  return bytes;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** Records and segments end in CR by the standards; LF and CRLF are accepted too. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line.length > 0);
}
