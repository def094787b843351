import { describe, expect, it } from 'vitest';
import { ACK, CONTENTION_RETRY_MS, ENQ, EOT, STX, type LinkEvent } from './link-common.ts';
import { AstmLink } from './link.ts';
import { frameOf, lastTimer, messages, written } from './test-fixtures.ts';

const QUERY = ['H|\\^&|||XN-550', 'Q|1|^^S-1||^^^ALL||||||||O', 'L|1|N'];
const ANSWER = 'H|\\^&|||LIS\rP|1\rO|1|S-1||^^^^WBC|R\rL|1|N';

function receiveQuery(link: AstmLink, now: number): { id: number; events: LinkEvent[] } {
  const events = [...link.receive(Uint8Array.of(ENQ), now)];
  QUERY.forEach((record, index) => events.push(...link.receive(frameOf(index + 1, `${record}\r`), now)));
  const id = messages(events)[0]?.id ?? 0;
  return { id, events };
}

describe('AstmLink (both directions on one connection)', () => {
  it('answers a host query: holds the answer until the analyser ends its session, then sends it', () => {
    const link = new AstmLink();
    const { id, events } = receiveQuery(link, 0);
    expect(written(events)).toEqual([ACK, ACK, ACK]);
    expect(written(link.commit(id, 1))).toEqual([ACK]);
    // The answer is ready while the analyser still holds the line: nothing is sent yet.
    expect(written(link.send(ANSWER, 2))).toEqual([]);
    expect(written(link.receive(Uint8Array.of(EOT), 3))).toEqual([ENQ]);
    const firstFrame = link.receive(Uint8Array.of(ACK), 4);
    expect(written(firstFrame)[0]).toBe(STX);
    let answer = firstFrame;
    const frames: number[][] = [];
    while (written(answer)[0] === STX) {
      frames.push(written(answer));
      answer = link.receive(Uint8Array.of(ACK), 5);
    }
    expect(frames).toHaveLength(4);
    expect(written(answer)).toEqual([EOT]);
    expect(link.idle).toBe(true);
  });

  it('sends at once when the line is free', () => {
    const link = new AstmLink();
    expect(written(link.send(ANSWER, 0))).toEqual([ENQ]);
  });

  it('yields on contention: the analyser ENQ is answered with ACK, and the LIS tries again after its session', () => {
    const link = new AstmLink();
    link.send(ANSWER, 0);
    const contention = link.receive(Uint8Array.of(ENQ), 10);
    expect(written(contention)).toEqual([ACK]);
    const records = ['H|\\^&', 'L|1|N'];
    const events = records.flatMap((record, index) => link.receive(frameOf(index + 1, `${record}\r`), 20));
    const id = messages(events)[0]?.id ?? 0;
    link.commit(id, 30);
    // The analyser's EOT ends its session; the LIS waits out the 20 s from the contention.
    expect(written(link.receive(Uint8Array.of(EOT), 40))).toEqual([]);
    expect(written(link.tick(10 + CONTENTION_RETRY_MS))).toEqual([ENQ]);
  });

  it('reports one combined timer', () => {
    const link = new AstmLink();
    expect(lastTimer(link.receive(Uint8Array.of(ENQ), 0))).toBe(30_000);
    expect(lastTimer(link.receive(Uint8Array.of(EOT), 5))).toBeNull();
  });
});
