import { expect, test } from './fixtures.ts';
import {
  DEMO, expectSignedInAs, expectSiteOptions, fillLogin, gotoRedirected, landingPaths, openUserMenuItem, signIn, siteSelect, storedToken, userMenu,
} from './helpers.ts';

const SIGN_IN = 'Prijava';

test.describe('sign-in', () => {
  for (const user of Object.values(DEMO)) {
    test(`${user.email} sees only their sites and permitted menu items`, async ({ page }) => {
      const data = await signIn(page, user.email);
      await expectSignedInAs(page, user.name);
      expect(landingPaths(data)).toContain(new URL(page.url()).pathname);

      expect(data.sites.map((site) => site.naziv).sort()).toEqual([...user.sites].sort());
      if (user.sites.length > 1) {
        await expectSiteOptions(page, user.sites.map((site) => new RegExp(site)));
      } else {
        await expect(siteSelect(page)).toHaveCount(0);
        await expect(page.getByText(user.sites[0], { exact: true })).toBeVisible();
      }

      // The menu of the login answer holds only what the role may open; read-only users get no write screens.
      const permitted = new Set(data.access.permissions);
      if (data.access.level > 0) expect([...permitted].every((permission) => permission.endsWith('.read'))).toBe(true);
      const menuPaths = data.sidebar.map((item) => item.path);
      if (!permitted.has('samples.write')) expect(menuPaths).not.toContain('/barcode');
      // The shell shows no link that the answer did not offer as visible.
      const offered = new Set(data.sidebar.filter((item) => item.visible).map((item) => item.path));
      const shown = await page.locator('nav a[href]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
      expect(shown.filter((path) => !offered.has(path))).toEqual([]);
    });
  }

  test('wrong password and unknown user show the server messages', async ({ page }) => {
    await page.goto('/auth/login');
    await fillLogin(page, DEMO.tehnicar.email, 'NijeOvaSifra1');
    await page.getByRole('button', { name: SIGN_IN }).click();
    await expect(page.getByRole('alert')).toHaveText('Pogrešna šifra.');
    await expect(page).toHaveURL(/\/auth\/login$/);

    await fillLogin(page, 'nepoznat@demo.lab', 'Demo1234!');
    await page.getByRole('button', { name: SIGN_IN }).press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Korisnik nije pronađen.');
    expect(await page.evaluate(() => localStorage.getItem('lis.token'))).toBeNull();
  });

  test('empty fields ask for the required fields', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: SIGN_IN }).click();
    await expect(page.getByRole('alert')).toHaveText('Unesite obavezna polja.');
  });

  test('the form submits with Enter', async ({ page }) => {
    await page.goto('/auth/login');
    await fillLogin(page, DEMO.pregled.email, 'Demo1234!');
    await page.getByRole('textbox', { name: 'Šifra', exact: true }).press('Enter');
    await expect(userMenu(page)).toBeVisible();
  });

  test('without a stored token every route goes to the login page', async ({ page }) => {
    await gotoRedirected(page, '/prijem');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await gotoRedirected(page, '/');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a stored token signs in again after a reload, and unknown paths go to the default', async ({ page }) => {
    const data = await signIn(page, DEMO.admin.email);
    const profile = page.waitForResponse((response) => response.url().endsWith('/api/users/admin'));
    await page.reload();
    expect((await profile).status()).toBe(200);
    await expectSignedInAs(page, DEMO.admin.name);

    await gotoRedirected(page, '/ovo/ne/postoji');
    await expect(page).toHaveURL((url) => landingPaths(data).includes(url.pathname));
    await expectSignedInAs(page, DEMO.admin.name);
  });

  test('logout ends the session and clears what was stored', async ({ page, request }) => {
    await signIn(page, DEMO.tehnicar.email);
    const token = await storedToken(page);
    const logout = page.waitForRequest((req) => req.url().endsWith('/api/logout/users'));
    await openUserMenuItem(page, 'Odjava');
    expect((await logout).postDataJSON()).toMatchObject({ type: 'manual', user: DEMO.tehnicar.email });
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => ['lis.token', 'lis.session', 'lis.lastActivity'].map((key) => localStorage.getItem(key)))).toEqual([null, null, null]);
    // The server closes the session's socket as it ends it; this page asked for that, so it says nothing of it.
    await expect(page.getByText('Vaša sesija je završena. Prijavite se ponovo.')).toHaveCount(0);

    const after = await request.post('/api/users/tehnicar', { headers: { Authorization: `Bearer ${token}` }, data: { email: DEMO.tehnicar.email } });
    expect(after.status()).toBe(401);
    await gotoRedirected(page, '/');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
