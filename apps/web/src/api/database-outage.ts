/**
 * While the server answers 503 `db.connection` (its database is unreachable), the app shows one calm banner
 * instead of a toast per failed call, and asks `/api/health/ready` with back-off until it answers 200; then
 * the banner goes and the calls that failed meanwhile are asked again.
 *
 * The API client reports each such answer here (`reportDatabaseUnreachable`); the banner subscribes
 * (`useDatabaseOutage`); the toasts ask `isDatabaseUnreachable()` and stay quiet for that message.
 */
import { useSyncExternalStore } from 'react';
import { readinessContract } from '@lis/domain';
import { apiAddress } from './api-base.ts';

/** Back-off of the readiness checks: 1 s, 2 s, 4 s, 8 s, then every 10 s. */
export const READY_POLL_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 10_000] as const;
const READY_URL = apiAddress(readinessContract.path);

type Listener = () => void;

let unreachable = false;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<Listener>();
const recoveryListeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function isDatabaseUnreachable(): boolean {
  return unreachable;
}

/** A call answered 503 db.connection: show the banner and start the readiness checks (once). */
export function reportDatabaseUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  attempt = 0;
  emit();
  schedule();
}

function schedule(): void {
  if (timer) clearTimeout(timer);
  const delay = READY_POLL_DELAYS_MS[Math.min(attempt, READY_POLL_DELAYS_MS.length - 1)] ?? 10_000;
  attempt += 1;
  timer = setTimeout(() => void check(), delay);
}

async function check(): Promise<void> {
  timer = null;
  let ready = false;
  try {
    ready = (await fetch(READY_URL, { headers: { Accept: 'application/json' }, cache: 'no-store' })).ok;
  } catch {
    // The server itself is not reached: keep asking; the network toast belongs to the calls themselves.
  }
  if (!unreachable) return;
  if (!ready) {
    schedule();
    return;
  }
  unreachable = false;
  emit();
  for (const listener of recoveryListeners) listener();
}

/** Called once the database answers again (the app refetches what failed meanwhile). */
export function onDatabaseRecovered(listener: Listener): () => void {
  recoveryListeners.add(listener);
  return () => recoveryListeners.delete(listener);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDatabaseOutage(): boolean {
  return useSyncExternalStore(subscribe, isDatabaseUnreachable, isDatabaseUnreachable);
}

/** Tests: back to the start. */
export function resetDatabaseOutage(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  unreachable = false;
  attempt = 0;
  emit();
}
