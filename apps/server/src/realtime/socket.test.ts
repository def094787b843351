import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { hashToken } from '../lib/tokens.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../test/harness.ts';
import { type AttachedRealtime, attachRealtime } from './socket.ts';

let t: TestApp;
let url: string;
let ioServer: Server;
let attached: AttachedRealtime;
const clients: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ioServer = new Server(t.app.server, { path: '/socket.io', serveClient: false });
  attached = attachRealtime(ioServer, t.database.db);
  t.realtime.attach(ioServer);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const client of clients) client.close();
  attached.stop();
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

/** What became of a socket: told that its session ended and closed by the server, or still open after `withinMs`. */
function ending(socket: Socket, withinMs = 5_000): Promise<{ told: boolean; reason: string } | 'still open'> {
  let told = false;
  socket.once('session:ended', () => { told = true; });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still open'), withinMs);
    socket.once('disconnect', (reason) => { clearTimeout(timer); resolve({ told, reason }); });
  });
}
const endedByServer = { told: true, reason: 'io server disconnect' };

describe('every way a session ends closes its sockets at once', () => {
  let admin: SignedIn;
  let adminAuth: Record<string, string>;
  let counter = 0;

  beforeAll(async () => {
    admin = await signIn(t.app, 'admin@demo.lab');
    adminAuth = { authorization: `Bearer ${admin.token}` };
  });

  /** A new technician at both sites, past the initial password change, with one session. */
  async function newUser(): Promise<{ userId: string; email: string; password: string; session: SignedIn }> {
    counter += 1;
    const email = `kraj${counter}@lab.test`;
    const created = await t.app.inject({
      method: 'POST', url: '/api/postavke/users/edit', headers: adminAuth,
      payload: { element: { email, ime: 'Kraj', prezime: 'Sesije', role: 'technician', level: 0, sites: admin.sites.map((site) => site._id), password: 'privremena-42' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const initial = await signIn(t.app, email, 'privremena-42');
    const password = `vlastita-lozinka-${counter}`;
    const changed = await t.app.inject({
      method: 'POST', url: '/api/users/sifra', headers: { authorization: `Bearer ${initial.token}` },
      payload: { email, password: 'privremena-42', novaSifra: password, potvrdaSifra: password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    return { userId: created.json<{ element: { _id: string } }>().element._id, email, password, session: await signIn(t.app, email, password) };
  }

  async function editUser(userId: string, email: string, changes: Record<string, unknown>): Promise<void> {
    const element = { _id: userId, email, ime: 'Kraj', prezime: 'Sesije', role: 'technician', level: 0, sites: admin.sites.map((site) => site._id), ...changes };
    const edited = await t.app.inject({ method: 'POST', url: '/api/postavke/users/edit', headers: adminAuth, payload: { element } });
    expect(edited.statusCode, edited.body).toBe(200);
  }

  it('sign-out: the socket is told and closed, and hears no site event after', async () => {
    const { session } = await newUser();
    const socket = await open({ token: session.token });
    const end = ending(socket);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/logout/users', headers: { authorization: `Bearer ${session.token}` }, payload: { type: 'manual' } });
    expect(signOut.statusCode).toBe(200);
    expect(await end).toEqual(endedByServer);
    const heard = nextEvent(socket, 'result:completed');
    t.realtime.emitToSite(session.site, 'result:completed', { id: 'sample-5', info: '250101005 Prezime Ime' });
    expect(await heard).toBeNull();
  });

  it("a password change in another session closes the other session's sockets, not the changer's", async () => {
    const user = await newUser();
    const other = await signIn(t.app, user.email, user.password);
    const socketOfOld = await open({ token: user.session.token });
    const socketOfChanger = await open({ token: other.token });
    const endOld = ending(socketOfOld);
    const endChanger = ending(socketOfChanger, 1_000);
    const changed = await t.app.inject({
      method: 'POST', url: '/api/users/sifra', headers: { authorization: `Bearer ${other.token}` },
      payload: { email: user.email, password: user.password, novaSifra: 'sasvim-nova-lozinka', potvrdaSifra: 'sasvim-nova-lozinka' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await endOld).toEqual(endedByServer);
    expect(await endChanger).toBe('still open');
  });

  it('idle expiry closes the socket at the idle deadline, and a session used meanwhile stays', async () => {
    const { session } = await newUser();
    const hash = hashToken(session.token);
    // The session was last used long enough ago that it goes idle in about a second and a half.
    await t.database.db.execute(sql`update sessions set idle_seconds = 60, last_seen_at = now() - interval '58.5 seconds' where token_hash = ${hash}`);
    const socket = await open({ token: session.token });
    expect(await ending(socket, 10_000)).toEqual(endedByServer);
    expect((await t.app.inject({ method: 'GET', url: '/api/sesija/izbornik', headers: { authorization: `Bearer ${session.token}` } })).statusCode).toBe(401);
  });

  it('a session used after the socket connected is not closed at its first idle deadline', async () => {
    const { session } = await newUser();
    const hash = hashToken(session.token);
    await t.database.db.execute(sql`update sessions set idle_seconds = 60, last_seen_at = now() - interval '58.5 seconds' where token_hash = ${hash}`);
    const socket = await open({ token: session.token });
    // Used again before the deadline (as a call through any server would do): the idle clock starts again.
    await t.database.db.execute(sql`update sessions set last_seen_at = now() where token_hash = ${hash}`);
    expect(await ending(socket, 3_000)).toBe('still open');
  });

  it('absolute expiry closes the socket at the end of the session\'s lifetime', async () => {
    const { session } = await newUser();
    await t.database.db.execute(sql`update sessions set expires_at = now() + interval '1.5 seconds' where token_hash = ${hashToken(session.token)}`);
    const socket = await open({ token: session.token });
    expect(await ending(socket, 10_000)).toEqual(endedByServer);
  });

  it("an administrator's change of role, of sites, or a password reset closes the user's sockets", async () => {
    const roleChanged = await newUser();
    const siteTaken = await newUser();
    const reset = await newUser();
    const sockets = await Promise.all([roleChanged, siteTaken, reset].map((user) => open({ token: user.session.token })));
    const ends = sockets.map((socket) => ending(socket));
    await editUser(roleChanged.userId, roleChanged.email, { role: 'viewer' });
    await editUser(siteTaken.userId, siteTaken.email, { sites: [admin.site] });
    const resetAnswer = await t.app.inject({ method: 'POST', url: '/api/postavke/users/password', headers: adminAuth, payload: { _id: reset.userId, password: 'postavljena-99' } });
    expect(resetAnswer.statusCode, resetAnswer.body).toBe(200);
    expect(await Promise.all(ends)).toEqual([endedByServer, endedByServer, endedByServer]);
  });

  it("an administrator's change of their own rights closes their other sessions' sockets, not the one they work in", async () => {
    // A second administrator, so the first keeps the lab administered when this one loses the role.
    const email = 'drugi-admin@lab.test';
    const created = await t.app.inject({
      method: 'POST', url: '/api/postavke/users/edit', headers: adminAuth,
      payload: { element: { email, ime: 'Drugi', prezime: 'Admin', role: 'admin', level: 0, sites: [admin.site], password: 'privremena-42' } },
    });
    const id = created.json<{ element: { _id: string } }>().element._id;
    const initial = await signIn(t.app, email, 'privremena-42');
    await t.app.inject({
      method: 'POST', url: '/api/users/sifra', headers: { authorization: `Bearer ${initial.token}` },
      payload: { email, password: 'privremena-42', novaSifra: 'admin-lozinka-2', potvrdaSifra: 'admin-lozinka-2' },
    });
    const working = await signIn(t.app, email, 'admin-lozinka-2');
    const elsewhere = await signIn(t.app, email, 'admin-lozinka-2');
    const endElsewhere = ending(await open({ token: elsewhere.token }));
    const endWorking = ending(await open({ token: working.token }), 1_000);
    const edited = await t.app.inject({
      method: 'POST', url: '/api/postavke/users/edit', headers: { authorization: `Bearer ${working.token}` },
      payload: { element: { _id: id, email, ime: 'Drugi', prezime: 'Admin', role: 'admin', level: 0, sites: [admin.site], expiresAt: new Date(Date.now() + 86_400_000).toISOString() } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await endElsewhere).toEqual(endedByServer);
    expect(await endWorking).toBe('still open');
  });

  it("a session ended without notice (another server's notice lost) closes its sockets at the next sweep", async () => {
    const { session } = await newUser();
    const socket = await open({ token: session.token });
    const bystander = await open({ token: admin.token });
    const end = ending(socket);
    // Ended in the database only, as by another server whose notification never arrived.
    await t.database.db.execute(sql`update sessions set ended_at = now(), end_reason = 'logout' where token_hash = ${hashToken(session.token)}`);
    await attached.sweep();
    expect(await end).toEqual(endedByServer);
    expect(bystander.connected).toBe(true);
  });
});
