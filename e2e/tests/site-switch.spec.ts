import { expect, test } from './fixtures.ts';
import { DEMO, chooseSite, expectSiteOptions, openAs, siteSelect } from './helpers.ts';

test('switching the site applies ?site= and sends the new site with every call', async ({ page }) => {
  const data = await openAs(page, DEMO.admin.email);
  const tuzla = data.sites.find((site) => site.sifra === 'TZ')!;
  const select = siteSelect(page);
  await expect(select).toHaveValue('Sarajevo');

  await chooseSite(page, 'Tuzla');
  await expect(page).toHaveURL(new RegExp(`\\?site=${tuzla.id}$`));
  await expect(select).toHaveValue('Tuzla');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lis.session')!) as { siteId?: unknown });
  expect(stored.siteId).toBe(tuzla.id);

  // The choice survives a reload, and the auto-login call already carries it.
  const profile = page.waitForRequest((request) => request.url().endsWith('/api/users/admin'));
  await page.goto('/');
  expect((await profile).postDataJSON()).toMatchObject({ site: tuzla.id });
  await expect(select).toHaveValue('Tuzla');
});

test('a link with ?site= of one of the user\'s sites selects it; below 600 px the code is shown', async ({ page }) => {
  const data = await openAs(page, DEMO.specijalista.email);
  const tuzla = data.sites.find((site) => site.sifra === 'TZ')!;
  await page.goto(`/?site=${tuzla.id}`);
  const select = siteSelect(page);
  await expect(select).toHaveValue('Tuzla');

  await page.setViewportSize({ width: 500, height: 800 });
  await expect(select).toHaveValue('TZ');
  await expectSiteOptions(page, ['SA', 'TZ']);
});
