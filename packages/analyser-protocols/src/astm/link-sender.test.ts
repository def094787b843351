import { describe, expect, it } from 'vitest';
import {
  ACK, BUSY_RETRY_MS, CONTENTION_RETRY_MS, ENQ, EOT, NAK, SENDER_TIMEOUT_MS, STX, type LinkEvent,
} from './link-common.ts';
import { AstmLinkReceiver } from './link-receiver.ts';
import { AstmLinkSender } from './link-sender.ts';
import { lastTimer, logs, messages, splitFrames, written } from './test-fixtures.ts';

const MESSAGE = 'H|\\^&|||LIS\rP|1\rO|1|S-1||^^^GLU\\^^^CREA|R\rL|1|N';

function text(bytes: number[]): string {
  return String.fromCharCode(...bytes);
}

/** Connects a sender to a receiver and runs the exchange until both are quiet. */
function exchange(sender: AstmLinkSender, receiver: AstmLinkReceiver, first: LinkEvent[], now = 0, tamper?: (frame: Uint8Array, attempt: number) => Uint8Array) {
  const received: string[] = [];
  let toReceiver = written(first);
  let frameAttempt = 0;
  for (let round = 0; round < 1000 && toReceiver.length > 0; round++) {
    let bytes: Uint8Array = Uint8Array.from(toReceiver);
    if (tamper && bytes[0] === STX) bytes = tamper(bytes, frameAttempt++);
    const answer = receiver.receive(bytes, now);
    for (const message of messages(answer)) {
      received.push(message.text);
      answer.push(...receiver.commit(message.id, now));
    }
    toReceiver = written(sender.receive(Uint8Array.from(written(answer)), now));
  }
  return received;
}

describe('AstmLinkSender', () => {
  it('sends ENQ, one frame per record numbered from 1, and EOT; a receiver gets the same message', () => {
    const sender = new AstmLinkSender();
    const receiver = new AstmLinkReceiver();
    const started = sender.send(MESSAGE, 0);
    expect(written(started)).toEqual([ENQ]);
    expect(sender.idle).toBe(false);
    expect(exchange(sender, receiver, started)).toEqual([MESSAGE]);
    expect(sender.idle).toBe(true);
    expect(sender.pending).toBe(0);
    expect(receiver.idle).toBe(true);
  });

  it('writes frames as E1381 describes: STX FN text ETX checksum CR LF, long records in 240-character parts', () => {
    const sender = new AstmLinkSender();
    const long = `R|1|^^^GLU|${'1'.repeat(500)}`;
    sender.send(`H|\\^&\r${long}\rL|1|N`, 0);
    const frames: string[] = [];
    let answer = sender.receive(Uint8Array.of(ACK), 0);
    while (written(answer)[0] === STX) {
      frames.push(text(written(answer)));
      answer = sender.receive(Uint8Array.of(ACK), 0);
    }
    expect(written(answer)).toEqual([EOT]);
    expect(frames[0]).toBe('\x021H|\\^&\r\x03A3\r\n'.replace('A3', checksumOf('1H|\\^&\r\x03')));
    expect(frames.map((frame) => frame.length)).toEqual([13, 247, 247, 7 + 32, 13]);
    expect(frames.map((frame) => frame[1])).toEqual(['1', '2', '3', '4', '5']);
    expect(frames.map((frame) => frame.charCodeAt(frame.length - 5))).toEqual([0x03, 0x17, 0x17, 0x03, 0x03]);
  });

  it('numbers frames 1..7, 0, 1 over a long session', () => {
    const sender = new AstmLinkSender();
    const records = ['H|\\^&', ...Array.from({ length: 9 }, (_, index) => `R|${index + 1}`), 'L|1|N'];
    sender.send(records.join('\r'), 0);
    const numbers: string[] = [];
    let answer = sender.receive(Uint8Array.of(ACK), 0);
    while (written(answer)[0] === STX) {
      numbers.push(text(written(answer))[1] ?? '');
      answer = sender.receive(Uint8Array.of(ACK), 0);
    }
    expect(numbers.join('')).toBe('12345670123');
  });

  it('sends a frame again after NAK and gives up after six attempts with EOT', () => {
    const sender = new AstmLinkSender();
    sender.send(MESSAGE, 0);
    const first = written(sender.receive(Uint8Array.of(ACK), 0));
    for (let attempt = 2; attempt <= 6; attempt++) expect(written(sender.receive(Uint8Array.of(NAK), attempt))).toEqual(first);
    const givenUp = sender.receive(Uint8Array.of(NAK), 7);
    expect(written(givenUp)).toEqual([EOT]);
    expect(logs(givenUp)).toEqual(['warn: ASTM sender: frame 1 refused 6 times; the message is not sent']);
    expect(sender.idle).toBe(true);
    expect(sender.pending).toBe(0);
  });

  it('recovers from a corrupted frame: the receiver NAKs it and the repeat goes through', () => {
    const sender = new AstmLinkSender();
    const receiver = new AstmLinkReceiver();
    const corruptSecondFrameOnce = (frame: Uint8Array, attempt: number) => {
      if (attempt !== 1) return frame;
      const copy = frame.slice();
      copy[3] = (copy[3] ?? 0) ^ 0x01;
      return copy;
    };
    expect(exchange(sender, receiver, sender.send(MESSAGE, 0), 0, corruptSecondFrameOnce)).toEqual([MESSAGE]);
  });

  it('waits 10 s after NAK to ENQ (the peer is busy)', () => {
    const sender = new AstmLinkSender();
    sender.send(MESSAGE, 1_000);
    const busy = sender.receive(Uint8Array.of(NAK), 2_000);
    expect(lastTimer(busy)).toBe(2_000 + BUSY_RETRY_MS);
    expect(sender.idle).toBe(true);
    expect(sender.tick(2_000 + BUSY_RETRY_MS - 1)).toEqual([]);
    expect(written(sender.tick(2_000 + BUSY_RETRY_MS))).toEqual([ENQ]);
  });

  it('yields on contention (the peer sends ENQ too) and tries again 20 s later', () => {
    const sender = new AstmLinkSender();
    sender.send(MESSAGE, 0);
    const contention = sender.receive(Uint8Array.of(ENQ), 100);
    expect(written(contention)).toEqual([]);
    expect(sender.idle).toBe(true);
    expect(lastTimer(contention)).toBe(100 + CONTENTION_RETRY_MS);
    expect(written(sender.tick(100 + CONTENTION_RETRY_MS))).toEqual([ENQ]);
  });

  it('ends the session with EOT when a frame is not answered within 15 s', () => {
    const sender = new AstmLinkSender();
    sender.send(MESSAGE, 0);
    const frame = sender.receive(Uint8Array.of(ACK), 1_000);
    expect(lastTimer(frame)).toBe(1_000 + SENDER_TIMEOUT_MS);
    expect(sender.tick(1_000 + SENDER_TIMEOUT_MS - 1)).toEqual([]);
    const expired = sender.tick(1_000 + SENDER_TIMEOUT_MS);
    expect(written(expired)).toEqual([EOT]);
    expect(logs(expired)).toEqual(['warn: ASTM sender: no answer to frame 1 within 15 s; the message is not sent']);
    expect(sender.idle).toBe(true);
  });

  it('tries ENQ again when it goes unanswered, and gives up after six tries', () => {
    const sender = new AstmLinkSender();
    let now = 0;
    sender.send(MESSAGE, now);
    let events: LinkEvent[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      now += SENDER_TIMEOUT_MS;
      events = sender.tick(now);
      expect(written(events)).toEqual([EOT]);
      if (attempt < 6) {
        now += CONTENTION_RETRY_MS;
        expect(written(sender.tick(now))).toEqual([ENQ]);
      }
    }
    expect(logs(events)).toEqual(['warn: ASTM sender: no answer to ENQ 6 times; 1 message(s) not sent']);
    expect(sender.pending).toBe(0);
  });

  it('treats EOT for ACK as the receiver interrupt: finishes the message, hands the line back before the next', () => {
    const sender = new AstmLinkSender();
    sender.send('H|\\^&\rL|1|N', 0);
    sender.send('H|\\^&\rP|1\rL|1|N', 0);
    sender.receive(Uint8Array.of(ACK), 0);
    const afterInterrupt = sender.receive(Uint8Array.of(EOT), 1);
    expect(text(written(afterInterrupt))[1]).toBe('2');
    const end = sender.receive(Uint8Array.of(ACK), 2);
    expect(written(end)).toEqual([EOT]);
    expect(logs(end)).toContain('info: ASTM sender: the peer asked to send (EOT for ACK); the line is handed back before the next message');
    expect(sender.pending).toBe(1);
    expect(sender.idle).toBe(true);
    expect(written(sender.tick(2 + CONTENTION_RETRY_MS))).toEqual([ENQ]);
  });

  it('sends queued messages one after the other in the same session', () => {
    const sender = new AstmLinkSender();
    const receiver = new AstmLinkReceiver();
    const first = sender.send(MESSAGE, 0);
    sender.send('H|\\^&|||LIS\rL|1|N', 0);
    expect(exchange(sender, receiver, first)).toEqual([MESSAGE, 'H|\\^&|||LIS\rL|1|N']);
  });

  it('frames a message a receiver can split back into the same frames', () => {
    const sender = new AstmLinkSender();
    sender.send(MESSAGE, 0);
    const bytes: number[] = [];
    let answer = sender.receive(Uint8Array.of(ACK), 0);
    while (written(answer)[0] === STX) {
      bytes.push(...written(answer));
      answer = sender.receive(Uint8Array.of(ACK), 0);
    }
    expect(splitFrames(Uint8Array.from(bytes))).toHaveLength(4);
  });
});

function checksumOf(body: string): string {
  let sum = 0;
  for (const char of body) sum = (sum + char.charCodeAt(0)) & 0xff;
  return sum.toString(16).toUpperCase().padStart(2, '0');
}
