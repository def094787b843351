import type { FastifyRequest } from 'fastify';
import type { MessageCode } from '@lis/domain';
import { isConnectionFailure } from './db-errors.ts';
import { AppError } from './errors.ts';

/**
 * Runs a write whose unexpected failure the spec names with its own toast
 * ('Greška prilikom upisa!', 'Greška prilikom izmjene uzorka!', 'Greška
 * prilikom brisanja!'): such a failure answers 500 with that code instead of
 * a bare server error. Refusals (AppError) pass through unchanged, and so does
 * an unreachable database, which the error handler answers 503 'Greška
 * prilikom konekcije na DB.' like on every other call. The cause
 * is logged as message and stack only, never with the request's data.
 */
export async function answeringFailureAs<T>(request: FastifyRequest, code: MessageCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError || isConnectionFailure(error)) throw error;
    const cause = error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
    request.log.error({ err: cause }, code);
    throw new AppError(500, code);
  }
}
