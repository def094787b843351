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
