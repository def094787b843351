import type { Server, Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import { isConnectionFailure } from '../lib/db-errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { findActiveSession } from '../modules/auth/session-repository.ts';
import { siteRoom } from './hub.ts';


/**
 * A socket connects with the session token and joins its site's room; it may
 * switch to another of the user's sites. Events for a site go to that room only.
 */
export function attachRealtime(io: Server, db: Db): void {
  io.use((socket, next) => void admit(socket, next));
  async function admit(socket: Socket, next: (error?: Error) => void): Promise<void> {
    const token = typeof socket.handshake.auth.token === 'string' ? socket.handshake.auth.token : '';
    let session: Awaited<ReturnType<typeof findActiveSession>> = null;
    try {
      session = token ? await findActiveSession(db, hashToken(token), new Date()) : null;
    } catch (error) {
      // socket.io does not catch a rejected middleware: an unreachable database would end the whole process.
      return next(new Error(isConnectionFailure(error) ? 'db.connection' : 'server.error'));
    }
    if (!session) return next(new Error('unauthorized'));
    socket.data.siteIds = session.siteIds;
    const wanted = typeof socket.handshake.auth.site === 'string' ? socket.handshake.auth.site : session.siteId;
    socket.data.siteId = session.siteIds.includes(wanted) ? wanted : session.siteId;
    return next();
  }
  io.on('connection', (socket) => {
    void socket.join(siteRoom(socket.data.siteId as string));
    socket.on('site', (siteId: unknown) => {
      const allowed = socket.data.siteIds as string[];
      if (typeof siteId !== 'string' || !allowed.includes(siteId)) return;
      void socket.leave(siteRoom(socket.data.siteId as string));
      socket.data.siteId = siteId;
      void socket.join(siteRoom(siteId));
    });
  });
}
