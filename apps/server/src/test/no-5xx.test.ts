import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBirthYear } from '@lis/domain';
import { DEMO_PASSWORD } from '../db/seed/index.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { createSession } from '../modules/auth/repository.ts';
import { findActiveSession } from '../modules/auth/session-repository.ts';
import { createTestApp, json, signIn, type SignedIn, type TestApp } from './harness.ts';
import { siteIsoDay } from './site-day.ts';

/**
 * Bad input of every kind, sent to every route the app serves, must be
 * refused with a 4xx failure answer `{ success: false, message, code }`,
 * never a 5xx. The routes come from the app itself (its OpenAPI document,
 * plus Fastify's route table for anything the document leaves out), so a
 * route added later is covered without touching this file.
 */

type JsonSchema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  default?: unknown;
};

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify form: /api/uzorci/show/:sid */
  url: string;
  pathParams: string[];
  body?: JsonSchema;
  query: Record<string, JsonSchema>;
}

interface Probe {
  label: string;
  request: InjectOptions;
}

const LONG = 'x'.repeat(70_000);
const LONG_UNICODE = 'Ž🙂'.repeat(25_000);
const NOWHERE_ID = randomUUID();

/** Every field gets these: forbidden characters, an oversized string and each wrong JSON type. */
const BAD_ANY_FIELD: unknown[] = ['a\u0000b', '\uD800', LONG, -1, 2 ** 31, true, null, ['x'], { a: 'b' }];
/** Text fields also get these: empty, unicode, ids of nothing, numbers in text, SQL. */
const BAD_TEXT_FIELD: unknown[] = [
  '', '   ', 'x\uDC00y', LONG_UNICODE, 'Č Ć Đ Š Ž 🙂 \u202Eעברית', NOWHERE_ID, '-1', '99999999999999999999999', "'; drop table patients; --%_\\",
];
/** Date and time fields also get impossible and extreme instants. */
const BAD_DATE_FIELD: unknown[] = [
  '2020-02-31', '2020-02-31T10:00:00Z', '0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '9999-12-31T23:59:59+14:00',
  '+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00Z', '2024-01-01T25:00:00Z',
];
/** Number fields also get these: zero, fractions, beyond 32 and 53 bits, beyond any date. */
const BAD_NUMBER_FIELD: unknown[] = [0, 1.5, -(2 ** 31) - 1, 2 ** 53 + 2, 8.64e15 + 1, 1e308, -1e308, '1'];
/** List fields also get these. */
const BAD_LIST_FIELD: unknown[] = [[], [null], [LONG], [{}], [NOWHERE_ID, NOWHERE_ID], Array.from({ length: 1_000 }, (_, index) => `x${index}`)];
/** Object fields also get these. */
const BAD_OBJECT_FIELD: unknown[] = [{}, [], { labassay: NOWHERE_ID }, { lokacija: LONG }];

function badValuesFor(reference: JsonSchema | undefined): unknown[] {
  const schema = dereferenced(reference);
  const options = [schema, ...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].map(dereferenced);
  const types = new Set(options.map((option) => option?.type));
  const isDate = options.some((option) => option?.format === 'date' || option?.format === 'date-time');
  return [
    ...BAD_ANY_FIELD,
    ...(types.has('string') || types.has(undefined) ? BAD_TEXT_FIELD : []),
    ...(isDate ? BAD_DATE_FIELD : []),
    ...(types.has('number') || types.has('integer') ? BAD_NUMBER_FIELD : []),
    ...(types.has('array') ? BAD_LIST_FIELD : []),
    ...(types.has('object') ? BAD_OBJECT_FIELD : []),
  ];
}

/** Query fields the document lists get these (a query carries text, or a list when repeated). */
const BAD_QUERY_VALUES: (string | string[])[] = [
  'a\u0000b', '\uD800', LONG, '', 'undefined', 'true', '-1', '1.5', '1e309', '2147483648', '99999999999999999999999', 'NaN',
  '2020-02-31', '2020-02-30T10:00:00Z', '0000-01-01', '9999-12-31T23:59:59+14:00', '+275760-09-13', "'; drop table patients; --%_\\",
  NOWHERE_ID, 'Č Ć Đ Š Ž 🙂', 'prezime|asc,prezime|desc', 'x|sideways', ['a', 'b'], ['\u0000'], Array.from({ length: 50 }, () => 'x'),
];
/** Query fields nobody documents (session fields, unknown ones) get these. */
const BAD_UNDOCUMENTED_QUERY_VALUES: (string | string[])[] = ['a\u0000b', '\uD800', LONG, ['a', 'b']];

/** Path ids a user can type into an address bar. */
const ODD_PATH_IDS = [
  '%00', 'a%00b', '..%2F..', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(90), 'x'.repeat(5_000), '%C5%BD%F0%9F%99%82', '%ED%A0%80', '%FF%FE',
  '%E0%A4%A', '-1', '0', '1e309', '99999999999999999999', 'undefined', 'null', '%20', NOWHERE_ID, NOWHERE_ID.toUpperCase(),
  `${NOWHERE_ID}x`, '00000000-0000-0000-0000-000000000000', "'%3B%20drop%20table%20samples%3B--",
];

/** Bodies that are not a JSON object, or not JSON at all. */
const BAD_RAW_BODIES: { label: string; payload: string; contentType: string }[] = [
  { label: 'broken JSON', payload: '{"code": ', contentType: 'application/json' },
  { label: 'JSON with a trailing comma', payload: '{"code": "x",}', contentType: 'application/json' },
  { label: 'empty JSON body', payload: '', contentType: 'application/json' },
  { label: 'JSON null', payload: 'null', contentType: 'application/json' },
  { label: 'JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { label: 'JSON string', payload: '"text"', contentType: 'application/json' },
  { label: 'JSON number', payload: '42', contentType: 'application/json' },
  { label: 'JSON with an escaped NUL', payload: '{"code":"\\u0000","jmbg":"\\u0000"}', contentType: 'application/json' },
  { label: 'JSON with a NUL key', payload: '{"a\\u0000b":1}', contentType: 'application/json' },
  { label: 'JSON __proto__', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}', contentType: 'application/json' },
  { label: 'deeply nested JSON', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
  { label: 'body over the limit', payload: `{"code":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { label: 'plain text', payload: 'code=x', contentType: 'text/plain' },
  { label: 'plain text with NUL', payload: 'a\u0000b', contentType: 'text/plain' },
  { label: 'form encoded', payload: 'code=x', contentType: 'application/x-www-form-urlencoded' },
  { label: 'unknown media type', payload: 'x', contentType: 'application/octet-stream' },
];

/** Field names a route without a documented body is probed with (the sign-in calls' fields; they have no schema in the document today). */
const UNDOCUMENTED_FIELD_GUESSES = ['token', 'site', 'email', 'password', 'novaSifra', 'potvrdaSifra', 'user', 'language', 'idleTime', 'type', 'returnSecureToken'];

/** The body an undocumented route is assumed to take: the guessed names, real values where known. */
const UNDOCUMENTED_BODY: JsonSchema = { type: 'object', properties: Object.fromEntries(UNDOCUMENTED_FIELD_GUESSES.map((field) => [field, {}])) };

const BATCH_SIZE = 25;

// One app for the whole file, built before the tests are collected: the route list is read from it, one test per route.
const testApp: TestApp = await createTestApp();
let admin: SignedIn;
/** Real records, so a probe with one bad field and good others gets past the lookups to the deeper code. */
const good: Record<string, unknown> = {};
let patientId = '';
let sampleId = '';

beforeAll(async () => {
  admin = await signIn(testApp.app, 'admin@demo.lab');
  const auth = { authorization: `Bearer ${admin.token}` };
  const samples = json(await testApp.app.inject({ method: 'GET', url: '/api/uzorci/list?datum=SVE&per_page=1', headers: auth }));
  const sample = (samples.data as { _id: string; code: string; pid: string; jmbg: string }[])[0];
  const picker = json(await testApp.app.inject({ method: 'POST', url: '/api/uzorci/labassay/tip', headers: auth, payload: {} }));
  const assay = (picker.testovi as { _id: string }[])[0];
  if (!sample || !assay) throw new Error('the demo seed has no sample or no assay');
  patientId = sample.pid;
  sampleId = sample._id;
  Object.assign(good, {
    jmbg: sample.jmbg, pid: sample.pid, sid: sample._id, id: sample._id, code: sample.code, testovi: [assay._id], email: 'admin@demo.lab',
    password: DEMO_PASSWORD, sekcija: '', tip: 'Standard', komentar: 'komentar', hitan: true, symptoms: { pacijentbezsimptoma: true },
  });
});

afterAll(async () => {
  await testApp.close();
});

/** Named schemas of the OpenAPI document (`#/components/schemas/...`), for contracts registered once and referred to. */
let components: Record<string, JsonSchema> = {};

function dereferenced(schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref !== undefined && hops < 10; hops += 1) current = components[current.$ref.replace('#/components/schemas/', '')];
  return current;
}

/** The schema itself, or the first option of a union, references followed. */
function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  const own = dereferenced(schema);
  if (!own) return undefined;
  return dereferenced(own.anyOf?.[0] ?? own.oneOf?.[0] ?? own.allOf?.[0]) ?? own;
}

/** A value the schema accepts as far as its JSON form tells (no refinements): the neutral background of a probe. */
function plausible(schema: JsonSchema | undefined, name?: string): unknown {
  if (name !== undefined && name in good) return good[name];
  const resolved = resolve(schema);
  if (!resolved) return 'x';
  if (resolved.default !== undefined) return resolved.default;
  if (resolved.enum) return resolved.enum[0];
  switch (resolved.type) {
    case 'string':
      if (resolved.format === 'uuid') return NOWHERE_ID;
      if (resolved.format === 'date-time') return new Date().toISOString();
      if (resolved.format === 'date') return siteIsoDay();
      return 'x'.repeat(Math.max(1, resolved.minLength ?? 1));
    case 'integer':
    case 'number':
      return resolved.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return resolved.minItems ? [plausible(resolved.items)] : [];
    case 'object':
      return requiredObject(resolved);
    default:
      return 'x';
  }
}

function requiredObject(schema: JsonSchema): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const wanted = Object.keys(properties).filter((name) => schema.required?.includes(name) || name in good);
  return Object.fromEntries(wanted.map((name) => [name, plausible(properties[name], name)]));
}

interface Field {
  path: string[];
  schema?: JsonSchema;
}

/** Every field the schema lists, one level into objects and into the first array item. */
function fieldsOf(schema: JsonSchema | undefined): Field[] {
  const resolved = resolve(schema);
  const fields: Field[] = [];
  for (const [name, reference] of Object.entries(resolved?.properties ?? {})) {
    const child = dereferenced(reference) ?? {};
    fields.push({ path: [name], schema: child });
    for (const option of [child, ...(child.anyOf ?? []), ...(child.oneOf ?? [])].map((candidate) => dereferenced(candidate) ?? {})) {
      for (const [sub, subSchema] of Object.entries(option.properties ?? {})) fields.push({ path: [name, sub], schema: subSchema });
      if (option.type === 'array') {
        fields.push({ path: [name, '0'], ...(option.items ? { schema: option.items } : {}) });
        for (const [sub, subSchema] of Object.entries(resolve(option.items)?.properties ?? {})) fields.push({ path: [name, '0', sub], schema: subSchema });
      }
    }
  }
  return fields;
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (/^\d+$/.test(head)) {
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    list[Number(head)] = withValue(list[Number(head)], rest, value);
    return list;
  }
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  object[head] = withValue(object[head], rest, value);
  return object;
}

/** The routes: the OpenAPI document's operations, then whatever Fastify serves that the document does not list. */
function operations(): Operation[] {
  const document = testApp.app.swagger() as {
    paths?: Record<string, Record<string, OpenApiOperation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  components = document.components?.schemas ?? {};
  const found = new Map<string, Operation>();
  for (const [openApiPath, methods] of Object.entries(document.paths ?? {})) {
    const url = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const parameters = operation.parameters ?? [];
      found.set(`${upper} ${url}`, {
        method: upper,
        url,
        pathParams: [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
        body: operation.requestBody?.content?.['application/json']?.schema,
        query: Object.fromEntries(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter.schema ?? {}])),
      });
    }
  }
  for (const route of routeTable()) {
    if (found.has(`${route.method} ${route.url}`)) continue;
    found.set(`${route.method} ${route.url}`, { ...route, pathParams: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!), query: {} });
  }
  // Calls that end the session or remove the record the others use go last.
  return [...found.values()]
    .filter((operation) => !operation.url.startsWith('/api/docs'))
    .sort((a, b) => Number(/delete|logout/.test(a.url)) - Number(/delete|logout/.test(b.url)));
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Fastify's own route table (`printRoutes`), read back into method and path. */
function routeTable(): { method: Operation['method']; url: string }[] {
  const routes: { method: Operation['method']; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of testApp.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*?)(?:[├└]── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const url = `${prefixes.join('')}${match[2]}`;
    prefixes.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ')) {
      if (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) routes.push({ method: method as Operation['method'], url });
    }
  }
  return routes;
}

/** The path of an operation with `values` for its parameters (raw: already URL-encoded where needed). */
function pathWith(operation: Operation, values: Record<string, string>): string {
  return operation.url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? goodPathValue(operation, name));
}

/** A real id for a path parameter, so body and query probes reach the handler's deeper code. */
function goodPathValue(operation: Operation, name: string): string {
  if (name === 'site') return admin.site;
  if (name === 'localPart') return 'admin';
  if (name === 'file') return 'token';
  return operation.url.startsWith('/api/pacijenti') ? patientId : sampleId;
}

function probesOf(operation: Operation): Probe[] {
  const probes: Probe[] = [];
  const name = `${operation.method} ${operation.url}`;
  const sendsBody = operation.method !== 'GET';
  const plainBody = sendsBody ? plausible(operation.body ?? UNDOCUMENTED_BODY) : undefined;
  // A call that registers a patient needs an ID nobody has, or every probe stops at 'already registered'.
  const registers = operation.url.endsWith('/unos/save');
  const body = (): unknown => (registers ? { ...(plainBody as object), jmbg: encodeBirthYear(1985) } : plainBody);
  const baseQuery = Object.fromEntries(Object.entries(operation.query).filter(([field]) => field in good).map(([field]) => [field, String(good[field])]));
  const send = (label: string, request: Omit<InjectOptions, 'method'>): void => {
    probes.push({ label: `${name} ${label}`, request: { method: operation.method, ...request } });
  };
  const path = pathWith(operation, {});

  for (const param of operation.pathParams) {
    for (const id of ODD_PATH_IDS) {
      send(`params.${param}=${id.slice(0, 40)}`, { url: pathWith(operation, { [param]: id }), ...(sendsBody ? { payload: body() as object } : {}), query: baseQuery });
    }
  }

  if (sendsBody) {
    send('plausible body', { url: path, payload: body() as object });
    // A field without a schema (guessed, session or unknown) gets the values every field gets.
    const anyType: JsonSchema = { type: 'any' };
    const bodyFields = operation.body ? fieldsOf(operation.body) : UNDOCUMENTED_FIELD_GUESSES.map((field): Field => ({ path: [field], schema: anyType }));
    const extraFields = [['token'], ['site'], ['unknownField'], ['nested', 'unknown']].map((path): Field => ({ path, schema: anyType }));
    for (const field of [...bodyFields, ...extraFields]) {
      for (const [index, value] of badValuesFor(field.schema).entries()) {
        send(`body.${field.path.join('.')}=#${index}`, { url: path, payload: withValue(body(), field.path, value) as object });
      }
    }
    const everyString = Object.fromEntries(bodyFields.filter((field) => field.path.length === 1).map((field) => [field.path[0]!, 'a\u0000b']));
    send('NUL in every field', { url: path, payload: { ...(body() as object), ...everyString } });
    for (const raw of BAD_RAW_BODIES) {
      send(raw.label, { url: path, payload: raw.payload, headers: { 'content-type': raw.contentType } });
    }
    send('no body', { url: path });
  }

  const queryProbes: [string, (string | string[])[]][] = [
    ...Object.keys(operation.query).map((field): [string, (string | string[])[]] => [field, BAD_QUERY_VALUES]),
    ...['token', 'site', 'unknownField'].map((field): [string, (string | string[])[]] => [field, BAD_UNDOCUMENTED_QUERY_VALUES]),
  ];
  for (const [field, values] of queryProbes) {
    for (const [index, value] of values.entries()) {
      send(`query.${field}=#${index}`, { url: path, query: { ...baseQuery, [field]: value }, ...(sendsBody ? { payload: body() as object } : {}) });
    }
  }
  if (!sendsBody) send('plausible query', { url: path, query: baseQuery });
  return probes;
}

/** Header probes: the session token and the site as a client might garble them. */
function headerProbes(operation: Operation): Probe[] {
  const path = pathWith(operation, {});
  const payload = operation.method === 'GET' ? {} : { payload: plausible(operation.body ?? UNDOCUMENTED_BODY) as object };
  const headerSets: [string, Record<string, string>][] = [
    ['x-site NUL', { 'x-site': 'a\u0000b' }], ['x-site long', { 'x-site': LONG }], ['x-site unknown', { 'x-site': NOWHERE_ID }],
    ['x-site not a uuid', { 'x-site': 'TZ' }], ['user-agent NUL', { 'user-agent': 'a\u0000b' }],
  ];
  return headerSets.map(([label, headers]) => ({ label: `${operation.method} ${operation.url} ${label}`, request: { method: operation.method, url: path, headers, ...payload } }));
}

function isApiPath(url: InjectOptions['url']): boolean {
  return typeof url === 'string' && url.startsWith('/api/');
}

function isFailureAnswer(response: LightMyRequestResponse): boolean {
  try {
    const body = response.json<Record<string, unknown>>();
    return body.success === false && typeof body.message === 'string' && body.message.length > 0 && typeof body.code === 'string';
  } catch {
    return false;
  }
}

async function newSession(): Promise<string> {
  const token = newToken();
  const now = new Date();
  await createSession(testApp.database.db, {
    tokenHash: hashToken(token), userId: admin.userId, siteId: admin.site, ip: '127.0.0.1', userAgent: 'no-5xx test',
    idleSeconds: 28_800, lastSeenAt: now, expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return token;
}

/** Whether the operation's plausible call ends the caller's session (sign-out), so its probes each need a session of their own. */
async function endsSession(probes: Probe[]): Promise<boolean> {
  const plausibleProbe = probes.find((probe) => / plausible (body|query)$/.test(probe.label));
  if (!plausibleProbe) return false;
  const token = await newSession();
  await testApp.app.inject({ ...plausibleProbe.request, headers: { authorization: `Bearer ${token}` } } as InjectOptions);
  return (await findActiveSession(testApp.database.db, hashToken(token), new Date())) === null;
}

let addressCounter = 0;

/** A new address per probe: the sign-in throttle and the rate limit would otherwise answer 429 before the code under test runs. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 65_536) % 256}.${Math.floor(addressCounter / 256) % 256}.${addressCounter % 256}`;
}

/**
 * Sends the probes in concurrent batches and lists every answer that is a
 * 5xx, or a 4xx of the API that is not its failure answer. Sessions are made
 * in the database, not through sign-in, to keep this fast: one per batch, or
 * one per probe for a call that signs out.
 */
async function sendAll(probes: Probe[], sessions: 'per batch' | 'per probe' | 'none'): Promise<string[]> {
  const problems: string[] = [];
  for (let start = 0; start < probes.length; start += BATCH_SIZE) {
    const batch = probes.slice(start, start + BATCH_SIZE);
    const batchToken = sessions === 'per batch' ? await newSession() : undefined;
    const responses = await Promise.all(batch.map(async (probe) => {
      const token = sessions === 'per probe' ? await newSession() : batchToken;
      return testApp.app.inject({
        ...probe.request,
        remoteAddress: nextAddress(),
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(probe.request.headers ?? {}) },
      } as InjectOptions);
    }));
    responses.forEach((response, index) => {
      const probe = batch[index]!;
      const label = `${probe.label} → ${response.statusCode} ${response.body.slice(0, 160)}`;
      if (response.statusCode >= 500) problems.push(label);
      else if (response.statusCode >= 400 && isApiPath(probe.request.url) && !isFailureAnswer(response)) {
        problems.push(`not a failure answer: ${label}`);
      }
    });
  }
  return problems;
}

const ROUTES = operations();

describe('no call answers 5xx to bad input', () => {
  it('the first reports: a NUL in a path id or in the scanned code names the field', async () => {
    const auth = { authorization: `Bearer ${admin.token}` };
    const show = await testApp.app.inject({ method: 'GET', url: '/api/uzorci/show/%00', headers: auth });
    expect(show.statusCode).toBe(400);
    expect(json(show)).toMatchObject({ success: false, code: 'form.forbiddenCharacters', field: 'params.sid', message: 'Polje params.sid sadrži nedozvoljene znakove.' });
    const scan = await testApp.app.inject({ method: 'POST', url: '/api/uzorci/prijem', headers: auth, payload: { code: 'A\u0000B' } });
    expect(scan.statusCode).toBe(400);
    expect(json(scan)).toMatchObject({ success: false, code: 'form.forbiddenCharacters', field: 'code' });
    const picked = await testApp.app.inject({ method: 'POST', url: '/api/uzorci/save', headers: auth, payload: { pid: patientId, testovi: [NOWHERE_ID, NOWHERE_ID, 'x\uD800'] } });
    expect(json(picked)).toMatchObject({ success: false, code: 'form.forbiddenCharacters', field: 'testovi.2' });
  });

  it('covers every route of the app, documented or not', () => {
    const listed = new Set(ROUTES.map((operation) => `${operation.method} ${operation.url}`));
    for (const route of routeTable()) {
      if (!route.url.startsWith('/api/docs')) expect(listed).toContain(`${route.method} ${route.url}`);
    }
    // The calls of the first report are among them.
    expect(listed).toContain('GET /api/uzorci/show/:sid');
    expect(listed).toContain('POST /api/uzorci/prijem');
    expect(listed).toContain('POST /api/login/users');
  });

  // Routes that sign out or delete come last (see operations()), so the others keep their session and records.
  it.each(ROUTES.map((operation) => [`${operation.method} ${operation.url}`, operation] as const))(
    '%s, signed in as admin: bad fields, bodies, queries, path ids and headers answer a 4xx failure or succeed',
    async (_name, operation) => {
      const probes = [...probesOf(operation), ...headerProbes(operation)];
      const problems = await sendAll(probes, (await endsSession(probes)) ? 'per probe' : 'per batch');
      expect(problems).toEqual([]);
      expect(probes.length).toBeGreaterThan(10);
    },
    60_000,
  );

  it('with a garbled token: every route answers 401 or 4xx, never 5xx', async () => {
    const tokens = ['a\u0000b', '\uD800', LONG, ' ', 'undefined', NOWHERE_ID];
    const probes = ROUTES.flatMap((operation) => tokens.flatMap((token, index): Probe[] => [
      { label: `${operation.method} ${operation.url} token #${index}`, request: { method: operation.method, url: pathWith(operation, {}), query: { token } } },
      {
        label: `${operation.method} ${operation.url} bearer #${index}`,
        request: { method: operation.method, url: pathWith(operation, {}), headers: { authorization: `Bearer ${token}` } },
      },
    ]));
    expect(await sendAll(probes, 'none')).toEqual([]);
  }, 60_000);
});
