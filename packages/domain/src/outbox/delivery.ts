/**
 * The rules of sending a queued e-mail: its states, when a failed attempt is
 * tried again and when the outbox gives up.
 */

/**
 * queued: waiting for its next attempt (`next_attempt_at`); sending: claimed
 * by a worker, which is talking to the SMTP server; sent: the server accepted
 * it; failed: refused for good, or refused for the time being `MAX_SEND_ATTEMPTS` times.
 */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export function isOutboxStatus(value: string): value is OutboxStatus {
  return (OUTBOX_STATUSES as readonly string[]).includes(value);
}

/** Attempts before a message the server keeps refusing for the time being (4xx to the message) is given up as failed. */
export const MAX_SEND_ATTEMPTS = 6;
/** Wait after the first failed attempt; each further failure doubles it (1, 2, 4, 8, 15, 15 ... minutes). */
export const FIRST_RETRY_DELAY_MS = 60_000;
/** Longest wait between two attempts: a mail server back after a long outage sends the queue within this. */
export const MAX_RETRY_DELAY_MS = 15 * 60_000;

export type AttemptOutcome = 'sent' | 'retry' | 'failed';

/**
 * What a failed attempt leads to. A failure of the mail server as a whole (`scope` 'server': unreachable,
 * silent past a timeout, refusing the connection, greeting or sign-in, 421 closing) says nothing about the
 * message: it stays queued and is tried again after an exponential backoff, however long the outage lasts
 * (nothing is lost while the lab fixes its mail server). A refusal of the message itself: 5xx is permanent
 * (550 no such mailbox, 554 rejected): trying again gives the same answer, so the message fails at once;
 * 4xx (451 try later) is temporary: tried again after the backoff, until `maxAttempts` attempts.
 */
export function failedAttemptOutcome(
  attempts: number, replyCode: number | null, maxAttempts = MAX_SEND_ATTEMPTS, scope: 'message' | 'server' = 'message',
): Exclude<AttemptOutcome, 'sent'> {
  if (scope === 'server') return 'retry';
  if (replyCode !== null && replyCode >= 500 && replyCode < 600) return 'failed';
  return attempts >= maxAttempts ? 'failed' : 'retry';
}

/** The wait before the next attempt after `attempts` attempts have failed: 1 min, 2, 4, 8, then every 15 minutes. */
export function retryDelayMs(attempts: number, firstDelayMs = FIRST_RETRY_DELAY_MS): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(firstDelayMs * 2 ** Math.min(exponent, 30), MAX_RETRY_DELAY_MS);
}
