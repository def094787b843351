import { statfs } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';

// The embedded database (PGlite) must never meet a full disk: PGlite 0.5.16 handles a data file that cannot grow
// (SQLSTATE 53100, the transaction rolls back, the instance stays usable), but when it has to create a new
// write-ahead-log segment (a 16 MB file) on a full disk it spins in its WebAssembly forever. That runs on the
// Node main thread, so the whole server hangs at 100 % CPU: no request is answered (not even /api/health), and
// SIGTERM is never handled (only SIGKILL ends it). Found by hand (a full tmpfs, one write then pg_switch_wal()).
// The rule: while the disk of DATA_DIR has less than the reserve free, every statement that may write (all but a
// plain SELECT or SHOW) and every transaction is refused before it reaches PGlite, with SQLSTATE 53100 (disk_full),
// which the API answers as the clear 503 'Greška prilikom konekcije na DB.' (lib/db-errors.ts). Reads go on.
// The reserve (DATA_DIR_MIN_FREE_MB, default 64 MB: four segments) is far more than the writes that can slip in
// between two looks at the disk. Writing resumes by itself once space is freed.

export const DEFAULT_MIN_FREE_BYTES = 64 * 1024 * 1024;
/** While there is room, the disk is looked at again at most this often; while there is not, at every write. */
const RECHECK_MS = 500;

/** The refusal: SQLSTATE 53100 (disk_full), as PostgreSQL says it, so every caller treats it as one. */
export class DiskAlmostFullError extends Error {
  readonly code = '53100';
  constructor(freeBytes: number, minFreeBytes: number) {
    super(`could not write: the data directory's disk has ${Math.floor(freeBytes / 1048576)} MB free, less than the reserve of ${Math.floor(minFreeBytes / 1048576)} MB`);
    this.name = 'DiskAlmostFullError';
  }
}

export class DiskRoom {
  private checkedAt = 0;
  private freeBytes = Number.POSITIVE_INFINITY;
  private looking: Promise<void> | null = null;
  private warned = false;

  constructor(
    private readonly dir: string,
    private readonly minFreeBytes: number,
    private readonly log: { warn(text: string): void; info(text: string): void },
  ) {}

  /** Throws DiskAlmostFullError while the disk has less than the reserve free. */
  async assertRoom(): Promise<void> {
    const low = this.freeBytes < this.minFreeBytes;
    if (low || Date.now() - this.checkedAt >= RECHECK_MS) {
      this.looking ??= this.look().finally(() => { this.looking = null; });
      await this.looking;
    }
    if (this.freeBytes < this.minFreeBytes) throw new DiskAlmostFullError(this.freeBytes, this.minFreeBytes);
  }

  private async look(): Promise<void> {
    try {
      const { bavail, bsize } = await statfs(this.dir);
      this.freeBytes = bavail * bsize;
    } catch {
      // The directory cannot be looked at (removed, say): PGlite's own write error says what is wrong.
      this.freeBytes = Number.POSITIVE_INFINITY;
    }
    this.checkedAt = Date.now();
    const low = this.freeBytes < this.minFreeBytes;
    if (low && !this.warned) this.log.warn(`DATA_DIR: less than ${Math.floor(this.minFreeBytes / 1048576)} MB free; writes answer 503 until space is freed`);
    if (!low && this.warned) this.log.info('DATA_DIR: space freed; writes resume');
    this.warned = low;
  }
}

/** A plain read: it writes nothing PGlite could need a new file for. */
function isPlainRead(text: string): boolean {
  return /^\s*(select|show)\b/i.test(text) && !/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text) && !/\bnextval\s*\(/i.test(text);
}

/** The PGlite instance as drizzle sees it, with every write and every transaction first asking `room`. */
export function guardedByDiskRoom(client: PGlite, room: DiskRoom): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return async (...args: Parameters<PGlite['query']>) => {
          if (!isPlainRead(args[0])) await room.assertRoom();
          return target.query(...args);
        };
      }
      if (property === 'exec') {
        return async (...args: Parameters<PGlite['exec']>) => {
          if (!isPlainRead(args[0])) await room.assertRoom();
          return target.exec(...args);
        };
      }
      if (property === 'transaction') {
        return async (...args: Parameters<PGlite['transaction']>) => {
          await room.assertRoom();
          return target.transaction(...args);
        };
      }
      // The target as receiver: PGlite's getters read its private fields, which a proxy does not have.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
