import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyserMessages, analyserResults, sampleTests } from '../db/schema.ts';
import { createResultCatalogue, resultCalls, type ResultCalls, type ResultCatalogue } from '../modules/results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient } from '../modules/samples/test-fixtures.ts';
import { astmMessage, createIntegrationApp, portOf, saveAnalyser, type IntegrationTestApp } from '../modules/integration/test-fixtures.ts';
import { signIn, type SignedIn } from './harness.ts';
import { startAnalyserLinkProxy, type AnalyserLinkProxy } from './analyser-link-proxy.ts';

// A lost ACK: the server commits an analyser's message and sends the ACK of its final frame, and the line
// loses that ACK (a proxy between the analyser and the server's listener drops it). The analyser, the real
// simulator (`npm run simulate`, as a lab runs it), hears nothing, ends the session when its timer runs out
// and sends the whole message again; the server recognises the repeat, acknowledges it, and the results are
// stored exactly once. Without the de-duplication the repeat would be stored a second time and this fails.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
let t: IntegrationTestApp;
let calls: ResultCalls;
let cat: ResultCatalogue;
let tech: SignedIn;
let admin: SignedIn;
let proxy: AnalyserLinkProxy | null = null;
const folder = mkdtempSync(path.join(tmpdir(), 'lis-lost-ack-'));

beforeAll(async () => {
  t = await createIntegrationApp();
  [admin, tech] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab')]);
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(api(t), cat);
});
afterAll(async () => {
  await proxy?.close();
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The simulator as a lab runs it, against the proxy: answers its exit code and what it printed. */
async function simulate(port: number, text: string, extra: string[]): Promise<{ code: number; output: string }> {
  const file = path.join(folder, `message-${Date.now()}.txt`);
  writeFileSync(file, text.replace(/\r/g, '\r\n'), 'latin1');
  const args = ['--import', 'tsx', 'apps/server/src/simulate.ts', '--protocol', 'astm', '--host', '127.0.0.1', '--port', String(port), '--file', file, ...extra];
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: repositoryRoot });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the ACK of a committed message lost on the line', () => {
  it('is answered by the analyser sending the message again, which is acknowledged and stored once', async () => {
    const analyser = await saveAnalyser(api(t), admin, { ime: 'Izgubljeni ACK', mapa: { GLU: cat.sifra.GLU, K: cat.sifra.K } });
    // The first ACK the server sends to a message's final frame (after its commit) never reaches the analyser.
    proxy = await startAnalyserLinkProxy({ host: '127.0.0.1', port: portOf(analyser) }, (ack) => ack.finalIndex === 1);
    const patient = await registerPatient(api(t), tech, jmbgFor(daysAgo(50 * 365 + 11), 'MUŠKI'), { ime: 'Izgubljeni', prezime: 'Potvrdić' });
    const sample = await calls.createSample(tech, patient._id, ['GLU', 'K']);
    const message = astmMessage(sample.code, [['GLU', '6.1', 'mmol/L', 'N'], ['K', '4,2', 'mmol/L', 'N']]);

    // A short timer (1.5 s, the standard's is 15 s) so the test does not wait; two resends at most.
    const simulated = await simulate(proxy.port, message, ['--timeout', '1500', '--resend', '2']);
    expect(simulated.code, simulated.output).toBe(0);
    expect(simulated.output).toContain('the message is sent again');
    expect(simulated.output).toContain('OK: the LIS acknowledged the message.');

    // The proxy did lose the final ACK once, and the final frame was acknowledged a second time (the repeat).
    expect(proxy.dropped.map((ack) => ack.finalIndex)).toEqual([1]);
    expect(proxy.acks.filter((ack) => ack.final)).toHaveLength(2);

    // Stored exactly once: one message row (the repeat only counted), one analyser result per test, each test's result set.
    const messages = await t.database.db.select().from(analyserMessages).where(eq(analyserMessages.analyserId, analyser._id));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ duplicates: 1, outcome: 'applied', rezultata: 2 });
    const tests = await t.database.db.select().from(sampleTests).where(eq(sampleTests.sampleId, sample._id));
    const applied = await t.database.db.select().from(analyserResults)
      .where(and(inArray(analyserResults.sampleTestId, tests.map((test) => test.id))));
    expect(applied.map((row) => [row.testCode, row.vrijednost]).sort()).toEqual([['GLU', '6.1'], ['K', '4,2']]);
    // The message keeps the value as sent; the result is stored as every number is, with a decimal point.
    expect(tests.map((test) => test.rezultat).sort()).toEqual(['4.2', '6.1']);
  }, 60_000);
});
