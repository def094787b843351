import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { interpretAstm } from './interpret.ts';
import { ACK, ENQ, EOT } from './link-common.ts';
import { AstmLinkReceiver } from './link-receiver.ts';
import { AstmLinkSender } from './link-sender.ts';
import { parseAstmMessage } from './records.ts';
import { chunked, messages, splitFrames, written } from './test-fixtures.ts';
import type { LinkEvent } from './link-common.ts';

/**
 * Real transmissions recorded from analysers: test input only, kept beside the repository in
 * ../shared/analyser-captures. A git worktree one level deeper finds them in the nearest folder
 * above that has shared/analyser-captures; LIS_ANALYSER_CAPTURES names another folder.
 */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CAPTURES = process.env.LIS_ANALYSER_CAPTURES ?? nearestCaptures(path.dirname(REPOSITORY_ROOT));

function nearestCaptures(from: string): string {
  const candidate = path.join(from, 'shared', 'analyser-captures');
  if (existsSync(candidate) || path.dirname(from) === from) return candidate;
  return nearestCaptures(path.dirname(from));
}

function capture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(CAPTURES, name)));
}

/**
 * Plays the analyser's side: ENQ (the captures start at the first frame), the recorded bytes in
 * chunks of the given size, committing each message as soon as it is handed over, then EOT.
 */
function replay(bytes: Uint8Array, chunkSize: number): { events: LinkEvent[]; texts: string[] } {
  const receiver = new AstmLinkReceiver();
  let now = 1_000;
  const events: LinkEvent[] = [...receiver.receive(Uint8Array.of(ENQ), now)];
  const texts: string[] = [];
  const withSenderPrefix = bytes[0] === ENQ ? bytes.slice(1) : bytes;
  for (const chunk of chunked(withSenderPrefix, chunkSize)) {
    now += 1;
    const answer = receiver.receive(chunk, now);
    events.push(...answer);
    for (const message of messages(answer)) {
      texts.push(message.text);
      events.push(...receiver.commit(message.id, now));
    }
  }
  events.push(...receiver.receive(Uint8Array.of(EOT), now + 1));
  expect(receiver.idle).toBe(true);
  return { events, texts };
}

const files = readdirSync(CAPTURES).filter((name) => name.endsWith('.astm')).sort();

describe('every shared analyser capture through the link receiver', () => {
  it('finds the captures', () => {
    expect(files).toEqual([
      'abbott-afinion2_astm-e1381-framed.astm',
      'horiba-pentra-xlr_astm-e1381-framed.astm',
      'roche-cobas-c111_astm-e1381-framed.astm',
      'sysmex-xn550_astm-e1381-framed.astm',
    ]);
  });

  for (const file of files) {
    for (const chunkSize of [Number.MAX_SAFE_INTEGER, 1, 7]) {
      it(`${file} in ${chunkSize === 1 ? '1-byte' : chunkSize === 7 ? '7-byte' : 'one'} chunk(s): every frame ACKed, one message, H to L`, () => {
        const bytes = capture(file);
        const frames = splitFrames(bytes);
        const { events, texts } = replay(bytes, chunkSize);
        // One ACK for the ENQ and one per frame (the last one after the commit), nothing else written.
        expect(written(events)).toEqual(Array<number>(frames.length + 1).fill(ACK));
        expect(texts).toHaveLength(1);
        const { records } = parseAstmMessage(texts[0] ?? '');
        expect(records[0]?.type).toBe('H');
        expect(records[records.length - 1]?.type).toBe('L');
        expect(events.filter((event) => event.kind === 'log' && event.level === 'warn')).toEqual([]);
      });
    }
  }
});

function interpretCapture(file: string) {
  const { texts } = replay(capture(file), Number.MAX_SAFE_INTEGER);
  return interpretAstm(texts[0] ?? '');
}

describe('the captures interpreted', () => {
  it('Roche cobas c111: the M record with repeats, one result in g/L', () => {
    const message = interpretCapture('roche-cobas-c111_astm-e1381-framed.astm');
    expect(message.problems).toEqual([]);
    expect(message.messageType).toBe('results');
    expect(message.results).toEqual([{
      specimenId: 'T20 10134GA D28',
      testCode: '413',
      testId: '^^^413',
      value: '40.13',
      unit: 'g/L',
      abnormalFlags: 'N',
      resultStatus: 'F',
      completedAt: '20230803131700',
      instrument: 'SENAITE Roche c111 4.2.2.1730 1 13147',
    }]);
    const { records, delimiters } = parseAstmMessage(replay(capture('roche-cobas-c111_astm-e1381-framed.astm'), 1).texts[0] ?? '');
    expect(records.map((record) => record.type).join('')).toBe('HPORCML');
    const manufacturer = records.find((record) => record.type === 'M');
    expect(manufacturer?.fields[4]?.split(delimiters.repeat)).toHaveLength(18);
  });

  it('Sysmex XN-550: one 2,607-character frame, test ids with four empty components, 41 R records', () => {
    const message = interpretCapture('sysmex-xn550_astm-e1381-framed.astm');
    expect(message.problems).toEqual([]);
    expect(message.results).toHaveLength(41);
    expect(new Set(message.results.map((result) => result.specimenId))).toEqual(new Set(['27']));
    expect(message.results[0]).toMatchObject({ testCode: 'WBC', testId: '^^^^WBC^1', value: '8.13', unit: '10*3/uL', abnormalFlags: 'N', resultStatus: 'F', completedAt: '20240627135407' });
    const byCode = new Map(message.results.map((result) => [result.testCode, result]));
    expect(byCode.get('HCT')).toMatchObject({ value: '22.7', unit: '%', abnormalFlags: 'L' });
    expect(byCode.get('EO%')).toMatchObject({ value: '22.1', unit: '%', abnormalFlags: 'H' });
    expect(byCode.get('PLT')).toMatchObject({ value: '99', unit: '10*3/uL' });
    expect(byCode.get('RDW-SD')).toMatchObject({ value: '47.5', unit: 'fL' });
    expect(byCode.get('Anemia')).toMatchObject({ value: '', abnormalFlags: 'A' });
    // The escape character of this message is '&': '&R&' is an escaped repeat delimiter.
    expect(byCode.get('SCAT_WDF')?.value).toBe('PNG\\20240628\\2024_06_27_13_54_27_WDF.PNG');
    expect(message.sender).toBe('XN-550 00-24 22723 BD634545');
  });

  it('Horiba Pentra XLR: 28 frames with the frame number wrapping, LOINC in the test id, ----- with HH', () => {
    const message = interpretCapture('horiba-pentra-xlr_astm-e1381-framed.astm');
    expect(message.problems).toEqual([]);
    expect(message.results).toHaveLength(21);
    expect(new Set(message.results.map((result) => result.specimenId))).toEqual(new Set(['S1234']));
    const byCode = new Map(message.results.map((result) => [result.testCode, result]));
    expect(byCode.get('WBC')).toMatchObject({ testId: '^^^WBC^804-5^1', value: '8.5', unit: '1', resultStatus: 'W', completedAt: '20220727121550' });
    expect(byCode.get('WBC')?.comments).toEqual(['Alarm_WBC LMNE- BASO+ LL NL LN NO SL1', 'LARGE IMMATURE CELL NRBCs']);
    expect(byCode.get('BAS#')).toMatchObject({ value: '-----', abnormalFlags: 'HH', resultStatus: 'X' });
    expect(byCode.get('MON#')).toMatchObject({ value: '0.15', abnormalFlags: 'L' });
    expect(byCode.get('HGB')).toMatchObject({ value: '14.0', resultStatus: 'F' });
    expect(byCode.get('PLT')?.comments).toEqual(['PLATELET AGGREGATS']);
    expect(byCode.get('RDWSD')).toMatchObject({ testId: '^^^RDWSD^2100-5^1', value: '43' });
  });

  it('Abbott Afinion 2: one frame H P O R L, HbA1c in %', () => {
    const message = interpretCapture('abbott-afinion2_astm-e1381-framed.astm');
    expect(message.problems).toEqual([]);
    expect(message.results).toEqual([{
      specimenId: '5',
      testCode: 'HbA1c',
      testId: '^^^HbA1c',
      value: '5.9',
      unit: '%',
      resultStatus: 'F',
      completedAt: '20241206140615',
      instrument: 'Afinion 2 Analyzer AF20052397',
    }]);
    expect(message.sender).toBe('Afinion 2 Analyzer AF20052397');
  });
});

describe('the captures with line trouble', () => {
  it.each(files)('%s: a frame with a corrupted checksum is NAKed, its retransmission accepted, the message intact', (file) => {
    const bytes = capture(file);
    const frames = splitFrames(bytes);
    const corruptedIndex = Math.floor(frames.length / 2);
    const receiver = new AstmLinkReceiver();
    const answers: number[] = written(receiver.receive(Uint8Array.of(ENQ), 0));
    let text = '';
    frames.forEach((frame, index) => {
      if (index === corruptedIndex) {
        const corrupted = frame.slice();
        const checksumAt = corrupted.findIndex((byte) => byte === 0x03 || byte === 0x17) + 1;
        corrupted[checksumAt] = corrupted[checksumAt] === 0x30 ? 0x31 : 0x30;
        answers.push(...written(receiver.receive(corrupted, index)));
      }
      const events = receiver.receive(frame, index);
      answers.push(...written(events));
      for (const message of messages(events)) {
        text = message.text;
        answers.push(...written(receiver.commit(message.id, index)));
      }
    });
    const expected = Array<number>(frames.length + 1).fill(ACK);
    expected.splice(corruptedIndex + 1, 0, 0x15);
    expect(answers).toEqual(expected);
    expect(text).toBe(replay(bytes, Number.MAX_SAFE_INTEGER).texts[0]);
  });

  it.each(files)('%s: the connection cut in the middle hands nothing over and leaves the last frame unanswered', (file) => {
    const bytes = capture(file);
    const receiver = new AstmLinkReceiver();
    const events = [...receiver.receive(Uint8Array.of(ENQ), 0), ...receiver.receive(bytes.subarray(0, bytes.length - 8), 1)];
    expect(messages(events)).toEqual([]);
    expect(written(events)).toEqual(Array<number>(splitFrames(bytes).length).fill(ACK));
  });
});

describe('the captures at random', () => {
  /** A small deterministic generator, so that a failure can be replayed. */
  function generator(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state / 0x80000000;
    };
  }

  it.each(files)('%s: cut at random places, with noise between the frames, gives the same message', (file) => {
    const bytes = capture(file);
    const expected = replay(bytes, Number.MAX_SAFE_INTEGER).texts[0];
    for (let seed = 1; seed <= 20; seed++) {
      const random = generator(seed);
      const frames = splitFrames(bytes);
      const stream: number[] = [0x00, ENQ];
      for (const frame of frames) {
        stream.push(...frame);
        // NUL and line ends between frames are tolerated without a word.
        if (random() < 0.3) stream.push(0x00, 0x0d, 0x0a);
      }
      const receiver = new AstmLinkReceiver();
      const texts: string[] = [];
      let offset = 0;
      while (offset < stream.length) {
        const size = 1 + Math.floor(random() * 40);
        for (const message of messages(receiver.receive(Uint8Array.from(stream.slice(offset, offset + size)), offset))) {
          texts.push(message.text);
          receiver.commit(message.id, offset);
        }
        offset += size;
      }
      expect(texts, `seed ${seed}`).toEqual([expected]);
    }
  });

  it('never throws on random bytes, and answers only with ACK, NAK or nothing', () => {
    const random = generator(7);
    const receiver = new AstmLinkReceiver();
    for (let round = 0; round < 2000; round++) {
      const chunk = Uint8Array.from({ length: 1 + Math.floor(random() * 30) }, () => {
        const pick = random();
        // Mostly control characters and digits, so that the state machine goes everywhere.
        if (pick < 0.3) return [0x02, 0x03, 0x04, 0x05, 0x17, 0x0d, 0x0a][Math.floor(random() * 7)] ?? 0;
        if (pick < 0.5) return 0x30 + Math.floor(random() * 8);
        return Math.floor(random() * 256);
      });
      const events = receiver.receive(chunk, round * 1000);
      for (const message of messages(events)) receiver.commit(message.id, round * 1000);
      expect(written(events).every((byte) => byte === ACK || byte === 0x15)).toBe(true);
      receiver.tick(round * 1000);
    }
  });
});

describe('the captures sent by the LIS sender', () => {
  it.each(files)('%s: the message the receiver got, sent again by AstmLinkSender in 240-character frames, arrives unchanged', (file) => {
    const original = replay(capture(file), Number.MAX_SAFE_INTEGER).texts[0] ?? '';
    const sender = new AstmLinkSender();
    const receiver = new AstmLinkReceiver();
    let toReceiver = written(sender.send(original, 0));
    const received: string[] = [];
    let longestFrame = 0;
    while (toReceiver.length > 0) {
      if (toReceiver[0] === 0x02) longestFrame = Math.max(longestFrame, toReceiver.length);
      const answer = receiver.receive(Uint8Array.from(toReceiver), 0);
      for (const message of messages(answer)) {
        received.push(message.text);
        answer.push(...receiver.commit(message.id, 0));
      }
      toReceiver = written(sender.receive(Uint8Array.from(written(answer)), 0));
    }
    expect(received).toEqual([original]);
    expect(longestFrame).toBeLessThanOrEqual(247);
    expect(interpretAstm(received[0] ?? '')).toEqual(interpretAstm(original));
  });
});
