import { randomUUID } from 'node:crypto';
import { failedAttemptOutcome, retryDelayMs, MAX_SEND_ATTEMPTS, FIRST_RETRY_DELAY_MS } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { PollingWorker } from '../../lib/polling-worker.ts';
import type { Mailer } from './mailer.ts';
import { SendFailure } from './mailer.ts';
import { attachmentsOf } from './attachments.ts';
import { claimNext, outboxRepository, type ClaimedMessage } from './repository.ts';

/**
 * The outbox worker: claims one due message at a time, hands it to the
 * mailer, and settles it with the server's reply.
 *
 * What it guarantees (PostgreSQL and PGlite alike):
 * - No message is lost. The claim (status 'sending', claimed_at, the
 *   worker's token, the attempt counted) commits before any SMTP traffic;
 *   a worker that dies between claim and settle leaves a claim that goes
 *   stale after `staleAfterMs`, and any worker then takes the message again.
 * - Two workers never send a message at once: the claim takes the row with
 *   FOR UPDATE SKIP LOCKED and moves it out of 'queued' in the same
 *   transaction, and a claim is only taken over once it is stale, which is
 *   far longer than the mailer's own timeouts allow an attempt to last.
 * - An accepted message is marked sent in the one statement that follows the
 *   server's "250", and only by the worker whose claim it is.
 * - What SMTP cannot give: if the process dies in the milliseconds after the
 *   server accepted and before that statement commits, the outbox cannot
 *   know the message went out and sends it again when the claim goes stale.
 *   It is the very same message (same Message-ID, fixed when queued), so
 *   mail systems that drop duplicates by Message-ID show it once. Delivery
 *   is therefore at least once, exactly once except in that window.
 */

export interface OutboxWorkerOptions {
  db: Db;
  mailer: Mailer;
  /** The sender (SMTP_FROM). */
  from: string;
  /** How often the worker looks for due messages when nothing woke it. */
  pollMs?: number;
  /** A claim older than this is taken to belong to a dead worker. */
  staleAfterMs?: number;
  maxAttempts?: number;
  firstRetryDelayMs?: number;
  /** Where failures of the worker itself (not of a message) are reported. */
  onError?: (error: unknown) => void;
  now?: () => Date;
}

export const DEFAULT_POLL_MS = 5_000;
/** Ten minutes: well above the mailer's longest attempt (connection, greeting and socket timeouts). */
export const DEFAULT_STALE_AFTER_MS = 10 * 60_000;

export class OutboxWorker extends PollingWorker {
  private readonly options: Required<Omit<OutboxWorkerOptions, 'onError'>> & Pick<OutboxWorkerOptions, 'onError'>;

  constructor(options: OutboxWorkerOptions) {
    super(options.pollMs ?? DEFAULT_POLL_MS, options.onError);
    this.options = {
      pollMs: DEFAULT_POLL_MS,
      staleAfterMs: DEFAULT_STALE_AFTER_MS,
      maxAttempts: MAX_SEND_ATTEMPTS,
      firstRetryDelayMs: FIRST_RETRY_DELAY_MS,
      now: () => new Date(),
      ...options,
    };
  }

  /** Sends every message that is due now, one at a time; answers how many attempts it made. */
  async drain(): Promise<number> {
    let attempts = 0;
    while (!this.stopRequested) {
      const token = randomUUID();
      const now = this.options.now();
      const message = await claimNext(this.options.db, now, new Date(now.getTime() - this.options.staleAfterMs), token);
      if (!message) break;
      await this.attempt(message, token);
      attempts += 1;
    }
    return attempts;
  }

  /** One attempt: the message as queued, with its report PDFs, handed to the mailer; the outcome recorded. */
  async attempt(message: ClaimedMessage, claimToken: string): Promise<void> {
    const { db, mailer, from } = this.options;
    let settlement;
    try {
      const attachments = await attachmentsOf(db, message.siteId, message.attachmentIds);
      const accepted = await mailer.send({
        from, to: message.recipient, subject: message.subject, text: message.body, messageId: message.messageId, attachments,
      });
      settlement = { outcome: 'sent' as const, reply: accepted.reply };
    } catch (error) {
      const failure = error instanceof SendFailure ? error : new SendFailure(null, error instanceof Error ? error.message : String(error));
      const outcome = failedAttemptOutcome(message.attempts, failure.replyCode, this.options.maxAttempts, failure.scope);
      const nextAttemptAt = outcome === 'retry'
        ? new Date(this.options.now().getTime() + retryDelayMs(message.attempts, this.options.firstRetryDelayMs))
        : undefined;
      settlement = { outcome, reply: failure.reply, nextAttemptAt };
    }
    await outboxRepository(db, message.siteId).settleAttempt(message.id, claimToken, settlement);
  }
}
