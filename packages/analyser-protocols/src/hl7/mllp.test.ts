import { describe, expect, it } from 'vitest';
import { MllpDecoder, mllpFrame } from './mllp.ts';

const FIRST = 'MSH|^~\\&|A|B|||||ORU^R01|1|P|2.3.1\rOBX|1|NM|K||4.1\r';
const SECOND = 'MSH|^~\\&|A|B|||||ORU^R01|2|P|2.3.1\rOBX|1|NM|NA||140\r';

function concat(...parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

describe('MLLP', () => {
  it('frames a message as VT message FS CR', () => {
    const framed = mllpFrame('MSH|x\r');
    expect([...framed]).toEqual([0x0b, ...Array.from('MSH|x\r', (char) => char.charCodeAt(0)), 0x1c, 0x0d]);
  });

  it('cuts messages out of joined and split TCP chunks', () => {
    const stream = concat(mllpFrame(FIRST), mllpFrame(SECOND));
    const whole = new MllpDecoder();
    expect(whole.push(stream)).toEqual([FIRST, SECOND]);
    for (const size of [1, 3, 50]) {
      const decoder = new MllpDecoder();
      const messages: string[] = [];
      for (let i = 0; i < stream.length; i += size) messages.push(...decoder.push(stream.subarray(i, i + size)));
      expect(messages, `chunks of ${size}`).toEqual([FIRST, SECOND]);
      expect(decoder.pendingBytes).toBe(0);
    }
  });

  it('ignores bytes outside a block, accepts FS without CR, and starts again at a VT inside a block', () => {
    const decoder = new MllpDecoder();
    const noise = Uint8Array.of(0x0d, 0x0a, 0x41);
    const cutOff = mllpFrame(FIRST).subarray(0, 20);
    const withoutCr = mllpFrame(SECOND).subarray(0, -1);
    expect(decoder.push(concat(noise, cutOff, withoutCr))).toEqual([SECOND]);
  });

  it('keeps the start of a message until the rest arrives (a cut connection loses only that)', () => {
    const decoder = new MllpDecoder();
    const framed = mllpFrame(FIRST);
    expect(decoder.push(framed.subarray(0, 30))).toEqual([]);
    expect(decoder.pendingBytes).toBe(29);
  });

  it('reads UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(new MllpDecoder().push(mllpFrame('PID|||||Kovačević^Đurđa\r'))).toEqual(['PID|||||Kovačević^Đurđa\r']);
    const latin = Uint8Array.of(0x0b, 0x50, 0xe9, 0x1c, 0x0d);
    expect(new MllpDecoder().push(latin)).toEqual(['Pé']);
    expect(new MllpDecoder({ encoding: 'latin1' }).push(mllpFrame('é', 'latin1'))).toEqual(['é']);
  });
});
