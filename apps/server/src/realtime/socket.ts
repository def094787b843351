import type { Server, Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import { isConnectionFailure } from '../lib/db-errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { endedSessionsAmong, findActiveSession } from '../modules/auth/session-repository.ts';
import { siteOfDisplayKey } from '../modules/statistics/service.ts';
import { SESSION_ENDED_EVENT, sessionRoom, siteRoom, userRoom, wallDisplayRoom } from './hub.ts';

/** What a socket carries once admitted: the site whose room it is in, and the sites its user may switch to. */
interface SiteMembership {
  /** A wall display (admitted by its display key, no user): it joins only its site's display room. */
  wallDisplay?: true;
  userId: string;
  siteId: string;
  siteIds: string[];
  /** The session the socket was admitted with (empty for a wall display), and its token's hash for re-checking it. */
  sessionId: string;
  tokenHash: string;
  /** When the session ends unless it is used again (idle deadline, lifetime, the account's end). */
  endsAt: Date;
}

/** The socket's session is over: the page is told (so it goes to the sign-in), then the socket is closed. */
function closeEnded(socket: Socket): void {
  socket.emit(SESSION_ENDED_EVENT, {});
  socket.disconnect(true);
}

// setTimeout's longest delay (about 24.8 days); a later deadline is checked again then.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

// socket.io types `socket.data` as any; every read and write of it goes through this one typed view.
function membership(socket: Socket): SiteMembership {
  return socket.data as SiteMembership;
}

export interface RealtimeOptions {
  /** How often this server re-reads which of its sockets' sessions have ended (default a minute). */
  sweepMs?: number;
}

export interface AttachedRealtime {
  /** Closes the sockets of sessions that have ended, whether or not their ending was announced. */
  sweep(): Promise<void>;
  stop(): void;
}

/**
 * A socket connects with the session token and joins its site's room; it may
 * switch to another of the user's sites. Events for a site go to that room only.
 */
export function attachRealtime(io: Server, db: Db, options: RealtimeOptions = {}): AttachedRealtime {
  io.use((socket, next) => void admit(socket, next));
  async function admit(socket: Socket, next: (error?: Error) => void): Promise<void> {
    const displayKey: unknown = socket.handshake.auth.dashboardKey;
    if (typeof displayKey === 'string') {
      try {
        const siteId = await siteOfDisplayKey(db, displayKey);
        if (siteId === null) return next(new Error('unauthorized'));
        const display: SiteMembership = {
          wallDisplay: true, userId: '', siteId, siteIds: [siteId], sessionId: '', tokenHash: '', endsAt: new Date(8.64e15),
        };
        socket.data = display;
        return next();
      } catch (error) {
        return next(new Error(isConnectionFailure(error) ? 'db.connection' : 'server.error'));
      }
    }
    const token = typeof socket.handshake.auth.token === 'string' ? socket.handshake.auth.token : '';
    const tokenHash = hashToken(token);
    let session: Awaited<ReturnType<typeof findActiveSession>> = null;
    try {
      session = token ? await findActiveSession(db, tokenHash, new Date()) : null;
    } catch (error) {
      // socket.io does not catch a rejected middleware: an unreachable database would end the whole process.
      return next(new Error(isConnectionFailure(error) ? 'db.connection' : 'server.error'));
    }
    if (!session) return next(new Error('unauthorized'));
    // Site events name patients: a user who must still change the initial password gets none of them.
    if (session.mustChangePassword) return next(new Error('auth.passwordChangeRequired'));
    const wanted = typeof socket.handshake.auth.site === 'string' ? socket.handshake.auth.site : session.siteId;
    const admitted: SiteMembership = {
      userId: session.userId, siteIds: session.siteIds, siteId: session.siteIds.includes(wanted) ? wanted : session.siteId,
      sessionId: session.sessionId, tokenHash, endsAt: session.endsAt,
    };
    socket.data = admitted;
    return next();
  }
  io.on('connection', (socket) => {
    const member = membership(socket);
    if (member.wallDisplay) {
      void socket.join(wallDisplayRoom(member.siteId));
      return;
    }
    void socket.join([siteRoom(member.siteId), userRoom(member.userId), sessionRoom(member.sessionId)]);
    watchExpiry(socket, member);
    socket.on('site', (siteId: unknown) => {
      if (typeof siteId !== 'string' || !member.siteIds.includes(siteId)) return;
      void socket.leave(siteRoom(member.siteId));
      member.siteId = siteId;
      void socket.join(siteRoom(siteId));
    });
  });

  /**
   * Idle and absolute expiry have no event: at the moment the session would end, the socket asks the database
   * again. A session used meanwhile (its last use moved the idle deadline) is watched on to its new deadline; an
   * ended one (expired, signed out, or ended on another server whose notice was lost) closes the socket, telling
   * it first, as an ended session does.
   */
  function watchExpiry(socket: Socket, member: SiteMembership): void {
    let timer: NodeJS.Timeout | undefined;
    const schedule = (endsAt: Date) => {
      // A few milliseconds past the deadline, so the session is surely over by the database's clock when it is read.
      timer = setTimeout(() => void check(), Math.min(Math.max(endsAt.getTime() - Date.now() + 5, 0), LONGEST_TIMER_MS));
    };
    const check = async () => {
      if (socket.disconnected) return;
      let session: Awaited<ReturnType<typeof findActiveSession>>;
      try {
        session = await findActiveSession(db, member.tokenHash, new Date());
      } catch {
        // The database cannot say: ask again shortly rather than guess either way.
        schedule(new Date(Date.now() + 5_000));
        return;
      }
      if (socket.disconnected) return;
      if (session && session.sessionId === member.sessionId) {
        member.endsAt = session.endsAt;
        schedule(session.endsAt);
        return;
      }
      closeEnded(socket);
    };
    schedule(member.endsAt);
    socket.on('disconnect', () => clearTimeout(timer));
  }

  /**
   * The backstop of the announcements: an ended session's notice between servers travels over PostgreSQL
   * notifications, which a broken listening connection can lose. Each server therefore re-reads, in one query,
   * which of its sockets' sessions have ended, and closes those sockets.
   */
  async function sweep(): Promise<void> {
    const sockets = [...io.of('/').sockets.values()].filter((socket) => !membership(socket).wallDisplay && membership(socket).sessionId);
    if (sockets.length === 0) return;
    let ended: Set<string>;
    try {
      ended = new Set(await endedSessionsAmong(db, [...new Set(sockets.map((socket) => membership(socket).sessionId))]));
    } catch {
      return; // The database cannot say now; the next round asks again.
    }
    for (const socket of sockets) if (ended.has(membership(socket).sessionId)) closeEnded(socket);
  }
  const sweeper = setInterval(() => void sweep(), options.sweepMs ?? 60_000);
  sweeper.unref();
  return { sweep, stop: () => clearInterval(sweeper) };
}
