import { expect, test } from './fixtures.ts';
import { DEMO, clickInDropdown, expectAccessible, openAs, userMenu } from './helpers.ts';

test('login page passes axe-core', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Prijava' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Prijava' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
});

test('shell, notifications and the password dialog pass axe-core', async ({ page }) => {
  // Four axe runs over the whole shell with the statistics charts: past 30 s on a busy 2-core machine.
  test.slow();
  await openAs(page, DEMO.admin.email);
  await expectAccessible(page);

  await page.getByRole('button', { name: /Obavještenja/ }).click();
  // axe measures colours as drawn: wait until the fade-in has finished.
  await expect(page.getByRole('dialog')).toHaveCSS('opacity', '1');
  // The demo's stock alerts are in the alarms; each dismiss button names what it dismisses, never an internal key.
  await expect(page.getByRole('region', { name: 'Alarmi' }).getByRole('button', { name: /^Ukloni obavještenje: .*nisko stanje/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Poruke' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await userMenu(page).click();
  await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
  await expectAccessible(page);
  await clickInDropdown(userMenu(page), page.getByRole('menuitem', { name: 'Promjena šifre' }));
  await expect(page.getByRole('dialog', { name: 'Promjena šifre' })).toHaveCSS('opacity', '1');
  await expectAccessible(page);
});
