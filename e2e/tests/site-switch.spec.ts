import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

test('switching the site applies ?site= and sends the new site with every call', async ({ page }) => {
  const data = await signIn(page, DEMO.admin.email);
  const tuzla = data.sites.find((site) => site.sifra === 'TZ')!;
  const select = page.getByRole('combobox', { name: 'Sajt' });
  await expect(select).toHaveValue('Sarajevo');

  await select.click();
  await page.getByRole('option', { name: 'Tuzla' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?site=${tuzla.id}$`));
  await expect(select).toHaveValue('Tuzla');
  await expect(page.getByText('Tuzla (TZ)')).toBeVisible();

  // The choice survives a reload, and the auto-login call already carries it.
  const profile = page.waitForRequest((request) => request.url().endsWith('/api/users/admin'));
  await page.goto('/');
  expect((await profile).postDataJSON()).toMatchObject({ site: tuzla.id });
  await expect(select).toHaveValue('Tuzla');
});

test('a link with ?site= of one of the user\'s sites selects it; below 600 px the code is shown', async ({ page }) => {
  const data = await signIn(page, DEMO.specijalista.email);
  const tuzla = data.sites.find((site) => site.sifra === 'TZ')!;
  await page.goto(`/?site=${tuzla.id}`);
  const select = page.getByRole('combobox', { name: 'Sajt' });
  await expect(select).toHaveValue('Tuzla');

  await page.setViewportSize({ width: 500, height: 800 });
  await expect(select).toHaveValue('TZ');
  await select.click();
  await expect(page.getByRole('option')).toHaveText(['SA', 'TZ']);
});
