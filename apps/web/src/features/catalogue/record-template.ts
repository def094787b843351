import type { z } from 'zod';

/**
 * A new record of a kind as the JSON editor starts it: every field of the
 * kind's schema with its default, and required text fields empty, so the
 * user sees all the fields there are and fills in the ones marked.
 */
export function newRecordTemplate(schema: z.ZodObject): Record<string, unknown> {
  const template: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    if (field === '_id') continue;
    const fallback = (fieldSchema as z.ZodType).safeParse(undefined);
    template[field] = fallback.success ? fallback.data : '';
  }
  return template;
}
