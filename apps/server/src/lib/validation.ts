import { z } from 'zod';
import { AppError } from './errors.ts';

/** Parses input with a zod schema; the first problem becomes a 400 naming its field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  throw AppError.badRequest('form.invalid', field);
}

/** Token and site ride along in every body (spec section 7); they are read by the auth hook. */
export const sessionFields = {
  token: z.string().max(200).optional(),
  site: z.string().max(100).optional(),
};
