import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { GroupMailAnswer, OrderersAnswer, OutboxListAnswer, OutboxShowAnswer } from '@lis/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, groupMails, outboxAttempts, outboxMessages } from '../../db/schema.ts';
import { buildTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { openCrossSiteApp } from '../../test/site-scoping.ts';
import { api, daysAgo, jmbgFor, registerPatient, toIsoDate, todayInSarajevo, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { fileMailer, smtpMailer, type Mailer } from './mailer.ts';
import { claimNext, outboxRepository } from './repository.ts';
import { queueReportMail } from './service.ts';
import { OutboxWorker, type OutboxWorkerOptions } from './worker.ts';
import {
  contextOf, fixtureSample, issueFixtureReport, queueInTransaction, startSmtpPeer, type SmtpPeer,
} from './test-fixtures.ts';

// The outbox end to end through a real SMTP server on 127.0.0.1: what arrives (UTF-8 subject, body, the
// PDFs), refusals (451 retried with backoff, 550 failed at once, the reply shown by outbox/list), a worker
// that dies between claim and send, concurrent workers, resend and delete, and the .eml default.

let t: TestApp;
let client: Api;
let admin: SignedIn;
let sarajevo: string;
let cat: FixtureCatalogue;
let peer: SmtpPeer;
let patientId: string;
const FROM = 'Laboratorija <nalazi@lab.example>';
// Registered as typed; the register keeps names in capitals, the mail writes them as a letter does.
const IME = 'Žaklina';
const PREZIME = 'Đurđević-Čačić Šćekić';

beforeAll(async () => {
  ({ t, client, admin, sarajevo, cat } = await openCrossSiteApp());
  peer = await startSmtpPeer();
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(35 * 365), 'ŽENSKI'), {
    ime: IME, prezime: PREZIME, spol: 'ŽENSKI', email: 'zaklina@example.test', language: ['Bosanski jezik', 'Njemački jezik'],
  }))._id;
});
afterAll(async () => {
  await peer.close();
  await t.close();
});
beforeEach(() => {
  peer.received.length = 0;
  peer.raw.length = 0;
  peer.refusal = null;
  peer.beforeAnswer = null;
});

/** A clock the test moves by hand, so backoff and stale claims are checked without waiting. */
function clock(start = new Date()) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => { now += ms; } };
}

function worker(options: Partial<OutboxWorkerOptions> & { mailer?: Mailer } = {}) {
  return new OutboxWorker({ db: t.database.db, mailer: options.mailer ?? smtpMailer(peer.url), from: FROM, ...options });
}

async function queuedReport(jezici: ('bs' | 'en' | 'de')[] = ['bs', 'de'], forPatient = patientId) {
  const sample = await fixtureSample(client, admin, cat, forPatient, sarajevo);
  const report = await issueFixtureReport(t.database.db, sample, admin.userId, jezici);
  const id = await queueInTransaction(t.database.db, contextOf(admin, sarajevo), report);
  return { sample, report, id: id! };
}

async function listRow(id: string) {
  const response = await client.get(admin, '/outbox/list?datum=SVE&per_page=0', sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OutboxListAnswer>().data.find((row) => row._id === id);
}

async function shown(id: string) {
  const response = await client.get(admin, `/outbox/${id}`, sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OutboxShowAnswer>();
}

/** Every message due now goes out (those left over from earlier tests too); the test looks at its own. */
async function drainAll(options: Partial<OutboxWorkerOptions> = {}) {
  return worker(options).drain();
}

describe('a verified report to its patient', () => {
  it('arrives through SMTP with its UTF-8 subject, body and the PDF of each language', async () => {
    const { sample, report, id } = await queuedReport();
    const queued = await listRow(id);
    expect(queued).toMatchObject({ status: 'queued', email: 'zaklina@example.test', idNalaza: sample.id, code: sample.code, ime: 'ŽAKLINA', prilozi: 2 });

    await drainAll();
    const mail = peer.received.find((received) => received.subject?.includes(sample.code));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Laboratorijski nalaz: ${IME} ${PREZIME}, uzorak ${sample.code}`);
    expect(mail!.text).toContain(`Poštovani/a ${IME} ${PREZIME},`);
    expect(mail!.from?.value).toEqual([{ name: 'Laboratorija', address: 'nalazi@lab.example' }]);
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : '').toBe('zaklina@example.test');
    // The subject travels as RFC 2047 encoded words in UTF-8, never as raw 8-bit bytes.
    const raw = peer.raw[peer.received.indexOf(mail!)]!.toString('latin1');
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/mi);
    // The PDFs exactly as issued, bs before de, named by code and language.
    expect(mail!.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      [`nalaz-${sample.code}-bs.pdf`, 'application/pdf'], [`nalaz-${sample.code}-de.pdf`, 'application/pdf'],
    ]);
    expect(mail!.attachments.map((attachment) => attachment.content)).toEqual(report.versions.map((version) => report.pdfs.get(version.id)));

    const detail = await shown(id);
    expect(mail!.messageId).toBe(detail.poruka.message_id);
    expect(detail.poruka).toMatchObject({ status: 'sent', attempts: 1 });
    expect(detail.poruka.last_reply).toMatch(/^250 /);
    expect(detail.attempts).toEqual([expect.objectContaining({ outcome: 'sent', reply: expect.stringMatching(/^250 /) as unknown })]);
    expect(detail.poruka.prilozi_lista.map((attachment) => [attachment.jezik, attachment.verzija, attachment.sid])).toEqual([
      ['bs', 1, sample.id], ['de', 1, sample.id],
    ]);
    expect(detail.nalaz).toMatchObject({ sid: sample.id, code: sample.code, status: 'VERIFICIRAN' });
    // Queued in the verification's transaction with its audit row.
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'outbox'), eq(auditLog.entityId, id)));
    expect(audit.map((row) => row.action)).toEqual(['outbox.queue']);
  });

  it('is written in the first report language: German only gives a German mail', async () => {
    const german = (await registerPatient(client, admin, jmbgFor(daysAgo(50 * 365), 'MUŠKI'), {
      ime: 'Đorđe', prezime: 'Šušnjar', email: 'djordje@example.test', language: ['Njemački jezik'],
    }))._id;
    const { sample } = await queuedReport(['de'], german);
    await drainAll();
    expect(peer.received.map((mail) => mail.subject)).toContain(`Laborbefund: Đorđe Šušnjar, Probe ${sample.code}`);
  });

  it('queues nothing for a patient without an e-mail address', async () => {
    const noMail = (await registerPatient(client, admin, jmbgFor(daysAgo(20 * 365), 'MUŠKI'), { ime: 'Bez', prezime: 'Adrese' }))._id;
    const sample = await fixtureSample(client, admin, cat, noMail, sarajevo);
    const report = await issueFixtureReport(t.database.db, sample, admin.userId, ['bs']);
    expect(await queueInTransaction(t.database.db, contextOf(admin, sarajevo), report)).toBeNull();
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.sampleId, sample.id))).toEqual([]);
  });

  it('is not queued when the verification rolls back', async () => {
    const sample = await fixtureSample(client, admin, cat, patientId, sarajevo);
    const report = await issueFixtureReport(t.database.db, sample, admin.userId, ['bs']);
    await expect(t.database.db.transaction(async (tx) => {
      await queueReportMail(tx, contextOf(admin, sarajevo), report);
      throw new Error('verification failed after queueing');
    })).rejects.toThrow('verification failed');
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.sampleId, sample.id))).toEqual([]);
  });
});

describe('refusals', () => {
  it('retries a temporary refusal (451) with exponential backoff, then fails with the reply shown by outbox/list', async () => {
    await drainAll();
    const { id } = await queuedReport(['bs']);
    peer.refusal = { code: 451, text: 'Requested action aborted: local error in processing' };
    const time = clock();
    const options = { now: time.now, firstRetryDelayMs: 1_000, maxAttempts: 3 };

    expect(await drainAll(options)).toBe(1);
    let row = await listRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_reply).toContain('451');
    expect(new Date(row!.next_attempt_at).getTime()).toBe(time.now().getTime() + 1_000);
    // Not due yet: nothing is tried.
    time.advance(999);
    expect(await drainAll(options)).toBe(0);
    time.advance(1);
    expect(await drainAll(options)).toBe(1);
    row = await listRow(id);
    expect(new Date(row!.next_attempt_at).getTime()).toBe(time.now().getTime() + 2_000);
    time.advance(2_000);
    expect(await drainAll(options)).toBe(1);
    row = await listRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row!.last_reply).toBe('451 Requested action aborted: local error in processing');
    expect((await shown(id)).attempts.map((attempt) => attempt.outcome)).toEqual(['retry', 'retry', 'failed']);
    expect(peer.received).toEqual([]);
    // A failed message stays failed.
    time.advance(60 * 60_000);
    expect(await drainAll(options)).toBe(0);
  });

  it('fails at once on a permanent refusal (550), the reply shown', async () => {
    await drainAll();
    const { id } = await queuedReport(['bs']);
    peer.refusal = { code: 550, text: 'Mailbox unavailable' };
    expect(await drainAll()).toBe(1);
    const row = await listRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_reply: '550 Mailbox unavailable' });
    const failedOnly = await client.get(admin, '/outbox/list?datum=SVE&per_page=0&status=failed', sarajevo);
    expect(failedOnly.json<OutboxListAnswer>().data.map((listed) => listed._id)).toContain(id);
    expect(failedOnly.json<OutboxListAnswer>().data.every((listed) => listed.status === 'failed')).toBe(true);
  });

  it('retries when no server answers at all, the error kept as the reply', async () => {
    await drainAll();
    const { id } = await queuedReport(['bs']);
    const closed = smtpMailer('smtp://127.0.0.1:2524');
    await drainAll({ mailer: closed });
    const row = await listRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_reply).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    // Out of the way of the tests that move the clock on.
    expect((await client.post(admin, '/outbox/delete', { eNalaz: id }, sarajevo)).statusCode).toBe(200);
  });
});

describe('a worker that dies between claim and send', () => {
  it('loses no message: the stale claim is taken again and the message sent once', async () => {
    await drainAll();
    const { id, sample } = await queuedReport(['bs']);
    const time = clock();
    // The dead worker's claim: committed, then nothing (the process was killed before it spoke SMTP).
    const abandonedToken = randomUUID();
    const claimed = await claimNext(t.database.db, time.now(), new Date(time.now().getTime() - 600_000), abandonedToken);
    expect(claimed?.id).toBe(id);
    expect((await listRow(id))!.status).toBe('sending');

    // While the claim is fresh, no other worker touches it.
    const options = { now: time.now, staleAfterMs: 600_000 };
    expect(await drainAll(options)).toBe(0);
    expect(peer.received).toEqual([]);

    // Once stale, the next worker sends it.
    time.advance(600_001);
    expect(await drainAll(options)).toBe(1);
    expect(peer.received.filter((mail) => mail.subject?.includes(sample.code))).toHaveLength(1);
    expect(await listRow(id)).toMatchObject({ status: 'sent', attempts: 2 });

    // The dead worker, were it to come back, cannot settle a claim that is no longer its own.
    expect(await outboxRepository(t.database.db, claimed!.siteId).settleAttempt(claimed!.id, abandonedToken, { outcome: 'retry', reply: '451 late', nextAttemptAt: time.now() })).toBe(false);
    expect(await listRow(id)).toMatchObject({ status: 'sent' });
    // And nothing sends it again.
    time.advance(600_001);
    expect(await drainAll(options)).toBe(0);
    expect(peer.received.filter((mail) => mail.subject?.includes(sample.code))).toHaveLength(1);
  });

  it('stop() lets the message in hand be settled before the worker ends', async () => {
    await drainAll();
    const { id } = await queuedReport(['bs']);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    let arrived: () => void = () => {};
    const atData = new Promise<void>((resolve) => { arrived = resolve; });
    peer.beforeAnswer = () => { arrived(); return held; };
    const running = worker({ pollMs: 60_000 });
    running.start();
    await atData;
    const stopping = running.stop();
    release();
    await stopping;
    expect(await listRow(id)).toMatchObject({ status: 'sent' });
  });
});

describe('concurrent workers', () => {
  it('never send one message twice', async () => {
    await drainAll();
    const ids = new Set<string>();
    for (let index = 0; index < 12; index += 1) ids.add((await queuedReport(['bs'])).id);
    const sends = new Map<string, number>();
    const counting: Mailer = {
      description: 'counting',
      async send(mail) {
        // A little time on the wire, so the workers overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        sends.set(mail.messageId, (sends.get(mail.messageId) ?? 0) + 1);
        return { reply: '250 counted' };
      },
      close() {},
    };
    const attempts = await Promise.all(Array.from({ length: 4 }, () => drainAll({ mailer: counting })));
    expect(attempts.reduce((sum, count) => sum + count, 0)).toBe(ids.size);
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    const rows = await t.database.db.select({ id: outboxMessages.id, status: outboxMessages.status }).from(outboxMessages);
    expect(rows.filter((row) => ids.has(row.id)).every((row) => row.status === 'sent')).toBe(true);
    const attemptRows = await t.database.db.select({ messageId: outboxAttempts.messageId }).from(outboxAttempts);
    expect(attemptRows.filter((row) => ids.has(row.messageId))).toHaveLength(ids.size);
  });
});

describe('resend and delete', () => {
  it('resends a sent message as a new copy under a new Message-ID, a failed one under its own', async () => {
    await drainAll();
    const { id, sample } = await queuedReport(['bs']);
    await drainAll();
    const sentId = (await shown(id)).poruka.message_id;

    const resent = await client.post(admin, '/outbox/resend', { id }, sarajevo);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ success: true, status: 'queued', code: 'outbox.resent' });
    const again = await shown(id);
    expect(again.poruka).toMatchObject({ status: 'queued', attempts: 0 });
    expect(again.poruka.message_id).not.toBe(sentId);
    expect(again.attempts).toHaveLength(1);
    await drainAll();
    const copies = peer.received.filter((mail) => mail.subject?.includes(sample.code));
    expect(copies.map((mail) => mail.messageId)).toEqual([sentId, again.poruka.message_id]);

    peer.refusal = { code: 550, text: 'No such user' };
    const failing = await queuedReport(['bs']);
    await drainAll();
    const failedId = (await shown(failing.id)).poruka.message_id;
    peer.refusal = null;
    await client.post(admin, '/outbox/resend', { id: failing.id }, sarajevo);
    await drainAll();
    expect((await shown(failing.id)).poruka).toMatchObject({ status: 'sent', message_id: failedId });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'outbox.resend'), eq(auditLog.entityId, failing.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.oldValue).toBe('failed');
  });

  it('deletes a queued message, which is then never sent; row, attempts and audit stay', async () => {
    await drainAll();
    const { id, sample } = await queuedReport(['bs']);
    const stale = await client.post(admin, '/outbox/delete', { eNalaz: id, idNalaza: sample.id, status: 'sent', flag: true }, sarajevo);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'outbox.changed' });
    const wrongReport = await client.post(admin, '/outbox/delete', { eNalaz: id, idNalaza: randomUUID() }, sarajevo);
    expect(wrongReport.statusCode).toBe(400);
    expect(wrongReport.json()).toMatchObject({ code: 'outbox.reportMismatch', field: 'idNalaza' });

    const deleted = await client.post(admin, '/outbox/delete', {
      email: 'admin@demo.lab', site: sarajevo, status: 'queued', idNalaza: sample.id, eNalaz: id, flag: true,
    }, sarajevo);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Zapis uspješno obrisan!', code: 'delete.ok' });
    expect(await listRow(id)).toBeUndefined();
    expect((await client.get(admin, `/outbox/${id}`, sarajevo)).statusCode).toBe(404);
    await drainAll();
    expect(peer.received.filter((mail) => mail.subject?.includes(sample.code))).toEqual([]);
    const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'queued', deletedBy: admin.userId });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'outbox.delete'), eq(auditLog.entityId, id)));
    expect(audit!.oldValue).toMatchObject({ status: 'queued', recipient: 'zaklina@example.test', messageId: row!.messageId });
    // Deleting again: the message is gone.
    expect((await client.post(admin, '/outbox/delete', { eNalaz: id }, sarajevo)).statusCode).toBe(404);
  });

  it('refuses resend and delete while the message is being sent', async () => {
    await drainAll();
    const { id } = await queuedReport(['bs']);
    await claimNext(t.database.db, new Date(), new Date(Date.now() - 600_000), randomUUID());
    for (const [url, payload] of [['/outbox/resend', { id }], ['/outbox/delete', { eNalaz: id }]] as const) {
      const refused = await client.post(admin, url, payload, sarajevo);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'outbox.sending' });
    }
  });

  it('is kept from a read-only user', async () => {
    const { id } = await queuedReport(['bs']);
    const viewer = await signIn(t.app, 'pregled@demo.lab');
    expect((await client.post(viewer, '/outbox/resend', { id })).statusCode).toBe(403);
    expect((await client.get(viewer, '/outbox/list?datum=SVE')).statusCode).toBe(200);
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail and marks it sent', async () => {
    await drainAll();
    const { id, sample } = await queuedReport(['bs']);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lis-outbox-'));
    try {
      await drainAll({ mailer: fileMailer(path.join(dataDir, 'mail')) });
      const files = await readdir(path.join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      const mail = await simpleParser(await readFile(path.join(dataDir, 'mail', files[0]!)));
      expect(mail.subject).toBe(`Laboratorijski nalaz: ${IME} ${PREZIME}, uzorak ${sample.code}`);
      expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([`nalaz-${sample.code}-bs.pdf`]);
      const row = await listRow(id);
      expect(row).toMatchObject({ status: 'sent' });
      expect(row!.last_reply).toBe(`250 written to mail/${files[0]}`);
      expect(mail.messageId).toBe((await shown(id)).poruka.message_id);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('group e-mail to orderers (/narucioci)', () => {
  it("sends each orderer with an address one message with its reports of the range, naming those without one", async () => {
    await drainAll();
    const today = toIsoDate(todayInSarajevo());
    const reports = [];
    for (const lokacija of ['Dom zdravlja Živinice', 'Dom zdravlja Živinice', 'Ambulanta Čelić']) {
      const sample = await fixtureSample(client, admin, cat, patientId, sarajevo, lokacija);
      reports.push({ sample, report: await issueFixtureReport(t.database.db, sample, admin.userId, ['bs', 'en']) });
    }
    const saved = await client.post(admin, '/narucioci/email', { vrsta: 'lokacija', naziv: 'Dom zdravlja Živinice', email: 'nalazi@dz-zivinice.example' }, sarajevo);
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = (await client.get(admin, `/narucioci/list?dateRangeMin=${today}&dateRangeMax=${today}`, sarajevo)).json<OrderersAnswer>().narucioci;
    expect(listed).toEqual(expect.arrayContaining([
      { vrsta: 'lokacija', naziv: 'Dom zdravlja Živinice', email: 'nalazi@dz-zivinice.example', nalaza: 2 },
      { vrsta: 'lokacija', naziv: 'Ambulanta Čelić', email: '', nalaza: 1 },
    ]));

    const started = await client.post(admin, '/narucioci/send', { dateRangeMin: today, dateRangeMax: today }, sarajevo);
    expect(started.statusCode, started.body).toBe(202);
    // Queued before the answer; the orderer without an address is done at once, the other once its message is sent.
    const job = started.json<GroupMailAnswer>().job;
    expect(job).toMatchObject({ state: 'running', done: 1, total: 2, queued: 1, bezAdrese: ['Ambulanta Čelić'], error: null });
    const again = await client.post(admin, '/narucioci/send', { dateRangeMin: today, dateRangeMax: today }, sarajevo);
    expect(again.statusCode, 'a second group e-mail while the first is sending').toBe(409);
    expect(again.json()).toMatchObject({ code: 'orderers.busy' });

    await drainAll();
    const finished = (await client.get(admin, `/narucioci/send/${job.id}`, sarajevo)).json<GroupMailAnswer>().job;
    expect(finished).toMatchObject({ state: 'done', done: 2, total: 2, queued: 1, bezAdrese: ['Ambulanta Čelić'] });
    const mail = peer.received.find((received) => received.to && !Array.isArray(received.to) && received.to.text === 'nalazi@dz-zivinice.example');
    const day = today.split('-').reverse().join('.');
    expect(mail?.subject).toBe(`Nalazi za Dom zdravlja Živinice, ${day}`);
    const zivinice = reports.slice(0, 2);
    expect(mail!.attachments.map((attachment) => attachment.filename)).toEqual(zivinice.flatMap(({ sample }) => [
      `nalaz-${sample.code}-bs.pdf`, `nalaz-${sample.code}-en.pdf`,
    ]));
    for (const { sample } of zivinice) expect(mail!.text).toContain(sample.code);
    const row = (await client.get(admin, '/outbox/list?datum=SVE&per_page=0&filter=Dom', sarajevo)).json<OutboxListAnswer>().data
      .find((listedRow) => listedRow.narucilac === 'Dom zdravlja Živinice');
    expect(row).toMatchObject({ status: 'sent', idNalaza: null, prilozi: 4 });
  });

  it('loses and duplicates nothing when the server restarts in the middle of sending', async () => {
    await drainAll();
    const today = toIsoDate(todayInSarajevo());
    const orderers = ['Ambulanta Banovići', 'Dom zdravlja Kalesija', 'Dom zdravlja Srebrenik'];
    const codes = new Map<string, string>();
    for (const [index, orderer] of orderers.entries()) {
      const sample = await fixtureSample(client, admin, cat, patientId, sarajevo, orderer);
      await issueFixtureReport(t.database.db, sample, admin.userId, ['bs']);
      codes.set(orderer, sample.code);
      const saved = await client.post(admin, '/narucioci/email', { naziv: orderer, email: `orderer-${index}@restart.example` }, sarajevo);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const started = await client.post(admin, '/narucioci/send', { dateRangeMin: today, dateRangeMax: today }, sarajevo);
    expect(started.statusCode, started.body).toBe(202);
    const { id: jobId, queued, total } = started.json<GroupMailAnswer>().job;
    // Earlier tests' orderers of today count too; ours are among them.
    expect(queued).toBe(total - started.json<GroupMailAnswer>().job.bezAdrese.length);

    // The first server's worker sends one message, then claims the next and dies before the SMTP server answers it.
    const time = clock();
    const options = { now: time.now, staleAfterMs: 600_000 };
    const before = peer.received.length;
    let claims = 0;
    const dying = worker({ ...options, mailer: { ...smtpMailer(peer.url), send: (mail) => {
      claims += 1;
      return claims === 1 ? smtpMailer(peer.url).send(mail) : new Promise(() => {});
    } } });
    void dying.drain();
    await vi.waitFor(() => expect(claims).toBe(2));
    expect(peer.received.length - before).toBe(1);

    // The restarted server knows nothing of the first one's memory: the job and its progress come from the database.
    const restarted = await buildTestApp(t.database);
    try {
      const afterRestart = api({ ...t, app: restarted });
      const progress = await afterRestart.get(admin, `/narucioci/send/${jobId}`, sarajevo);
      expect(progress.statusCode, progress.body).toBe(200);
      expect(progress.json<GroupMailAnswer>().job).toMatchObject({ id: jobId, state: 'running', total, queued });

      // Its worker sends what is left, the dead worker's claim once it is stale, and nothing twice.
      time.advance(600_001);
      await drainAll(options);
      // Only the job's own messages: the advanced clock also lets earlier tests' retries go out.
      const jobMessageIds = new Set((await t.database.db.select({ messageId: outboxMessages.messageId }).from(outboxMessages)
        .where(eq(outboxMessages.groupMailId, jobId))).map((row) => row.messageId));
      const received = peer.received.slice(before).filter((mail) => jobMessageIds.has(mail.messageId ?? ''));
      expect(received).toHaveLength(queued);
      expect(new Set(received.map((mail) => mail.messageId)).size).toBe(queued);
      for (const [index, orderer] of orderers.entries()) {
        const mine = received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === `orderer-${index}@restart.example`);
        expect(mine, orderer).toHaveLength(1);
        expect(mine[0]!.attachments.map((attachment) => attachment.filename)).toEqual([`nalaz-${codes.get(orderer)}-bs.pdf`]);
      }
      const finished = (await afterRestart.get(admin, `/narucioci/send/${jobId}`, sarajevo)).json<GroupMailAnswer>().job;
      expect(finished).toMatchObject({ state: 'done', done: total, total, queued });
    } finally {
      await restarted.close();
    }
  });

  it('queues all of a group e-mail or none of it', async () => {
    await drainAll();
    const today = toIsoDate(todayInSarajevo());
    for (const [orderer, email] of [['Ambulanta Kladanj', 'nalazi@kladanj.example'], ['Ambulanta Vareš', 'stop@vares.example']]) {
      const sample = await fixtureSample(client, admin, cat, patientId, sarajevo, orderer);
      await issueFixtureReport(t.database.db, sample, admin.userId, ['bs']);
      await client.post(admin, '/narucioci/email', { naziv: orderer, email }, sarajevo);
    }
    const [messagesBefore, jobsBefore] = await Promise.all([t.database.db.$count(outboxMessages), t.database.db.$count(groupMails)]);
    // The server stops in the middle of queueing, after Kladanj's message and at Vareš's (orderers go in alphabetical order):
    // a trigger that fails that insert stands in for the crash.
    await t.database.db.execute(sql.raw(`create function stop_at_vares() returns trigger language plpgsql as $$
      begin if new.recipient = 'stop@vares.example' then raise exception 'the server stopped'; end if; return new; end $$`));
    await t.database.db.execute(sql.raw('create trigger stop_at_vares before insert on outbox_messages for each row execute function stop_at_vares()'));
    try {
      const stopped = await client.post(admin, '/narucioci/send', { dateRangeMin: today, dateRangeMax: today }, sarajevo);
      expect(stopped.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger stop_at_vares on outbox_messages'));
      await t.database.db.execute(sql.raw('drop function stop_at_vares()'));
    }
    expect(await t.database.db.$count(outboxMessages), 'no message of the stopped group e-mail').toBe(messagesBefore);
    expect(await t.database.db.$count(groupMails)).toBe(jobsBefore);

    // Started again, it queues every orderer's message once.
    const started = await client.post(admin, '/narucioci/send', { dateRangeMin: today, dateRangeMax: today }, sarajevo);
    expect(started.statusCode, started.body).toBe(202);
    const queued = await t.database.db.select({ recipient: outboxMessages.recipient }).from(outboxMessages)
      .where(eq(outboxMessages.groupMailId, started.json<GroupMailAnswer>().job.id));
    expect(queued.map((row) => row.recipient)).toEqual(expect.arrayContaining(['nalazi@kladanj.example', 'stop@vares.example']));
    expect(queued).toHaveLength(started.json<GroupMailAnswer>().job.queued);
    await drainAll();
  });

  it('refuses a reversed range, one longer than 31 days, and a bad address', async () => {
    const reversed = await client.post(admin, '/narucioci/send', { dateRangeMin: '2024-05-02', dateRangeMax: '2024-05-01' }, sarajevo);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'dateRange.invalid', field: 'dateRangeMax' });
    const long = await client.post(admin, '/narucioci/send', { dateRangeMin: '2024-05-01', dateRangeMax: '2024-06-01' }, sarajevo);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'orderers.rangeTooLong', field: 'dateRangeMax' });
    const bad = await client.post(admin, '/narucioci/email', { naziv: 'DZ', email: 'not an address' }, sarajevo);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'patient.emailInvalid', field: 'email' });
  });
});
