import { Server as SocketServer } from 'socket.io';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { configureReportSigning, ensureReportSigning } from './modules/reports/service.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './db/seed/index.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { attachRealtime } from './realtime/socket.ts';
import { shareEventsAcrossServers } from './realtime/cluster.ts';
import { mailerFor } from './modules/outbox/mailer.ts';
import { OutboxWorker } from './modules/outbox/worker.ts';
import { Hl7Worker } from './modules/hl7/worker.ts';
import { Hl7OrderListeners } from './modules/hl7/listener.ts';
import { ReadingIngest } from './modules/logger/ingest.ts';
import { type MqttIngest, startMqttIngest } from './modules/logger/mqtt.ts';
import { AnalyserIngest } from './modules/integration/ingest.ts';
import { AnalyserConnections } from './modules/integration/connections.ts';
import { AnalyserLeases } from './modules/integration/leases.ts';
import { importReferenceDataIfMissing } from './modules/microbiology/reference-import.ts';
import { gracefulShutdown } from './lib/shutdown.ts';

/** An error's name and code (its cause's for a wrapped database error), never its message. */
function errorKind(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(cause instanceof Error)) return typeof cause;
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' ? `${cause.name} ${code}` : cause.name;
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl, dataDir: config.dataDir, minFreeBytes: config.dataDirMinFreeMb * 1024 * 1024,
  settings: { connectTimeoutMs: config.dbConnectTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs },
});
// The reference data first: the demo's cultures are interpreted against its breakpoints.
const microReference = await importReferenceDataIfMissing(database.db, config.microReferenceDir);
// The reports' signing certificate and QR address before the demo seed issues its reports.
configureReportSigning({ p12Path: config.reportSigningP12, password: config.reportSigningPassword, publicUrl: config.publicUrl });
const seeded = config.seedDemo ? await seedDemo(database.db, { history: true, autoverification: config.demoAutoverification }) : false;
// A lab without a certificate gets its self-signed one now, at its first start (after the seed, which names the sites).
await ensureReportSigning(database.db);
const realtime = new RealtimeHub();
// The outbox worker sends in the background of this process: its claims and sends never hold a request.
const mailer = mailerFor(config.smtpUrl, config.dataDir);
const outbox = new OutboxWorker({
  db: database.db, mailer, from: config.smtpFrom, staleAfterMs: config.outboxClaimStaleSeconds * 1000,
  // Only the error's kind: a database error's message can carry a query's parameters (patient data).
  onError: (error) => console.error('outbox worker failed, retrying at its next round:', errorKind(error)),
});
// The HL7 outbound worker sends ORU^R01 messages to partners' hospital systems over MLLP, in the background likewise.
const hl7 = new Hl7Worker({
  db: database.db,
  onError: (error) => console.error('HL7 outbound worker failed, retrying at its next round:', errorKind(error)),
});

// The ingest logs through the app's logger, which exists once the app is built.
const readingIngest = new ReadingIngest(database.db, realtime, {
  warn: (fields, text) => app.log.warn(fields, text),
  error: (fields, text) => app.log.error(fields, text),
});
// Analyser messages: the ingest and the connections log through the app's logger too (analyser ids and events only).
const integrationLog = {
  info: (fields: Record<string, unknown>, text: string) => app.log.info(fields, text),
  warn: (fields: Record<string, unknown>, text: string) => app.log.warn(fields, text),
  error: (fields: Record<string, unknown>, text: string) => app.log.error(fields, text),
};
// Several servers on one PostgreSQL database: each analyser's connection runs in the one holding its lease.
const analyserLeases: AnalyserLeases | null = database.kind === 'postgres' ? new AnalyserLeases(database.db, {
  // A reload that cannot read the analyser (the database went away again) is retried by the next round's afterRound.
  gained: (id) => { analyserConnections.reload(id).catch((error: unknown) => integrationLog.error({ kind: errorKind(error) }, 'analyser connection: start failed')); },
  lost: (id) => { analyserConnections.release(id).catch((error: unknown) => integrationLog.error({ kind: errorKind(error) }, 'analyser connection: stop failed')); },
  afterRound: () => analyserConnections.refreshAfterLeaseRound(),
  error: (error) => integrationLog.error({ kind: errorKind(error) }, 'analyser leases: round failed, retried at the next one'),
}, { ttlMs: config.analyserLeaseTtlSeconds * 1000, roundMs: config.analyserLeaseRoundSeconds * 1000 }) : null;
// Only the lease's holder stores an analyser's messages; one that finds its lease gone says so at once.
const analyserIngest = new AnalyserIngest(database.db, realtime, integrationLog, analyserLeases ? {
  owner: analyserLeases.owner,
  lost: () => { void analyserLeases.round(); },
} : undefined);
const analyserConnections: AnalyserConnections = new AnalyserConnections(database.db, analyserIngest, {
  host: config.host, log: integrationLog, ...(analyserLeases ? { leases: analyserLeases } : {}),
});
// Orders from hospital systems: each site's MLLP listener (ORM^O01 / OML^O21) on the port its settings name.
const hl7Orders = new Hl7OrderListeners(database.db, { host: config.host, log: integrationLog });
const app = await buildApp({ db: database.db, config, realtime, outbox, hl7, hl7Orders, readingIngest, integration: { ingest: analyserIngest, connections: analyserConnections }, ...(database.assertWritable ? { assertWritable: database.assertWritable } : {}) });
const io = new SocketServer(app.server, { path: '/socket.io', serveClient: false });
const acrossServers = shareEventsAcrossServers(io, database, (error) => app.log.error({ kind: errorKind(error) }, 'real-time events between servers: PostgreSQL notification failed'));
const attachedRealtime = attachRealtime(io, database.db);
realtime.attach(io, { acrossServers });

await app.listen({ port: config.port, host: config.host });
outbox.start();
hl7.start();
readingIngest.start();
await analyserConnections.start();
await hl7Orders.start();
await analyserLeases?.start();
let mqttIngest: MqttIngest | null = null;
try {
  mqttIngest = await startMqttIngest(database.db, readingIngest, {
    url: config.mqttUrl, host: config.mqttHost, port: config.mqttPort, username: config.mqttUsername, password: config.mqttPassword,
  });
  const status = mqttIngest.status();
  // Readings still arrive over HTTP; the broker's state is on /loger/pregled as well as here.
  if (status.stanje === 'off') app.log.error({ kind: status.greska }, 'MQTT: the embedded broker is off (port taken?); readings still arrive over HTTP');
} catch (error) {
  app.log.error({ kind: errorKind(error) }, 'MQTT: temperature readings over MQTT are off');
}
const url = `http://localhost:${config.port}`;
const where = database.kind === 'pglite' ? 'embedded PGlite (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)';
console.log(`\nLIS is running at ${url}  —  database: ${where}${seeded ? ', demo data seeded' : ''}`);
console.log(`E-mail outbox: ${mailer.description}`);
if (microReference) {
  console.log(`Microbiology reference data imported: ${microReference.guideline}, ${microReference.breakpoints} breakpoints, `
    + `${microReference.organisms} organisms, ${microReference.intrinsic} intrinsic resistances`);
}
console.log(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(24)} ${user.role}, sites ${user.sites.join(', ')}`);
if (mqttIngest) {
  console.log(`Temperature readings over MQTT: ${mqttIngest.embeddedPort === null ? 'broker MQTT_URL' : `embedded broker on ${mqttIngest.brokerUrl}`}, topic lis/loger/<site>/<slave_id>`);
}

// SIGTERM (or SIGINT): the orderly stop of lib/shutdown.ts. The HTTP listener closes first; requests in flight get
// SHUTDOWN_GRACE_SECONDS; analyser messages in hand are stored and acknowledged, or abandoned un-ACKed; the leases
// are given up after the analyser connections closed, so another server takes the analysers at its next round.
const shutdown = gracefulShutdown({
  closeHttp: () => app.close(),
  httpServer: app.server,
  closeRealtime: () => { attachedRealtime.stop(); return io.close(); },
  stopAnalysers: async (graceMs) => {
    await analyserConnections.finishAndStop(graceMs);
    await hl7Orders.stop();
    await analyserLeases?.stop();
  },
  stopBackground: async () => {
    // The message in hand is settled first; a claim cut off by the exit goes stale and is sent after the next start.
    await outbox.stop();
    await hl7.stop();
    mailer.close();
    await mqttIngest?.close();
    await readingIngest.stop();
  },
  closeDatabase: () => database.close(),
  log: { info: (text) => app.log.info(text), warn: (text) => app.log.warn(text), error: (text) => app.log.error(text) },
}, config.shutdownGraceSeconds * 1000);
const stop = () => { void shutdown().then((code) => process.exit(code)); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
