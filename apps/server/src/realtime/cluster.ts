import { createAdapter } from '@socket.io/postgres-adapter';
import type { Server } from 'socket.io';
import type { Database } from '../db/client.ts';

/**
 * Several server processes on one PostgreSQL database act as one for real-time events: each event a process
 * emits to a room (a site, a user, the wall displays) reaches the sockets of that room on every process,
 * carried by PostgreSQL itself (LISTEN/NOTIFY through socket.io's postgres adapter, large events through
 * the socket_io_attachments table), so no other service is needed. Ending a user's sessions closes their
 * sockets on every process too. Answers whether events are shared (the hub then shares ended sessions). With the embedded database there is one process: the in-process adapter stays.
 */
export function shareEventsAcrossServers(io: Server, database: Database, onError: (error: Error) => void): boolean {
  if (!database.pool) return false;
  io.adapter(createAdapter(database.pool, { errorHandler: onError }));
  return true;
}
