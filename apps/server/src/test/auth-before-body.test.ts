import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SEND_BODY_LIMIT, REFERENCE_UPLOAD_LIMITS } from '@lis/domain';
import { createTestApp, signIn, type SignedIn, type TestApp } from './harness.ts';

// A request without a session must cost the server no more than a moment, however large its body: the
// session is checked when the headers arrive (onRequest), before a byte of the body is read or parsed.
// A real listening server, not inject, so the body really travels and the timings are real.

let t: TestApp;
let port: number;
let viewer: SignedIn;
let technician: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  viewer = await signIn(t.app, 'pregled@demo.lab');
  technician = await signIn(t.app, 'tehnicar@demo.lab');
});
afterAll(async () => {
  await t.close();
});

interface Answer { status: number; ms: number; body: string }

/** Sends `body` and resolves when the whole answer has arrived, with how long that took; gives up after `giveUpMs`. */
function send(method: string, path: string, headers: Record<string, string>, body?: Buffer, giveUpMs = 10_000): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: body ? { ...headers, 'content-length': String(body.length) } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }));
    });
    req.setTimeout(giveUpMs, () => { req.destroy(new Error(`no answer to ${method} ${path} within ${giveUpMs} ms`)); });
    // The server may answer and stop reading before the body is through: that is the point, not an error.
    req.on('error', (error: NodeJS.ErrnoException) => { if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error); });
    req.end(body);
  });
}

/**
 * A client in its own process sends a large body (a JSON array of `bytes` bytes, the shape that once cost the
 * input guard one object per element, or `bytes` of binary), so this process's event loop is the server's alone
 * and /api/health's timing measures the server. Resolves once the request is on its way, with its answer to come.
 */
function sendFromAnotherProcess(path: string, type: string, bytes: number): Promise<{ answer: Promise<Answer> }> {
  const script = `
    const http = require('node:http');
    const [port, path, type, bytes] = process.argv.slice(1);
    const size = Number(bytes);
    const body = Buffer.alloc(size, type === 'application/json' ? '1,' : 7);
    if (type === 'application/json') { body[0] = 0x5b; body[size - 1] = 0x5d; if (body[size - 2] === 0x2c) body[size - 2] = 0x31; }
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port: Number(port), method: 'POST', path, headers: { 'content-type': type, 'content-length': String(size) } }, (res) => {
      res.resume();
      res.on('end', () => { console.log(JSON.stringify({ status: res.statusCode, ms: performance.now() - started })); process.exit(0); });
    });
    req.on('error', (error) => { if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') { console.error(error.message); process.exit(1); } });
    req.setTimeout(10000, () => { console.error('no answer within 10 s'); process.exit(1); });
    req.end(body);
    console.log('sending');
  `;
  const child = spawn(process.execPath, ['-e', script, String(port), path, type, String(bytes)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolveSending, rejectSending) => {
    const answer = new Promise<Answer>((resolveAnswer, rejectAnswer) => {
      lines.on('line', (line) => {
        if (line === 'sending') resolveSending({ answer });
        else resolveAnswer({ ...(JSON.parse(line) as { status: number; ms: number }), body: '' });
      });
      child.on('exit', (code) => { if (code !== 0) { const error = new Error(`client exited ${String(code)}`); rejectSending(error); rejectAnswer(error); } });
    });
  });
}

/** Sends the large request from another process and, while it travels and is answered, asks /api/health a few times. */
async function largeWhileHealth(path: string, type: string, bytes: number): Promise<{ large: Answer; health: Answer[] }> {
  const { answer } = await sendFromAnotherProcess(path, type, bytes);
  const health: Answer[] = [];
  for (let index = 0; index < 5; index += 1) health.push(await send('GET', '/api/health', {}, undefined, 5_000));
  return { large: await answer, health };
}

describe('a large body without a session', () => {
  it('warms up: /api/health answers', async () => {
    expect((await send('GET', '/api/health', {})).status).toBe(200);
  });

  const large = [
    { name: 'the import preview, 24 MB of bytes', path: '/api/import/pregled', type: 'application/octet-stream', bytes: 24 * 1_048_576 },
    { name: 'the import result file, 24 MB of JSON', path: '/api/import/rezultat', type: 'application/json', bytes: 24 * 1_048_576 },
    { name: 'a chat message, the largest JSON array it takes', path: '/api/chat/poruke', type: 'application/json', bytes: CHAT_SEND_BODY_LIMIT - 1024 },
    { name: 'the reference-data import, 24 MB of JSON', path: '/api/mikrobiologija/referentni-podaci/import', type: 'application/json', bytes: REFERENCE_UPLOAD_LIMITS.body - 1024 },
  ];

  for (const route of large) {
    it(`${route.name}: 401 in under a second, /api/health within 100 ms meanwhile`, async () => {
      const { large: answer, health } = await largeWhileHealth(route.path, route.type, route.bytes);
      expect(answer.status).toBe(401);
      expect(answer.ms).toBeLessThan(1000);
      for (const check of health) {
        expect(check.status).toBe(200);
        expect(check.ms).toBeLessThan(100);
      }
    });
  }

  it('a token that names no session: 401 in under a second', async () => {
    const answer = await send('POST', '/api/import/pregled', { 'content-type': 'application/octet-stream', authorization: 'Bearer forged' }, Buffer.alloc(24 * 1_048_576, 7));
    expect(answer.status).toBe(401);
    expect(answer.ms).toBeLessThan(1000);
  });

  it('a session without the permission: 403 before the body is read', async () => {
    const answer = await send('POST', '/api/import/pregled', {
      'content-type': 'application/octet-stream', authorization: `Bearer ${viewer.token}`,
    }, Buffer.alloc(24 * 1_048_576, 7));
    expect(answer.status).toBe(403);
    expect(answer.ms).toBeLessThan(1000);
  });

  it('an upload route takes its token from the header or query only: one in the body answers 401', async () => {
    const body = Buffer.from(JSON.stringify({ token: technician.token, site: technician.site, results: [] }));
    const answer = await send('POST', '/api/import/rezultat', { 'content-type': 'application/json' }, body);
    expect(answer.status).toBe(401);
    const withQuery = await send('POST', `/api/import/rezultat?token=${technician.token}`, { 'content-type': 'application/json' }, body);
    expect(withQuery.status).toBe(200);
  });

  it('an ordinary call still takes its token and site from the body, as the spec allows', async () => {
    const body = Buffer.from(JSON.stringify({ token: technician.token, site: technician.site, jmbg: '0101990170001' }));
    const answer = await send('POST', '/api/pacijenti/unos/find', { 'content-type': 'application/json' }, body);
    expect(answer.status).toBe(200);
  });

  it('a signed-in upload is read as before (a file that is not a workbook: 415)', async () => {
    const answer = await send('POST', '/api/import/pregled', {
      'content-type': 'application/octet-stream', authorization: `Bearer ${technician.token}`,
    }, Buffer.alloc(1_048_576 * 2, 7));
    expect(answer.status).toBe(415);
  });

  it('an ordinary JSON call refuses a body over the app\'s 1 MB limit, whatever its type', async () => {
    const answer = await send('POST', '/api/import/uvoz', { 'content-type': 'application/octet-stream', authorization: `Bearer ${technician.token}` }, Buffer.alloc(2 * 1_048_576, 7));
    expect(answer.status).toBe(413);
  });
});
