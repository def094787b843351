/**
 * E2E_TIMEOUT_SCALE multiplies the browser tests' waits (playwright.config.ts) and how long their browsers hold a
 * toast (tests/fixtures.ts). CI sets 2: the shared 2-core machine it runs on has been seen to run the same suite
 * twice as slowly from one day to the next, and a test then fails on a wait, not on what it checks.
 */
export const timeoutScale = Math.max(1, Number(process.env.E2E_TIMEOUT_SCALE ?? 1) || 1);

/** The longest a check waits for what it expects (Playwright's expect timeout). */
export const EXPECT_TIMEOUT_MS = 7_000 * timeoutScale;
/** The longest one test may take. */
export const TEST_TIMEOUT_MS = 30_000 * timeoutScale;
