import type { RefrigeratorLimits } from './refrigerator.ts';
import { type Reading, judgeReading } from './readings.ts';

/**
 * The alarm rules of a refrigerator, as pure functions of its limits, what is
 * known of it (the monitor state) and a new reading or the clock:
 *
 * - 'opseg' (out of range): raised when readings have stayed out of the
 *   allowed temperature or humidity range for the alarm delay (measured from
 *   the first reading of that run out of range).
 * - 'tisina' (silence): raised when no reading has arrived for the silence
 *   limit (counted from the last reading, or from when monitoring began if
 *   that is later).
 *
 * An open alarm closes by itself only by the closing rule of the
 * refrigerator's settings: `zatvaranje_ocitanja` consecutive readings that
 * end its condition (in range for 'opseg'; any reading, with no new silence
 * between them, for 'tisina'), the first and the last at least
 * `zatvaranje_min` minutes apart. One reading never closes an alarm (the rule
 * asks for two at least): a glitch or a forged reading cannot make a real,
 * unacknowledged alarm disappear. A reading out of range ends the run back
 * in range.
 *
 * Each is raised once: while an alarm of a kind is open, no other of that kind
 * is raised. An inactive refrigerator raises nothing and its open alarms clear.
 * Only a reading newer than the last one moves the state; an older one (a
 * gateway sending its backlog late) is history and changes no alarm.
 */

export const ALARM_KINDS = ['opseg', 'tisina'] as const;
const MINUTE_MS = 60_000;
export type AlarmKind = (typeof ALARM_KINDS)[number];

export interface MonitorState {
  /** Time of the newest reading, null before the first. */
  lastReadingAt: Date | null;
  /** When monitoring began (the refrigerator was added or made active again): the silence never counts from before it. */
  monitoredSince: Date;
  /** Time of the first reading of the current run out of range; null while in range. */
  outOfRangeSince: Date | null;
  /** Kinds with an open (raised and not cleared) alarm. */
  open: ReadonlySet<AlarmKind>;
  /** While 'opseg' is open: the run of consecutive readings back in range (null: none yet). */
  backInRange: RecoveryRun | null;
  /** While 'tisina' is open: the run of readings since they came again (null: none yet). */
  resumed: RecoveryRun | null;
}

/** Consecutive readings that end an alarm's condition: the first one's time and how many. */
export interface RecoveryRun {
  since: Date;
  count: number;
}

/** The run after a reading at `time`: one longer when the reading ends the condition, else none. */
export function extendRun(run: RecoveryRun | null, ends: boolean, time: Date): RecoveryRun | null {
  if (!ends) return null;
  return run === null ? { since: time, count: 1 } : { since: run.since, count: run.count + 1 };
}

/** Whether a run, its latest reading at `time`, closes the alarm by the refrigerator's rule (never a run of one). */
export function runCloses(limits: Pick<RefrigeratorLimits, 'zatvaranje_ocitanja' | 'zatvaranje_min'>, run: RecoveryRun | null, time: Date): boolean {
  if (run === null) return false;
  return run.count >= Math.max(2, limits.zatvaranje_ocitanja) && time.getTime() - run.since.getTime() >= limits.zatvaranje_min * MINUTE_MS;
}

export type AlarmAction =
  | { type: 'raise'; kind: AlarmKind; since: Date }
  | { type: 'clear'; kind: AlarmKind };

export interface MonitorStep {
  state: MonitorState;
  actions: AlarmAction[];
}


function withOpen(state: MonitorState, actions: readonly AlarmAction[]): ReadonlySet<AlarmKind> {
  const open = new Set(state.open);
  for (const action of actions) {
    if (action.type === 'raise') open.add(action.kind);
    else open.delete(action.kind);
  }
  return open;
}

function clearAll(state: MonitorState): AlarmAction[] {
  return [...state.open].map((kind) => ({ type: 'clear', kind }));
}

/** Raises 'opseg' when the run out of range has lasted the delay at `now`. */
function rangeAlarmDue(limits: RefrigeratorLimits, state: MonitorState, now: Date): AlarmAction[] {
  if (state.outOfRangeSince === null || state.open.has('opseg')) return [];
  const lasted = now.getTime() - state.outOfRangeSince.getTime();
  return lasted >= limits.odgoda_alarma_min * MINUTE_MS ? [{ type: 'raise', kind: 'opseg', since: state.outOfRangeSince }] : [];
}

/** The state after a reading, and the alarms it raises or clears. */
export function afterReading(limits: RefrigeratorLimits, state: MonitorState, reading: Reading): MonitorStep {
  if (state.lastReadingAt !== null && reading.time.getTime() <= state.lastReadingAt.getTime()) return { state, actions: [] };
  const { outOfRange } = judgeReading(limits, reading);
  // A gap as long as the silence limit is a new silence: the readings before it are no part of the run after it.
  const gap = state.lastReadingAt === null || reading.time.getTime() - state.lastReadingAt.getTime() >= limits.limit_tisine_min * MINUTE_MS;
  const moved: MonitorState = {
    ...state,
    lastReadingAt: reading.time,
    outOfRangeSince: outOfRange ? (state.outOfRangeSince ?? reading.time) : null,
    backInRange: state.open.has('opseg') ? extendRun(state.backInRange, !outOfRange, reading.time) : null,
    resumed: state.open.has('tisina') ? extendRun(gap ? null : state.resumed, true, reading.time) : null,
  };
  if (!limits.aktivan) {
    const actions = clearAll(state);
    return { state: { ...moved, open: withOpen(state, actions), backInRange: null, resumed: null }, actions };
  }
  const actions: AlarmAction[] = [];
  if (state.open.has('tisina') && runCloses(limits, moved.resumed, reading.time)) actions.push({ type: 'clear', kind: 'tisina' });
  if (state.open.has('opseg') && runCloses(limits, moved.backInRange, reading.time)) actions.push({ type: 'clear', kind: 'opseg' });
  actions.push(...rangeAlarmDue(limits, moved, reading.time));
  const open = withOpen(state, actions);
  return {
    state: { ...moved, open, backInRange: open.has('opseg') ? moved.backInRange : null, resumed: open.has('tisina') ? moved.resumed : null },
    actions,
  };
}

/**
 * The alarms the passing of time raises at `now`: silence past the limit,
 * and a run out of range whose delay has passed without a newer reading.
 */
export function afterTick(limits: RefrigeratorLimits, state: MonitorState, now: Date): MonitorStep {
  if (!limits.aktivan) {
    const actions = clearAll(state);
    return { state: { ...state, open: withOpen(state, actions) }, actions };
  }
  const actions: AlarmAction[] = [...rangeAlarmDue(limits, state, now)];
  // A refrigerator made active again is watched afresh: the silence counts from the later of its last reading and then.
  const quietSince = state.lastReadingAt !== null && state.lastReadingAt > state.monitoredSince ? state.lastReadingAt : state.monitoredSince;
  if (!state.open.has('tisina') && now.getTime() - quietSince.getTime() >= limits.limit_tisine_min * MINUTE_MS) {
    actions.push({ type: 'raise', kind: 'tisina', since: quietSince });
  }
  return { state: { ...state, open: withOpen(state, actions) }, actions };
}

/** Whole minutes since the last reading, for the tile ("prije 3 min"); null before the first reading. */
export function minutesSince(last: Date | null, now: Date): number | null {
  if (last === null) return null;
  return Math.max(0, Math.floor((now.getTime() - last.getTime()) / MINUTE_MS));
}
