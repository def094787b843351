import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshServerDatabase, signInOver, startServerProcess, type ServerProcess } from './server-process.ts';
import { TcpProxy } from './tcp-proxy.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
let target: Awaited<ReturnType<typeof freshServerDatabase>>;
let proxy: TcpProxy;
let server: ServerProcess;

beforeAll(async () => {
  if (!serverUrl) return;
  target = await freshServerDatabase(serverUrl, 'o');
  const direct = new URL(target.url);
  proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  server = await startServerProcess(TcpProxy.via(target.url, proxy.port));
}, 120_000);

afterAll(async () => {
  if (!serverUrl) return;
  await server?.kill();
  await proxy?.close();
  await target?.drop();
});

describe.skipIf(!serverUrl)('repro', () => {
  it('survives a cut', async () => {
    await signInOver(server, 'admin@demo.lab');
    await proxy.outage(2000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(server.child.exitCode, server.output()).toBeNull();
  }, 60_000);
});
