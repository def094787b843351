import { describe, expect, it } from 'vitest';
import { judgeReading, parseReading, readingTopic, sensorOfTopic, trendOf } from './readings.ts';
import { refrigeratorElementSchema } from './refrigerator.ts';

const NOW = new Date('2026-03-01T12:00:00Z');

describe('parseReading', () => {
  it('reads numbers, decimal text with a point or comma, ISO instants and epoch milliseconds', () => {
    expect(parseReading({ time: '2026-03-01T11:59:00Z', temperatura: 4.2, vlaznost: '45,5' }, NOW)).toEqual({
      ok: true, reading: { time: new Date('2026-03-01T11:59:00Z'), temperatura: 4.2, vlaznost: 45.5 },
    });
    expect(parseReading({ time: NOW.getTime() - 1000, temperatura: '-18.5' }, NOW)).toEqual({
      ok: true, reading: { time: new Date(NOW.getTime() - 1000), temperatura: -18.5, vlaznost: null },
    });
    expect(parseReading({ time: '2026-03-01T13:59:00+02:00', temperatura: 5 }, NOW)).toMatchObject({ ok: true });
  });

  it('takes the time of arrival when the sensor sends none', () => {
    expect(parseReading({ temperatura: 5 }, NOW)).toEqual({ ok: true, reading: { time: NOW, temperatura: 5, vlaznost: null } });
  });

  it.each([
    [null, 'malformed'], ['5', 'malformed'], [[{ temperatura: 5 }], 'malformed'],
    [{ temperatura: 'hladno' }, 'notNumeric'], [{}, 'notNumeric'], [{ temperatura: '4.2.1' }, 'notNumeric'],
    [{ temperatura: 5, vlaznost: 'suho' }, 'notNumeric'], [{ temperatura: true }, 'notNumeric'],
    [{ temperatura: -999 }, 'implausible'], [{ temperatura: 5, vlaznost: 140 }, 'implausible'],
    [{ temperatura: 5, time: '01.03.2026 11:00' }, 'badTime'], [{ temperatura: 5, time: '2026-03-01T11:00:00' }, 'badTime'],
    [{ temperatura: 5, time: '2026-02-30T11:00:00Z' }, 'badTime'], [{ temperatura: 5, time: -5 }, 'badTime'],
    [{ temperatura: 5, time: '2026-03-01T12:03:00Z' }, 'futureTime'],
  ])('refuses %j as %s', (payload, reason) => {
    expect(parseReading(payload, NOW)).toEqual({ ok: false, reason });
  });

  it('lets a sensor clock run up to two minutes ahead', () => {
    expect(parseReading({ temperatura: 5, time: '2026-03-01T12:01:59Z' }, NOW)).toMatchObject({ ok: true });
  });
});

describe('topics', () => {
  it('names the site and the sensor', () => {
    expect(readingTopic('SA', 3)).toBe('lis/loger/SA/3');
    expect(sensorOfTopic('lis/loger/SA/3')).toEqual({ sifra: 'SA', slaveId: 3 });
    for (const topic of ['lis/loger/SA', 'lis/loger/SA/x', 'lis/loger//3', 'other/loger/SA/3', 'lis/loger/SA/3/extra', 'lis/loger/SA/1234']) {
      expect(sensorOfTopic(topic), topic).toBeNull();
    }
  });
});

describe('judgement and trend', () => {
  const limits = { temperatura: { min: 2, max: 8 }, vlaznost: { min: 30, max: 70 } };
  it('judges both limits as in range', () => {
    expect(judgeReading(limits, { temperatura: 8, vlaznost: 30 }).outOfRange).toBe(false);
    expect(judgeReading(limits, { temperatura: 8.1, vlaznost: 50 })).toEqual({ temperatureOut: true, humidityOut: false, outOfRange: true });
    expect(judgeReading(limits, { temperatura: 5, vlaznost: 71 })).toEqual({ temperatureOut: false, humidityOut: true, outOfRange: true });
    expect(judgeReading({ ...limits, vlaznost: null }, { temperatura: 5, vlaznost: 99 }).outOfRange).toBe(false);
  });
  it('sees a trend only beyond the probe noise', () => {
    expect(trendOf(5, null)).toBe('steady');
    expect(trendOf(5.2, 5)).toBe('steady');
    expect(trendOf(5.3, 5)).toBe('rising');
    expect(trendOf(4.6, 5)).toBe('falling');
  });
});

describe('refrigerator element', () => {
  const element = {
    naziv: 'Frižider reagensi 1', site: 'site-sa', slave_id: 3, temperatura: { min: 2, max: 8 },
    odgoda_alarma_min: 15, limit_tisine_min: 30, serijski_broj: 'LB-2231',
  };
  it('keeps free-form fields and fills the defaults', () => {
    expect(refrigeratorElementSchema.parse(element)).toEqual({ ...element, aktivan: true, vlaznost: null, zatvaranje_ocitanja: 3, zatvaranje_min: 10 });
  });
  it.each([
    [{ temperatura: { min: 8, max: 2 } }, 'temperatura.max'],
    [{ vlaznost: { min: 20, max: 120 } }, 'vlaznost.max'],
    [{ slave_id: 0 }, 'slave_id'],
    [{ slave_id: 2.5 }, 'slave_id'],
    [{ naziv: '  ' }, 'naziv'],
    [{ odgoda_alarma_min: -1 }, 'odgoda_alarma_min'],
    [{ limit_tisine_min: 0 }, 'limit_tisine_min'],
    // One reading never closes an alarm: the rule asks for two at least.
    [{ zatvaranje_ocitanja: 1 }, 'zatvaranje_ocitanja'],
    [{ zatvaranje_ocitanja: 101 }, 'zatvaranje_ocitanja'],
    [{ zatvaranje_min: -1 }, 'zatvaranje_min'],
    [{ zatvaranje_min: 1441 }, 'zatvaranje_min'],
    [{ _id: 'not-an-id' }, '_id'],
  ])('names the bad field of %j', (change, field) => {
    const result = refrigeratorElementSchema.safeParse({ ...element, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe(field);
  });
  it('says which range is upside down', () => {
    const result = refrigeratorElementSchema.safeParse({ ...element, temperatura: { min: 8, max: 2 } });
    expect(result.error?.issues[0]?.message).toBe('logger.rangeOrder');
  });
});
