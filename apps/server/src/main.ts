import { Server as SocketServer } from 'socket.io';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './db/seed/index.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { attachRealtime } from './realtime/socket.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const seeded = config.seedDemo ? await seedDemo(database.db) : false;
const realtime = new RealtimeHub();
const app = await buildApp({ db: database.db, config, realtime });
const io = new SocketServer(app.server, { path: '/socket.io', serveClient: false });
attachRealtime(io, database.db);
realtime.attach(io);

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const where = database.kind === 'pglite' ? 'embedded PGlite (DATA_DIR)' : 'PostgreSQL (DATABASE_URL)';
console.log(`\nLIS is running at ${url}  —  database: ${where}${seeded ? ', demo data seeded' : ''}`);
console.log(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(24)} ${user.role}, sites ${user.sites.join(', ')}`);

const shutdown = async () => {
  // Closes every socket; the HTTP server it shares is closed by app.close() below.
  void io.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
