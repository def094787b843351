import { describe, expect, it } from 'vitest';
import { DISMISS_EVENTS, EMPTY_LISTS, EVENT_LISTS, MAX_ENTRIES, addEntry, dismissByEvent, dismissEntry, syncEntries } from './notification-lists.ts';

const SA = 'site-sa';
const TZ = 'site-tz';

describe('notification lists', () => {
  it('adds an event of the current site, newest first', () => {
    let lists = addEntry(EMPTY_LISTS, 'alarms', { id: 'S-1', info: 'Glukoza', site: SA }, SA);
    lists = addEntry(lists, 'alarms', { id: 42, info: 'Kreatinin', site: SA }, SA);
    expect(lists.alarms).toEqual([
      { id: '42', info: 'Kreatinin', site: SA },
      { id: 'S-1', info: 'Glukoza', site: SA },
    ]);
    expect(lists.messages).toEqual([]);
  });

  it('ignores events of another site', () => {
    expect(addEntry(EMPTY_LISTS, 'messages', { id: 'S-1', info: 'x', site: TZ }, SA)).toBe(EMPTY_LISTS);
    expect(addEntry(EMPTY_LISTS, 'messages', { id: 'S-1', info: 'x', site: SA }, null)).toBe(EMPTY_LISTS);
  });

  it('ignores malformed events', () => {
    for (const payload of [null, 'S-1', { info: 'x', site: SA }, { id: '', site: SA }, { id: 'S-1' }, { id: {}, site: SA }]) {
      expect(addEntry(EMPTY_LISTS, 'alarms', payload, SA)).toBe(EMPTY_LISTS);
    }
  });

  it('keeps one entry per sample, the latest', () => {
    let lists = addEntry(EMPTY_LISTS, 'messages', { id: 'S-1', info: 'old', site: SA }, SA);
    lists = addEntry(lists, 'messages', { id: 'S-2', info: 'other', site: SA }, SA);
    lists = addEntry(lists, 'messages', { id: 'S-1', info: 'new', site: SA }, SA);
    expect(lists.messages.map((entry) => `${entry.id}:${entry.info}`)).toEqual(['S-1:new', 'S-2:other']);
  });

  it('caps the list length, dropping the oldest', () => {
    let lists = EMPTY_LISTS;
    for (let index = 0; index < MAX_ENTRIES + 5; index += 1) lists = addEntry(lists, 'alarms', { id: index, info: '', site: SA }, SA);
    expect(lists.alarms).toHaveLength(MAX_ENTRIES);
    expect(lists.alarms[0]?.id).toBe(String(MAX_ENTRIES + 4));
  });

  it('dismisses one entry', () => {
    let lists = addEntry(EMPTY_LISTS, 'alarms', { id: 'S-1', info: '', site: SA }, SA);
    lists = addEntry(lists, 'alarms', { id: 'S-2', info: '', site: SA }, SA);
    lists = dismissEntry(lists, 'alarms', 'S-1');
    expect(lists.alarms.map((entry) => entry.id)).toEqual(['S-2']);
    expect(dismissEntry(lists, 'alarms', 'missing')).toBe(lists);
  });
});

describe('refrigerator alarms', () => {
  it('are alarms until cleared or acknowledged, on the current site only', () => {
    let lists = addEntry(EMPTY_LISTS, EVENT_LISTS['logger:alarm'], { id: 'A-1', info: 'Frižider 1: van opsega (9,4 °C)', site: SA }, SA);
    lists = addEntry(lists, EVENT_LISTS['logger:alarm'], { id: 'A-2', info: 'Frižider 2: bez očitanja', site: SA }, SA);
    expect(lists.alarms.map((entry) => entry.id)).toEqual(['A-2', 'A-1']);
    expect(dismissByEvent(lists, DISMISS_EVENTS['logger:alarm-cleared'], { id: 'A-1', site: TZ }, SA)).toBe(lists);
    lists = dismissByEvent(lists, DISMISS_EVENTS['logger:alarm-cleared'], { id: 'A-1', site: SA }, SA);
    lists = dismissByEvent(lists, DISMISS_EVENTS['logger:alarm-acknowledged'], { id: 'A-2', site: SA }, SA);
    expect(lists.alarms).toEqual([]);
  });
});

describe('refrigerator alarms read from the server when a page loads', () => {
  it('adds the open ones, drops those no longer open, keeps sample entries, other sites and the order of what the bell had', () => {
    let lists = addEntry(EMPTY_LISTS, 'alarms', { id: 'S-1', info: 'Kalij 6.8', site: SA }, SA, 'result:approved');
    lists = addEntry(lists, 'alarms', { id: 'A-old', info: 'Frižider 3: van opsega', site: SA }, SA, 'logger:alarm');
    lists = addEntry(lists, 'alarms', { id: 'A-kept', info: 'Frižider 1: van opsega', site: SA }, SA, 'logger:alarm');
    const tuzla = addEntry(lists, 'alarms', { id: 'A-tz', info: 'Tuzla', site: TZ }, TZ, 'logger:alarm');

    const synced = syncEntries(tuzla, 'logger:alarm', [
      { id: 'A-new', info: 'Frižider 2: bez očitanja', site: SA },
      { id: 'A-kept', info: 'Frižider 1: van opsega', site: SA },
      { id: 'A-elsewhere', info: 'x', site: TZ },
    ], SA);
    expect(synced.alarms.map((entry) => entry.id)).toEqual(['A-new', 'A-tz', 'A-kept', 'S-1']);
    expect(synced.alarms[0]).toEqual({ id: 'A-new', info: 'Frižider 2: bez očitanja', site: SA, source: 'logger:alarm' });
    expect(syncEntries(synced, 'logger:alarm', [
      { id: 'A-new', info: 'Frižider 2: bez očitanja', site: SA }, { id: 'A-kept', info: 'Frižider 1: van opsega', site: SA },
    ], SA)).toBe(synced);
    const renamed = syncEntries(synced, 'logger:alarm', [
      { id: 'A-new', info: 'Frižider 2: bez očitanja', site: SA }, { id: 'A-kept', info: 'Frižider 1: van opsega (9,1 °C)', site: SA },
    ], SA);
    expect(renamed.alarms.map((entry) => [entry.id, entry.info])).toEqual([
      ['A-new', 'Frižider 2: bez očitanja'], ['A-tz', 'Tuzla'], ['A-kept', 'Frižider 1: van opsega (9,1 °C)'], ['S-1', 'Kalij 6.8'],
    ]);
    expect(syncEntries(synced, 'logger:alarm', [], SA).alarms.map((entry) => entry.id)).toEqual(['A-tz', 'S-1']);
    expect(syncEntries(synced, 'logger:alarm', [{ id: 'A-x', info: '', site: SA }], null)).toBe(synced);
  });
});
