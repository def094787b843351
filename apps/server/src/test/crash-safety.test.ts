import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import { startSmtpPeer, type SmtpPeer } from '../modules/outbox/test-fixtures.ts';
import { NOTIFIED, approvedSample, reportFixture } from '../modules/reports/test-fixtures.ts';
import { daysAgo, jmbgFor, registerPatient } from '../modules/samples/test-fixtures.ts';
import { RealtimeHub } from '../realtime/hub.ts';
import { buildTestApp, signIn } from './harness.ts';
import { callOver, freshServerDatabase, signInOver, startServerProcess, type ServerProcess } from './server-process.ts';

// A server killed with SIGKILL (no shutdown of any kind) while it verifies samples, renders their reports and
// sends their e-mails loses nothing and leaves nothing half done: after every kill each sample is either
// verified with its report and its queued mail, or not verified with neither; after a restart the rest is
// verified and every mail arrives. A mail whose SMTP acceptance the kill cut off before the outbox recorded
// it is sent again with the same Message-ID (SMTP cannot tell the sender otherwise), so a mail arrives at most
// once more per kill, never with another identity. PostgreSQL only (TEST_DATABASE_URL), as production runs it.

const serverUrl = process.env.TEST_DATABASE_URL;
const SAMPLES = 30;
const KILLS = 5;
let target: Awaited<ReturnType<typeof freshServerDatabase>>;
let database: Database;
let peer: SmtpPeer;
let server: ServerProcess | null = null;
const sampleIds: string[] = [];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  if (!serverUrl) return;
  target = await freshServerDatabase(serverUrl, 'k');
  database = await openDatabase({ databaseUrl: target.url });
  peer = await startSmtpPeer();
  // Each acceptance takes a moment, as a real mail server's does: a kill often lands while a mail is in flight.
  peer.beforeAnswer = async () => { await delay(120); };
  const { seedDemo } = await import('../db/seed/index.ts');
  await seedDemo(database.db);
  // The samples are prepared in process (no outbox worker runs here): patients with an e-mail, results approved.
  const setup = await buildTestApp(database, new RealtimeHub());
  try {
    const fixture = await reportFixture({ app: setup, database, realtime: new RealtimeHub(), close: async () => {} }, (email) => signIn(setup, email));
    for (let i = 0; i < SAMPLES; i += 1) {
      const patient = await registerPatient(fixture.client, fixture.admin, jmbgFor(daysAgo(30 * 365 + i * 17), 'ŽENSKI'), {
        ime: 'Pada', prezime: `Ponovnić ${i}`, spol: 'ŽENSKI', email: `pada${i}@example.test`, language: ['Bosanski jezik'],
      });
      sampleIds.push((await approvedSample(fixture, patient._id))._id);
    }
  } finally {
    await setup.close();
  }
}, 180_000);

afterAll(async () => {
  if (!serverUrl) return;
  await server?.kill();
  await peer?.close();
  await database?.close();
  await target?.drop();
});

function start(): Promise<ServerProcess> {
  return startServerProcess(target.url, { SMTP_URL: peer.url, OUTBOX_CLAIM_STALE_SECONDS: '2', SEED_DEMO: 'false' });
}

interface SampleState { id: string; status: string; reports: number; intact: number; mails: number }

async function states(): Promise<SampleState[]> {
  return queryRows<SampleState>(database.db, sql`
    select s.id::text as id, s.status,
      (select count(*)::int from report_versions v where v.sample_id = s.id) as reports,
      (select count(*)::int from report_versions v where v.sample_id = s.id and v.sha256 = encode(sha256(v.pdf), 'hex')) as intact,
      (select count(*)::int from outbox_messages m where m.sample_id = s.id) as mails
    from samples s where s.id in (${sql.join(sampleIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
}

/** Verified with its report and its mail queued, or not verified with neither: nothing in between. */
function expectWholeOrNothing(rows: SampleState[]): void {
  for (const row of rows) {
    if (row.status === 'VERIFICIRAN') expect(row, 'a verified sample').toMatchObject({ reports: 1, intact: 1, mails: 1 });
    else expect(row, 'a sample not verified').toMatchObject({ status: 'ODOBREN', reports: 0, mails: 0 });
  }
}

/** The answer's status, or 'cut' when the server died before answering. */
function verifyOver(running: ServerProcess, user: Awaited<ReturnType<typeof signInOver>>, sid: string): Promise<number | 'cut'> {
  return callOver(running, user, 'POST', '/rezultati/verifikuj', { sid, obavijesten: NOTIFIED }).then((response) => response.status, () => 'cut' as const);
}

describe.skipIf(!serverUrl)('SIGKILL during verification, report rendering and mail sending', () => {
  it('loses nothing and leaves nothing half done; every mail arrives, again only with its own Message-ID', async () => {
    let verificationsCut = 0;
    let sendsCut = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      server = await start();
      const running = server;
      const specialist = await signInOver(running, 'specijalista@demo.lab');
      const pending = (await states()).filter((row) => row.status !== 'VERIFICIRAN').map((row) => row.id);
      // A specialist verifies a few samples while the outbox sends the mails queued so far; the server dies a
      // few milliseconds into the next verification (inside its transaction or the report's rendering).
      for (const sid of pending.slice(0, 4)) expect(await verifyOver(running, specialist, sid)).toBe(200);
      const victim = pending[4];
      const cut = victim ? verifyOver(running, specialist, victim) : Promise.resolve(0);
      await delay(2 * kill);
      await running.kill();
      server = null;
      if ((await cut) === 'cut') verificationsCut += 1;
      const [claims] = await queryRows<{ sending: number }>(database.db, sql`select count(*)::int as sending from outbox_messages where status = 'sending'`);
      sendsCut += claims?.sending ?? 0;
      expectWholeOrNothing(await states());
    }
    // The kills did land inside both: a verification in flight, and a mail being sent.
    expect(verificationsCut).toBeGreaterThan(0);
    expect(sendsCut).toBeGreaterThan(0);

    server = await start();
    const specialist = await signInOver(server, 'specijalista@demo.lab');
    for (const row of (await states()).filter((state) => state.status !== 'VERIFICIRAN')) {
      expect(await verifyOver(server, specialist, row.id)).toBe(200);
    }
    const final = await states();
    expect(final.every((row) => row.status === 'VERIFICIRAN')).toBe(true);
    expectWholeOrNothing(final);

    // Every mail is sent: those a kill cut off mid-send once their claim is stale (2 s here).
    const deadline = Date.now() + 90_000;
    let unsent = SAMPLES;
    while (Date.now() < deadline) {
      const [row] = await queryRows<{ unsent: number }>(database.db, sql`select count(*)::int as unsent from outbox_messages where status <> 'sent'`);
      unsent = row?.unsent ?? SAMPLES;
      if (unsent === 0) break;
      await delay(250);
    }
    expect(unsent).toBe(0);

    const messageIds = await queryRows<{ messageId: string }>(database.db, sql`select message_id as "messageId" from outbox_messages`);
    expect(messageIds).toHaveLength(SAMPLES);
    const arrivals = new Map<string, number>();
    for (const mail of peer.received) arrivals.set(mail.messageId ?? '', (arrivals.get(mail.messageId ?? '') ?? 0) + 1);
    for (const { messageId } of messageIds) {
      const count = arrivals.get(messageId) ?? 0;
      expect(count, `arrivals of ${messageId}`).toBeGreaterThanOrEqual(1);
    }
    // Nothing arrived that the outbox did not queue, and repeats are bounded by the kills that could cut an acceptance.
    expect([...arrivals.keys()].sort()).toEqual(messageIds.map(({ messageId }) => messageId).sort());
    const repeats = [...arrivals.values()].reduce((sum, count) => sum + count - 1, 0);
    expect(repeats).toBeLessThanOrEqual(KILLS);
  }, 600_000);
});
