/**
 * The one way the web app talks to the server: `call(contract, input)`, with
 * a call contract from @lis/domain (its method, path, permission and schemas;
 * see packages/domain/src/call.ts).
 *
 *   import { sampleContracts } from '@lis/domain';
 *   import { call, ApiError } from '../../api/client.ts';
 *   const { uzorak } = await call(sampleContracts.show, { params: { sid } }, { signal });
 *   await call(sampleContracts.urgent, { body: { id, hitan: true } });
 *
 * The contract types the input and the answer, so no path is written in the
 * web and no answer type is chosen by hand. Every call carries the session
 * token as `Authorization: Bearer` and the current site (`site` in the query
 * of a GET, in the body of a POST) unless the input names one. An answer
 * with `success: false` or an error status throws an ApiError carrying the
 * server's `message` (Bosnian), `code` and `field`; show it with
 * `serverMessage(error)` from src/i18n. A 401 on any call but the sign-in
 * itself ends the session, and the route guard sends the user to /auth/login.
 * Use it inside TanStack Query (`queryFn: ({ signal }) => call(contract, input, { signal })`);
 * the shared QueryClient never retries silently.
 */
import type { z } from 'zod';
import { answersFile, authContracts, type CallAnswer, type CallSpec, type FailureAnswer } from '@lis/domain';
import { sessionStore } from '../lib/session-store.ts';
import { apiAddress } from './api-base.ts';
import { reportDatabaseUnreachable } from './database-outage.ts';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The stable key of the message (MESSAGES in @lis/domain), or 'network' when the server was not reached. */
    readonly code: string,
    readonly field?: string,
    /** The values of the message's placeholders, as the server filled them in its Bosnian text. */
    readonly params: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** The placeholder values of a failure answer: string values only (a proxy or an older server may answer anything). */
function placeholderValues(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export type QueryValue = string | number | boolean | null | undefined | readonly string[];

export interface CallOptions {
  signal?: AbortSignal;
  /** A call made without the session (the wall display's key call): no token, no site, and a 401 ends nothing. */
  anonymous?: boolean;
  /**
   * A call made with a token of its own instead of the session's (the patient portal's session): no site, and a
   * 401 ends the staff session of this browser in nothing.
   */
  bearer?: string;
}

/** The call whose 401 means "wrong credentials", not "session over". */
const LOGIN_PATH = authContracts.login.path;

export type Query = Record<string, QueryValue> | URLSearchParams;

function paramsOf(query: Query): URLSearchParams {
  if (query instanceof URLSearchParams) return new URLSearchParams(query);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object') for (const item of value) params.append(key, item);
    else params.set(key, String(value));
  }
  return params;
}

/** The site goes along unless the caller named one. */
function urlOf(path: string, query: Query, site: string | null): string {
  const params = paramsOf(query);
  if (site && !params.has('site')) params.set('site', site);
  const search = params.toString();
  return `${apiAddress(path)}${search ? `?${search}` : ''}`;
}

/** The failure answer of the domain's contract, read defensively: a proxy or an older server may answer anything. */
type ErrorAnswer = Partial<Record<keyof FailureAnswer, unknown>>;

async function send<T>(
  method: CallSpec['method'], path: string, url: string, body: BodyInit | undefined, options: CallOptions, answer: 'json' | 'file' = 'json',
): Promise<T> {
  const headers: Record<string, string> = { Accept: answer === 'json' ? 'application/json' : '*/*' };
  const token = options.bearer ?? (options.anonymous ? null : sessionStore.token());
  if (token) headers.Authorization = `Bearer ${token}`;
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'Server nije dostupan.', 'network');
  }
  if (answer === 'file' && response.ok) return (await response.blob()) as T;

  const text = await response.text();
  let parsed: unknown = {};
  let readable = true;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      readable = false;
    }
  }
  const errorAnswer = (readable && parsed && typeof parsed === 'object' ? parsed : {}) as ErrorAnswer;
  if (response.ok && readable && errorAnswer.success !== false) return parsed as T;

  if (response.status === 401 && path !== LOGIN_PATH && !options.anonymous && options.bearer === undefined) sessionStore.clear();
  if (response.status === 503 && errorAnswer.code === 'db.connection') reportDatabaseUnreachable();
  const status = response.ok ? 400 : response.status;
  throw new ApiError(
    status,
    typeof errorAnswer.message === 'string' ? errorAnswer.message : 'Greška na serveru.',
    typeof errorAnswer.code === 'string' ? errorAnswer.code : 'server.error',
    typeof errorAnswer.field === 'string' ? errorAnswer.field : undefined,
    placeholderValues(errorAnswer.params),
  );
}

/** The parts of a call the caller gives: path parameters, query, body, as the contract's schemas take them. */
export type CallInput<Spec extends CallSpec> =
  & (Spec extends { params: z.ZodType } ? { params: z.input<Spec['params']> } : { params?: never })
  & (Spec extends { querystring: z.ZodType } ? { query?: Partial<z.input<Spec['querystring']>> | URLSearchParams } : { query?: never })
  & (Spec extends { bodyKind: 'bytes' } ? { body: Blob }
    : Spec extends { bodyKind: 'form' } ? { body: FormData }
    : Spec extends { body: z.ZodType } ? { body: z.input<Spec['body']> } : { body?: never });

/** The input may be left out when nothing in it is required. */
type CallArgs<Spec extends CallSpec> = object extends CallInput<Spec>
  ? [input?: CallInput<Spec>, options?: CallOptions]
  : [input: CallInput<Spec>, options?: CallOptions];

/** The contract's path with its `:name` parameters filled in, each encoded as one path segment. */
export function callPath(spec: Pick<CallSpec, 'path'>, params: Readonly<Record<string, string | number | null | undefined>> = {}): string {
  return spec.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${spec.path}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The one way the web calls the server: a call contract from @lis/domain and
 * its input. The contract gives the method, the path and the answer's type;
 * the session token and the current site ride along (the site in the query of
 * a GET, in the body of a POST) unless the input names one. A refusal throws
 * an ApiError as described at the top of this file.
 *
 *   const { uzorak } = await call(sampleContracts.show, { params: { sid } }, { signal });
 *   await call(sampleContracts.urgent, { body: { id, hitan: true } });
 */
export function call<const Spec extends CallSpec>(spec: Spec, ...[input, options = {}]: CallArgs<Spec>): Promise<CallAnswer<Spec>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: Query; body?: unknown };
  const path = callPath(spec, params);
  const file = answersFile(spec);
  const site = options.anonymous || options.bearer !== undefined ? null : sessionStore.siteId();
  if (spec.method === 'GET' || spec.method === 'DELETE') {
    return send(spec.method, path, urlOf(path, query ?? {}, site), undefined, options, file ? 'file' : 'json');
  }
  const url = urlOf(path, query ?? {}, spec.bodyKind === 'bytes' ? site : null);
  let payload: BodyInit;
  if (spec.bodyKind === 'bytes') {
    payload = body as Blob;
  } else if (spec.bodyKind === 'form') {
    const form = body as FormData;
    if (site && !form.has('site')) form.append('site', site);
    payload = form;
  } else {
    const fields = (body ?? {}) as Record<string, unknown>;
    payload = JSON.stringify(site && !('site' in fields) ? { site, ...fields } : fields);
  }
  return send(spec.method, path, url, payload, options, file ? 'file' : 'json');
}
