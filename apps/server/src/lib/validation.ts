import type { FastifyError, FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isMessageCode, type MessageCode } from '@lis/domain';
import { AppError } from './errors.ts';

/**
 * A refused input answers 400 naming the field of the first problem. A schema
 * whose issue message is a message-catalogue code (the shared contracts of
 * @lis/domain use 'patient.jmbgInvalid', 'form.required' ...) answers with
 * that code and its spec text; any other problem is 'form.invalid'. A problem
 * with the whole input (no path) names 'body'.
 */
function refusal(path: readonly PropertyKey[], issueMessage: string | undefined): AppError {
  const field = path.length > 0 ? path.map(String).join('.') : 'body';
  const code: MessageCode = issueMessage !== undefined && isMessageCode(issueMessage) ? issueMessage : 'form.invalid';
  return AppError.badRequest(code, field);
}

/**
 * The routes' validator: the zod type provider's, with a missing body read as
 * `{}` so that a call without one is refused for its first missing field
 * (e.g. 'form.required' on jmbg) rather than for the body as a whole.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => validate(data ?? {});
};

/** The 400 for a route schema's validation failure, or null when the error is not one. */
export function validationRefusal(error: FastifyError): AppError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const first = error.validation[0];
  const path = first ? first.instancePath.split('/').filter((part) => part !== '') : [];
  return refusal(path, first?.message);
}

/** Fastify's own refusals of a request it cannot read, each with a message of its own. */
const FRAMEWORK_REFUSALS: Record<string, MessageCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.mediaType',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.badJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.emptyJson',
};

/** The answer to a 4xx Fastify raised itself (body too large, unsupported media type, broken JSON, bad URL ...). */
export function frameworkRefusal(error: FastifyError): AppError | null {
  if (!error.statusCode || error.statusCode < 400 || error.statusCode >= 500) return null;
  return new AppError(error.statusCode, FRAMEWORK_REFUSALS[error.code] ?? 'request.invalid');
}
