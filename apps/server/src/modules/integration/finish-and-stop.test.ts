import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { analyserMessages } from '../../db/schema.ts';
import { RealtimeHub } from '../../realtime/hub.ts';
import { createTestDatabase, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { createResultCatalogue, resultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient } from '../samples/test-fixtures.ts';
import { AnalyserConnections } from './connections.ts';
import { AnalyserIngest } from './ingest.ts';
import type { AnalyserRow } from './repository.ts';
import { sendAstmMessage } from './replay.ts';
import { astmMessage, portOf, saveAnalyser } from './test-fixtures.ts';

// The server's orderly stop (SIGTERM) with an analyser message in hand: the listener closes at once (a new
// connection is refused), and the message already handed to the ingest is stored and its final frame
// acknowledged before the connection closes, so the analyser has nothing to send again.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

/** An ingest that holds each message until the test lets it go, and says when one arrived. */
class HeldIngest extends AnalyserIngest {
  arrived: Promise<void>;
  private arrive: () => void = () => undefined;
  private release: () => void = () => undefined;
  private readonly gate: Promise<void>;

  constructor(...args: ConstructorParameters<typeof AnalyserIngest>) {
    super(...args);
    this.arrived = new Promise((resolve) => { this.arrive = resolve; });
    this.gate = new Promise((resolve) => { this.release = resolve; });
  }

  letGo(): void {
    this.release();
  }

  override async receive(analyser: AnalyserRow, text: string) {
    this.arrive();
    await this.gate;
    return super.receive(analyser, text);
  }
}

let t: TestApp;
let ingest: HeldIngest;
let connections: AnalyserConnections;
let admin: SignedIn;
let cat: ResultCatalogue;

beforeAll(async () => {
  const database = await createTestDatabase();
  const realtime = new RealtimeHub();
  ingest = new HeldIngest(database.db, realtime);
  connections = new AnalyserConnections(database.db, ingest, { host: '127.0.0.1' });
  const app = await buildApp({
    db: database.db, logger: false, realtime, integration: { ingest, connections },
    config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
  });
  await app.ready();
  await connections.start();
  t = { app, database, realtime, close: async () => { await connections.stop(); await app.close(); await database.close(); } };
  admin = await signIn(app, 'admin@demo.lab');
  cat = await createResultCatalogue(database.db);
});
afterAll(async () => { await t.close(); });

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(false); });
    socket.once('error', () => resolve(true));
  });
}

describe('an orderly stop with an analyser message in hand', () => {
  it('refuses new connections, stores the message and acknowledges it before closing', async () => {
    const analyser = await saveAnalyser(api(t), admin, { ime: 'Zaustavljeni', mapa: { GLU: cat.sifra.GLU } });
    const port = portOf(analyser);
    const patient = await registerPatient(api(t), admin, jmbgFor(daysAgo(44 * 365 + 3), 'MUŠKI'), { ime: 'Gašenje', prezime: 'Urednić' });
    const sample = await resultCalls(api(t), cat).createSample(admin, patient._id, ['GLU']);

    const sent = sendAstmMessage('127.0.0.1', port, astmMessage(sample.code, [['GLU', '5.3', 'mmol/L', 'N']]), { timeoutMs: 10_000 });
    await ingest.arrived;
    const stopping = connections.finishAndStop(10_000);
    // The listener is closed while the message is still being stored.
    let closed = false;
    for (let tries = 0; tries < 200 && !closed; tries += 1) {
      closed = await refused(port);
      if (!closed) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(closed, 'a new connection is refused').toBe(true);

    ingest.letGo();
    const report = await sent;
    expect(report.ok, report.steps.join('\n')).toBe(true);
    await stopping;
    const stored = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, analyser._id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ duplicates: 0, outcome: 'applied' });
  });
});
