/**
 * The socket.io connection of a signed-in session:
 * authenticated with the token, in the room of the current site; a site
 * switch moves it to the new room ('site' event). Result events feed the
 * notification lists; refrigerator alarms already open come from the server
 * too (`useOpenLoggerAlarms`). The shell mounts both; a screen that wants
 * another event subscribes with `useRealtimeEvent('temperature', handler)`.
 */
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { unacknowledgedAlarmsAnswer, loggerContracts } from '@lis/domain';
import { call } from '../../api/client.ts';
import { notify } from '../../components/notify.tsx';
import { currentLanguage, i18n } from '../../i18n/index.ts';
import { assayName } from '../../lib/catalogue-name.ts';
import { formatNumber } from '../../lib/format.ts';
import { criticalValueText } from '../../lib/critical-value-text.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { DISMISS_EVENTS, type DismissEvent, EVENT_LISTS, type RealtimeEvent, notificationStore } from './notification-lists.ts';

const textOr = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A refrigerator alarm's line in the bell, in the user's language: its name and what is wrong
 * ("Frižider 1: van opsega (9,4 °C)"); a rejected control run's: the assay, the rules and where it was measured,
 * keyed by the run; a critical result's: the sample's line and why ("… · kritična vrijednost: Glukoza 30 mmol/L").
 * Tests are named in the reader's language (the events carry naziv_en and naziv_de).
 * Other sample events carry their line as `info` already.
 */
export function withBellInfo(event: RealtimeEvent, payload: unknown): unknown {
  if (event === 'result:critical' && payload && typeof payload === 'object') {
    const sample = payload as { info?: unknown; kriticno?: unknown };
    const values = (Array.isArray(sample.kriticno) ? sample.kriticno : []).flatMap((value: unknown) => {
      if (!value || typeof value !== 'object') return [];
      const { naziv, naziv_en: nazivEn, naziv_de: nazivDe, rezultat, jedinica } = value as Record<string, unknown>;
      return typeof naziv === 'string' && typeof rezultat === 'string'
        ? [criticalValueText({ naziv, naziv_en: textOr(nazivEn), naziv_de: textOr(nazivDe), rezultat, jedinica: textOr(jedinica) })] : [];
    });
    const reason = i18n.t('notifications.critical', { values: values.join(', ') });
    return { ...payload, info: [typeof sample.info === 'string' ? sample.info : '', reason].filter(Boolean).join(' · ') };
  }
  if (event === 'qc:rejected' && payload && typeof payload === 'object') {
    const run = payload as { serija?: unknown; naziv?: unknown; naziv_en?: unknown; naziv_de?: unknown; pravila?: unknown; analyser?: unknown };
    return {
      ...payload, id: run.serija,
      info: i18n.t('qc.bellRejected', {
        assay: assayName({ naziv: textOr(run.naziv), naziv_en: textOr(run.naziv_en), naziv_de: textOr(run.naziv_de) }, currentLanguage()),
        rules: Array.isArray(run.pravila) ? run.pravila.filter((rule) => typeof rule === 'string').join(', ') : '',
        source: typeof run.analyser === 'string' ? run.analyser : i18n.t('qc.byHand'),
      }),
    };
  }
  if (event !== 'logger:alarm' || !payload || typeof payload !== 'object') return payload;
  const alarm = payload as { naziv?: unknown; vrsta?: unknown; vrijednost?: unknown };
  const value = typeof alarm.vrijednost === 'number' ? formatNumber(alarm.vrijednost, i18n.language, { decimals: 1 }) : '—';
  const key = alarm.vrsta === 'tisina' ? 'logger.bellAlarm_tisina' : 'logger.bellAlarm_opseg';
  return { ...payload, info: i18n.t(key, { naziv: typeof alarm.naziv === 'string' ? alarm.naziv : '', value }) };
}

let activeSocket: Socket | null = null;
const socketListeners = new Set<(socket: Socket | null) => void>();

function setActiveSocket(socket: Socket | null): void {
  activeSocket = socket;
  for (const listener of socketListeners) listener(socket);
}

export interface SocketFactory {
  (options: { token: string; site: string }): Socket;
}

/**
 * WebSocket first, long-polling only where a proxy refuses WebSocket: a WebSocket is one connection to one
 * server, so several servers behind a load balancer need no sticky sessions (polling would).
 */
export const SOCKET_TRANSPORTS = ['websocket', 'polling'];

export const connectSocket: SocketFactory = ({ token, site }) =>
  io({ path: '/socket.io', auth: { token, site }, transports: SOCKET_TRANSPORTS });

/** The server ends a user's sessions (disabled, rights changed, password reset): it says so, then closes the socket. */
export const SESSION_ENDED_EVENT = 'session:ended';

/** The session is over on the server: forget it here, so the guard shows the sign-in at once. */
function sessionEnded(): void {
  // Signing out here, the server's notice is the expected echo: no warning.
  if (sessionStore.get().status === 'anonymous' || sessionStore.isSigningOut()) return;
  sessionStore.clear();
  notify.warning(i18n.t('auth.sessionEnded'));
}

/**
 * The socket of the signed-in session; `token` null keeps it closed (a user who must still change the
 * initial password gets no site events). A socket closed by the server means the session was ended there.
 */
export function useRealtime(token: string | null, siteId: string, connect: SocketFactory = connectSocket): void {
  const siteRef = useRef(siteId);
  const socketRef = useRef<Socket | null>(null);

  useEffect(() => {
    if (token === null) return undefined;
    const socket = connect({ token, site: siteRef.current });
    socket.on(SESSION_ENDED_EVENT, sessionEnded);
    socket.on('disconnect', (reason: string) => {
      if (reason === 'io server disconnect') sessionEnded();
    });
    for (const event of Object.keys(EVENT_LISTS) as RealtimeEvent[]) {
      socket.on(event, (payload: unknown) => notificationStore.receive(event, withBellInfo(event, payload), sessionStore.siteId()));
    }
    for (const event of Object.keys(DISMISS_EVENTS) as DismissEvent[]) {
      socket.on(event, (payload: unknown) => notificationStore.dismissByEvent(event, payload, sessionStore.siteId()));
    }
    socketRef.current = socket;
    setActiveSocket(socket);
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      setActiveSocket(null);
      notificationStore.clear();
    };
  }, [token, connect]);

  useEffect(() => {
    if (siteRef.current === siteId) return;
    siteRef.current = siteId;
    const socket = socketRef.current;
    if (!socket) return;
    // A reconnect sends `auth` again, so it must name the new site as well.
    if (token !== null) socket.auth = { token, site: siteId };
    socket.emit('site', siteId);
  }, [siteId, token]);
}

/** Subscribes a screen to one socket event while it is mounted. */
export function useRealtimeEvent(event: string, handler: (payload: unknown) => void): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const listener = (payload: unknown) => handlerRef.current(payload);
    let current: Socket | null = null;
    const attach = (socket: Socket | null) => {
      current?.off(event, listener);
      current = socket;
      current?.on(event, listener);
    };
    attach(activeSocket);
    socketListeners.add(attach);
    return () => {
      socketListeners.delete(attach);
      current?.off(event, listener);
    };
  }, [event]);
}

/**
 * The read of each kind of bell entry under way: for which site, and whether another was asked for meanwhile (the
 * connect and the first render both ask at sign-in: one call is enough; a change told while a read is under way is
 * read once more after it, so the bell never settles on what the earlier read saw).
 */
const bellLoading = new Map<RealtimeEvent, { site: string; again: boolean }>();

/**
 * Entries of one kind read from the server into the bell (as if their events had just come): `load` answers the
 * payloads for the site, or null when the answer was not understood. The bell keeps what it has when the call fails
 * (the socket's events and the next connect bring the rest), and ignores an answer for a site the user has left.
 */
export async function syncBellFromServer(event: RealtimeEvent, load: (site: string) => Promise<readonly unknown[] | null>): Promise<void> {
  const site = sessionStore.siteId();
  if (site === null) return;
  const underWay = bellLoading.get(event);
  if (underWay?.site === site) {
    underWay.again = true;
    return;
  }
  const current = { site, again: false };
  bellLoading.set(event, current);
  try {
    const payloads = await load(site);
    if (payloads !== null && sessionStore.siteId() === site) notificationStore.sync(event, payloads, site);
  } catch {
    // The bell keeps what it has.
  } finally {
    if (bellLoading.get(event) === current) bellLoading.delete(event);
  }
  if (current.again) await syncBellFromServer(event, load);
}

/** The site's open refrigerator alarms nobody acknowledged. */
function loadOpenLoggerAlarms(): Promise<void> {
  return syncBellFromServer('logger:alarm', async (site) => {
    const answer = unacknowledgedAlarmsAnswer.safeParse(await call(loggerContracts.unacknowledgedAlarms));
    if (!answer.success) return null;
    return answer.data.alarmi.map((alarm) => withBellInfo('logger:alarm', {
      id: alarm._id, frizider: alarm.frizider, naziv: alarm.naziv, vrsta: alarm.vrsta, pocetak: alarm.pocetak, vrijednost: alarm.vrijednost, site,
    }));
  });
}

/**
 * Refrigerator alarms raised before the page loaded belong in the bell as much as those raised while it is open:
 * the open, unacknowledged ones of the current site are read when the page loads, when the site changes and on
 * every socket connect (an alarm raised, cleared or acknowledged while the socket was down). `enabled` is whether
 * the session may read the logger at all.
 */
export function useOpenLoggerAlarms(enabled: boolean, siteId: string): void {
  useEffect(() => {
    if (enabled) void loadOpenLoggerAlarms();
  }, [enabled, siteId]);
  useRealtimeEvent('connect', () => {
    if (enabled) void loadOpenLoggerAlarms();
  });
}
