/**
 * When a processing list reloads: after this user changed a row (delete,
 * urgent star, approval …), and when another user's work on the same site
 * arrives as a socket event ('result:approved', 'result:completed'), so a
 * second technician sees the list move without reloading the page. Events of
 * another site (a user with several sites switched away) change nothing.
 */
import { useCallback, useState } from 'react';
import { useRealtimeEvent } from '../realtime/index.ts';

export function isEventOfSite(payload: unknown, siteId: string): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { site?: unknown }).site === siteId;
}

export interface ListRefresh {
  /** Pass to ListTable's refreshSignal. */
  signal: number;
  /** Reload now (after a change made here). */
  reload: () => void;
}

export function useListRefresh(siteId: string): ListRefresh {
  const [signal, setSignal] = useState(0);
  const reload = useCallback(() => setSignal((value) => value + 1), []);
  const onEvent = (payload: unknown) => {
    if (isEventOfSite(payload, siteId)) reload();
  };
  useRealtimeEvent('result:approved', onEvent);
  useRealtimeEvent('result:completed', onEvent);
  return { signal, reload };
}
