import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
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
  if (!database.pool || !database.connectListener) return false;
  io.adapter(createAdapter(listenerPool(database.pool, database.connectListener) as pg.Pool, { errorHandler: onError }));
  return true;
}

/**
 * What the adapter is given as its "pool". The adapter (0.5) NOTIFYs and cleans up through `pool.query`,
 * which is safe, but holds its LISTEN connection from `pool.connect()` with no 'error' listener (a lost
 * connection ended the process) and, when that connection ends, neither releases it (each outage kept one
 * of the pool's connections forever) nor keeps to one reconnection (a failed LISTEN schedules two). So its
 * LISTEN connection is a connection of its own here, with an error listener, outside the pool; its
 * `release()` closes it. When it breaks the adapter sees 'end' and, about 2 s later, connects anew and
 * LISTENs again, until PostgreSQL answers. At most one lives at a time: a newer one closes the older, quietly.
 */
export function listenerPool(pool: pg.Pool, connectListener: () => Promise<pg.Client>): Pick<pg.Pool, 'query' | 'connect'> {
  let current: pg.Client | null = null;
  const retire = (client: pg.Client) => {
    client.removeAllListeners('end');
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
  };
  const connect = async () => {
    const client = await connectListener();
    if (current && current !== client) retire(current);
    current = client;
    const release = () => {
      if (current === client) current = null;
      void client.end().catch(() => undefined);
    };
    return Object.assign(client, { release });
  };
  return { query: pool.query.bind(pool), connect };
}
