import { describe, expect, it } from 'vitest';
import { type OverviewTile, applySensorEntry } from './api.ts';

const SA = 'site-sa';
const tile = (id: string, naziv: string, temperatura: number | null): OverviewTile => ({
  _id: id, frizider: id, naziv, slave_id: 1, active: true, time: null, temperatura, vlaznost: null, trend: 'steady', van_opsega: false,
  granice: { temperatura: { min: 2, max: 8 }, vlaznost: null },
  alarmi: [],
});

describe('temperature events update or add a sensor entry', () => {
  const tiles = [tile('a', 'Alfa', 4), tile('c', 'Cezar', 5)];
  // The event is the sensor entry: a tile without its alarms, with the site the hub adds.
  const { alarmi: _none, ...entry } = tile('a', 'Alfa', 9.5);
  const event = { ...entry, van_opsega: true, time: '2026-03-01T10:00:00.000Z', site: SA };

  it('updates the sensor\'s tile, keeping its alarms', () => {
    const withAlarm = [{ ...tiles[0]!, alarmi: [{ _id: 'x' } as OverviewTile['alarmi'][number]] }, tiles[1]!];
    const next = applySensorEntry(withAlarm, event, SA);
    expect(next[0]).toMatchObject({ _id: 'a', temperatura: 9.5, van_opsega: true, alarmi: [{ _id: 'x' }] });
    expect(next[0]).not.toHaveProperty('site');
    expect(next[1]).toBe(withAlarm[1]);
  });

  it('adds a sensor not shown yet, in name order', () => {
    const next = applySensorEntry(tiles, { ...tile('b', 'Beta', 3), site: SA }, SA);
    expect(next.map((entry) => entry.naziv)).toEqual(['Alfa', 'Beta', 'Cezar']);
    expect(next[1]?.alarmi).toEqual([]);
  });

  it('ignores another site\'s and malformed events', () => {
    expect(applySensorEntry(tiles, { ...event, site: 'site-tz' }, SA)).toEqual(tiles);
    for (const payload of [null, 'x', { _id: 'a' }, { ...event, temperatura: 'vruće' }]) expect(applySensorEntry(tiles, payload, SA)).toEqual(tiles);
  });
});
