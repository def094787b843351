/** The PostgreSQL error inside whatever wrapped it (drizzle wraps driver errors in its own, with `cause`). */
function databaseError(error: unknown): { code: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}) };
    }
    current = candidate.cause;
  }
  return null;
}

/** A UNIQUE constraint refused the row (SQLSTATE 23505), optionally a named one. Same on node-postgres and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseError(error);
  if (!found || found.code !== '23505') return false;
  return constraint === undefined || found.constraint === undefined || found.constraint === constraint;
}

/** Socket-level failures of reaching the database server (Node system error codes). */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE',
]);

/**
 * SQLSTATEs that mean the connection itself failed, not the statement: class 08
 * (connection exception), 57P01-57P03 (the server is shutting down, crashed, or
 * cannot take connections yet) and 53300 (too many connections).
 */
function isConnectionSqlState(code: string, text: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '57P05' || code === '53300'
    // 57014 query_canceled: the statement_timeout set on every connection (db/pg-connections.ts) ended it, the
    // database did not answer in time. A cancel for any other reason stays a plain error.
    || (code === '57014' && /statement timeout/i.test(text))
    // 25P03: idle_in_transaction_session_timeout ended the session.
    || code === '25P03'
    // The database cannot write its files (disk full, I/O error, a file or the data directory gone): the embedded
    // PGlite answers these, and a PostgreSQL server in trouble too. No statement can succeed until it is fixed.
    || code === '53100' || code === '58030' || code === '58P01' || code === '58000'
    // PGlite after a failed write of its write-ahead log (its data directory removed): every statement then
    // fails with this internal error; the data written before is in the log and recovered on the next start.
    || (code === 'XX000' && /XLogBeginInsert was already called|could not (write|open|extend|fsync|create)/i.test(text));
}

/**
 * What node-postgres, its pool and PGlite say when there is no working
 * connection; they carry no code, only the message.
 */
const CONNECTION_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /Client was closed and is not queryable/i,
  /PGlite is closed/i,
  // node-postgres's client-side query_timeout.
  /^Query read timeout/i,
  /^Connection terminated due to connection timeout/i,
];

/**
 * The driver's error saying the database could not be reached or dropped the
 * connection (as opposed to refusing a statement), or null. Looks through
 * drizzle's wrapper (`cause`), whose own message carries the query's
 * parameters and must not be logged, and through an AggregateError (one
 * error per address tried).
 */
export function connectionFailure(error: unknown): { code?: string; message: string } | null {
  const pending: unknown[] = [error];
  for (let seen = 0; seen < 20 && pending.length > 0; seen += 1) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const text = typeof candidate.message === 'string' ? candidate.message : '';
    const code = typeof candidate.code === 'string' ? candidate.code : undefined;
    if (code !== undefined && (CONNECTION_ERROR_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isConnectionSqlState(code, text)))) {
      return { code, message: text };
    }
    if (CONNECTION_MESSAGES.some((pattern) => pattern.test(text))) return { ...(code ? { code } : {}), message: text };
    if (candidate.cause !== undefined) pending.push(candidate.cause);
    if (Array.isArray(candidate.errors)) pending.push(...(candidate.errors as unknown[]));
  }
  return null;
}

export function isConnectionFailure(error: unknown): boolean {
  return connectionFailure(error) !== null;
}
