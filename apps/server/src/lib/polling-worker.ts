/**
 * The loop of a background queue worker (the e-mail outbox, the HL7 outbound queue): `drain()` does
 * everything due now; the worker runs it at start, when woken (a call has just queued work) and every
 * `pollMs` otherwise. Never two drains at once: a wake during a drain runs one more after it. A failing
 * drain (the database blinked) is reported and tried again at the next round; the process never exits
 * because of it.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wakeAgain = false;
  private stopped = true;
  /** Set by stop(): the drain in progress ends after the item in hand. */
  protected stopRequested = false;

  protected constructor(private readonly pollMs: number, private readonly onError?: (error: unknown) => void) {}

  /** Does everything due now; answers how many attempts it made. */
  abstract drain(): Promise<number>;

  /** Starts polling; the first look is at once. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopRequested = false;
    this.wake();
  }

  /** Looks for due work now (called after work is queued); a wake during a run runs once more after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain()
      .then(() => undefined, (error: unknown) => this.onError?.(error))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), this.pollMs);
        this.timer.unref();
      });
  }

  /** Stops polling and waits for the item in hand to be settled (a claim left behind goes stale and is taken again). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopRequested = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
