import { describe, expect, it } from 'vitest';
import { type AlarmAction, type MonitorState, afterReading, afterTick, extendRun, minutesSince, runCloses } from './alarms.ts';
import type { RefrigeratorLimits } from './refrigerator.ts';

const LIMITS: RefrigeratorLimits = {
  aktivan: true,
  temperatura: { min: 2, max: 8 },
  vlaznost: { min: 30, max: 70 },
  odgoda_alarma_min: 10,
  limit_tisine_min: 30,
  zatvaranje_ocitanja: 3,
  zatvaranje_min: 10,
};
const START = new Date('2026-03-01T08:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const fresh = (): MonitorState => ({
  lastReadingAt: null, monitoredSince: START, outOfRangeSince: null, open: new Set(), backInRange: null, resumed: null,
});

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

  it('is raised once however long the run lasts, and closed by the rule: 3 readings back in range at least 10 minutes apart', () => {
    const { actions, state } = run([...Array<number>(40).fill(12), ...Array<number>(12).fill(6)]);
    // Back in range from minute 40: the third reading comes at 42, but 10 minutes have passed only at 50.
    expect(actions.map(({ type, minute }) => `${type}@${minute}`)).toEqual(['raise@10', 'clear@50']);
    expect(state.open.size).toBe(0);
    expect(state.outOfRangeSince).toBeNull();
    expect(state.backInRange).toBeNull();
  });

  it('is never closed by one reading back in range, and a reading out of range starts the count anew', () => {
    const alarmed = run(Array<number>(20).fill(12)).state;
    const one = afterReading(LIMITS, alarmed, { time: at(60), temperatura: 5, vlaznost: 50 });
    expect(one.actions).toEqual([]);
    expect(one.state.open.has('opseg')).toBe(true);
    expect(one.state.backInRange).toEqual({ since: at(60), count: 1 });
    // Even a rule of "0 minutes" needs a second reading.
    expect(afterReading({ ...LIMITS, zatvaranje_ocitanja: 1, zatvaranje_min: 0 }, alarmed, { time: at(60), temperatura: 5, vlaznost: 50 }).actions).toEqual([]);
    const relapse = afterReading(LIMITS, one.state, { time: at(61), temperatura: 9, vlaznost: 50 });
    expect(relapse.state.backInRange).toBeNull();
    let state = relapse.state;
    const cleared: number[] = [];
    for (let minute = 62; minute <= 75; minute += 1) {
      const step = afterReading(LIMITS, state, { time: at(minute), temperatura: 5, vlaznost: 50 });
      if (step.actions.some((action) => action.type === 'clear')) cleared.push(minute);
      state = step.state;
    }
    expect(cleared).toEqual([72]);
  });

  it('follows the settings: 2 readings over 0 minutes close at the second, 5 over 30 need both', () => {
    const alarmed = run(Array<number>(20).fill(12)).state;
    const quick = { ...LIMITS, zatvaranje_ocitanja: 2, zatvaranje_min: 0 };
    const first = afterReading(quick, alarmed, { time: at(30), temperatura: 5, vlaznost: 50 });
    expect(afterReading(quick, first.state, { time: at(30.5), temperatura: 5, vlaznost: 50 }).actions).toEqual([{ type: 'clear', kind: 'opseg' }]);
    // Five readings ten minutes apart: 40 minutes after the first, the fifth closes it (not the fourth at 30 minutes).
    const slow = { ...LIMITS, zatvaranje_ocitanja: 5, zatvaranje_min: 30 };
    let state = alarmed;
    const closedAt: number[] = [];
    for (const minute of [30, 40, 50, 60, 70, 80]) {
      const step = afterReading(slow, state, { time: at(minute), temperatura: 5, vlaznost: 50 });
      if (step.actions.length > 0) closedAt.push(minute);
      state = step.state;
    }
    expect(closedAt).toEqual([70]);
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
  it('is raised when no reading came for the silence limit, once, and closed by the rule once readings came again', () => {
    const { state } = run([5, 5]);
    expect(afterTick(LIMITS, state, at(30)).actions).toEqual([]);
    const silent = afterTick(LIMITS, state, at(31));
    expect(silent.actions).toEqual([{ type: 'raise', kind: 'tisina', since: at(1) }]);
    expect(afterTick(LIMITS, silent.state, at(90)).actions).toEqual([]);
    const back = afterReading(LIMITS, silent.state, { time: at(91), temperatura: 5, vlaznost: 50 });
    expect(back.actions).toEqual([]);
    expect(back.state.open.has('tisina')).toBe(true);
    let current = back.state;
    const closedAt: number[] = [];
    for (let minute = 92; minute <= 105; minute += 1) {
      const step = afterReading(LIMITS, current, { time: at(minute), temperatura: 5, vlaznost: 50 });
      if (step.actions.length > 0) closedAt.push(minute);
      current = step.state;
    }
    expect(closedAt).toEqual([101]);
    expect(current.open.size).toBe(0);
  });

  it('a new silence between the readings starts their count anew', () => {
    const silent = afterTick(LIMITS, run([5]).state, at(45)).state;
    const first = afterReading(LIMITS, silent, { time: at(46), temperatura: 5, vlaznost: 50 }).state;
    const second = afterReading(LIMITS, first, { time: at(47), temperatura: 5, vlaznost: 50 }).state;
    expect(second.resumed).toEqual({ since: at(46), count: 2 });
    const afterGap = afterReading(LIMITS, second, { time: at(100), temperatura: 5, vlaznost: 50 });
    expect(afterGap.actions).toEqual([]);
    expect(afterGap.state.resumed).toEqual({ since: at(100), count: 1 });
  });

  it('counts from when monitoring began for a refrigerator that never sent a reading', () => {
    expect(afterTick(LIMITS, fresh(), at(29)).actions).toEqual([]);
    expect(afterTick(LIMITS, fresh(), at(30)).actions).toEqual([{ type: 'raise', kind: 'tisina', since: START }]);
  });

  it('a reading out of range after a silence counts for the silence and starts the run out of range anew', () => {
    const silent = afterTick(LIMITS, run([5]).state, at(45)).state;
    const step = afterReading(LIMITS, silent, { time: at(46), temperatura: 11, vlaznost: 50 });
    expect(step.actions).toEqual([]);
    expect(step.state.resumed).toEqual({ since: at(46), count: 1 });
    expect(step.state.outOfRangeSince).toEqual(at(46));
  });
});

describe('the closing rule', () => {
  it('extends a run by readings that end the condition, and ends it at one that does not', () => {
    const one = extendRun(null, true, at(1));
    expect(one).toEqual({ since: at(1), count: 1 });
    expect(extendRun(one, true, at(2))).toEqual({ since: at(1), count: 2 });
    expect(extendRun(one, false, at(2))).toBeNull();
  });

  it('closes after N readings over at least M minutes, and never on a run of one', () => {
    const rule = { zatvaranje_ocitanja: 3, zatvaranje_min: 10 };
    expect(runCloses(rule, null, at(100))).toBe(false);
    expect(runCloses(rule, { since: at(0), count: 3 }, at(9))).toBe(false);
    expect(runCloses(rule, { since: at(0), count: 2 }, at(60))).toBe(false);
    expect(runCloses(rule, { since: at(0), count: 3 }, at(10))).toBe(true);
    expect(runCloses({ zatvaranje_ocitanja: 1, zatvaranje_min: 0 }, { since: at(0), count: 1 }, at(0))).toBe(false);
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
