import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimer, LAST_ACTIVITY_KEY } from './idle-timer.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('IdleTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-10T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls onIdle once after the idle time without activity', () => {
    const onIdle = vi.fn();
    const timer = new IdleTimer({ timeoutMs: 60_000, onIdle, target: window, storage: memoryStorage() });
    timer.start();
    vi.advanceTimersByTime(59_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(['mousemove', 'keydown', 'touchstart'])('starts counting again after %s', (eventName) => {
    const onIdle = vi.fn();
    const timer = new IdleTimer({ timeoutMs: 60_000, onIdle, target: window, storage: memoryStorage() });
    timer.start();
    vi.advanceTimersByTime(50_000);
    window.dispatchEvent(new Event(eventName));
    vi.advanceTimersByTime(50_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    timer.stop();
  });

  it('counts activity another tab shared', () => {
    const onIdle = vi.fn();
    const storage = memoryStorage();
    const timer = new IdleTimer({ timeoutMs: 60_000, onIdle, target: window, storage });
    timer.start();
    vi.advanceTimersByTime(40_000);
    storage.values.set(LAST_ACTIVITY_KEY, String(Date.now()));
    vi.advanceTimersByTime(20_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(40_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing after stop', () => {
    const onIdle = vi.fn();
    const timer = new IdleTimer({ timeoutMs: 1_000, onIdle, target: window, storage: memoryStorage() });
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('handles idle times longer than a browser timer can hold', () => {
    const onIdle = vi.fn();
    const thirtyDays = 30 * 24 * 3_600_000;
    const timer = new IdleTimer({ timeoutMs: thirtyDays, onIdle, target: window, storage: memoryStorage() });
    timer.start();
    vi.advanceTimersByTime(thirtyDays - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
