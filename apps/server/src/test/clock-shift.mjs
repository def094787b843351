// The tests' shifted clock (TEST_CLOCK, resolved by test-clock.ts into TEST_CLOCK_OFFSET_MS): loaded with
// `node --import` into every process of a test run (vitest's server workers through their setup file, the
// server processes they start, the e2e server and Playwright's workers through NODE_OPTIONS), it moves `Date`
// by a fixed offset so the whole run lives a few minutes before the sites' midnight. Time still flows at its
// real speed and every timer runs as usual; only the reading of the wall clock moves. One offset for all the
// processes of a run, so they agree with each other about the time. Plain JavaScript, so Node loads it
// without a TypeScript loader. Never loaded by production start-up: nothing happens without the variable.

const MARK = Symbol.for('lis.test.clockShift');
const offsetMs = Number(process.env.TEST_CLOCK_OFFSET_MS ?? 0);

if (Number.isFinite(offsetMs) && offsetMs !== 0 && !globalThis[MARK]) {
  const RealDate = globalThis.Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...args);
    }

    static now() {
      return RealDate.now() + offsetMs;
    }

    // Dates made by Node itself (fs.Stats, a driver's parser holding the original) are Dates too.
    static [Symbol.hasInstance](value) {
      return value instanceof RealDate;
    }
  }
  // `Date()` called without `new` answers the current time as text, as the original does.
  const ClockDate = new Proxy(ShiftedDate, {
    apply: () => new ShiftedDate().toString(),
  });
  Object.defineProperty(globalThis, 'Date', { value: ClockDate, writable: true, configurable: true, enumerable: false });
  globalThis[MARK] = offsetMs;
}
