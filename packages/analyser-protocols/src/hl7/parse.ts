import { splitLines } from '../text.ts';

/** The five delimiters of an HL7 v2 message, declared in MSH-1 and MSH-2: `|^~\&`. */
export interface Hl7Delimiters {
  field: string;
  component: string;
  repeat: string;
  escape: string;
  subcomponent: string;
}

export interface Hl7Segment {
  /** The segment id, e.g. `MSH`, `OBX`. */
  name: string;
  /**
   * Raw fields (escape sequences kept) numbered as in the standard: fields[0] is the segment id,
   * fields[n] is field n. For MSH, fields[1] is the field separator and fields[2] the encoding characters.
   */
  fields: string[];
}

export interface Hl7Message {
  delimiters: Hl7Delimiters;
  segments: Hl7Segment[];
}

export const DEFAULT_HL7_DELIMITERS: Hl7Delimiters = { field: '|', component: '^', repeat: '~', escape: '\\', subcomponent: '&' };

/**
 * Reads an HL7 v2 (ER7) message. Segments end in CR by the standard; LF and CRLF are accepted too.
 * The delimiters are read from MSH; text before MSH (noise) is skipped.
 */
export function parseHl7(text: string): Hl7Message {
  const lines = splitLines(text);
  const headerIndex = lines.findIndex((line) => line.startsWith('MSH'));
  const header = headerIndex >= 0 ? lines[headerIndex] ?? '' : '';
  const field = header.length >= 4 ? header[3] ?? '|' : '|';
  // MSH-2 may declare fewer than four encoding characters (no subcomponent separator, say).
  const encoding = header.length >= 4 ? header.slice(4).split(field)[0] ?? '' : '';
  const delimiters: Hl7Delimiters = header.length >= 4
    ? {
      field,
      component: encoding[0] ?? '^',
      repeat: encoding[1] ?? '~',
      escape: encoding[2] ?? '\\',
      subcomponent: encoding[3] ?? '&',
    }
    : DEFAULT_HL7_DELIMITERS;
  const segments = lines.slice(Math.max(headerIndex, 0)).map((line): Hl7Segment => {
    const parts = line.split(delimiters.field);
    const name = (parts[0] ?? '').trim();
    if (name === 'MSH') return { name, fields: ['MSH', delimiters.field, ...parts.slice(1)] };
    return { name, fields: parts };
  });
  return { delimiters, segments };
}

/**
 * One value of a segment, escape sequences resolved: field n, its repeat (1-based), component and
 * subcomponent (1-based; 0 = the whole field / repeat / component).
 */
export function hl7Value(segment: Hl7Segment | undefined, delimiters: Hl7Delimiters, field: number, component = 0, subcomponent = 0, repeat = 1): string {
  const raw = segment?.fields[field] ?? '';
  if (segment?.name === 'MSH' && field <= 2) return raw;
  let value = raw.split(delimiters.repeat)[repeat - 1] ?? '';
  if (component > 0) value = value.split(delimiters.component)[component - 1] ?? '';
  if (component > 0 && subcomponent > 0) value = value.split(delimiters.subcomponent)[subcomponent - 1] ?? '';
  return unescapeHl7(value, delimiters);
}

/** A field's repeats, raw. */
export function hl7Repeats(field: string | undefined, delimiters: Hl7Delimiters): string[] {
  return (field ?? '').split(delimiters.repeat);
}

/** A field's (or one repeat's) components, escape sequences resolved. */
export function hl7Components(field: string | undefined, delimiters: Hl7Delimiters): string[] {
  return (field ?? '').split(delimiters.component).map((component) => unescapeHl7(component, delimiters));
}

/**
 * Resolves HL7 escape sequences: `\F\` field, `\S\` component, `\T\` subcomponent, `\R\` repeat,
 * `\E\` escape, `\Xhh..\` bytes in hex, `\.br\` a line break; other sequences (formatting,
 * character sets) are left out of the text.
 */
export function unescapeHl7(text: string, delimiters: Hl7Delimiters = DEFAULT_HL7_DELIMITERS): string {
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
    out += escapeMeaning(text.slice(start + 1, end), delimiters);
    i = end + 1;
  }
  return out + text.slice(i);
}

function escapeMeaning(code: string, delimiters: Hl7Delimiters): string {
  switch (code) {
    case 'F': return delimiters.field;
    case 'S': return delimiters.component;
    case 'T': return delimiters.subcomponent;
    case 'R': return delimiters.repeat;
    case 'E': return delimiters.escape;
    case '.br': return '\n';
  }
  if (/^X([0-9A-Fa-f]{2})+$/.test(code)) {
    let text = '';
    for (let i = 1; i < code.length; i += 2) text += String.fromCharCode(parseInt(code.slice(i, i + 2), 16));
    return text;
  }
  return '';
}

/** Writes text so that none of the delimiters in it is read as one. */
export function escapeHl7(text: string, delimiters: Hl7Delimiters = DEFAULT_HL7_DELIMITERS): string {
  const codes: [string, string][] = [
    [delimiters.escape, 'E'], [delimiters.field, 'F'], [delimiters.component, 'S'],
    [delimiters.subcomponent, 'T'], [delimiters.repeat, 'R'],
  ];
  let out = '';
  for (const char of text) {
    if (char === '\r' || char === '\n') {
      out += `${delimiters.escape}.br${delimiters.escape}`;
      continue;
    }
    const code = codes.find(([delimiter]) => delimiter === char)?.[1];
    out += code === undefined ? char : `${delimiters.escape}${code}${delimiters.escape}`;
  }
  return out;
}
