import { ENQ, resolveLinkOptions, type LinkEvent, type LinkOptions } from './link-common.ts';
import { AstmLinkReceiver } from './link-receiver.ts';
import { AstmLinkSender } from './link-sender.ts';

/**
 * Both sides of one ASTM connection (results come in, query answers go out on the same socket).
 * Bytes from the peer go to the sending side while it is in a session and to the receiving side
 * otherwise; the LIS sends ENQ only while the peer is not sending, and on contention (both ENQ) it
 * yields: the peer's ENQ is answered by the receiving side. The events are those of the two sides,
 * with one combined timer.
 */
export class AstmLink {
  private readonly receiver: AstmLinkReceiver;
  private readonly sender: AstmLinkSender;
  private deadline: number | null = null;

  constructor(options?: Partial<LinkOptions>) {
    const resolved = resolveLinkOptions(options);
    this.receiver = new AstmLinkReceiver(resolved);
    this.sender = new AstmLinkSender(resolved);
  }

  /** Neither side is in a session and nothing waits to be sent. */
  get idle(): boolean {
    return this.receiver.idle && this.sender.idle && this.sender.pending === 0;
  }

  receive(chunk: Uint8Array, now: number): LinkEvent[] {
    const events: LinkEvent[] = [];
    let offset = 0;
    while (offset < chunk.length && !this.sender.idle) {
      const byte = chunk[offset] ?? 0;
      events.push(...this.sender.receive(chunk.subarray(offset, offset + 1), now));
      // The peer's ENQ that won the contention opens the peer's session on the receiving side.
      if (this.sender.idle && byte === ENQ) break;
      offset++;
    }
    if (offset < chunk.length) events.push(...this.receiver.receive(chunk.subarray(offset), now));
    return this.settle(events, now);
  }

  send(messageText: string, now: number): LinkEvent[] {
    return this.settle(this.sender.send(messageText, now), now);
  }

  commit(id: number, now: number): LinkEvent[] {
    return this.settle(this.receiver.commit(id, now), now);
  }

  reject(id: number, now: number): LinkEvent[] {
    return this.settle(this.receiver.reject(id, now), now);
  }

  tick(now: number): LinkEvent[] {
    return this.settle([...this.receiver.tick(now), ...this.sender.tick(now)], now);
  }

  /** Hands the line to the sending side when the peer is not sending, and reports one timer. */
  private settle(events: LinkEvent[], now: number): LinkEvent[] {
    const combined: LinkEvent[] = events.filter((event) => event.kind !== 'timeout');
    const wantsHold = !this.receiver.idle;
    combined.push(...this.sender.hold(wantsHold, now).filter((event) => event.kind !== 'timeout'));
    const deadlines = [this.receiver.nextDeadline, this.sender.nextDeadline].filter((at): at is number => at !== null);
    const at = deadlines.length > 0 ? Math.min(...deadlines) : null;
    if (at !== this.deadline) {
      this.deadline = at;
      combined.push({ kind: 'timeout', at });
    }
    return combined;
  }
}
