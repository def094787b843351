import type { Server } from 'socket.io';
import { WALL_DISPLAY_CHANGED_EVENT } from '@lis/domain';

export const siteRoom = (siteId: string) => `site:${siteId}`;
/** Every socket of a user is also in the user's own room, so ending the user's sessions reaches all their tabs. */
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket is in the room of the session it was admitted with: a session that ends closes exactly its sockets. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** The wall displays (/dashboard) of a site: admitted by display key, they only ever hear that something changed. */
export const wallDisplayRoom = (siteId: string) => `dashboard:${siteId}`;

/**
 * Sent to a session's sockets when the session ended (sign-out, password change elsewhere, idle or absolute expiry,
 * an administrator's change of the user), just before they are closed.
 */
export const SESSION_ENDED_EVENT = 'session:ended';

/** Between server processes: sessions were ended (the payload is the list of their ids). */
const SESSIONS_ENDED = 'sessions:ended';

/** Services publish site events here; in tests nothing is attached and events go nowhere. */
export class RealtimeHub {
  private io: Server | null = null;
  private acrossServers = false;

  /**
   * `acrossServers`: the server shares events with other processes through the database (realtime/cluster.ts);
   * they then also tell each other of ended sessions.
   */
  attach(io: Server, options: { acrossServers?: boolean } = {}): void {
    this.io = io;
    this.acrossServers = options.acrossServers ?? false;
    if (this.acrossServers) {
      io.on(SESSIONS_ENDED, (sessionIds: unknown) => {
        if (Array.isArray(sessionIds)) this.endLocalSessionSockets(sessionIds.filter((id): id is string => typeof id === 'string'));
      });
    }
  }

  emitToSite(siteId: string, event: string, payload: unknown): void {
    this.io?.to(siteRoom(siteId)).emit(event, { ...(payload as object), site: siteId });
    // No payload: a wall display has no session, so it must never receive what the site's events name.
    this.io?.to(wallDisplayRoom(siteId)).emit(WALL_DISPLAY_CHANGED_EVENT);
  }

  /**
   * An event for the people signed in on the site only (the staff chat): unlike `emitToSite` it does not nudge
   * the site's wall displays, whose figures a chat message does not change.
   */
  emitToSiteStaff(siteId: string, event: string, payload: unknown): void {
    this.io?.to(siteRoom(siteId)).emit(event, { ...(payload as object), site: siteId });
  }

  /** A lab-wide event (no site data in it) to every signed-in page, whatever its site. */
  emitToAll(event: string, payload: unknown): void {
    this.io?.emit(event, payload);
  }

  /**
   * These sessions have ended: each open socket of them, on this server and every other, is told (so the page goes
   * to the sign-in) and closed by the server. The event goes out before the disconnect on the same connection, so
   * it arrives first. Call it after the transaction that ended the sessions has committed.
   */
  endSessionSockets(sessionIds: readonly string[]): void {
    if (!this.io || sessionIds.length === 0) return;
    this.endLocalSessionSockets(sessionIds);
    // Each other server ends its own sockets of the sessions, event first, on receiving this one message: a room
    // broadcast and a remote disconnect would travel as two notifications, and the disconnect could overtake
    // the event.
    if (this.acrossServers) this.io.serverSideEmit(SESSIONS_ENDED, sessionIds);
  }

  private endLocalSessionSockets(sessionIds: readonly string[]): void {
    if (!this.io) return;
    const rooms = sessionIds.map(sessionRoom);
    this.io.local.to(rooms).emit(SESSION_ENDED_EVENT, {});
    this.io.local.in(rooms).disconnectSockets();
  }
}
