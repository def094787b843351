import { describe, expect, it } from 'vitest';
import { isConnectionFailure, isUniqueViolation } from './db-errors.ts';

/** How drizzle wraps a driver error: its own message (with the query) and the driver's error as `cause`. */
function wrapped(cause: unknown): Error {
  return new Error('Failed query: select 1\nparams: ', { cause });
}

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isConnectionFailure', () => {
  it('knows the ways a connection fails, also wrapped by drizzle or in an AggregateError', () => {
    expect(isConnectionFailure(wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(true);
    expect(isConnectionFailure(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isConnectionFailure(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isConnectionFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionFailure(wrapped(withCode('the database system is starting up', '57P03')))).toBe(true);
    expect(isConnectionFailure(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isConnectionFailure(withCode('connection failure', '08006'))).toBe(true);
    expect(isConnectionFailure(withCode('sorry, too many clients already', '53300'))).toBe(true);
    expect(isConnectionFailure(wrapped(withCode('read ECONNRESET', 'ECONNRESET')))).toBe(true);
    expect(isConnectionFailure(wrapped(withCode('canceling statement due to statement timeout', '57014')))).toBe(true);
    expect(isConnectionFailure(withCode('terminating connection due to idle-in-transaction timeout', '25P03'))).toBe(true);
    expect(isConnectionFailure(new Error('Query read timeout'))).toBe(true);
    expect(isConnectionFailure(wrapped(withCode('could not extend file "base/5/16384": No space left on device', '53100')))).toBe(true);
    expect(isConnectionFailure(wrapped(withCode('XLogBeginInsert was already called', 'XX000')))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated due to connection timeout'))).toBe(true);
  });

  it('leaves refused statements and other errors alone', () => {
    const unique = wrapped(withCode('duplicate key value violates unique constraint', '23505'));
    expect(isConnectionFailure(unique)).toBe(false);
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isConnectionFailure(withCode('invalid byte sequence for encoding "UTF8": 0x00', '22021'))).toBe(false);
    expect(isConnectionFailure(new TypeError('x is undefined'))).toBe(false);
    expect(isConnectionFailure(withCode('canceling statement due to user request', '57014'))).toBe(false);
    expect(isConnectionFailure(withCode('cache lookup failed for relation 1234', 'XX000'))).toBe(false);
    expect(isConnectionFailure('ECONNREFUSED')).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});
