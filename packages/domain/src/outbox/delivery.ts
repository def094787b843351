/**
 * The rules of sending a queued e-mail: its states, when a failed attempt is
 * tried again and when the outbox gives up.
 */

/**
 * queued: waiting for its next attempt (`next_attempt_at`); sending: claimed
 * by a worker, which is talking to the SMTP server; sent: the server accepted
 * it; failed: refused for good, or tried `MAX_SEND_ATTEMPTS` times.
 */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export function isOutboxStatus(value: string): value is OutboxStatus {
  return (OUTBOX_STATUSES as readonly string[]).includes(value);
}

/** Attempts before a message that keeps meeting temporary refusals (4xx, no connection) is given up as failed. */
export const MAX_SEND_ATTEMPTS = 6;
/** Wait after the first failed attempt; each further failure doubles it (1, 2, 4, 8, 16 minutes). */
export const FIRST_RETRY_DELAY_MS = 60_000;
/** Longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 60 * 60_000;

export type AttemptOutcome = 'sent' | 'retry' | 'failed';

/**
 * What a failed attempt leads to. SMTP reply codes 5xx are permanent refusals
 * (550 no such mailbox, 554 rejected): trying again gives the same answer, so
 * the message fails at once. 4xx (451 try later, 421 busy) and failures
 * without a reply (connection refused, timeout) are temporary: the message is
 * tried again after an exponential backoff, until `maxAttempts` attempts.
 */
export function failedAttemptOutcome(attempts: number, replyCode: number | null, maxAttempts = MAX_SEND_ATTEMPTS): Exclude<AttemptOutcome, 'sent'> {
  if (replyCode !== null && replyCode >= 500 && replyCode < 600) return 'failed';
  return attempts >= maxAttempts ? 'failed' : 'retry';
}

/** The wait before the next attempt after `attempts` attempts have failed: 1 min, 2, 4, ... at most an hour. */
export function retryDelayMs(attempts: number, firstDelayMs = FIRST_RETRY_DELAY_MS): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(firstDelayMs * 2 ** Math.min(exponent, 30), MAX_RETRY_DELAY_MS);
}
