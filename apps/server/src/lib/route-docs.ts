import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

export interface RouteDoc {
  tags: string[];
  summary: string;
  /** Markdown shown in /api/docs: the answer, its messages and an example. */
  description: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  /** Path parameters and what they name. */
  params?: Record<string, string>;
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  // The input side: what a client sends, before the schema's own normalising transforms.
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** Every input passes here: the handler parses it with zod (`parseInput`), which names the field and uses the spec's messages. */
const documentationOnly: FastifySchemaCompiler<unknown> = () => (data: unknown) => ({ value: data });

/**
 * Route options that put the zod request contract into the OpenAPI document
 * at /api/docs, generated from the same schema the handler parses with, so
 * the documentation cannot drift from what the server accepts. Fastify's own
 * validation is switched off for these schemas.
 */
export function documented(doc: RouteDoc): { schema: FastifySchema; validatorCompiler: FastifySchemaCompiler<unknown> } {
  const schema: FastifySchema & Record<string, unknown> = { tags: doc.tags, summary: doc.summary, description: doc.description };
  if (doc.body) schema.body = jsonSchema(doc.body);
  if (doc.querystring) schema.querystring = jsonSchema(doc.querystring);
  if (doc.params) {
    schema.params = {
      type: 'object',
      properties: Object.fromEntries(Object.entries(doc.params).map(([name, description]) => [name, { type: 'string', description }])),
      required: Object.keys(doc.params),
    };
  }
  return { schema, validatorCompiler: documentationOnly };
}
