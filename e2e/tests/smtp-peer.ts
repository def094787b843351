/**
 * The local SMTP server every e2e app server sends its mail to: a real
 * `smtp-server` on 127.0.0.1, one per worker on the worker's port + 20000
 * (the MQTT broker has + 10000), so the outbox goes over SMTP exactly as in a
 * lab with a mail server. It keeps what it accepted, parsed, for the specs to
 * check, and refuses a recipient, or every connection, while a spec tells it to.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A refusal as a mail server words it: the reply code and its text. */
export interface Refusal {
  code: number;
  text: string;
}

export interface SmtpPeer {
  /** The SMTP_URL the app server is given. */
  url: string;
  /** Every message accepted, in order. */
  received: ParsedMail[];
  /** Refuses RCPT TO for `address` with `refusal` until `accept(address)`. */
  refuse(address: string, refusal: Refusal): void;
  accept(address: string): void;
  /** Refuses every connection with `refusal` in place of its greeting (the server refusing the lab) until called with null. */
  refuseConnections(refusal: Refusal | null): void;
  close(): Promise<void>;
}

export const SMTP_PORT_OFFSET = 20_000;

export async function startSmtpPeer(port: number): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const refusals = new Map<string, Refusal>();
  let connectionRefusal: Refusal | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (connectionRefusal) callback(Object.assign(new Error(connectionRefusal.text), { responseCode: connectionRefusal.code }));
      else callback();
    },
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (refusal) {
        callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      // Parsed before the answer, so a spec that saw the outbox say 'sent' finds the message here.
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback(null, `Message queued as e2e-${received.length}`);
      }, (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (address, refusal) => refusals.set(address.toLowerCase(), refusal),
    accept: (address) => refusals.delete(address.toLowerCase()),
    refuseConnections: (refusal) => { connectionRefusal = refusal; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
