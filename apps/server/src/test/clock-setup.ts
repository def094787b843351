// Each server test file starts on the run's clock (TEST_CLOCK, see test-clock.ts): a worker started
// without NODE_OPTIONS' preload (a thread pool) still reads the moved time. A no-op at real time.
import './clock-shift.mjs';
