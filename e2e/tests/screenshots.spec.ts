import { expect, test } from './fixtures.ts';
import { DEMO, expectAccessible, signIn, userMenu } from './helpers.ts';

// Pictures of the login page and the shell, wide and narrow, for a person to look at
// (written beside the test's other output: e2e/test-results/screenshots-*/ by default); the checks make
// sure each picture shows what it should.
for (const width of [1280, 500]) {
  test(`login page and shell at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Prijava' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`login-${width}.png`), fullPage: true });

    await signIn(page, DEMO.admin.email);
    await expect(page.getByRole('main')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`shell-${width}.png`), fullPage: true });
    await expectAccessible(page);

    await userMenu(page).click();
    await expect(page.getByRole('menuitem', { name: 'Odjava' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`user-menu-${width}.png`), animations: 'disabled' });
  });
}
