import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, signIn, siteId, type TestApp } from '../test/harness.ts';
import { attachRealtime } from './socket.ts';

let t: TestApp;
let url: string;
let ioServer: Server;
const clients: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ioServer = new Server(t.app.server, { path: '/socket.io', serveClient: false });
  attachRealtime(ioServer, t.database.db);
  t.realtime.attach(ioServer);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await ioServer.close();
  await t.close();
});

function open(auth: Record<string, string>): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

function nextEvent(socket: Socket, event: string, withinMs = 500): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), withinMs);
    socket.once(event, (payload: unknown) => { clearTimeout(timer); resolve(payload); });
  });
}

describe('socket.io', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(open({ token: 'forged' })).rejects.toThrow(/unauthorized/);
  });

  it('delivers site events only to sockets joined to that site, and follows a site switch', async () => {
    const admin = await signIn(t.app, 'admin@demo.lab');
    const sarajevo = siteId(admin, 'SA');
    const tuzla = siteId(admin, 'TZ');
    const inSarajevo = await open({ token: admin.token, site: sarajevo });
    const inTuzla = await open({ token: admin.token, site: tuzla });

    const seenSa = nextEvent(inSarajevo, 'result:approved');
    const seenTz = nextEvent(inTuzla, 'result:approved');
    t.realtime.emitToSite(sarajevo, 'result:approved', { id: 'sample-1', info: 'Nalaz odobren' });
    expect(await seenSa).toEqual({ id: 'sample-1', info: 'Nalaz odobren', site: sarajevo });
    expect(await seenTz).toBeNull();

    inTuzla.emit('site', sarajevo);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const afterSwitch = nextEvent(inTuzla, 'result:completed');
    t.realtime.emitToSite(sarajevo, 'result:completed', { id: 'sample-2', info: 'Svi rezultati' });
    expect(await afterSwitch).toMatchObject({ id: 'sample-2' });
  });

  it("admits a wall display by its display key to its site's display room: told that something changed, never what", async () => {
    const admin = await signIn(t.app, 'admin@demo.lab');
    const sarajevo = siteId(admin, 'SA');
    const issued = await t.app.inject({
      method: 'POST', url: '/api/statistika/dashboard', headers: { authorization: `Bearer ${admin.token}`, 'x-site': sarajevo }, payload: { ukljuci: true },
    });
    const key = issued.json<{ kljuc: string }>().kljuc;
    await expect(open({ dashboardKey: 'nije-kljuc' })).rejects.toThrow(/unauthorized/);
    const display = await open({ dashboardKey: key });
    const changed = nextEvent(display, 'dashboard:changed');
    const named = nextEvent(display, 'result:approved');
    t.realtime.emitToSite(sarajevo, 'result:approved', { id: 'sample-3', info: '250101001 Prezime Ime' });
    expect(await changed).toBeUndefined();
    expect(await named).toBeNull();
    const otherSite = nextEvent(display, 'dashboard:changed');
    t.realtime.emitToSite(siteId(admin, 'TZ'), 'result:approved', { id: 'sample-4', info: 'x' });
    expect(await otherSite).toBeNull();
  });

  it('keeps a user out of a site they do not have', async () => {
    const admin = await signIn(t.app, 'admin@demo.lab');
    const tech = await signIn(t.app, 'tehnicar@demo.lab');
    const socket = await open({ token: tech.token, site: siteId(admin, 'TZ') });
    socket.emit('site', siteId(admin, 'TZ'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const seen = nextEvent(socket, 'result:approved');
    t.realtime.emitToSite(siteId(admin, 'TZ'), 'result:approved', { id: 'x', info: 'y' });
    expect(await seen).toBeNull();
  });

  it("closes a disabled user's sockets at once, telling them first; a user who must change the password gets none", async () => {
    const admin = await signIn(t.app, 'admin@demo.lab');
    const auth = { authorization: `Bearer ${admin.token}` };
    const created = await t.app.inject({
      method: 'POST', url: '/api/postavke/users/edit', headers: auth,
      payload: { element: { email: 'socket@lab.test', ime: 'S', prezime: 'Ocket', role: 'technician', level: 0, sites: [admin.site], password: 'pocetna1' } },
    });
    const userId = created.json<{ element: { _id: string } }>().element._id;
    const initial = await signIn(t.app, 'socket@lab.test', 'pocetna1');
    await expect(open({ token: initial.token })).rejects.toThrow(/passwordChangeRequired/);
    await t.app.inject({
      method: 'POST', url: '/api/users/sifra', headers: { authorization: `Bearer ${initial.token}` },
      payload: { email: 'socket@lab.test', password: 'pocetna1', novaSifra: 'svoja-sifra', potvrdaSifra: 'svoja-sifra' },
    });
    const user = await signIn(t.app, 'socket@lab.test', 'svoja-sifra');
    const tabs = await Promise.all([open({ token: user.token }), open({ token: initial.token })]);
    const bystander = await open({ token: admin.token });
    const told = tabs.map((tab) => nextEvent(tab, 'session:ended', 2000));
    const closed = tabs.map((tab) => new Promise<string>((resolve) => tab.once('disconnect', (reason) => resolve(reason))));
    const disabled = await t.app.inject({ method: 'POST', url: '/api/postavke/users/disable', headers: auth, payload: { _id: userId } });
    expect(disabled.statusCode).toBe(200);
    expect(await Promise.all(told)).toEqual([{}, {}]);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bystander.connected).toBe(true);
    await expect(open({ token: user.token })).rejects.toThrow(/unauthorized/);
  });
});
