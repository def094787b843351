import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { message } from '@lis/domain';
import { AppError } from './errors.ts';

/**
 * A UTF-16 surrogate without its partner: it has no UTF-8 form, so the
 * drivers would silently store U+FFFD instead of what was sent.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Headers whose values the server reads or stores (session token, site, the sign-in's user agent). */
const READ_HEADERS = ['authorization', 'x-site', 'user-agent'] as const;

/** PostgreSQL refuses NUL (U+0000) in text, and a lone surrogate cannot be stored as sent. */
export function hasForbiddenCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * What the guard walks: arrays and objects, as a JSON, query or path parser makes them (Fastify's query
 * and params objects have a prototype of their own, so no prototype test). A Buffer or typed array of an
 * upload, an ArrayBuffer or a stream holds no text a driver would store as sent, and walking a 24 MB
 * Buffer's indexes once blocked the server for minutes: those are never walked.
 */
function isWalkable(value: unknown): value is unknown[] | Record<string, unknown> {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof SharedArrayBuffer) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/** One array or object being walked: the next index to read, and for an object its keys. */
interface Frame {
  container: unknown[] | Record<string, unknown>;
  keys: string[] | null;
  next: number;
}

/** Longest field path an answer repeats: the keys are the client's own text. */
const MAX_PATH_LENGTH = 200;

/**
 * The path of the first string (value or object key) in `input` that holds a
 * forbidden character, or null when there is none. Paths are dot-joined
 * (`testovi.2`, `patient.ime`) under `prefix`; a bad key names its parent.
 *
 * Cost is linear in the body with a small constant: each value is read once, a
 * string is scanned once, and only arrays and objects get a frame (numbers,
 * booleans and strings none). The walk keeps its own stack of the open
 * containers, so its memory grows with the nesting depth, never with an
 * array's length, and a deeply nested body cannot overflow the call stack.
 */
export function forbiddenCharacterPath(input: unknown, prefix?: string): string | null {
  if (typeof input === 'string') return hasForbiddenCharacter(input) ? pathOf(prefix, []) : null;
  if (!isWalkable(input)) return null;
  const stack: Frame[] = [];
  const open = (container: unknown[] | Record<string, unknown>): boolean => {
    const keys = Array.isArray(container) ? null : Object.keys(container);
    if (keys?.some(hasForbiddenCharacter)) return false;
    stack.push({ container, keys, next: 0 });
    return true;
  };
  if (!open(input)) return pathOf(prefix, stack);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const length = frame.keys ? frame.keys.length : (frame.container as unknown[]).length;
    if (frame.next >= length) {
      stack.pop();
      continue;
    }
    const index = frame.next;
    frame.next += 1;
    const value = frame.keys ? (frame.container as Record<string, unknown>)[frame.keys[index]!] : (frame.container as unknown[])[index];
    if (typeof value === 'string') {
      if (hasForbiddenCharacter(value)) return pathOf(prefix, stack);
    } else if (isWalkable(value) && !open(value)) {
      return pathOf(prefix, stack);
    }
  }
  return null;
}

/** The path to the value each open frame last read, under `prefix`; 'body' for the input itself. */
function pathOf(prefix: string | undefined, stack: readonly Frame[]): string {
  const keys: string[] = prefix === undefined ? [] : [prefix];
  let length = prefix?.length ?? 0;
  for (const frame of stack) {
    if (length > MAX_PATH_LENGTH) break;
    const index = frame.next - 1;
    if (index < 0) break;
    const key = frame.keys ? frame.keys[index]! : String(index);
    keys.push(key);
    length += key.length + 1;
  }
  const path = keys.join('.');
  if (path === '') return 'body';
  return path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path;
}

/** The first place of a request's address and headers that carries a forbidden character: a read header, a path parameter or a query field. */
export function forbiddenAddressField(request: Pick<FastifyRequest, 'params' | 'query' | 'headers'>): string | null {
  for (const name of READ_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && hasForbiddenCharacter(value)) return `headers.${name}`;
  }
  return forbiddenCharacterPath(request.params, 'params') ?? forbiddenCharacterPath(request.query);
}

/** The first place of a request that carries a forbidden character: a read header, a path parameter, a query or body field. */
export function forbiddenInputField(request: Pick<FastifyRequest, 'params' | 'query' | 'body' | 'headers'>): string | null {
  return forbiddenAddressField(request) ?? forbiddenCharacterPath(request.body);
}

/**
 * Every string a client sends is checked here before any hook or handler can
 * pass it to the database: one holding a NUL or a lone surrogate is refused
 * with 400 `form.forbiddenCharacters` naming the field. The headers, path and
 * query are checked when the request arrives (onRequest, before the auth hook
 * looks the session up by the token); the body once it is parsed
 * (preValidation, before the auth hook reads a token from it and before any
 * handler), so no route can forget it.
 */
export const inputGuard = fp((app: FastifyInstance, _options: unknown, registered: () => void) => {
  app.addHook('onRequest', (request, _reply, next) => {
    const field = forbiddenAddressField(request);
    next(field === null ? undefined : AppError.badRequest('form.forbiddenCharacters', field));
  });
  app.addHook('preValidation', (request, _reply, next) => {
    const field = forbiddenCharacterPath(request.body);
    next(field === null ? undefined : AppError.badRequest('form.forbiddenCharacters', field));
  });
  registered();
});

/**
 * Fastify refuses an address it cannot decode (`%FF`, a cut-off `%E0%A4%A`:
 * 400) or whose path parameter exceeds its length limit (414) before any hook
 * or error handler runs; this answers those with the API's failure answer too.
 * Used as Fastify's `frameworkErrors` option.
 */
export function answerUnreadableUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(error.statusCode ?? 400).send({
    success: false, message: message('form.invalid', 'bs', { field: 'url' }), code: 'form.invalid', field: 'url',
  });
}
