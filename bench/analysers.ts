/**
 * Analyser results ingested per second, end to end over TCP, next to the same work run directly.
 *
 *   BENCH_DATABASE_URL=postgres://… npm run analysers -w bench   # a PostgreSQL server (an empty database)
 *   npm run analysers -w bench                                   # PGlite in bench/.data-analysers
 *   ANALYSER_SAMPLES=300 npm run analysers -w bench
 *
 * Each sample has the 20 tests of a complete blood count; the analyser sends one ASTM E1394 message of 20
 * results per sample, as a haematology analyser does.
 * 1. TCP: the messages go one after another over one connection through the real listener (ENQ, frames,
 *    EOT; the final frame of each message is acknowledged only once its transaction committed), then the
 *    next; results per second from the first ENQ to the last ACK.
 * 2. Direct: the same ingest transaction (AnalyserIngest.receive: store the message, find and lock the
 *    sample, settle the results through the results save rule with flags, calculated tests and audit) for
 *    as many other samples, called in the process without TCP; results per second.
 * Results are printed and written to bench/results/analysers-<database>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@lis/server/src/app.ts';
import { openDatabase } from '@lis/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '@lis/server/src/db/seed/index.ts';
import { RealtimeHub } from '@lis/server/src/realtime/hub.ts';
import { AnalyserConnections } from '@lis/server/src/modules/integration/connections.ts';
import { AnalyserIngest } from '@lis/server/src/modules/integration/ingest.ts';
import { analyserById } from '@lis/server/src/modules/integration/repository.ts';
import { sendAstmMessages } from '@lis/server/src/modules/integration/replay.ts';
import type { AnalyserSavedAnswer, LoginAnswer } from '@lis/domain';
import { CBC, cbcMessage } from './cbc.ts';

const samplesPerRun = Number(process.env.ANALYSER_SAMPLES ?? 200);
const here = import.meta.dirname;
const log = (line: string) => console.log(`[bench:analysers] ${line}`);

const database = await openDatabase({
  databaseUrl: process.env.BENCH_DATABASE_URL,
  dataDir: process.env.BENCH_DATABASE_URL ? undefined : path.join(here, '.data-analysers'),
});
await seedDemo(database.db);
const db = database.db;
const ingest = new AnalyserIngest(db, new RealtimeHub());
const connections = new AnalyserConnections(db, ingest, { host: '127.0.0.1' });
const app = await buildApp({
  db, logger: false, integration: { ingest, connections },
  config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
});
await app.ready();
await connections.start();
const login = await app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'admin@demo.lab', password: DEMO_PASSWORD } });
const session = login.json<LoginAnswer>().data;
const auth = { authorization: `Bearer ${session.idToken}`, 'x-site': session.site };

const saved = await app.inject({
  method: 'POST', url: '/api/postavke/analysers/edit', headers: auth,
  payload: { analyser: { ime: `Bench XN ${Date.now()}`, protokol: 'astm', transport: { mode: 'listen', port: 0 }, mapa: Object.fromEntries(CBC.map(([test]) => [test, test])) } },
});
if (saved.statusCode !== 200) throw new Error(saved.body);
const analyser = saved.json<AnalyserSavedAnswer>().analyser;
const port = analyser.veza.port;
if (port === null) throw new Error('the analyser is not listening');

// A demo patient (PRIMJEROVIĆ EMIR, an adult man) and the samples, through the app's own calls.
const pid = (await app.inject({
  method: 'POST', url: '/api/pacijenti/unos/find', headers: auth, payload: { jmbg: '2207965170015' },
})).json<{ pacijent: { _id: string } }>().pacijent._id;
const picker = (await app.inject({ method: 'POST', url: '/api/uzorci/labassay/tip', headers: auth, payload: { pid } })).json<{ testovi: { _id: string; sifra: string }[] }>().testovi;
const testIds = CBC.map(([test]) => {
  const found = picker.find((candidate) => candidate.sifra === test);
  if (!found) throw new Error(`the catalogue has no ${test}`);
  return found._id;
});
async function newSamples(count: number): Promise<string[]> {
  const codes: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await app.inject({ method: 'POST', url: '/api/uzorci/save', headers: auth, payload: { pid, testovi: testIds } });
    if (response.statusCode !== 201) throw new Error(response.body);
    codes.push(response.json<{ uzorak: { code: string } }>().uzorak.code);
  }
  return codes;
}

log(`${samplesPerRun} samples of ${CBC.length} tests for each run`);
const overTcpCodes = await newSamples(samplesPerRun);
const directCodes = await newSamples(samplesPerRun);
// Warm-up: a few messages through both paths, on samples of their own.
const warmCodes = await newSamples(10);
await sendAstmMessages('127.0.0.1', port, warmCodes.slice(0, 5).map((code) => cbcMessage(code, 0)));
const row = await analyserById(db, analyser._id);
if (!row) throw new Error('no analyser row');
for (const code of warmCodes.slice(5)) await ingest.receive(row, cbcMessage(code, 0));

let started = performance.now();
const taken = await sendAstmMessages('127.0.0.1', port, overTcpCodes.map((code) => cbcMessage(code, 1)), { timeoutMs: 60_000 });
const tcpSeconds = (performance.now() - started) / 1000;
if (taken !== overTcpCodes.length) throw new Error(`only ${taken} of ${overTcpCodes.length} messages were acknowledged`);

started = performance.now();
for (const code of directCodes) {
  const answer = await ingest.receive(row, cbcMessage(code, 2));
  if (answer.kind !== 'accepted') throw new Error(`direct ingest refused a message: ${answer.kind}`);
}
const directSeconds = (performance.now() - started) / 1000;

const results = samplesPerRun * CBC.length;
const figures = {
  database: database.kind,
  samples: samplesPerRun,
  resultsPerMessage: CBC.length,
  tcp: { seconds: Number(tcpSeconds.toFixed(2)), resultsPerSecond: Math.round(results / tcpSeconds), messagesPerSecond: Number((samplesPerRun / tcpSeconds).toFixed(1)) },
  direct: { seconds: Number(directSeconds.toFixed(2)), resultsPerSecond: Math.round(results / directSeconds), messagesPerSecond: Number((samplesPerRun / directSeconds).toFixed(1)) },
};
const ratio = figures.tcp.resultsPerSecond / figures.direct.resultsPerSecond;
log(`over TCP (ACK after commit): ${figures.tcp.resultsPerSecond} results/s (${figures.tcp.messagesPerSecond} messages/s)`);
log(`direct, same transaction:   ${figures.direct.resultsPerSecond} results/s (${figures.direct.messagesPerSecond} messages/s)`);
log(`TCP / direct: ${(ratio * 100).toFixed(0)} %`);
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', `analysers-${database.kind}.json`), `${JSON.stringify({ ...figures, ratio: Number(ratio.toFixed(2)), recordedAt: new Date().toISOString() }, null, 2)}\n`);

await connections.stop();
await app.close();
await database.close();
