import { z } from 'zod';
import { isMessageCode } from '@lis/domain';
import { AppError } from './errors.ts';

/**
 * Parses input with a zod schema; the first problem becomes a 400 naming its
 * field. A schema whose issue message is a message-catalogue code (the shared
 * schemas of @lis/domain use 'patient.jmbgInvalid', 'form.required' ...)
 * answers with that code and its spec text; any other problem is 'form.invalid'.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  const code = issue && isMessageCode(issue.message) ? issue.message : 'form.invalid';
  throw AppError.badRequest(code, field);
}

/** Token and site ride along in every body (spec section 7); they are read by the auth hook. */
export const sessionFields = {
  token: z.string().max(200).optional(),
  site: z.string().max(100).optional(),
};
