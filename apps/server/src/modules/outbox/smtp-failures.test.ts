import type { OutboxListAnswer, OutboxShowAnswer } from '@lis/domain';
import { FIRST_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, MAX_SEND_ATTEMPTS } from '@lis/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { freePort } from '../../test/server-process.ts';
import { openCrossSiteApp } from '../../test/site-scoping.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';
import { smtpMailer, type Mailer } from './mailer.ts';
import {
  contextOf, fixtureSample, issueFixtureReport, queueInTransaction, startSmtpPeer, type SmtpPeer,
} from './test-fixtures.ts';
import { OutboxWorker } from './worker.ts';

// The mail server failing the lab, against a real SMTP server on 127.0.0.1: refusing every connection (5xx or
// 4xx instead of its greeting), too slow to greet (past the mailer's timeout), or not there at all (a closed
// port). Each time the message stays queued however many attempts fail (such a failure says nothing about
// the message), its last error is kept and shown by /outbox/list (the /nalazi/outbox screen shows it under the
// status), its next attempt is a stored time that backs off exponentially up to a cap (so every server's
// worker agrees when it is due), and once the server accepts, the message is sent exactly once. A refusal of
// the message itself (550 to DATA) still fails it at once (outbox.test.ts).

let t: TestApp;
let client: Api;
let admin: SignedIn;
let sarajevo: string;
let cat: FixtureCatalogue;
let peer: SmtpPeer;
let patientId: string;
const FROM = 'Laboratorija <nalazi@lab.example>';

beforeAll(async () => {
  ({ t, client, admin, sarajevo, cat } = await openCrossSiteApp());
  peer = await startSmtpPeer();
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(33 * 365), 'ŽENSKI'), {
    ime: 'Mejra', prezime: 'Čekić', spol: 'ŽENSKI', email: 'mejra@example.test', language: ['Bosanski jezik'],
  }))._id;
});
afterAll(async () => {
  await peer.close();
  await t.close();
});
beforeEach(async () => {
  // Whatever an earlier test left due goes out first, so each test looks at its own message only.
  peer.connectRefusal = null;
  peer.beforeGreeting = null;
  await new OutboxWorker({ db: t.database.db, mailer: smtpMailer(peer.url), from: FROM }).drain();
  peer.received.length = 0;
});

/** A clock the test moves by hand: the backoff is checked without waiting. */
function clock() {
  let now = Date.now();
  return { now: () => new Date(now), advance: (ms: number) => { now += ms; } };
}

async function queued(): Promise<{ id: string; messageId: string }> {
  const sample = await fixtureSample(client, admin, cat, patientId, sarajevo);
  const report = await issueFixtureReport(t.database.db, sample, admin.userId, ['bs']);
  const id = (await queueInTransaction(t.database.db, contextOf(admin, sarajevo), report))!;
  return { id, messageId: (await shown(id)).poruka.message_id };
}

async function listRow(id: string) {
  const response = await client.get(admin, '/outbox/list?datum=SVE&per_page=0', sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OutboxListAnswer>().data.find((row) => row._id === id)!;
}

async function shown(id: string) {
  const response = await client.get(admin, `/outbox/${id}`, sarajevo);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OutboxShowAnswer>();
}

/**
 * Fails `rounds` attempts (more than the attempt limit) through `mailer`, each when due on the test's clock,
 * checking after each that the message is still queued with the error and a backed-off next attempt that a
 * second worker (another server) also waits for; answers the last list row.
 */
async function failsAndStaysQueued(id: string, mailer: Mailer, time: ReturnType<typeof clock>, error: RegExp, rounds = MAX_SEND_ATTEMPTS + 2) {
  const options = { db: t.database.db, mailer, from: FROM, now: time.now, firstRetryDelayMs: FIRST_RETRY_DELAY_MS };
  let previousDelay = 0;
  const before = (await listRow(id)).attempts;
  for (let round = 1; round <= rounds; round += 1) {
    const attempts = before + round;
    expect(await new OutboxWorker(options).drain(), `attempt ${round}`).toBe(1);
    const row = await listRow(id);
    expect(row, `after attempt ${attempts}`).toMatchObject({ status: 'queued', attempts });
    expect(row.last_reply).toMatch(error);
    const delay = new Date(row.next_attempt_at).getTime() - time.now().getTime();
    // Exponential (1 min, 2, 4, 8) up to the cap (15 min).
    expect(delay).toBe(Math.min(FIRST_RETRY_DELAY_MS * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS));
    expect(delay).toBeGreaterThanOrEqual(previousDelay);
    previousDelay = delay;
    // Not due yet for any worker: another server's worker, on the same clock, tries nothing before the stored time.
    time.advance(delay - 1);
    expect(await new OutboxWorker(options).drain(), 'a second worker before the next attempt').toBe(0);
    time.advance(1);
  }
  return listRow(id);
}

/** The attempts the worker recorded, each with its outcome. */
async function outcomes(id: string): Promise<string[]> {
  return (await shown(id)).attempts.map((attempt) => attempt.outcome);
}

async function sendsOnceWhenBack(id: string, messageId: string, time: ReturnType<typeof clock>) {
  const options = { db: t.database.db, mailer: smtpMailer(peer.url), from: FROM, now: time.now, firstRetryDelayMs: FIRST_RETRY_DELAY_MS };
  expect(await new OutboxWorker(options).drain()).toBe(1);
  expect(await listRow(id)).toMatchObject({ status: 'sent' });
  expect((await listRow(id)).last_reply).toMatch(/^250/);
  time.advance(MAX_RETRY_DELAY_MS * 2);
  expect(await new OutboxWorker(options).drain()).toBe(0);
  expect(peer.received.filter((mail) => mail.messageId === messageId)).toHaveLength(1);
}

describe('a mail server that fails the lab', () => {
  it('refusing every connection (554, then 421): the message stays queued with the refusal shown, then goes once', async () => {
    const { id, messageId } = await queued();
    const time = clock();
    peer.connectRefusal = { code: 554, text: 'No SMTP service here' };
    const row = await failsAndStaysQueued(id, smtpMailer(peer.url), time, /554 No SMTP service here/);
    expect(row.last_reply).toContain('554');
    peer.connectRefusal = { code: 421, text: 'Too busy, try later' };
    await failsAndStaysQueued(id, smtpMailer(peer.url), time, /421 Too busy, try later/, 2);
    expect(peer.received).toEqual([]);
    peer.connectRefusal = null;
    await sendsOnceWhenBack(id, messageId, time);
    expect(await outcomes(id)).toEqual([...Array<string>(MAX_SEND_ATTEMPTS + 4).fill('retry'), 'sent']);
  });

  it('too slow to greet (past the timeout): stays queued with the timeout shown, nothing delivered, then goes once', async () => {
    const { id, messageId } = await queued();
    const time = clock();
    // The greeting comes after 1.5 s; the mailer waits 0.3 s for it (30 s in production).
    let release: () => void = () => undefined;
    const greeted = new Promise<void>((resolve) => { release = resolve; });
    peer.beforeGreeting = () => greeted;
    const slow = smtpMailer(peer.url, { greetingTimeout: 300, connectionTimeout: 300, socketTimeout: 300 });
    await failsAndStaysQueued(id, slow, time, /greeting|timeout|ETIMEDOUT/i, 2);
    release();
    peer.beforeGreeting = null;
    expect(peer.received).toEqual([]);
    await sendsOnceWhenBack(id, messageId, time);
  });

  it('not there at all (a closed port): stays queued with the connection error shown, then goes once', async () => {
    const { id, messageId } = await queued();
    const time = clock();
    const closed = smtpMailer(`smtp://127.0.0.1:${await freePort()}`);
    await failsAndStaysQueued(id, closed, time, /ECONNREFUSED|ECONNECTION|ESOCKET/);
    await sendsOnceWhenBack(id, messageId, time);
  });
});
