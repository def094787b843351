import type { Server } from 'node:http';

// The server's orderly stop on SIGTERM (or SIGINT), as a supervisor, a deployment or an operator asks for it.
// The rule: no new request is taken (the listener closes at once: new connections are refused; a request on a
// connection already open is answered 503 with Connection: close), the requests in flight finish, up to a
// bounded time (then their connections are cut), the analyser messages in hand are stored and acknowledged or
// abandoned un-ACKed, the analyser leases are given up so another server takes the analysers at its next lease
// round, and only then the database closes and the process exits 0. A stop that hangs past its bound plus
// a margin ends the process with 1, so a supervisor never waits forever.

export interface ShutdownParts {
  /** Closes the HTTP side: Fastify's close (listener closed, 503 while closing) resolving once every connection ended. */
  closeHttp(): Promise<void>;
  /** The HTTP server, to cut the connections of requests still running after the grace. */
  httpServer: Server;
  /** The real-time sockets (socket.io): they are no requests in flight and close at once. */
  closeRealtime(): Promise<void>;
  /** Analyser connections: the messages in hand finished or abandoned within the grace, then the leases released. */
  stopAnalysers(graceMs: number): Promise<void>;
  /** Background work (the outbox's message in hand, MQTT, the readings' ingest), settled before the database closes. */
  stopBackground(): Promise<void>;
  closeDatabase(): Promise<void>;
  log: { info(text: string): void; warn(text: string): void; error(text: string): void };
}

const EXIT_MARGIN_MS = 20_000;

/** Runs the orderly stop once, however many signals come; answers the exit code (0, or 1 after a failure). */
export function gracefulShutdown(parts: ShutdownParts, graceMs: number): () => Promise<number> {
  let running: Promise<number> | null = null;
  return () => {
    running ??= run(parts, graceMs);
    return running;
  };
}

async function run(parts: ShutdownParts, graceMs: number): Promise<number> {
  parts.log.info(`shutting down: no new requests; requests in flight get up to ${Math.round(graceMs / 1000)} s`);
  const watchdog = setTimeout(() => {
    parts.log.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, graceMs + EXIT_MARGIN_MS);
  watchdog.unref();
  let failed = false;
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      failed = true;
      parts.log.error(`shutdown: ${name} failed (${error instanceof Error ? error.name : typeof error})`);
    }
  };
  // The listener closes first (before anything else is stopped), so no new request starts on a half-stopped server.
  const http = parts.closeHttp();
  let cut: NodeJS.Timeout | undefined;
  const drained = new Promise<void>((resolve) => {
    cut = setTimeout(() => {
      parts.log.warn('shutdown: requests still running after the grace period; their connections are closed');
      parts.httpServer.closeAllConnections();
      resolve();
    }, graceMs);
  });
  await Promise.all([
    step('HTTP', async () => { await Promise.race([http, drained]); await http; }),
    step('real-time sockets', () => parts.closeRealtime()),
    // In parallel with the requests: another server takes the analysers over without waiting for a slow request.
    step('analysers', () => parts.stopAnalysers(graceMs)),
  ]);
  clearTimeout(cut);
  await step('background work', () => parts.stopBackground());
  // A request cut after the grace may still hold a database connection (waiting for a lock, say): the pool's
  // close waits for it at most the grace again; the exit then ends it and PostgreSQL rolls its transaction back.
  await step('database', () => within(parts.closeDatabase(), graceMs, () => parts.log.warn('shutdown: database connections still busy; closed by the exit')));
  clearTimeout(watchdog);
  parts.log.info('shutdown complete');
  return failed ? 1 : 0;
}

/** The work, or the bound: whichever comes first (`late` is told when the bound came first). */
async function within(work: Promise<void>, ms: number, late: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), ms); });
  const outcome = await Promise.race([work.then(() => 'done' as const), bound]);
  clearTimeout(timer);
  if (outcome === 'late') late();
}
