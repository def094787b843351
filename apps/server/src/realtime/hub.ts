import type { Server } from 'socket.io';

export const siteRoom = (siteId: string) => `site:${siteId}`;

/** Services publish site events here; in tests nothing is attached and events go nowhere. */
export class RealtimeHub {
  private io: Server | null = null;

  attach(io: Server): void {
    this.io = io;
  }

  emitToSite(siteId: string, event: string, payload: unknown): void {
    this.io?.to(siteRoom(siteId)).emit(event, { ...(payload as object), site: siteId });
  }
}
