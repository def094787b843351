import type { Server, Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import { isConnectionFailure } from '../lib/db-errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { findActiveSession } from '../modules/auth/session-repository.ts';
import { siteOfDisplayKey } from '../modules/statistics/service.ts';
import { siteRoom, userRoom, wallDisplayRoom } from './hub.ts';

/** What a socket carries once admitted: the site whose room it is in, and the sites its user may switch to. */
interface SiteMembership {
  /** A wall display (admitted by its display key, no user): it joins only its site's display room. */
  wallDisplay?: true;
  userId: string;
  siteId: string;
  siteIds: string[];
}

// socket.io types `socket.data` as any; every read and write of it goes through this one typed view.
function membership(socket: Socket): SiteMembership {
  return socket.data as SiteMembership;
}

/**
 * A socket connects with the session token and joins its site's room; it may
 * switch to another of the user's sites. Events for a site go to that room only.
 */
export function attachRealtime(io: Server, db: Db): void {
  io.use((socket, next) => void admit(socket, next));
  async function admit(socket: Socket, next: (error?: Error) => void): Promise<void> {
    const displayKey: unknown = socket.handshake.auth.dashboardKey;
    if (typeof displayKey === 'string') {
      try {
        const siteId = await siteOfDisplayKey(db, displayKey);
        if (siteId === null) return next(new Error('unauthorized'));
        const display: SiteMembership = { wallDisplay: true, userId: '', siteId, siteIds: [siteId] };
        socket.data = display;
        return next();
      } catch (error) {
        return next(new Error(isConnectionFailure(error) ? 'db.connection' : 'server.error'));
      }
    }
    const token = typeof socket.handshake.auth.token === 'string' ? socket.handshake.auth.token : '';
    let session: Awaited<ReturnType<typeof findActiveSession>> = null;
    try {
      session = token ? await findActiveSession(db, hashToken(token), new Date()) : null;
    } catch (error) {
      // socket.io does not catch a rejected middleware: an unreachable database would end the whole process.
      return next(new Error(isConnectionFailure(error) ? 'db.connection' : 'server.error'));
    }
    if (!session) return next(new Error('unauthorized'));
    // Site events name patients: a user who must still change the initial password gets none of them.
    if (session.mustChangePassword) return next(new Error('auth.passwordChangeRequired'));
    const wanted = typeof socket.handshake.auth.site === 'string' ? socket.handshake.auth.site : session.siteId;
    const admitted: SiteMembership = { userId: session.userId, siteIds: session.siteIds, siteId: session.siteIds.includes(wanted) ? wanted : session.siteId };
    socket.data = admitted;
    return next();
  }
  io.on('connection', (socket) => {
    const member = membership(socket);
    if (member.wallDisplay) {
      void socket.join(wallDisplayRoom(member.siteId));
      return;
    }
    void socket.join([siteRoom(member.siteId), userRoom(member.userId)]);
    socket.on('site', (siteId: unknown) => {
      if (typeof siteId !== 'string' || !member.siteIds.includes(siteId)) return;
      void socket.leave(siteRoom(member.siteId));
      member.siteId = siteId;
      void socket.join(siteRoom(siteId));
    });
  });
}
