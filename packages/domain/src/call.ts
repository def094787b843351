import type { z } from 'zod';
import type { Permission } from './permissions.ts';

/**
 * One call of the API as one object: its method, path, permission and the
 * zod schemas of its request and answers. The server registers the route from
 * it (apps/server/src/lib/register-call.ts: validation, serialisation, the
 * permission the auth hook enforces, the OpenAPI document) and the web calls
 * it through `call()` (apps/web/src/api/client.ts), which fills the path, sends
 * the body and types the answer from the same object. A path is therefore
 * written once, here, and an answer type cannot be picked by hand.
 *
 * Paths are relative to `/api` and name path parameters as `:name`
 * (`/uzorci/show/:sid`); the `params` schema describes them.
 */

/** Who may make a call: a permission of the role table, any signed-in user, or anyone ('public' takes no token). */
export type CallPermission = Permission | 'public' | 'authenticated';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How the body travels: JSON (the default); the raw bytes of one file with its
 * media type (an .xlsx to import); or a multipart form (a file with fields).
 */
export type CallBodyKind = 'json' | 'bytes' | 'form';

/** A success answer that is a file (see fileAnswer in answers.ts): the web receives a Blob. */
export interface FileAnswerSpec {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export type CallResponse = Record<string | number, z.ZodType | FileAnswerSpec>;

export interface CallSpec {
  method: CallMethod;
  path: string;
  permission: CallPermission;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
  response: CallResponse;
  bodyKind?: CallBodyKind;
}

/** Declares a call. The `const` type keeps the literal path, method and schemas, so both sides infer from them. */
export function defineCall<const Spec extends CallSpec>(spec: Spec): Spec {
  return spec;
}

/** The request parts a contract validates, in the shape Fastify's route `schema` takes. */
export type CallSchemas<Spec extends CallSpec> = Pick<Spec, Extract<keyof Spec, 'body' | 'querystring' | 'params' | 'headers' | 'response'>>;

export function callSchemas<Spec extends CallSpec>(spec: Spec): CallSchemas<Spec> {
  const schemas: Partial<Record<'body' | 'querystring' | 'params' | 'headers' | 'response', unknown>> = { response: spec.response };
  if (spec.body) schemas.body = spec.body;
  if (spec.querystring) schemas.querystring = spec.querystring;
  if (spec.params) schemas.params = spec.params;
  if (spec.headers) schemas.headers = spec.headers;
  return schemas as CallSchemas<Spec>;
}

/** The success status a call answers with: 200, 201 for a call that creates, 202 for one that queues work. */
type SuccessOf<Spec extends CallSpec> = 200 extends keyof Spec['response'] ? Spec['response'][200]
  : 201 extends keyof Spec['response'] ? Spec['response'][201]
  : 202 extends keyof Spec['response'] ? Spec['response'][202] : never;

export function successAnswerOf(spec: CallSpec): CallResponse[number] | undefined {
  return spec.response[200] ?? spec.response[201] ?? spec.response[202];
}

/** What the web receives on success: the success schema's output, or a Blob for a file. */
export type CallAnswer<Spec extends CallSpec> = SuccessOf<Spec> extends z.ZodType ? z.output<SuccessOf<Spec>> : Blob;

/** True when the call answers a file rather than JSON (the web reads a Blob). */
export function answersFile(spec: CallSpec): boolean {
  const success = successAnswerOf(spec);
  return Boolean(success && typeof success === 'object' && 'content' in success && !('safeParse' in success));
}
