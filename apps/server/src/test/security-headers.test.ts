import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase } from './harness.ts';
import type { Database } from '../db/client.ts';

// The security headers every answer carries, and what the server keeps to itself.

let database: Database;
let direct: FastifyInstance;
let proxied: FastifyInstance;
let webDist: string;
const HASHED_SCRIPT = Buffer.from(`export const screens = [${Array.from({ length: 200 }, (_, index) => `'screen-${index}'`).join(', ')}];\n`);

async function app(trustProxy: boolean): Promise<FastifyInstance> {
  const built = await buildApp({ db: database.db, logger: false, config: { acmeDir: undefined, sessionMaxHours: 1, webDist, logLevel: 'silent', trustProxy } });
  await built.ready();
  return built;
}

beforeAll(async () => {
  database = await createTestDatabase();
  // A built web app as a release would leave it, with a source map someone forgot.
  webDist = mkdtempSync(path.join(tmpdir(), 'lis-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>LIS</title>');
  writeFileSync(path.join(webDist, 'assets', 'index.js'), 'console.log(1);\n');
  // A hashed asset with the .br and .gz the build writes beside it (apps/web/build-plugins.ts).
  writeFileSync(path.join(webDist, 'assets', 'index-C0ffee12.js'), HASHED_SCRIPT);
  writeFileSync(path.join(webDist, 'assets', 'index-C0ffee12.js.br'), brotliCompressSync(HASHED_SCRIPT));
  writeFileSync(path.join(webDist, 'assets', 'index-C0ffee12.js.gz'), gzipSync(HASHED_SCRIPT));
  writeFileSync(path.join(webDist, 'assets', 'index.js.map'), '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["secret"]}');
  [direct, proxied] = await Promise.all([app(false), app(true)]);
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
  await database.close();
});

describe('Content-Security-Policy', () => {
  it('lets the page connect to its own origin only (its socket included), to no other ws: or wss: host', async () => {
    const response = await direct.inject({ method: 'GET', url: '/api/health' });
    const policy = response.headers['content-security-policy'] as string;
    const connect = policy.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('connect-src'));
    expect(connect).toBe("connect-src 'self'");
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const response = await direct.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent behind a trusted proxy that terminated TLS', async () => {
    const response = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const response = await direct.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the web app', () => {
  it('serves its files but no source map', async () => {
    expect((await direct.inject({ method: 'GET', url: '/assets/index.js' })).statusCode).toBe(200);
    const map = await direct.inject({ method: 'GET', url: '/assets/index.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('sourcesContent');
  });
});

describe('the web app over the wire', () => {
  const hashed = '/assets/index-C0ffee12.js';

  it('sends the brotli file to a browser that accepts br, with the encoding named and a year of caching', async () => {
    const response = await direct.inject({ method: 'GET', url: hashed, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).equals(HASHED_SCRIPT)).toBe(true);
    expect(response.rawPayload.length).toBeLessThan(HASHED_SCRIPT.length / 2);
  });

  it('sends the gzip file to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzipped = await direct.inject({ method: 'GET', url: hashed, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(HASHED_SCRIPT)).toBe(true);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await direct.inject({ method: 'GET', url: hashed, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(HASHED_SCRIPT)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets index.html be cached without asking again, at / and at a client route', async () => {
    for (const url of ['/', '/index.html', '/statistika', '/samples/123']) {
      const response = await direct.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
