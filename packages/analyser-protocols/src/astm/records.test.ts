import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ASTM_DELIMITERS, astmComponents, astmRepeats, astmText, encodeAstmMessage, escapeAstm, parseAstmMessage, unescapeAstm,
} from './records.ts';

describe('parseAstmMessage', () => {
  it('reads the delimiters from the H record instead of assuming |\\^&', () => {
    const { delimiters, records } = parseAstmMessage('H!~$%!!!Analyser\nP!1\nO!1!S-7!!$$$GLU~$$$CREA\nR!1!$$$GLU!5.4!mmol/L\nL!1!N');
    expect(delimiters).toEqual({ field: '!', repeat: '~', component: '$', escape: '%' });
    expect(records.map((record) => record.type)).toEqual(['H', 'P', 'O', 'R', 'L']);
    expect(records[2]?.fields[4]).toBe('$$$GLU~$$$CREA');
    expect(astmRepeats(records[2]?.fields[4], delimiters).map((test) => astmComponents(test, delimiters)[3])).toEqual(['GLU', 'CREA']);
  });

  it('splits records on CR, LF or CRLF and keeps empty trailing fields', () => {
    const { records } = parseAstmMessage('H|\\^&\r\nR|1|^^^K|4.1||||\rL|1|N\n');
    expect(records).toEqual([
      { type: 'H', fields: ['H', '\\^&'] },
      { type: 'R', fields: ['R', '1', '^^^K', '4.1', '', '', '', ''] },
      { type: 'L', fields: ['L', '1', 'N'] },
    ]);
  });

  it('reads a message without H with the usual delimiters', () => {
    expect(parseAstmMessage('R|1|^^^K|4.1').delimiters).toEqual(DEFAULT_ASTM_DELIMITERS);
  });
});

describe('escape sequences', () => {
  const delimiters = DEFAULT_ASTM_DELIMITERS;

  it('resolves &F& &S& &R& &E& and hex, and keeps a lone escape character', () => {
    expect(unescapeAstm('a&F&b&S&c&R&d&E&e', delimiters)).toBe('a|b^c\\d&e');
    expect(unescapeAstm('&X41E2&', delimiters)).toBe('A\u00e2');
    expect(unescapeAstm('Tom & Jerry', delimiters)).toBe('Tom & Jerry');
    expect(unescapeAstm('A&B&C&F&', delimiters)).toBe('A&B&C|');
  });

  it('resolves them with the escape character the H record declares (\\F\\ when it is a backslash)', () => {
    const { delimiters: backslash, records } = parseAstmMessage('H|~^\\\rC|1|I|pH \\F\\ 7\\S\\4|G');
    expect(astmText(records[1]?.fields[3], backslash)).toBe('pH | 7^4');
  });

  it('escapes text so that it reads back the same', () => {
    const text = 'a|b^c\\d&e';
    expect(escapeAstm(text)).toBe('a&F&b&S&c&R&d&E&e');
    expect(unescapeAstm(escapeAstm(text), delimiters)).toBe(text);
  });
});

describe('encodeAstmMessage', () => {
  it('writes the H delimiter declaration, components, repeats and escapes', () => {
    const text = encodeAstmMessage([
      ['H', '', '', '', ['LIS', 'Lab'], '', '', '', '', '', '', 'P', '1'],
      ['P', '1', '', '', '', ['Kovač', 'Ana']],
      ['O', '1', 'S|1', '', [['', '', '', 'GLU'], ['', '', '', 'CREA']], 'R'],
      ['L', '1', 'N'],
    ]);
    expect(text).toBe('H|\\^&|||LIS^Lab|||||||P|1\rP|1||||Kovač^Ana\rO|1|S&F&1||^^^GLU\\^^^CREA|R\rL|1|N');
    const { records, delimiters } = parseAstmMessage(text);
    expect(astmText(records[2]?.fields[2], delimiters)).toBe('S|1');
  });

  it('writes with other delimiters', () => {
    const delimiters = { field: '!', repeat: '~', component: '$', escape: '%' };
    expect(encodeAstmMessage([['H'], ['L', '1', 'N']], delimiters)).toBe('H!~$%\rL!1!N');
  });
});
