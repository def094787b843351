import type { RefrigeratorLimits } from './refrigerator.ts';
import { type Reading, judgeReading } from './readings.ts';

/**
 * The alarm rules of a refrigerator, as pure functions of its limits, what is
 * known of it (the monitor state) and a new reading or the clock:
 *
 * - 'opseg' (out of range): raised when readings have stayed out of the
 *   allowed temperature or humidity range for the alarm delay (measured from
 *   the first reading of that run out of range); cleared by the first reading
 *   back in range.
 * - 'tisina' (silence): raised when no reading has arrived for the silence
 *   limit (counted from the last reading, or from when monitoring began if
 *   that is later);
 *   cleared by the next reading.
 *
 * Each is raised once: while an alarm of a kind is open, no other of that kind
 * is raised. An inactive refrigerator raises nothing and its open alarms clear.
 * Only a reading newer than the last one moves the state; an older one (a
 * gateway sending its backlog late) is history and changes no alarm.
 */

export const ALARM_KINDS = ['opseg', 'tisina'] as const;
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
}

export type AlarmAction =
  | { type: 'raise'; kind: AlarmKind; since: Date }
  | { type: 'clear'; kind: AlarmKind };

export interface MonitorStep {
  state: MonitorState;
  actions: AlarmAction[];
}

const MINUTE_MS = 60_000;

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
  const moved: MonitorState = {
    ...state,
    lastReadingAt: reading.time,
    outOfRangeSince: outOfRange ? (state.outOfRangeSince ?? reading.time) : null,
  };
  if (!limits.aktivan) {
    const actions = clearAll(state);
    return { state: { ...moved, open: withOpen(state, actions) }, actions };
  }
  const actions: AlarmAction[] = [];
  if (state.open.has('tisina')) actions.push({ type: 'clear', kind: 'tisina' });
  if (!outOfRange && state.open.has('opseg')) actions.push({ type: 'clear', kind: 'opseg' });
  actions.push(...rangeAlarmDue(limits, moved, reading.time));
  return { state: { ...moved, open: withOpen(state, actions) }, actions };
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
