import { describe, expect, it } from 'vitest';
import { type AlarmAction, type MonitorState, afterReading, afterTick, minutesSince } from './alarms.ts';
import type { RefrigeratorLimits } from './refrigerator.ts';

const LIMITS: RefrigeratorLimits = {
  aktivan: true,
  temperatura: { min: 2, max: 8 },
  vlaznost: { min: 30, max: 70 },
  odgoda_alarma_min: 10,
  limit_tisine_min: 30,
};
const START = new Date('2026-03-01T08:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const fresh = (): MonitorState => ({ lastReadingAt: null, monitoredSince: START, outOfRangeSince: null, open: new Set() });

/** Feeds one reading a minute (temperatures from `minute` 0 on) and collects every action with the minute it came at. */
function run(temperatures: number[], limits = LIMITS, state = fresh()): { state: MonitorState; actions: Array<AlarmAction & { minute: number }> } {
  const actions: Array<AlarmAction & { minute: number }> = [];
  let current = state;
  temperatures.forEach((temperatura, minute) => {
    const step = afterReading(limits, current, { time: at(minute), temperatura, vlaznost: 50 });
    current = step.state;
    actions.push(...step.actions.map((action) => ({ ...action, minute })));
  });
  return { state: current, actions };
}

describe('out-of-range alarm', () => {
  it('is raised once the readings have stayed out of range for the delay, counted from the first one out', () => {
    const { actions, state } = run([5, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]);
    expect(actions).toEqual([{ type: 'raise', kind: 'opseg', since: at(1), minute: 11 }]);
    expect(state.open.has('opseg')).toBe(true);
  });

  it('is not raised by a run shorter than the delay', () => {
    expect(run([5, 9, 9, 9, 9, 9, 9, 9, 9, 9, 5, 9, 9]).actions).toEqual([]);
  });

  it('counts both limits as in range', () => {
    expect(run([2, 8, ...Array<number>(20).fill(8)]).actions).toEqual([]);
  });

  it('is raised at the first reading out of range when the delay is 0, and for low temperatures too', () => {
    expect(run([5, 1.9], { ...LIMITS, odgoda_alarma_min: 0 }).actions).toEqual([{ type: 'raise', kind: 'opseg', since: at(1), minute: 1 }]);
  });

  it('is raised for humidity out of its range, and never for humidity when the refrigerator monitors none', () => {
    const wet = (limits: RefrigeratorLimits) => {
      let state = fresh();
      const actions: AlarmAction[] = [];
      for (let minute = 0; minute <= 12; minute += 1) {
        const step = afterReading(limits, state, { time: at(minute), temperatura: 5, vlaznost: 85 });
        state = step.state;
        actions.push(...step.actions);
      }
      return actions;
    };
    expect(wet(LIMITS)).toEqual([{ type: 'raise', kind: 'opseg', since: at(0) }]);
    expect(wet({ ...LIMITS, vlaznost: null })).toEqual([]);
  });

  it('is raised once however long the run lasts, and cleared by the first reading back in range', () => {
    const { actions, state } = run([...Array<number>(40).fill(12), 6, 6]);
    expect(actions.map(({ type, minute }) => `${type}@${minute}`)).toEqual(['raise@10', 'clear@40']);
    expect(state.open.size).toBe(0);
    expect(state.outOfRangeSince).toBeNull();
  });

  it('is raised by the clock when the delay passes without a newer reading', () => {
    const { state } = run([5, 9]);
    expect(afterTick(LIMITS, state, at(10)).actions).toEqual([]);
    const step = afterTick(LIMITS, state, at(11));
    expect(step.actions).toEqual([{ type: 'raise', kind: 'opseg', since: at(1) }]);
    expect(afterTick(LIMITS, step.state, at(12)).actions).toEqual([]);
  });
});

describe('silence alarm', () => {
  it('is raised when no reading came for the silence limit, once, and cleared by the next reading', () => {
    const { state } = run([5, 5]);
    expect(afterTick(LIMITS, state, at(30)).actions).toEqual([]);
    const silent = afterTick(LIMITS, state, at(31));
    expect(silent.actions).toEqual([{ type: 'raise', kind: 'tisina', since: at(1) }]);
    expect(afterTick(LIMITS, silent.state, at(90)).actions).toEqual([]);
    const back = afterReading(LIMITS, silent.state, { time: at(91), temperatura: 5, vlaznost: 50 });
    expect(back.actions).toEqual([{ type: 'clear', kind: 'tisina' }]);
    expect(back.state.open.size).toBe(0);
  });

  it('counts from when monitoring began for a refrigerator that never sent a reading', () => {
    expect(afterTick(LIMITS, fresh(), at(29)).actions).toEqual([]);
    expect(afterTick(LIMITS, fresh(), at(30)).actions).toEqual([{ type: 'raise', kind: 'tisina', since: START }]);
  });

  it('a reading out of range after a silence clears the silence and starts the run anew', () => {
    const silent = afterTick(LIMITS, run([5]).state, at(45)).state;
    const step = afterReading(LIMITS, silent, { time: at(46), temperatura: 11, vlaznost: 50 });
    expect(step.actions).toEqual([{ type: 'clear', kind: 'tisina' }]);
    expect(step.state.outOfRangeSince).toEqual(at(46));
  });
});

describe('state', () => {
  it('ignores a reading not newer than the last one (a late backlog changes no alarm)', () => {
    const { state } = run([5, 5, 5]);
    const late = afterReading(LIMITS, state, { time: at(1), temperatura: 20, vlaznost: 50 });
    expect(late).toEqual({ state, actions: [] });
  });

  it('an inactive refrigerator raises nothing and its open alarms clear', () => {
    const inactive = { ...LIMITS, aktivan: false };
    expect(run(Array<number>(20).fill(12), inactive).actions).toEqual([]);
    expect(afterTick(inactive, fresh(), at(500)).actions).toEqual([]);
    const alarmed = run(Array<number>(20).fill(12)).state;
    expect(afterTick(inactive, alarmed, at(21))).toMatchObject({ actions: [{ type: 'clear', kind: 'opseg' }] });
  });

  it('minutes since the last reading', () => {
    expect(minutesSince(null, at(5))).toBeNull();
    expect(minutesSince(at(1), at(4))).toBe(3);
    expect(minutesSince(at(1), new Date(at(1).getTime() + 59_000))).toBe(0);
    expect(minutesSince(at(5), at(4))).toBe(0);
  });
});

describe('reactivation', () => {
  it('counts the silence from when the refrigerator was made active again, not from its last reading before', () => {
    const state: MonitorState = { ...fresh(), lastReadingAt: at(0), monitoredSince: at(100) };
    expect(afterTick(LIMITS, state, at(129)).actions).toEqual([]);
    expect(afterTick(LIMITS, state, at(130)).actions).toEqual([{ type: 'raise', kind: 'tisina', since: at(100) }]);
  });
});
