import { expect, test } from './fixtures.ts';

// The browsers under test hold a toast longer than the app shows it (fixtures.ts, holdToasts), so a check after a
// slow action still finds it. Under TEST_CLOCK, Playwright's clock owns window.setTimeout: the hold must wrap the
// clock's timers, or a toast's close timer escapes it whenever another timer falls due first.
test('a toast-length timer is held while another timer falls due first', async ({ page }) => {
  await page.goto('/api/health');
  const closed = await page.evaluate(async () => {
    const state = window as unknown as { toastClosed?: boolean };
    setTimeout(() => undefined, 1000);
    setTimeout(() => { state.toastClosed = true; }, 2500);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    return state.toastClosed === true;
  });
  expect(closed).toBe(false);
});
