import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { claimLeases, releaseLeases, renewLeases } from './lease-repository.ts';

/** A lease lasts this long unless renewed; a dead holder's analysers are taken over within it plus one round. */
export const LEASE_TTL_MS = 20_000;
/** How often a process renews its leases and looks for analysers no one runs. */
export const LEASE_ROUND_MS = 5_000;

export interface LeaseEvents {
  /** This process now holds the analyser: open its connection. */
  gained(analyserId: string): Promise<void> | void;
  /** This process no longer holds it (another took it after a missed renewal): close its connection at once. */
  lost(analyserId: string): Promise<void> | void;
  /** After every round, with the analysers this process now holds (to publish their state, pick up changes). */
  afterRound?(held: ReadonlySet<string>): Promise<void> | void;
  error?(error: unknown): void;
}

/**
 * Each analyser's connection runs in one server process at a time, however many run on the database: the one
 * holding the analyser's lease. Every round a process renews its leases and claims the analysers nobody
 * holds (new ones, or a dead process's once their lease expired, so a takeover comes within LEASE_TTL_MS +
 * LEASE_ROUND_MS of a death). A process that misses its renewals (stalled, cut off from the database) loses
 * its leases and closes those connections when it next gets through, before anything else it does there;
 * meanwhile it cannot store what it receives (its database is away), and an analyser resends what was not
 * acknowledged. An orderly stop releases the leases so another process takes them at its next round.
 */
export class AnalyserLeases {
  readonly owner = randomUUID();
  private held = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly events: LeaseEvents,
    private readonly options: { ttlMs?: number; roundMs?: number } = {},
  ) {}

  private get ttlMs(): number {
    return this.options.ttlMs ?? LEASE_TTL_MS;
  }

  holds(analyserId: string): boolean {
    return this.held.has(analyserId);
  }

  /** The first round at once, then one every round. */
  async start(): Promise<void> {
    await this.round();
    this.timer = setInterval(() => void this.round(), this.options.roundMs ?? LEASE_ROUND_MS);
    this.timer.unref();
  }

  /** One round: renew, claim, and tell what changed. Rounds never overlap. */
  round(): Promise<void> {
    this.running = this.running.then(async () => {
      try {
        const renewed = await renewLeases(this.db, this.owner, this.ttlMs);
        const claimed = await claimLeases(this.db, this.owner, this.ttlMs);
        const now = new Set([...renewed, ...claimed]);
        const lost = [...this.held].filter((id) => !now.has(id));
        const gained = [...now].filter((id) => !this.held.has(id));
        this.held = now;
        for (const id of lost) await this.events.lost(id);
        for (const id of gained) await this.events.gained(id);
        await this.events.afterRound?.(now);
      } catch (error) {
        this.events.error?.(error);
      }
    });
    return this.running;
  }

  /** Stops the rounds and gives the leases up. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    const held = [...this.held];
    this.held.clear();
    await releaseLeases(this.db, this.owner, held).catch((error: unknown) => this.events.error?.(error));
  }
}
