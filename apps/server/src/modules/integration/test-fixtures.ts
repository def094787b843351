import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AnalyserAnswer, AnalyserListAnswer, AnalyserSavedAnswer } from '@lis/domain';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { samples } from '../../db/schema.ts';
import { RealtimeHub } from '../../realtime/hub.ts';
import { createTestDatabase, type SignedIn, type TestApp } from '../../test/harness.ts';
import type { Api } from '../samples/test-fixtures.ts';
import { AnalyserConnections } from './connections.ts';
import { AnalyserIngest } from './ingest.ts';

/** The app with the analysers' connections running on 127.0.0.1 (ports 0: the system picks free ones). */
export interface IntegrationTestApp extends TestApp {
  connections: AnalyserConnections;
}

export async function createIntegrationApp(): Promise<IntegrationTestApp> {
  const database = await createTestDatabase();
  const realtime = new RealtimeHub();
  const ingest = new AnalyserIngest(database.db, realtime);
  const connections = new AnalyserConnections(database.db, ingest, { host: '127.0.0.1' });
  const app = await buildApp({
    db: database.db, logger: false, realtime, integration: { ingest, connections },
    config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
  });
  await app.ready();
  await connections.start();
  return {
    app, database, realtime, connections,
    close: async () => {
      await connections.stop();
      await app.close();
      await database.close();
    },
  };
}

/**
 * The shared real captures (test input only, read where they are: ../shared/analyser-captures beside the
 * repository; a git worktree deeper down finds them in the nearest folder above with
 * shared/analyser-captures; LIS_ANALYSER_CAPTURES names another folder).
 */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

function nearestCaptures(from: string): string {
  const candidate = path.join(from, 'shared', 'analyser-captures');
  if (existsSync(candidate) || path.dirname(from) === from) return candidate;
  return nearestCaptures(path.dirname(from));
}

export const CAPTURES_DIR = process.env.LIS_ANALYSER_CAPTURES ?? nearestCaptures(path.dirname(REPOSITORY_ROOT));

export function captureFiles(): string[] {
  return readdirSync(CAPTURES_DIR).filter((file) => file.endsWith('.astm')).sort();
}

export function readCapture(file: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(CAPTURES_DIR, file)));
}

/** Saves an analyser (listening on a free port unless said otherwise) and answers it as saved. */
export async function saveAnalyser(client: Api, user: SignedIn, fields: Record<string, unknown>, site = user.site): Promise<AnalyserAnswer> {
  const analyser = { protokol: 'astm', transport: { mode: 'listen', port: 0 }, mapa: {}, ...fields };
  const response = await client.post(user, '/postavke/analysers/edit', { analyser }, site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyserSavedAnswer>().analyser;
}

export async function listAnalysers(client: Api, user: SignedIn, site = user.site): Promise<AnalyserAnswer[]> {
  const response = await client.get(user, '/postavke/analysers/list?per_page=100', site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyserListAnswer>().data;
}

/** The port an analyser listens on now. */
export function portOf(analyser: AnalyserAnswer): number {
  const port = analyser.veza.port;
  if (port === null) throw new Error(`analyser ${analyser.ime} is not listening: ${JSON.stringify(analyser.veza)}`);
  return port;
}

/** Waits until the condition holds (the server noticing a closed connection), checking every few milliseconds. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** An ASTM E1394 message with one order for `specimen` and the results given (code, value, unit, flag). */
export function astmMessage(specimen: string, results: readonly [string, string, string, string][], sender = 'SIMULATOR'): string {
  const records = [
    `H|\\^&|||${sender}|||||||P|1|20260101120000`,
    'P|1||||Test^Pacijent',
    `O|1|${specimen}||${results.map(([code]) => `^^^${code}`).join('\\')}|R||||||N`,
    ...results.map(([code, value, unit, flag], index) => `R|${index + 1}|^^^${code}|${value}|${unit}||${flag}||F||||20260101120500`),
    'L|1|N',
  ];
  return `${records.join('\r')}\r`;
}

/** An HL7 v2.5 ORU^R01 with LF segment ends and OBX set ids from 0. */
export function hl7Oru(specimen: string, controlId: string, results: readonly [string, string, string, string][]): string {
  const segments = [
    `MSH|^~\\&|SIMHL7|LAB|LIS|LAB|20260101120000||ORU^R01|${controlId}|P|2.5`,
    'PID|1||123||Test^Pacijent',
    `OBR|1|${specimen}|${specimen}|PANEL^Panel`,
    ...results.map(([code, value, unit, flag], index) => `OBX|${index}|NM|${code}^${code}||${value}|${unit}||${flag}|||F|||20260101120500`),
  ];
  return `${segments.join('\n')}\n`;
}

/**
 * Gives a sample the code an analyser's capture names (sample codes are generated as yymmdd + number; a real
 * capture carries the code its lab printed), so that the capture lands on that sample.
 */
export async function giveSampleCode(db: Db, sampleId: string, code: string): Promise<void> {
  const [row] = await db.update(samples).set({ code }).where(eq(samples.id, sampleId)).returning({ id: samples.id });
  if (!row) throw new Error(`no sample ${sampleId}`);
}
