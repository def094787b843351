import { randomUUID, createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { ReportJezik, SampleSavedAnswer } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { reportVersions, samples } from '../../db/schema.ts';
import type { RequestContext } from '../../lib/context.ts';
import type { SignedIn } from '../../test/harness.ts';
import type { Api, FixtureCatalogue } from '../samples/test-fixtures.ts';
import { queueReportMail, type ReportMail } from './service.ts';

// What the outbox tests share: a real SMTP server on 127.0.0.1 (smtp-server) that records what it
// received or refuses as told, report versions with real PDF bytes (fixture attachments: the outbox only
// reads report_versions, however the reports module renders them), and queueing as a verification does.

/** A small real PDF (pdfkit) whose text names the sample, so a test can tell attachments apart. */
export function fixturePdf(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', info: { Title: text } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text(text);
    doc.end();
  });
}

/** Issues report versions of a sample (one per language) as the reports module stores them, with fixture PDFs. */
export async function issueFixtureReport(
  db: Db, sample: { id: string; siteId: string; code: string }, issuedBy: string, jezici: readonly ReportJezik[], verzija = 1,
): Promise<ReportMail & { pdfs: Map<string, Buffer> }> {
  const pdfs = new Map<string, Buffer>();
  const versions: { id: string; jezik: string }[] = [];
  for (const jezik of jezici) {
    const pdf = await fixturePdf(`Nalaz ${sample.code} ${jezik} v${verzija}`);
    const [row] = await db.insert(reportVersions).values({
      siteId: sample.siteId, sampleId: sample.id, verzija, jezik, pdf, sha256: createHash('sha256').update(pdf).digest('hex'), issuedBy,
      corrected: verzija > 1,
    }).returning({ id: reportVersions.id });
    pdfs.set(row!.id, pdf);
    versions.push({ id: row!.id, jezik });
  }
  await db.update(samples).set({ status: 'VERIFICIRAN', verifiedAt: new Date(), verifiedBy: issuedBy, verifiedOnce: true, pdfExists: true })
    .where(eq(samples.id, sample.id));
  return { sampleId: sample.id, verzija, versions, pdfs };
}

/** The context of a call by `user` on `siteId`, as the auth hook builds it. */
export function contextOf(user: SignedIn, siteId: string): RequestContext {
  return {
    userId: user.userId, email: 'test@demo.lab', sessionId: 'test', role: 'admin', accessLevel: 0, language: 'bs',
    siteId, siteIds: user.sites.map((site) => site._id), requestId: randomUUID(),
  };
}

/** Queues a report's mail in a transaction of its own, as the verification does in its own. */
export function queueInTransaction(db: Db, ctx: RequestContext, report: ReportMail): Promise<string | null> {
  return db.transaction((tx) => queueReportMail(tx, ctx, report));
}

/** A sample of `patientId` at `site` with one test, whose report can then be issued. */
export async function fixtureSample(client: Api, user: SignedIn, cat: FixtureCatalogue, patientId: string, site: string, lokacija = '') {
  const response = await client.post(user, '/uzorci/save', { pid: patientId, testovi: [cat.ids.GLU], lokacija }, site);
  if (response.statusCode !== 201) throw new Error(`sample not saved: ${response.body}`);
  const sample = response.json<SampleSavedAnswer>().uzorak;
  return { id: sample._id, code: sample.code, siteId: site };
}

export interface Refusal {
  code: number;
  text: string;
}

/** A real SMTP server on 127.0.0.1 (ports 2525-2599): records every message it accepts, or refuses with `refusal` while set. */
export interface SmtpPeer {
  url: string;
  received: ParsedMail[];
  raw: Buffer[];
  refusal: Refusal | null;
  /** Called at DATA before the answer; a test holds the answer back with it. */
  beforeAnswer: (() => Promise<void>) | null;
  /** While set, every connection is refused at once with this reply instead of the greeting (the server refusing the lab). */
  connectRefusal: Refusal | null;
  /** Called before the greeting; a test holds the greeting back with it (a server too slow to answer). */
  beforeGreeting: (() => Promise<void>) | null;
  close(): Promise<void>;
}

let nextPort = 2525 + Math.floor(Math.random() * 60);

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const peer: SmtpPeer = {
    url: '', received: [], raw: [], refusal: null, beforeAnswer: null, connectRefusal: null, beforeGreeting: null, close: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      void (async () => {
        if (peer.beforeGreeting) await peer.beforeGreeting();
        if (peer.connectRefusal) {
          callback(Object.assign(new Error(peer.connectRefusal.text), { responseCode: peer.connectRefusal.code }));
          return;
        }
        callback();
      })();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === 'lab' && auth.password === 'secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          if (peer.beforeAnswer) await peer.beforeAnswer();
          if (peer.refusal) {
            const error = Object.assign(new Error(peer.refusal.text), { responseCode: peer.refusal.code });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks);
          peer.raw.push(raw);
          peer.received.push(await simpleParser(raw));
          callback(null, 'Message queued as fixture');
        })();
      });
    },
  });
  // A sender that dies mid-conversation (the crash tests kill the server with SIGKILL while it sends) resets its
  // connection: smtp-server reports that as an 'error' event, which without a listener ends the test process.
  server.on('error', () => undefined);
  for (let tries = 0; tries < 75; tries += 1) {
    const port = nextPort;
    nextPort = nextPort >= 2599 ? 2525 : nextPort + 1;
    const listening = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve(true);
      });
    });
    if (listening) {
      peer.url = `smtp://lab:secret@127.0.0.1:${port}`;
      peer.close = () => new Promise((resolve) => server.close(() => resolve()));
      return peer;
    }
  }
  throw new Error('no free SMTP test port in 2525-2599');
}
