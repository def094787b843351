/**
 * Automatic logout after idleTime seconds without mouse, keyboard or touch
 * activity. Activity in any tab of the app counts:
 * the last moment of activity is shared through localStorage.
 * The shell mounts `useIdleLogout`; nothing else needs to.
 */
import { useEffect, useRef } from 'react';
import { STORAGE_KEYS } from '../../lib/session-store.ts';

export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** The spec's default session idle time: 8 hours. */
export const DEFAULT_IDLE_SECONDS = 28_800;
export const LAST_ACTIVITY_KEY = STORAGE_KEYS.lastActivity;
// Browsers run a longer timeout at once; the check simply re-arms for the rest.
const MAX_TIMER_MS = 2_147_483_647;
// Mouse moves arrive many times a second; sharing one every few seconds is plenty for an idle limit in minutes or hours.
const SHARE_INTERVAL_MS = 5_000;

export interface IdleTimerOptions {
  timeoutMs: number;
  onIdle: () => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
}

export class IdleTimer {
  private lastActivity = 0;
  private lastShared = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private readonly now: () => number;

  constructor(private readonly options: IdleTimerOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const target = this.options.target ?? window;
    for (const event of ACTIVITY_EVENTS) target.addEventListener(event, this.onActivity, { passive: true, capture: true });
    target.addEventListener('visibilitychange', this.check);
    this.recordActivity(true);
    this.schedule(this.options.timeoutMs);
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    const target = this.options.target ?? window;
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, this.onActivity, { capture: true });
    target.removeEventListener('visibilitychange', this.check);
    clearTimeout(this.timer);
  }

  private readonly onActivity = (): void => {
    this.recordActivity(false);
  };

  private recordActivity(force: boolean): void {
    const now = this.now();
    this.lastActivity = now;
    if (force || now - this.lastShared >= SHARE_INTERVAL_MS) {
      this.lastShared = now;
      try {
        this.options.storage?.setItem(LAST_ACTIVITY_KEY, String(now));
      } catch {
        // Storage full or blocked: this tab's own activity still counts.
      }
    }
  }

  private sharedActivity(): number {
    try {
      const value = Number(this.options.storage?.getItem(LAST_ACTIVITY_KEY));
      return Number.isFinite(value) ? value : 0;
    } catch {
      return 0;
    }
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.check, Math.min(Math.max(delayMs, 0), MAX_TIMER_MS));
  }

  private readonly check = (): void => {
    if (!this.running) return;
    const last = Math.max(this.lastActivity, this.sharedActivity());
    const remaining = last + this.options.timeoutMs - this.now();
    if (remaining > 0) {
      this.schedule(remaining);
      return;
    }
    this.stop();
    this.options.onIdle();
  };
}

/** Calls `onIdle` once after `idleSeconds` without activity; restarts when the idle time changes. */
export function useIdleLogout(idleSeconds: number, onIdle: () => void): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  });
  useEffect(() => {
    const seconds = Number.isFinite(idleSeconds) && idleSeconds > 0 ? idleSeconds : DEFAULT_IDLE_SECONDS;
    const timer = new IdleTimer({ timeoutMs: seconds * 1000, onIdle: () => onIdleRef.current(), storage: localStorage });
    timer.start();
    return () => timer.stop();
  }, [idleSeconds]);
}
