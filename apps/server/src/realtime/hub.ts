import type { Server } from 'socket.io';
import { WALL_DISPLAY_CHANGED_EVENT } from '@lis/domain';

export const siteRoom = (siteId: string) => `site:${siteId}`;
/** Every socket of a user is also in the user's own room, so ending the user's sessions reaches all their tabs. */
export const userRoom = (userId: string) => `user:${userId}`;
/** The wall displays (/dashboard) of a site: admitted by display key, they only ever hear that something changed. */
export const wallDisplayRoom = (siteId: string) => `dashboard:${siteId}`;

/** Sent to a user's sockets when their sessions were ended (disabled, rights changed, password reset), just before they are closed. */
export const SESSION_ENDED_EVENT = 'session:ended';

/** Between server processes: a user's sessions were ended (the payload is the user's id). */
const USER_SESSIONS_ENDED = 'user:sessions-ended';

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
      io.on(USER_SESSIONS_ENDED, (userId: unknown) => {
        if (typeof userId === 'string') this.endLocalUserSockets(userId);
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
   * The user's sessions have ended: each open socket of the user is told (so the page goes to the sign-in)
   * and closed by the server. The event goes out before the disconnect on the same connection, so it arrives first.
   */
  endUserSockets(userId: string): void {
    if (!this.io) return;
    this.endLocalUserSockets(userId);
    // Each other server ends its own sockets of the user, event first, on receiving this one message: a room
    // broadcast and a remote disconnect would travel as two notifications, and the disconnect could overtake
    // the event.
    if (this.acrossServers) this.io.serverSideEmit(USER_SESSIONS_ENDED, userId);
  }

  private endLocalUserSockets(userId: string): void {
    if (!this.io) return;
    this.io.local.to(userRoom(userId)).emit(SESSION_ENDED_EVENT, {});
    this.io.local.in(userRoom(userId)).disconnectSockets();
  }
}
