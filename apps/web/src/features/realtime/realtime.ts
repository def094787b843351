/**
 * The socket.io connection of a signed-in session:
 * authenticated with the token, in the room of the current site; a site
 * switch moves it to the new room ('site' event). Result events feed the
 * notification lists. The shell mounts `useRealtime`; a screen that wants
 * another event subscribes with `useRealtimeEvent('temperature', handler)`.
 */
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { sessionStore } from '../../lib/session-store.ts';
import { EVENT_LISTS, type RealtimeEvent, notificationStore } from './notification-lists.ts';

let activeSocket: Socket | null = null;
const socketListeners = new Set<(socket: Socket | null) => void>();

function setActiveSocket(socket: Socket | null): void {
  activeSocket = socket;
  for (const listener of socketListeners) listener(socket);
}

export interface SocketFactory {
  (options: { token: string; site: string }): Socket;
}

export const connectSocket: SocketFactory = ({ token, site }) =>
  io({ path: '/socket.io', auth: { token, site } });

export function useRealtime(token: string, siteId: string, connect: SocketFactory = connectSocket): void {
  const siteRef = useRef(siteId);
  const socketRef = useRef<Socket | null>(null);

  useEffect(() => {
    const socket = connect({ token, site: siteRef.current });
    for (const event of Object.keys(EVENT_LISTS) as RealtimeEvent[]) {
      socket.on(event, (payload: unknown) => notificationStore.receive(event, payload, sessionStore.siteId()));
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
    socket.auth = { token, site: siteId };
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
