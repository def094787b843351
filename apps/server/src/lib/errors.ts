import type { MessageCode } from '@lis/domain';
import { wireMessage } from '@lis/domain';

/**
 * The one error type of the API. Its status and code decide the answer
 * `{ success: false, message, code, field? }`; see `errorHandler` in app.ts.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageCode,
    readonly field?: string,
    readonly params: Record<string, string> = {},
  ) {
    super(wireMessage(code, params));
    this.name = 'AppError';
  }

  static badRequest(code: MessageCode = 'form.invalid', field?: string): AppError {
    return new AppError(400, code, field, field ? { field } : {});
  }
  static unauthorized(): AppError {
    return new AppError(401, 'auth.unauthorized');
  }
  static forbidden(code: MessageCode = 'auth.forbidden'): AppError {
    return new AppError(403, code);
  }
  /** Missing and another site's records answer alike, so ids leak nothing. */
  static notFound(): AppError {
    return new AppError(404, 'notFound');
  }
  static conflict(code: MessageCode, field?: string): AppError {
    return new AppError(409, code, field);
  }
}
