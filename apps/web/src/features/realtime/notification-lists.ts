/**
 * The alarm and message lists of the session: entries
 * of sample id and info that real-time events add and the user dismisses.
 * 'result:approved' adds to the alarms (a result waiting for medical
 * verification), 'result:completed' to the messages (all results of a sample
 * are in). A refrigerator's alarm ('logger:alarm', its entry keyed by the
 * alarm's id) is an alarm too, until it is cleared or acknowledged
 * ('logger:alarm-cleared', 'logger:alarm-acknowledged' dismiss it). An event
 * counts only when its site is the site the user works on.
 * Read the lists with `useNotificationLists()`.
 */
import { useSyncExternalStore } from 'react';

export interface NotificationEntry {
  /** The sample id (a refrigerator alarm's id for 'logger:alarm'). */
  id: string;
  info: string;
  site: string;
}

export interface NotificationLists {
  alarms: NotificationEntry[];
  messages: NotificationEntry[];
}

export type ListName = keyof NotificationLists;

export const EVENT_LISTS = {
  'result:approved': 'alarms',
  'result:completed': 'messages',
  'logger:alarm': 'alarms',
} as const satisfies Record<string, ListName>;

export type RealtimeEvent = keyof typeof EVENT_LISTS;

/** Events that take an entry off a list: a refrigerator alarm cleared (back in range, readings again) or acknowledged. */
export const DISMISS_EVENTS = {
  'logger:alarm-cleared': 'alarms',
  'logger:alarm-acknowledged': 'alarms',
} as const satisfies Record<string, ListName>;

export type DismissEvent = keyof typeof DISMISS_EVENTS;

/** Takes the event's entry off the list when the event is of the current site. */
export function dismissByEvent(lists: NotificationLists, list: ListName, payload: unknown, currentSite: string | null): NotificationLists {
  const entry = entryOf(payload);
  return entry && entry.site === currentSite ? dismissEntry(lists, list, entry.id) : lists;
}

/** A long unattended shift must not grow the list without bound; the newest entries stay. */
export const MAX_ENTRIES = 100;

export const EMPTY_LISTS: NotificationLists = { alarms: [], messages: [] };

function entryOf(payload: unknown): NotificationEntry | null {
  if (!payload || typeof payload !== 'object') return null;
  const { id, info, site } = payload as Record<string, unknown>;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '' || typeof site !== 'string') return null;
  return { id: String(id), info: typeof info === 'string' ? info : '', site };
}

/** Adds the event's entry to the list, newest first; the same sample again replaces its older entry. */
export function addEntry(lists: NotificationLists, list: ListName, payload: unknown, currentSite: string | null): NotificationLists {
  const entry = entryOf(payload);
  if (!entry || entry.site !== currentSite) return lists;
  const rest = lists[list].filter((existing) => existing.id !== entry.id);
  return { ...lists, [list]: [entry, ...rest].slice(0, MAX_ENTRIES) };
}

export function dismissEntry(lists: NotificationLists, list: ListName, id: string): NotificationLists {
  const remaining = lists[list].filter((entry) => entry.id !== id);
  return remaining.length === lists[list].length ? lists : { ...lists, [list]: remaining };
}

function createNotificationStore() {
  let lists = EMPTY_LISTS;
  const listeners = new Set<() => void>();
  const set = (next: NotificationLists) => {
    if (next === lists) return;
    lists = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => lists,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive: (event: RealtimeEvent, payload: unknown, currentSite: string | null) =>
      set(addEntry(lists, EVENT_LISTS[event], payload, currentSite)),
    dismiss: (list: ListName, id: string) => set(dismissEntry(lists, list, id)),
    dismissByEvent: (event: DismissEvent, payload: unknown, currentSite: string | null) =>
      set(dismissByEvent(lists, DISMISS_EVENTS[event], payload, currentSite)),
    clear: () => set(EMPTY_LISTS),
  };
}

export const notificationStore = createNotificationStore();

export function useNotificationLists(): NotificationLists {
  return useSyncExternalStore(notificationStore.subscribe, notificationStore.get);
}
