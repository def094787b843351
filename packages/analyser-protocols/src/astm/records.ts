import { splitLines } from '../text.ts';

/** The four delimiters of an E1394 message, declared by the H record right after its type: `H|\^&`. */
export interface AstmDelimiters {
  field: string;
  repeat: string;
  component: string;
  escape: string;
}

export interface AstmRecord {
  /** The record type, upper case: H P O R C Q M S L. */
  type: string;
  /** Raw fields (escape sequences kept), index 0 = the type; for H, index 1 is the delimiter declaration. */
  fields: string[];
}

export const DEFAULT_ASTM_DELIMITERS: AstmDelimiters = { field: '|', repeat: '\\', component: '^', escape: '&' };

/**
 * Splits an E1394 message into records (CR, LF or CRLF between them). The delimiters come from the
 * H record; a message that does not start with one is read with the usual `|\^&`.
 */
export function parseAstmMessage(text: string): { delimiters: AstmDelimiters; records: AstmRecord[] } {
  const lines = splitLines(text);
  const header = lines.find((line) => line.length > 0);
  const delimiters = header !== undefined && header[0]?.toUpperCase() === 'H' && header.length >= 5
    ? { field: header[1] ?? '|', repeat: header[2] ?? '\\', component: header[3] ?? '^', escape: header[4] ?? '&' }
    : DEFAULT_ASTM_DELIMITERS;
  const records = lines.map((line): AstmRecord => {
    const fields = line.split(delimiters.field);
    return { type: (fields[0] ?? '').trim().toUpperCase(), fields };
  });
  return { delimiters, records };
}

/** A field's repeats, raw. */
export function astmRepeats(field: string | undefined, delimiters: AstmDelimiters): string[] {
  return (field ?? '').split(delimiters.repeat);
}

/** A field's (or one repeat's) components, escape sequences resolved. */
export function astmComponents(field: string | undefined, delimiters: AstmDelimiters): string[] {
  return (field ?? '').split(delimiters.component).map((component) => unescapeAstm(component, delimiters));
}

/** The text of a field, escape sequences resolved (delimiters inside it stay as they are). */
export function astmText(field: string | undefined, delimiters: AstmDelimiters): string {
  return unescapeAstm(field ?? '', delimiters);
}

/**
 * Resolves E1394 escape sequences written with the message's escape character (here `&`):
 * `&F&` field, `&S&` component, `&R&` repeat, `&E&` escape delimiter, `&Xhh..&` bytes in hex.
 * Anything else between escape characters is kept as sent.
 */
export function unescapeAstm(text: string, delimiters: AstmDelimiters): string {
  const escape = delimiters.escape;
  if (escape === '' || !text.includes(escape)) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const start = text.indexOf(escape, i);
    if (start === -1) break;
    const end = text.indexOf(escape, start + 1);
    if (end === -1) break;
    out += text.slice(i, start);
    const code = text.slice(start + 1, end);
    const replacement = escapeMeaning(code, delimiters);
    if (replacement === null) {
      // Not an escape sequence: keep the first escape character and look again from the second.
      out += escape;
      i = start + 1;
      continue;
    }
    out += replacement;
    i = end + 1;
  }
  return out + text.slice(i);
}

function escapeMeaning(code: string, delimiters: AstmDelimiters): string | null {
  switch (code) {
    case 'F': return delimiters.field;
    case 'S': return delimiters.component;
    case 'R': return delimiters.repeat;
    case 'E': return delimiters.escape;
  }
  if (/^X([0-9A-Fa-f]{2})+$/.test(code)) {
    let text = '';
    for (let i = 1; i < code.length; i += 2) text += String.fromCharCode(parseInt(code.slice(i, i + 2), 16));
    return text;
  }
  return null;
}

/** Writes text so that none of the delimiters in it is read as one. */
export function escapeAstm(text: string, delimiters: AstmDelimiters = DEFAULT_ASTM_DELIMITERS): string {
  const codes: [string, string][] = [
    [delimiters.escape, 'E'], [delimiters.field, 'F'], [delimiters.component, 'S'], [delimiters.repeat, 'R'],
  ];
  let out = '';
  for (const char of text) {
    const code = codes.find(([delimiter]) => delimiter === char)?.[1];
    out += code === undefined ? char : `${delimiters.escape}${code}${delimiters.escape}`;
  }
  return out;
}

/**
 * One field to encode: plain text, its components, or its repeats (each a list of components).
 * Text is escaped; delimiters are added between components and repeats.
 */
export type AstmFieldValue = string | readonly string[] | readonly (readonly string[])[];

/** A record to encode: the type first (`['O', '1', 'S123', ...]`). The H record's delimiter declaration is written for you. */
export type AstmRecordValue = readonly AstmFieldValue[];

/** Encodes records as one E1394 message (records joined by CR), ready for AstmLinkSender.send. */
export function encodeAstmMessage(records: readonly AstmRecordValue[], delimiters: AstmDelimiters = DEFAULT_ASTM_DELIMITERS): string {
  return records.map((record) => encodeAstmRecord(record, delimiters)).join('\r');
}

export function encodeAstmRecord(record: AstmRecordValue, delimiters: AstmDelimiters = DEFAULT_ASTM_DELIMITERS): string {
  const type = typeof record[0] === 'string' ? record[0] : '';
  const fields = record.slice(1).map((field) => encodeField(field, delimiters));
  if (type.toUpperCase() === 'H') {
    const declaration = `${delimiters.repeat}${delimiters.component}${delimiters.escape}`;
    return [`H${delimiters.field}${declaration}`, ...fields.slice(1)].join(delimiters.field);
  }
  return [type, ...fields].join(delimiters.field);
}

function encodeField(field: AstmFieldValue, delimiters: AstmDelimiters): string {
  if (typeof field === 'string') return escapeAstm(field, delimiters);
  return field
    .map((part) => typeof part === 'string'
      ? escapeAstm(part, delimiters)
      : part.map((component) => escapeAstm(component, delimiters)).join(delimiters.component))
    .join(typeof field[0] === 'string' ? delimiters.component : delimiters.repeat);
}
