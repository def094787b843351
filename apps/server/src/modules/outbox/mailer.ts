import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

/**
 * How the outbox hands a message over: an SMTP server (`SMTP_URL`, e.g.
 * smtp://user:pass@host:587), or, without one, the embedded default that
 * writes each message as an .eml file under DATA_DIR/mail, so a lab without
 * a mail server (and `npm start`) still sees the whole flow.
 */

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The Message-ID header, fixed when the message was queued (with its angle brackets). */
  messageId: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** The server accepted the message: its reply (SMTP "250 ..."), or where the file went. */
export interface Accepted {
  reply: string;
}

/**
 * Whose failure it is. 'message': the server refused this message (its sender, recipient or content: a reply
 * to MAIL FROM, RCPT TO or DATA). 'server': the mail server as a whole failed the lab (unreachable, silent
 * past a timeout, or refusing the connection, the greeting or the sign-in, or 421 closing), whatever the
 * message: the outbox keeps such a message queued and tries again, however long the server stays away.
 */
export type FailureScope = 'message' | 'server';

/** The server refused or could not be reached: its reply code (421, 451, 550 ...) when one came, and the reply or the error. */
export class SendFailure extends Error {
  constructor(readonly replyCode: number | null, readonly reply: string, readonly scope: FailureScope = 'message') {
    super(reply);
  }
}

export interface Mailer {
  /** Where messages go, for the start-up line (never the credentials). */
  readonly description: string;
  send(mail: OutgoingMail): Promise<Accepted>;
  close(): void;
}

/** Longest silence from the SMTP server before an attempt counts as failed; the worker's stale-claim time is well above all three. */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 120_000 };

/** The SMTP commands whose refusal is about this message (nodemailer names the command a reply answered). */
const MESSAGE_COMMANDS = /^(MAIL|RCPT|DATA)\b/i;

function failureOf(error: unknown): SendFailure {
  const details = error as { responseCode?: unknown; response?: unknown; code?: unknown; message?: unknown; command?: unknown };
  const replyCode = typeof details.responseCode === 'number' ? details.responseCode : null;
  const reply = typeof details.response === 'string' && details.response !== ''
    ? details.response
    : [typeof details.code === 'string' ? details.code : null, typeof details.message === 'string' ? details.message : String(error)]
      .filter(Boolean).join(': ');
  // A reply to the message's own commands is about the message, except 421 (the server is closing the channel).
  const aboutMessage = replyCode !== null && replyCode !== 421
    && ((typeof details.command === 'string' && MESSAGE_COMMANDS.test(details.command)) || details.code === 'EENVELOPE' || details.code === 'EMESSAGE');
  return new SendFailure(replyCode, reply, aboutMessage ? 'message' : 'server');
}

/** Sends over SMTP with nodemailer; one transporter (and its connection settings) for the process. */
export function smtpMailer(url: string, timeouts: Partial<typeof SMTP_TIMEOUTS_MS> = {}): Mailer {
  // The timeouts go with the URL in one options object: a second argument to createTransport would be the
  // messages' defaults, and nodemailer's own timeouts (2 min to connect, 10 min of silence) would apply.
  const transporter: Transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS_MS, ...timeouts });
  const parsed = new URL(url);
  return {
    description: `SMTP ${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587')}`,
    async send(mail) {
      try {
        const info = await transporter.sendMail(mail) as { response?: unknown; rejected?: unknown };
        // One recipient per message: a rejected recipient is a refusal even when the transaction as a whole went through.
        if (Array.isArray(info.rejected) && info.rejected.length > 0) {
          throw new SendFailure(550, typeof info.response === 'string' ? info.response : 'recipient rejected');
        }
        return { reply: typeof info.response === 'string' ? info.response : '250 accepted' };
      } catch (error) {
        if (error instanceof SendFailure) throw error;
        throw failureOf(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** The embedded default: each message as a complete RFC 5322 file (`.eml`, opens in any mail program) under `directory`. */
export function fileMailer(directory: string): Mailer {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `.eml files in ${path.basename(path.dirname(directory))}/${path.basename(directory)} (SMTP_URL not set)`,
    async send(mail) {
      try {
        const info = await transporter.sendMail(mail);
        await mkdir(directory, { recursive: true });
        // When it was written and the Message-ID name the file: every accepted send is a file of its own.
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}_${mail.messageId.replace(/[<>]/g, '').replace(/[^\w.@-]/g, '_')}.eml`;
        await writeFile(path.join(directory, name), info.message as Buffer);
        return { reply: `250 written to mail/${name}` };
      } catch (error) {
        throw failureOf(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** The mailer the configuration asks for: SMTP when `smtpUrl` is set, else .eml files under `dataDir/mail`. */
export function mailerFor(smtpUrl: string | undefined, dataDir: string): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl) : fileMailer(path.join(dataDir, 'mail'));
}
