import { describe, expect, it } from 'vitest';
import { ACK, ENQ, EOT, NAK, RECEIVER_TIMEOUT_MS, astmChecksum, type LinkOptions } from './link-common.ts';
import { AstmLinkReceiver } from './link-receiver.ts';
import { bytesOf, frameOf, lastTimer, logs, messages, written } from './test-fixtures.ts';

const H = 'H|\\^&|||Analyser|||||||P|1\r';
const P = 'P|1\r';
const O = 'O|1|S-1||^^^GLU\r';
const R = 'R|1|^^^GLU|5.4|mmol/L||N||F\r';
const L = 'L|1|N\r';
const MESSAGE_TEXT = 'H|\\^&|||Analyser|||||||P|1\rP|1\rO|1|S-1||^^^GLU\rR|1|^^^GLU|5.4|mmol/L||N||F\rL|1|N';

function opened(options?: ConstructorParameters<typeof AstmLinkReceiver>[0]): AstmLinkReceiver {
  const receiver = new AstmLinkReceiver(options);
  expect(written(receiver.receive(Uint8Array.of(ENQ), 0))).toEqual([ACK]);
  return receiver;
}

function sendRecords(receiver: AstmLinkReceiver, records: string[], now = 1): { answers: number[]; message?: { id: number; text: string } } {
  const answers: number[] = [];
  let message: { id: number; text: string } | undefined;
  records.forEach((record, index) => {
    const events = receiver.receive(frameOf(index + 1, record), now);
    answers.push(...written(events));
    message ??= messages(events)[0];
  });
  return { answers, message };
}

describe('AstmLinkReceiver: establishment and frames', () => {
  it('answers ENQ with ACK, each frame with ACK, and holds the ACK of the L frame until commit', () => {
    const receiver = opened();
    const { answers, message } = sendRecords(receiver, [H, P, O, R, L]);
    expect(answers).toEqual([ACK, ACK, ACK, ACK]);
    expect(message?.text).toBe(MESSAGE_TEXT);
    expect(receiver.idle).toBe(false);
    expect(written(receiver.commit(message?.id ?? 0, 2))).toEqual([ACK]);
    expect(written(receiver.receive(Uint8Array.of(EOT), 3))).toEqual([]);
    expect(receiver.idle).toBe(true);
  });

  it('ignores a stray NUL and noise before ENQ, and says so', () => {
    const receiver = new AstmLinkReceiver();
    const events = receiver.receive(bytesOf('\x00\x00garbage\r\n\x05'), 0);
    expect(written(events)).toEqual([ACK]);
    expect(logs(events)).toEqual(['info: ASTM receiver: ignored 7 byte(s) outside a frame']);
    expect(sendRecords(receiver, [H, L]).message?.text).toBe('H|\\^&|||Analyser|||||||P|1\rL|1|N');
  });

  it('does not answer frames sent without ENQ', () => {
    const receiver = new AstmLinkReceiver();
    expect(written(receiver.receive(frameOf(1, H), 0))).toEqual([]);
  });

  it('counts frame numbers 1..7, 0, 1 and joins ETB continuations before splitting records', () => {
    const receiver = opened();
    const long = `R|1|^^^GLU|${'9'.repeat(600)}|mmol/L\r`;
    const parts = [H, P, O, long.slice(0, 240), long.slice(240, 480), long.slice(480), R.replace('R|1', 'R|2'), L];
    const answers: number[] = [];
    let text = '';
    parts.forEach((part, index) => {
      const isContinuation = index === 3 || index === 4;
      const events = receiver.receive(frameOf(index + 1, part, { last: !isContinuation }), 1);
      answers.push(...written(events));
      text ||= messages(events)[0]?.text ?? '';
    });
    expect(answers).toEqual(Array<number>(7).fill(ACK));
    expect(text.split('\r')).toEqual([H, P, O, long, R.replace('R|1', 'R|2'), L].map((record) => record.slice(0, -1)));
  });

  it('ends the message at an L record written in lower case', () => {
    const receiver = opened();
    expect(sendRecords(receiver, ['h|\\^&\r', 'l|1|N\r']).message?.text).toBe('h|\\^&\rl|1|N');
  });

  it('starts a new record after an ETX frame whose text lacks the CR', () => {
    const receiver = opened();
    const { message } = sendRecords(receiver, ['H|\\^&', 'P|1', 'L|1|N']);
    expect(message?.text).toBe('H|\\^&\rP|1\rL|1|N');
  });

  it('accepts CR, LF or CRLF (or nothing) after the checksum', () => {
    for (const ending of ['\r', '\n', '\r\n', '']) {
      const receiver = opened();
      const answers = [H, P, L].flatMap((record, index) => written(receiver.receive(frameOf(index + 1, record, { ending }), 1)));
      expect(answers, JSON.stringify(ending)).toEqual([ACK, ACK]);
    }
  });

  it('accepts a LIS01-A2 frame far over 240 characters, and refuses one over maxFrameBytes', () => {
    const big = [H, P, O, ...Array.from({ length: 60 }, (_, index) => `R|${index + 1}|^^^T${index}|${index}.5|g/L||N||F\r`), L].join('');
    expect(big.length).toBeGreaterThan(1500);
    const receiver = opened();
    const events = receiver.receive(frameOf(1, big), 1);
    expect(messages(events)[0]?.text.split('\r')).toHaveLength(64);
    const small = opened({ maxFrameBytes: 1000 });
    const refused = small.receive(frameOf(1, big), 1);
    expect(written(refused)).toEqual([NAK]);
    expect(logs(refused)).toEqual(['warn: ASTM receiver: a frame longer than 1000 bytes; answered NAK']);
  });

  it('accepts a lower-case checksum', () => {
    const receiver = opened();
    const body = bytesOf(`1${H}\x03`);
    const checksum = astmChecksum(body).toLowerCase();
    expect(checksum).toMatch(/[a-f]/);
    expect(written(receiver.receive(bytesOf(`\x021${H}\x03${checksum}\r\n`), 1))).toEqual([ACK]);
  });
});

describe('AstmLinkReceiver: errors and retransmissions', () => {
  it('NAKs a frame with a corrupted checksum and accepts its retransmission', () => {
    const receiver = opened();
    expect(written(receiver.receive(frameOf(1, H), 1))).toEqual([ACK]);
    const corrupted = frameOf(2, P);
    corrupted[3] = 0x58; // a bit error in the text: 'P|1' → 'PX1'
    const refused = receiver.receive(corrupted, 2);
    expect(written(refused)).toEqual([NAK]);
    expect(logs(refused)[0]).toMatch(/^warn: ASTM receiver: frame 2: checksum "[0-9A-F]{2}", expected [0-9A-F]{2}; answered NAK$/);
    expect(written(receiver.receive(frameOf(2, P), 3))).toEqual([ACK]);
    const final = receiver.receive(frameOf(3, L), 4);
    expect(messages(final)[0]?.text).toBe('H|\\^&|||Analyser|||||||P|1\rP|1\rL|1|N');
  });

  it('checks checksums unless told not to (an option given as undefined keeps the default)', () => {
    const settings: LinkOptions = { checksum: true };
    for (const options of [settings, { checksum: undefined }, undefined]) {
      const receiver = opened(options);
      expect(written(receiver.receive(frameOf(1, H, { checksum: '00' }), 1))).toEqual([NAK]);
    }
  });

  it('accepts a wrong checksum when checking is switched off', () => {
    const receiver = opened({ checksum: false });
    expect(written(receiver.receive(frameOf(1, H, { checksum: '00' }), 1))).toEqual([ACK]);
    expect(written(receiver.receive(frameOf(2, P, { checksum: '', ending: '\r\n' }), 1))).toEqual([ACK]);
  });

  it('ACKs and drops a frame sent again with the same number (its ACK was lost)', () => {
    const receiver = opened();
    expect(written(receiver.receive(frameOf(1, H), 1))).toEqual([ACK]);
    expect(written(receiver.receive(frameOf(2, P), 1))).toEqual([ACK]);
    const again = receiver.receive(frameOf(2, P), 1);
    expect(written(again)).toEqual([ACK]);
    expect(logs(again)).toEqual(['info: ASTM receiver: frame 2 received again (its ACK was lost); acknowledged and dropped']);
    const final = receiver.receive(frameOf(3, L), 1);
    expect(messages(final)[0]?.text).toBe('H|\\^&|||Analyser|||||||P|1\rP|1\rL|1|N');
  });

  it('NAKs a frame with an unexpected number', () => {
    const receiver = opened();
    receiver.receive(frameOf(1, H), 1);
    const skipped = receiver.receive(frameOf(3, P), 1);
    expect(written(skipped)).toEqual([NAK]);
    expect(logs(skipped)).toEqual(['warn: ASTM receiver: frame number 3, expected 2; answered NAK']);
  });

  it('hands nothing over when the connection is cut mid-message', () => {
    const receiver = opened();
    const events = [H, P, O].flatMap((record, index) => receiver.receive(frameOf(index + 1, record), 1));
    const halfFrame = frameOf(4, R).slice(0, 10);
    events.push(...receiver.receive(halfFrame, 1));
    // The server drops the receiver with the socket: nothing was handed over, the last frame not ACKed.
    expect(messages(events)).toEqual([]);
    expect(written(events)).toEqual([ACK, ACK, ACK]);
  });

  it('drops an unfinished message at EOT', () => {
    const receiver = opened();
    const events = [H, P].flatMap((record, index) => receiver.receive(frameOf(index + 1, record), 1));
    events.push(...receiver.receive(Uint8Array.of(EOT), 2));
    expect(messages(events)).toEqual([]);
    expect(logs(events)).toEqual(['warn: ASTM receiver: EOT before the L record; the unfinished message is dropped']);
    expect(receiver.idle).toBe(true);
  });

  it('starts again on an ENQ in the middle of a session', () => {
    const receiver = opened();
    receiver.receive(frameOf(1, H), 1);
    const events = receiver.receive(Uint8Array.of(ENQ), 2);
    expect(written(events)).toEqual([ACK]);
    expect(logs(events)).toEqual(['warn: ASTM receiver: ENQ in the middle of a message; the unfinished message is dropped']);
    expect(sendRecords(receiver, [H, L]).message?.text).toBe('H|\\^&|||Analyser|||||||P|1\rL|1|N');
  });
});

describe('AstmLinkReceiver: commit and reject', () => {
  it('NAKs the final frame on reject; the sender repeats it and the message is handed over again', () => {
    const receiver = opened();
    const first = sendRecords(receiver, [H, P, O, R, L]).message;
    expect(written(receiver.reject(first?.id ?? 0, 2))).toEqual([NAK]);
    const repeated = receiver.receive(frameOf(5, L), 3);
    const second = messages(repeated)[0];
    expect(second?.text).toBe(MESSAGE_TEXT);
    expect(second?.id).not.toBe(first?.id);
    expect(written(repeated)).toEqual([]);
    expect(written(receiver.commit(second?.id ?? 0, 4))).toEqual([ACK]);
  });

  it('keeps receiving after a commit: two messages in one session', () => {
    const receiver = opened();
    const first = sendRecords(receiver, [H, P, O, R, L]).message;
    expect(written(receiver.commit(first?.id ?? 0, 2))).toEqual([ACK]);
    const secondEvents = [H, L].flatMap((record, index) => receiver.receive(frameOf(index + 6, record), 3));
    expect(written(secondEvents)).toEqual([ACK]);
    expect(messages(secondEvents)).toHaveLength(1);
  });

  it('answers nothing for a message the sender gave up on, and ignores a repeated final frame while storing', () => {
    const receiver = opened();
    const { message } = sendRecords(receiver, [H, L]);
    const repeated = receiver.receive(frameOf(2, L), 2);
    expect(written(repeated)).toEqual([]);
    expect(messages(repeated)).toEqual([]);
    receiver.receive(Uint8Array.of(EOT), 3);
    const late = receiver.commit(message?.id ?? 0, 4);
    expect(written(late)).toEqual([]);
    expect(logs(late)).toEqual([`info: ASTM receiver: message ${message?.id} stored after the sender closed the session; nothing to answer`]);
    expect(logs(receiver.commit(99, 5))).toEqual(['warn: ASTM receiver: message 99 is not waiting for an answer']);
  });
});

describe('AstmLinkReceiver: timer', () => {
  it('asks for a tick 30 s after each answer, none while storing, and closes the session when it passes', () => {
    const receiver = new AstmLinkReceiver();
    expect(lastTimer(receiver.receive(Uint8Array.of(ENQ), 1_000))).toBe(1_000 + RECEIVER_TIMEOUT_MS);
    expect(lastTimer(receiver.receive(frameOf(1, H), 2_000))).toBe(2_000 + RECEIVER_TIMEOUT_MS);
    expect(receiver.tick(2_000 + RECEIVER_TIMEOUT_MS - 1)).toEqual([]);
    const expired = receiver.tick(2_000 + RECEIVER_TIMEOUT_MS);
    expect(logs(expired)).toEqual(['warn: ASTM receiver: no frame or EOT for 30 s; the session is closed and the unfinished message dropped']);
    expect(lastTimer(expired)).toBeNull();
    expect(receiver.idle).toBe(true);
    // After the timeout the link is neutral: frames are not answered until the next ENQ.
    expect(written(receiver.receive(frameOf(2, P), 40_000))).toEqual([]);
    const reopened = receiver.receive(Uint8Array.of(ENQ), 41_000);
    expect(written(reopened)).toEqual([ACK]);
  });

  it('stops the timer while a message is being stored and starts it again on commit', () => {
    const receiver = opened();
    receiver.receive(frameOf(1, H), 1);
    const held = receiver.receive(frameOf(2, L), 5);
    expect(lastTimer(held)).toBeNull();
    expect(receiver.tick(10 * RECEIVER_TIMEOUT_MS)).toEqual([]);
    const id = messages(held)[0]?.id ?? 0;
    expect(lastTimer(receiver.commit(id, 100_000))).toBe(100_000 + RECEIVER_TIMEOUT_MS);
  });
});

describe('AstmLinkReceiver: framing as instruments do it', () => {
  it('joins a record split over frames (ETB) anywhere, inside a field and inside a delimiter pair, before splitting records', () => {
    const receiver = opened();
    const text = `${H}${P}${O}R|1|^^^GLU|5.4^H|mmol/L||N||F\r${L}`;
    // Cut inside the test id, right after a component delimiter, inside the value and between the two frames of a field pair.
    const cuts = [text.indexOf('^^^G') + 2, text.indexOf('GLU|5') + 4, text.indexOf('5.4') + 2, text.indexOf('||N') + 1];
    const pieces = [0, ...cuts, text.length].slice(1).map((end, index, ends) => text.slice(index === 0 ? 0 : ends[index - 1], end));
    const answers: number[] = [];
    let message: { id: number; text: string } | undefined;
    pieces.forEach((piece, index) => {
      const events = receiver.receive(frameOf(index + 1, piece, { last: index === pieces.length - 1 }), 1);
      answers.push(...written(events));
      message ??= messages(events)[0];
    });
    expect(answers).toEqual(Array<number>(pieces.length - 1).fill(ACK));
    expect(message?.text).toBe(text.slice(0, -1));
  });

  it('one record per frame, several H…L messages in one session without EOT between them', () => {
    const receiver = opened();
    const records = [H, P, O, R, L, H, P, O.replace('S-1', 'S-2'), R, L];
    const texts: string[] = [];
    records.forEach((record, index) => {
      const events = receiver.receive(frameOf(index + 1, record), index);
      for (const message of messages(events)) {
        texts.push(message.text);
        receiver.commit(message.id, index);
      }
    });
    expect(texts).toEqual([MESSAGE_TEXT, MESSAGE_TEXT.replace('S-1', 'S-2')]);
  });

  it('with bareFrames, reads STX text ETX with no frame number and no checksum (off by default)', () => {
    const bare = (text: string) => bytesOf(`\x02${text}\x03\r\n`);
    const receiver = opened({ bareFrames: true });
    const answers: number[] = [];
    let message: { id: number; text: string } | undefined;
    for (const record of [H, P, O, R, L]) {
      const events = receiver.receive(bare(record), 1);
      answers.push(...written(events));
      message ??= messages(events)[0];
    }
    expect(answers).toEqual([ACK, ACK, ACK, ACK]);
    expect(message?.text).toBe(MESSAGE_TEXT);
    expect(written(receiver.commit(message?.id ?? 0, 2))).toEqual([ACK]);
    // The same frames on a receiver left on E1381 framing are refused.
    const strict = opened();
    expect(written(strict.receive(bare(H), 1))).toEqual([NAK]);
  });
});
