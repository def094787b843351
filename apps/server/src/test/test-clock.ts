/**
 * TEST_CLOCK: run a test suite with the wall clock moved, to find tests (and product code) that take
 * "today" in the wrong zone or race the change of day. Unset: real time. `midnight-N`: the run starts N
 * minutes before the next midnight of the demo sites' zone (Europe/Sarajevo), so its first minutes end a
 * site's day (a test that straddles the change of day is found) and the rest (up to an hour) run in the hour
 * where that zone's date is a day ahead of UTC's. `midnight+N`: the run starts N minutes after that midnight,
 * wholly in that hour (a test or a query that takes today's date in UTC is found, without a change of day
 * during the run).
 * An ISO instant (2026-03-29T00:55:00+01:00): the run starts then. The clock keeps running at real speed.
 *
 * Resolved once, in the process that starts the run (the vitest and Playwright configs), into one offset
 * (TEST_CLOCK_OFFSET_MS) that every process of the run applies with clock-shift.mjs, so all of them read
 * the same time. Calling this again in a process that already has the offset keeps it.
 */
import path from 'node:path';
// The domain's own zone arithmetic, by path: the configs that load this file are bundled without the
// workspace's TypeScript packages, which Node alone cannot import.
import { addDays } from '../../../../packages/domain/src/calendar-date.ts';
import { calendarDateOf, DEFAULT_TIME_ZONE, startOfDay } from '../../../../packages/domain/src/time-zone.ts';

const CLOCK_SHIFT = path.join(import.meta.dirname, 'clock-shift.mjs');
const MIDNIGHT = /^midnight([+-])(\d+)$/;

/** The instant a TEST_CLOCK value names, seen at `now`; null for real time. Throws on a value it cannot read. */
export function testClockStart(value: string | undefined, now: Date): Date | null {
  if (!value) return null;
  const aroundMidnight = MIDNIGHT.exec(value);
  if (aroundMidnight) {
    const nextMidnight = startOfDay(addDays(calendarDateOf(now, DEFAULT_TIME_ZONE), 1), DEFAULT_TIME_ZONE);
    const minutes = Number(aroundMidnight[2]) * (aroundMidnight[1] === '-' ? -1 : 1);
    return new Date(nextMidnight.getTime() + minutes * 60_000);
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new Error(`TEST_CLOCK: expected midnight-<minutes>, midnight+<minutes> or an ISO instant, got ${value}`);
  return instant;
}

/**
 * The variables that put a process and its children on the test clock (empty at real time): the offset and
 * NODE_OPTIONS loading clock-shift.mjs. The caller gives them to the processes it starts (vitest's `test.env`
 * for the server project only; Playwright's config copies them into its own environment for its workers).
 */
export function testClockEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  let offset = env.TEST_CLOCK_OFFSET_MS;
  if (!offset) {
    const start = testClockStart(env.TEST_CLOCK, new Date());
    if (!start) return {};
    offset = String(start.getTime() - Date.now());
  }
  const preload = `--import=${CLOCK_SHIFT}`;
  const nodeOptions = (env.NODE_OPTIONS ?? '').includes(preload) ? env.NODE_OPTIONS! : `${env.NODE_OPTIONS ?? ''} ${preload}`.trim();
  return { TEST_CLOCK_OFFSET_MS: offset, NODE_OPTIONS: nodeOptions };
}
