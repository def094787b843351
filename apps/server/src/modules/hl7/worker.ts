import { randomUUID } from 'node:crypto';
import { failedAttemptOutcome, retryDelayMs, MAX_SEND_ATTEMPTS, FIRST_RETRY_DELAY_MS } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { PollingWorker } from '../../lib/polling-worker.ts';
import { DEFAULT_MLLP_TIMEOUT_MS, MllpSendFailure, sendOverMllp } from './mllp-sender.ts';
import { claimNextHl7, hl7Repository, type ClaimedHl7Message, type Settlement } from './repository.ts';

/**
 * The HL7 outbound worker: claims one due message at a time, sends it over MLLP and settles it by the
 * receiver's acknowledgement. Its guarantees are the e-mail outbox's (outbox/worker.ts), with the same
 * retry rules (@lis/domain delivery.ts):
 * - Nothing acknowledged is lost and nothing is lost unacknowledged: the claim commits before a byte goes
 *   out; a worker that dies mid-attempt leaves a claim that goes stale and is taken again.
 * - AA (or CA) marks it sent, in the one statement after the ACK, only by the worker whose claim it is.
 * - AE/AR (CE/CR): the receiver refused this message; tried again after the back-off, failed after
 *   `maxAttempts` such refusals. No answer, a timeout, a refused or cut connection: the receiver as a
 *   whole is away; tried again after the back-off however long it lasts.
 * - A crash between the AA and the mark sends the message again with the same control id (MSH-10), which
 *   the receiver recognises as a repeat. At least once; exactly once but for that window.
 */

export interface Hl7WorkerOptions {
  db: Db;
  pollMs?: number;
  staleAfterMs?: number;
  maxAttempts?: number;
  firstRetryDelayMs?: number;
  /** How long to wait for the connection and for the acknowledgement. */
  timeoutMs?: number;
  onError?: (error: unknown) => void;
  now?: () => Date;
}

export const DEFAULT_HL7_POLL_MS = 5_000;
/** Ten minutes: well above an attempt's longest (connection plus acknowledgement timeouts). */
export const DEFAULT_HL7_STALE_AFTER_MS = 10 * 60_000;

export class Hl7Worker extends PollingWorker {
  private readonly options: Required<Omit<Hl7WorkerOptions, 'onError'>>;

  constructor(options: Hl7WorkerOptions) {
    super(options.pollMs ?? DEFAULT_HL7_POLL_MS, options.onError);
    this.options = {
      pollMs: DEFAULT_HL7_POLL_MS, staleAfterMs: DEFAULT_HL7_STALE_AFTER_MS, maxAttempts: MAX_SEND_ATTEMPTS,
      firstRetryDelayMs: FIRST_RETRY_DELAY_MS, timeoutMs: DEFAULT_MLLP_TIMEOUT_MS, now: () => new Date(), ...options,
    };
  }

  /** Sends every message that is due now, one at a time; answers how many attempts it made. */
  async drain(): Promise<number> {
    let attempts = 0;
    while (!this.stopRequested) {
      const token = randomUUID();
      const now = this.options.now();
      const message = await claimNextHl7(this.options.db, now, new Date(now.getTime() - this.options.staleAfterMs), token);
      if (!message) break;
      await this.attempt(message, token);
      attempts += 1;
    }
    return attempts;
  }

  /** One attempt: the message as queued, over MLLP; the outcome recorded with the receiver's answer. */
  async attempt(message: ClaimedHl7Message, claimToken: string): Promise<void> {
    const retryAt = () => new Date(this.options.now().getTime() + retryDelayMs(message.attempts, this.options.firstRetryDelayMs));
    let settlement: Settlement;
    try {
      const ack = await sendOverMllp(message.host, message.port, message.body, message.controlId, this.options.timeoutMs);
      const reply = ack.text ? `${ack.code}: ${ack.text}` : ack.code;
      if (ack.code === 'AA' || ack.code === 'CA') {
        settlement = { outcome: 'sent', reply };
      } else {
        const outcome = failedAttemptOutcome(message.attempts, null, this.options.maxAttempts, 'message');
        settlement = outcome === 'retry' ? { outcome, reply, nextAttemptAt: retryAt() } : { outcome, reply };
      }
    } catch (error) {
      const reply = error instanceof MllpSendFailure ? error.message : 'the message could not be sent';
      // The receiver as a whole is away: the outbox's rule for a server-wide failure (always tried again).
      const outcome = failedAttemptOutcome(message.attempts, null, this.options.maxAttempts, 'server');
      settlement = outcome === 'retry' ? { outcome, reply, nextAttemptAt: retryAt() } : { outcome, reply };
    }
    await hl7Repository(this.options.db, message.siteId).settleAttempt(message.id, claimToken, settlement);
  }
}
