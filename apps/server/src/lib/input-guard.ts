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

/** A place in the input; the parent link spares copying the path for every value of a large or deep body. */
interface Place {
  value: unknown;
  key: string | null;
  parent: Place | null;
}

/** Longest field path an answer repeats: the keys are the client's own text. */
const MAX_PATH_LENGTH = 200;

/**
 * The path of the first string (value or object key) in `input` that holds a
 * forbidden character, or null when there is none. Paths are dot-joined
 * (`testovi.2`, `patient.ime`) under `prefix`; a bad key names its parent.
 * Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function forbiddenCharacterPath(input: unknown, prefix?: string): string | null {
  const pending: Place[] = [{ value: input, key: prefix ?? null, parent: null }];
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const { value } = place;
    if (typeof value === 'string') {
      if (hasForbiddenCharacter(value)) return pathOf(place);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push({ value: value[index], key: String(index), parent: place });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.some(([key]) => hasForbiddenCharacter(key))) return pathOf(place);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        pending.push({ value: child, key, parent: place });
      }
    }
  }
  return null;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let current: Place | null = place; current !== null; current = current.parent) {
    if (current.key !== null) keys.push(current.key);
  }
  const path = keys.reverse().join('.');
  if (path === '') return 'body';
  return path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path;
}

/** The first place of a request that carries a forbidden character: a path parameter, query or body field, or a read header. */
export function forbiddenInputField(request: Pick<FastifyRequest, 'params' | 'query' | 'body' | 'headers'>): string | null {
  for (const name of READ_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && hasForbiddenCharacter(value)) return `headers.${name}`;
  }
  return forbiddenCharacterPath(request.params, 'params')
    ?? forbiddenCharacterPath(request.query)
    ?? forbiddenCharacterPath(request.body);
}

/**
 * Every string a client sends is checked here before any hook or handler can
 * pass it to the database: one holding a NUL or a lone surrogate is refused
 * with 400 `form.forbiddenCharacters` naming the field. It runs at
 * preValidation, before the auth hook looks the session up by the token and
 * before any handler, so no route can forget it.
 */
export const inputGuard = fp((app: FastifyInstance, _options: unknown, registered: () => void) => {
  app.addHook('preValidation', (request, _reply, next) => {
    const field = forbiddenInputField(request);
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
