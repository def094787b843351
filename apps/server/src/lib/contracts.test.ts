import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailureAnswer, LoginAnswer } from '@lis/domain';
import { createTestApp, signIn, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const login = (headers: Record<string, string>, payload: string) => t.app.inject({ method: 'POST', url: '/api/login/users', headers, payload });

describe("Fastify's own refusals", () => {
  it('answers a body it cannot read with a message of its own, never form.invalid', async () => {
    const cases: { name: string; send: () => ReturnType<typeof login>; status: number; code: string; message: string }[] = [
      {
        name: 'too large', status: 413, code: 'request.tooLarge', message: 'Zahtjev je prevelik.',
        send: () => login({ 'content-type': 'application/json' }, JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) })),
      },
      {
        name: 'media type', status: 415, code: 'request.mediaType', message: 'Vrsta sadržaja nije podržana.',
        send: () => login({ 'content-type': 'application/xml' }, '<login/>'),
      },
      {
        name: 'broken JSON', status: 400, code: 'request.badJson', message: 'Tijelo zahtjeva nije ispravan JSON.',
        send: () => login({ 'content-type': 'application/json' }, '{"email": '),
      },
      {
        name: 'empty JSON', status: 400, code: 'request.emptyJson', message: 'Tijelo zahtjeva je prazno.',
        send: () => login({ 'content-type': 'application/json' }, ''),
      },
    ];
    for (const { name, send, status, code, message } of cases) {
      const response = await send();
      expect(response.statusCode, name).toBe(status);
      const answer = response.json<FailureAnswer>();
      expect(answer, name).toEqual({ success: false, message, code });
    }
  });

  it('refuses a caller without a session with 401 before looking at the input', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/pacijenti/unos/save', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'auth.unauthorized' });
  });
});

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}

describe('OpenAPI at /api/docs', () => {
  it('describes every call with its request and its answers, generated from the contracts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, Operation>> }>();
    const login = paths['/api/login/users']?.post;
    expect(Object.keys(login?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(['email', 'password', 'returnSecureToken']);
    expect(Object.keys(login?.responses['200']?.content?.['application/json']?.schema.properties ?? {})).toEqual(['success', 'message', 'data']);

    const operations = Object.entries(paths).filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ call: `${method} ${path}`, operation })));
    expect(operations.length).toBeGreaterThanOrEqual(25);
    for (const { call, operation } of operations) {
      const success = operation.responses['200'] ?? operation.responses['201'] ?? operation.responses['202'];
      expect(success?.content, call).toBeDefined();
      expect(Object.keys(operation.responses['4XX']?.content?.['application/json']?.schema.properties ?? {}), call)
        .toEqual(['success', 'message', 'code', 'field', 'params']);
    }
    expect(Object.keys(paths['/api/uzorci/barcode/{id}/pdf']?.get?.responses['200']?.content ?? {})).toEqual(['application/pdf']);
    expect(Object.keys(paths['/api/pacijenti/unos/save']?.post?.responses['409']?.content?.['application/json']?.schema.properties ?? {}))
      .toContain('pacijent');
  });
});

describe('answers', () => {
  it('go out through their contract: the sign-in answer carries exactly the session fields', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'admin@demo.lab', password: 'Demo1234!' }, remoteAddress: '10.77.0.1' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<LoginAnswer>().data).sort()).toEqual([
      'access', 'customer', 'default_route', 'display', 'email', 'idToken', 'idleTime', 'ime', 'language', 'localId', 'mikrobiologija', 'mustChangePassword', 'pid_bcode',
      'prezime', 'reports', 'sidebar', 'site', 'sites',
    ]);
    const user = await signIn(t.app, 'admin@demo.lab');
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${user.token}` } });
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
