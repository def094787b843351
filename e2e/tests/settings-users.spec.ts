import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, clickInDropdown, expectAccessible, gotoRedirected, openAs, userMenu } from './helpers.ts';

// The settings of users and sites: an administrator registers a site and a user of that site; the user
// signs in with the initial password, must change it first, and works at that site only; disabled by
// the administrator, the user's open page goes to the sign-in at once (the socket). Nobody but a
// level-0 administrator sees any of it.

const SITE = { sifra: 'MO', naziv: 'Mostar', name: 'Mostar', adresa: 'Kralja Tvrtka 1, 88000 Mostar' };
const USER = { email: 'mostar.tehnicar@lab.test', ime: 'Mirza', prezime: 'Mostarac', initial: 'pocetna-1', own: 'svoja-sifra-7' };

async function newUserPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'bs-BA', timezoneId: 'Europe/Sarajevo', viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test('an admin creates a site and a user of it; the user changes the initial password, sees only that site, and is signed out when disabled', async ({ page, browser, baseURL }) => {
  // Two signed-in pages and an accessibility check of every screen and dialog on the way.
  test.setTimeout(90_000 * timeoutScale);
  // The overview, reached from the sidebar.
  await openAs(page, DEMO.admin.email, '/');
  await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Postavke' }).click();
  await expect(page.getByRole('heading', { name: 'Postavke', level: 1 })).toBeVisible();
  await expectAccessible(page);

  // A new site.
  await page.getByRole('link', { name: /Sajtovi/ }).click();
  await expect(page.getByRole('heading', { name: 'Sajtovi', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Novi sajt' }).click();
  const siteDialog = page.getByRole('dialog', { name: 'Registracija sajta' });
  await siteDialog.getByRole('textbox', { name: 'Šifra' }).fill('m o');
  await siteDialog.getByRole('textbox', { name: 'Naziv', exact: true }).fill(SITE.naziv);
  await siteDialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  // The code is checked by the domain's schema before the call, at its field.
  await expect(siteDialog.getByText('Šifra sajta: do 10 velikih slova, cifara, - ili _.')).toBeVisible();
  await siteDialog.getByRole('textbox', { name: 'Šifra' }).fill(SITE.sifra);
  await siteDialog.getByRole('textbox', { name: 'Naziv na engleskom i njemačkom nalazu' }).fill(SITE.name);
  await siteDialog.getByRole('textbox', { name: 'Adresa' }).fill(SITE.adresa);
  await expectAccessible(page);
  await siteDialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(siteDialog).toBeHidden();
  await expect(page.getByRole('row', { name: /MO.*Mostar/ })).toBeVisible();

  // A new user of that site only.
  await page.getByRole('link', { name: 'Postavke' }).first().click();
  await page.getByRole('link', { name: /Korisnici/ }).click();
  await expect(page.getByRole('heading', { name: 'Korisnici', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Novi korisnik' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Registracija korisnika' });
  await userDialog.getByRole('textbox', { name: 'E-mail' }).fill(USER.email);
  await userDialog.getByRole('textbox', { name: 'Ime', exact: true }).fill(USER.ime);
  await userDialog.getByRole('textbox', { name: 'Prezime' }).fill(USER.prezime);
  const sites = userDialog.getByRole('combobox', { name: 'Sajtovi' });
  await sites.click();
  await sites.press('Backspace');
  await sites.fill('MO');
  await clickInDropdown(sites, page.getByRole('option', { name: 'MO · Mostar' }));
  await userDialog.getByRole('textbox', { name: 'Početna šifra' }).fill(USER.initial);
  await expectAccessible(page);
  await userDialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(userDialog).toBeHidden();
  const userRow = page.getByRole('row', { name: new RegExp(USER.email) });
  await expect(userRow).toContainText('MO');
  await expect(userRow).toContainText('Mora promijeniti šifru');

  // The user signs in and must change the initial password before anything else.
  const userPage = await newUserPage(browser, baseURL);
  await userPage.goto('/auth/login');
  await userPage.getByLabel('E-mail').fill(USER.email);
  await userPage.getByRole('textbox', { name: 'Šifra', exact: true }).fill(USER.initial);
  await userPage.getByRole('button', { name: 'Prijava' }).click();
  const initial = userPage.getByRole('dialog', { name: 'Promjena početne šifre' });
  await expect(initial).toBeVisible();
  await expect(userPage.getByRole('navigation', { name: 'Glavni meni' })).toHaveCount(0);
  await expectAccessible(userPage);
  await userPage.keyboard.press('Escape');
  await expect(initial).toBeVisible();
  await initial.getByRole('textbox', { name: 'Trenutna šifra' }).fill(USER.initial);
  await initial.getByRole('textbox', { name: 'Nova šifra', exact: true }).fill(USER.own);
  await initial.getByRole('textbox', { name: 'Potvrda nove šifre' }).fill(USER.own);
  await initial.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(initial).toBeHidden();

  // Only the site they were given: no site selector, the site's name in the top bar, no settings.
  await expect(userMenu(userPage)).toBeVisible();
  await expect(userPage.getByLabel('Trenutni sajt: Mostar')).toBeVisible();
  await expect(userPage.getByRole('combobox', { name: 'Sajt' })).toHaveCount(0);
  const navigation = userPage.getByRole('navigation', { name: 'Glavni meni' });
  await expect(navigation.getByRole('link', { name: 'Prijem' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Postavke' })).toHaveCount(0);
  const token = await userPage.evaluate(() => localStorage.getItem('lis.token'));
  const mostarSites = await userPage.request.get('/api/postavke/sajtovi/list', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await mostarSites.json()) as { sajtovi: { sifra: string }[] }).sajtovi.map((site) => site.sifra)).toEqual(['MO']);

  // The administrator disables the user: the open page goes to the sign-in without a reload.
  // (The front tab is the one whose timers and frames run unthrottled.)
  await page.bringToFront();
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(USER.email);
  // The users table only: the screen also lists failed sign-ins, which other tests on this server may have made.
  await expect(page.getByRole('table', { name: 'Korisnici laboratorije' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: new RegExp(`^Onemogući — .*${USER.email}`) }).click();
  const confirm = page.getByRole('dialog', { name: 'Onemogućiti korisnika?' });
  await expect(confirm).toContainText(`${USER.ime} ${USER.prezime}`);
  await confirm.getByRole('button', { name: 'Onemogući' }).click();
  await expect(userRow).toContainText('Onemogućen');
  await userPage.bringToFront();
  await expect(userPage).toHaveURL(/\/auth\/login$/);
  await expect(userPage.getByText('Vaša sesija je završena. Prijavite se ponovo.')).toBeVisible();
  expect(await userPage.evaluate(() => localStorage.getItem('lis.token'))).toBeNull();

  // The history of the user tells who did what.
  await page.bringToFront();
  await page.getByRole('button', { name: new RegExp(`^Historija izmjena — .*${USER.email}`) }).click();
  const history = page.getByRole('dialog', { name: `Historija izmjena: ${USER.ime} ${USER.prezime}` });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history.getByRole('row').nth(1)).toContainText('Korisnik onemogućen');
  await expect(history.getByRole('row').nth(2)).toContainText('Korisnik promijenio šifru');
  await expect(history.getByRole('row').nth(3)).toContainText('Korisnik registrovan');
  await expect(history).not.toContainText(USER.initial);
  await expectAccessible(page);
  await userPage.context().close();
});

test('general options: lab name, label size and the menu a role sees, at once on pages already signed in', async ({ page, browser, baseURL }) => {
  // A viewer signed in on another computer before the change: the menu follows it without a new sign-in.
  // Both pages open side by side: each is a sign-in and a boot of the app, seconds on a busy machine.
  const viewer = await newUserPage(browser, baseURL);
  await Promise.all([openAs(viewer, DEMO.pregled.email, '/'), openAs(page, DEMO.admin.email, '/postavke/opcije')]);
  const viewerMenu = viewer.getByRole('navigation', { name: 'Glavni meni' });
  await expect(viewerMenu.getByRole('link', { name: 'Pacijenti' })).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Opće postavke', level: 1 })).toBeVisible();
  const labName = page.getByRole('textbox', { name: 'Naziv laboratorije na nalazima' });
  // Checked by the domain's schema before the call: over 200 characters is refused at the field.
  await labName.fill('L'.repeat(201));
  await page.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ispravite označena polja.' })).toBeVisible();
  await expect(labName).toHaveAttribute('aria-invalid', 'true');
  await labName.fill('Laboratorija Demo');
  await page.getByRole('textbox', { name: 'Širina (mm)' }).fill('60');
  await page.getByRole('checkbox', { name: 'Pacijenti za ulogu Pregled' }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'Prijem za ulogu Pregled' })).toBeChecked();
  await page.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(page.getByText('Opće postavke su sačuvane.')).toBeVisible();
  await expect(viewerMenu.getByRole('link', { name: 'Pacijenti' })).toHaveCount(0);
  await expect(viewerMenu.getByRole('link', { name: 'Prijem' })).toBeVisible();
  await viewer.context().close();

  const login = await page.request.post('/api/login/users', { data: { email: DEMO.pregled.email, password: 'Demo1234!' } });
  const sidebar = ((await login.json()) as { data: { sidebar: { path: string; visible: boolean }[] } }).data.sidebar;
  expect(sidebar.find((item) => item.path === '/pacijenti')?.visible).toBe(false);
  expect(sidebar.find((item) => item.path === '/prijem')?.visible).toBe(true);

  await page.getByRole('button', { name: 'Historija izmjena' }).click();
  const history = page.getByRole('dialog', { name: 'Historija izmjena: Opće postavke' });
  await expect(history).toContainText('Laboratorija Demo');
  await expect(history).toContainText('60');
});

// The axe-core passes of the screen above on their own: a whole-page pass of the options grid takes up to 8 s on
// a busy 2-core machine, which with the two signed-in pages above came near the test's 30 s.
test('the general options screen and its history pass axe-core', async ({ page }) => {
  await openAs(page, DEMO.admin.email, '/postavke/opcije');
  await expect(page.getByRole('heading', { name: 'Opće postavke', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Historija izmjena' }).click();
  const history = page.getByRole('dialog', { name: 'Historija izmjena: Opće postavke' });
  await expect(history).toHaveCSS('opacity', '1');
  // The screen behind was checked; the dialog alone now.
  await expectAccessible(page, '[role="dialog"]');
});

test('a non-admin sees no settings: not in the sidebar, not by address, not from the server', async ({ page }) => {
  for (const user of [DEMO.specijalista, DEMO.tehnicar]) {
    const data = await openAs(page, user.email, '/');
    await expect(page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Postavke' })).toHaveCount(0);
    for (const path of ['/postavke', '/postavke/korisnici', '/postavke/sajtovi', '/postavke/opcije']) {
      // The app sends the user elsewhere at once: wait for that redirect rather than for a load it interrupts.
      await gotoRedirected(page, path);
      await expect(page).not.toHaveURL(new RegExp(`${path}$`));
      await expect(userMenu(page)).toBeVisible();
    }
    const headers = { Authorization: `Bearer ${data.idToken}` };
    for (const call of ['/api/postavke/users/list', '/api/postavke/sites/list', '/api/postavke/opcije']) {
      expect((await page.request.get(call, { headers })).status(), call).toBe(403);
    }
  }
});
