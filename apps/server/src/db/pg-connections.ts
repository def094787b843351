import pg from 'pg';

/**
 * The one place that opens connections to a PostgreSQL server (the lint rule `lis/pg-connections` keeps
 * `new pg.Pool` / `new pg.Client` out of every other server file).
 *
 * Why: a `pg` client whose connection breaks (PostgreSQL restarts, a failover, `pg_terminate_backend`, a
 * network cut) emits `'error'` on itself, and an `'error'` event with no listener ends the Node process.
 * The pool's own `'error'` event covers idle clients only; a checked-out client (a transaction, the
 * migration lock, the real-time LISTEN connection) has no listener unless one is attached. So every client
 * made here carries one from birth: the failure is logged, the broken client is dropped (the pool replaces
 * it on next use), and the query in hand fails with the connection error, which the API answers with 503
 * `db.connection`.
 */

export interface ConnectionSettings {
  /** How long to wait for a connection (a new one, or a free one of the pool) before giving up. */
  connectTimeoutMs: number;
  /** PostgreSQL's statement_timeout for each statement (0: none). */
  statementTimeoutMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a transaction left open by a vanished client ends. */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_CONNECTION_SETTINGS: ConnectionSettings = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
};

/** Told about every broken connection: only the error's kind, never its message's context. */
export type ConnectionErrorSink = (error: Error) => void;

function clientConfig(connectionString: string, settings: ConnectionSettings): pg.ClientConfig {
  return {
    connectionString,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // A peer that vanished without a reset (a cable, a dead host) is found by TCP keep-alive, not never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    ...(settings.idleInTransactionTimeoutMs > 0 ? { idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs } : {}),
  };
}

/** A pool whose every client, idle or checked out, survives the loss of its connection. */
export function createPool(connectionString: string, options: { max: number; settings: ConnectionSettings; onError: ConnectionErrorSink }): pg.Pool {
  const pool = new pg.Pool({ ...clientConfig(connectionString, options.settings), max: options.max });
  // Idle clients: the pool drops them itself, and reports here.
  pool.on('error', options.onError);
  // Checked-out clients: the pool removes its idle listener while a client is out, so each gets its own for
  // life. A client that failed is not queryable any more and the pool discards it when it is released.
  pool.on('connect', (client) => {
    client.on('error', options.onError);
  });
  return pool;
}

/** A connection of its own (outside the pool), already connected and with its error listener attached. */
export async function connectClient(connectionString: string, options: { settings: ConnectionSettings; onError: ConnectionErrorSink }): Promise<pg.Client> {
  const client = new pg.Client(clientConfig(connectionString, options.settings));
  client.on('error', options.onError);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}
