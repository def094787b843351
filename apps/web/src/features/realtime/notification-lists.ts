/**
 * The alarm and message lists of the session: entries
 * of sample id and info that real-time events add and the user dismisses.
 * 'result:approved' adds to the alarms (a result waiting for medical
 * verification), 'result:completed' to the messages (all results of a sample
 * are in), 'result:critical' to the alarms (a result saved beyond a critical
 * limit, the line saying which). A refrigerator's alarm ('logger:alarm', its entry keyed by the
 * alarm's id) is an alarm too, until it is cleared or acknowledged
 * ('logger:alarm-cleared', 'logger:alarm-acknowledged' dismiss it). An event
 * counts only when its site is the site the user works on. Refrigerator
 * alarms already open when a page loads come from the server
 * (`syncEntries`), so the bell does not depend on having been open when
 * they were raised. Read the lists with `useNotificationLists()`.
 */
import { useSyncExternalStore } from 'react';

export interface NotificationEntry {
  /** The sample id (a refrigerator alarm's id for 'logger:alarm'). */
  id: string;
  info: string;
  site: string;
  /** The event that brought the entry, so a list read from the server can replace the entries of its kind. */
  source?: RealtimeEvent;
}

export interface NotificationLists {
  alarms: NotificationEntry[];
  messages: NotificationEntry[];
}

export type ListName = keyof NotificationLists;

export const EVENT_LISTS = {
  'result:approved': 'alarms',
  'result:completed': 'messages',
  // A result saved beyond a critical limit: the line names the test, value and unit (withBellInfo in realtime.ts).
  'result:critical': 'alarms',
  'logger:alarm': 'alarms',
  // A rejected control run (quality control): the assay's patient results are held; its entry is keyed by the run.
  'qc:rejected': 'alarms',
  // Inventory alerts (stock under its level, lots expiring or expired): read from GET /inventar/upozorenja and synced
  // (inventory-alerts.ts) whenever the site's stock moves; no socket event carries an entry itself.
  'inventory:alert': 'alarms',
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

function entryOf(payload: unknown, source?: RealtimeEvent): NotificationEntry | null {
  if (!payload || typeof payload !== 'object') return null;
  const { id, info, site } = payload as Record<string, unknown>;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '' || typeof site !== 'string') return null;
  return { id: String(id), info: typeof info === 'string' ? info : '', site, ...(source ? { source } : {}) };
}

/** Adds the event's entry to the list, newest first; the same sample again replaces its older entry. */
export function addEntry(lists: NotificationLists, list: ListName, payload: unknown, currentSite: string | null, source?: RealtimeEvent): NotificationLists {
  const entry = entryOf(payload, source);
  if (!entry || entry.site !== currentSite) return lists;
  const rest = lists[list].filter((existing) => existing.id !== entry.id);
  return { ...lists, [list]: [entry, ...rest].slice(0, MAX_ENTRIES) };
}

/**
 * The entries of one event kind at the current site as the server lists them now (newest first): those no longer
 * listed go (acknowledged or cleared while the socket was down), those listed are added or kept (with the server's
 * line when it changed); other kinds and
 * other sites' entries stay as they are.
 */
export function syncEntries(lists: NotificationLists, event: RealtimeEvent, payloads: readonly unknown[], currentSite: string | null): NotificationLists {
  if (currentSite === null) return lists;
  const list = EVENT_LISTS[event];
  const listed = payloads.map((payload) => entryOf(payload, event)).filter((entry): entry is NotificationEntry => entry?.site === currentSite);
  const listedById = new Map(listed.map((entry) => [entry.id, entry]));
  const current = lists[list];
  // An entry still listed keeps its place but takes the server's line when that changed (stock 4 of 10, then 5 of 10).
  const remaining = current.filter((entry) => listedById.has(entry.id) || entry.source !== event || entry.site !== currentSite)
    .map((entry) => {
      const fresh = entry.source === event && entry.site === currentSite ? listedById.get(entry.id) : undefined;
      return fresh && fresh.info !== entry.info ? fresh : entry;
    });
  const remainingIds = new Set(remaining.map((entry) => entry.id));
  // Entries the bell had keep their place; those it did not have go on top, newest first.
  const result = [...listed.filter((entry) => !remainingIds.has(entry.id)), ...remaining].slice(0, MAX_ENTRIES);
  const unchanged = result.length === current.length && result.every((entry, index) => entry === current[index]);
  return unchanged ? lists : { ...lists, [list]: result };
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
      set(addEntry(lists, EVENT_LISTS[event], payload, currentSite, event)),
    sync: (event: RealtimeEvent, payloads: readonly unknown[], currentSite: string | null) =>
      set(syncEntries(lists, event, payloads, currentSite)),
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
