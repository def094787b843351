/**
 * What other features may use of realtime: subscribing a screen to a socket
 * event of the current session (e.g. a list that reloads when a result of its
 * site is approved). The connection itself is mounted by the shell (app/).
 */
export { SOCKET_TRANSPORTS, useRealtimeEvent } from './realtime.ts';
