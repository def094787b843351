import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../lib/session-store.ts';
import { SITE_SA, SITE_TZ, sentJson, sessionFixture } from '../test/fixtures.ts';
import { z } from 'zod';
import { authContracts, defineCall } from '@lis/domain';
import { ApiError, call } from './client.ts';

/** Probe calls on made-up paths: what the client does depends only on the contract's method and body kind. */
const probeGet = (path: string) => defineCall({
  method: 'GET', path, permission: 'authenticated', querystring: z.record(z.string(), z.unknown()), response: { 200: z.unknown() },
});
const probePost = (path: string) => defineCall({
  method: 'POST', path, permission: 'authenticated', body: z.record(z.string(), z.unknown()), response: { 200: z.unknown() },
});
const probeUpload = (path: string) => defineCall({
  method: 'POST', path, permission: 'authenticated', bodyKind: 'form', response: { 200: z.unknown() },
});

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sessionStore.start(sessionFixture());
});
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [input, init] = fetchMock.mock.calls.at(-1)!;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return { url, init: init!, headers: init!.headers as Record<string, string> };
}

describe('api client', () => {
  it('sends the token as Bearer and the site in the query of a GET', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, sajtovi: [] }));
    await call(probeGet('/postavke/sajtovi/list'), { query: { filter: 'ana', sort: ['ime|asc', 'prezime|desc'], page: 2, empty: undefined } });
    const { url, init, headers } = lastCall();
    expect(init.method).toBe('GET');
    expect(headers.Authorization).toBe('Bearer token-abc');
    const query = new URL(url, 'http://x').searchParams;
    expect(url.startsWith('/api/postavke/sajtovi/list?')).toBe(true);
    expect(query.get('site')).toBe(SITE_SA.id);
    expect(query.getAll('sort')).toEqual(['ime|asc', 'prezime|desc']);
    expect(query.get('page')).toBe('2');
    expect(query.has('empty')).toBe(false);
  });

  it('keeps repeated keys of URLSearchParams and follows a site switch', async () => {
    fetchMock.mockResolvedValue(answer(200, { data: [], pagination: {} }));
    sessionStore.setSite(SITE_TZ.id);
    await call(probeGet('/uzorci/list'), { query: new URLSearchParams([['sort', 'a|asc'], ['sort', 'b|desc']]) });
    const query = new URL(lastCall().url, 'http://x').searchParams;
    expect(query.getAll('sort')).toEqual(['a|asc', 'b|desc']);
    expect(query.get('site')).toBe(SITE_TZ.id);
  });

  it('puts the site in the body of a POST, unless the caller names one', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, { success: true })));
    await call(probePost('/pacijenti/unos/find'), { body: { jmbg: '0101990123456' } });
    expect(sentJson(lastCall().init)).toEqual({ site: SITE_SA.id, jmbg: '0101990123456' });
    expect(lastCall().headers['Content-Type']).toBe('application/json');
    await call(probePost('/x'), { body: { site: 'other' } });
    expect(sentJson(lastCall().init)).toEqual({ site: 'other' });
  });

  it('adds the site to a FormData upload', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.xlsx');
    await call(probeUpload('/import'), { body: form });
    expect((lastCall().init.body as FormData).get('site')).toBe(SITE_SA.id);
  });

  it('turns { success: false } and error statuses into an ApiError with message, code and field', async () => {
    fetchMock.mockResolvedValue(answer(400, { success: false, message: 'Neispravan unos: email.', code: 'form.invalid', field: 'email' }));
    const error = await call(probePost('/x'), { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Neispravan unos: email.', code: 'form.invalid', field: 'email' });

    fetchMock.mockResolvedValue(answer(200, { success: false, message: 'Greška prilikom upisa!', code: 'save.failed' }));
    await expect(call(probePost('/x'), { body: {} })).rejects.toMatchObject({ code: 'save.failed', message: 'Greška prilikom upisa!' });

    fetchMock.mockResolvedValue(answer(502, '<html>Bad gateway</html>'));
    await expect(call(probeGet('/x'))).rejects.toMatchObject({ status: 502, code: 'server.error' });
  });

  it('reports an unreachable server as code network', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(probeGet('/x'))).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('ends the session on a 401', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, message: 'Niste autorizirani', code: 'auth.unauthorized' }));
    await expect(call(probeGet('/postavke/sajtovi/list'))).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get().status).toBe('anonymous');
    expect(localStorage.getItem('lis.token')).toBeNull();
  });

  it('keeps the session on a 401 of the login call (wrong credentials) and on a 403', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, message: 'Pogrešna šifra.', code: 'auth.wrongPassword', field: 'password' }));
    await expect(call(authContracts.login, { body: { email: 'a', password: 'b' } })).rejects.toMatchObject({ message: 'Pogrešna šifra.' });
    fetchMock.mockResolvedValue(answer(403, { success: false, message: 'Nemate pravo pristupa.', code: 'auth.forbidden' }));
    await expect(call(probeGet('/x'))).rejects.toMatchObject({ status: 403 });
    expect(sessionStore.get().status).toBe('active');
  });

  it('sends no Authorization header without a session', async () => {
    sessionStore.clear();
    fetchMock.mockResolvedValue(answer(200, { success: true }));
    await call(authContracts.login, { body: { email: 'a', password: 'b' } });
    expect(lastCall().headers.Authorization).toBeUndefined();
    expect(sentJson(lastCall().init)).toEqual({ email: 'a', password: 'b' });
  });

  it('offers no way to call a path: a call is named by its contract alone', async () => {
    const client: Record<string, unknown> = await import('./client.ts');
    expect(Object.keys(client).sort()).toEqual(['ApiError', 'call', 'callPath']);
  });
});
