import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, expectAccessible, openAs } from './helpers.ts';
import { apiSession } from './lab-data.ts';

// Inventory in the browser: a technician registers a product in 'Unos produkta' (first meeting an LN that is
// registered already), receives two lots of it, consumes from the one that expires first, and sees the
// stock with the low-stock and expiry alerts.

/** A day `days` from today as the forms show it: dd.mm.yyyy. */
function dayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sarajevo', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(date);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a product is registered (meeting a registered LN), received in two lots, consumed first-expiring first, and its stock alerts show', async ({ page, request }, testInfo) => {
  // One person's whole round through four screens, each checked with axe: longer than a single-screen test.
  test.slow();
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const takenLn = `REG-${tag}`;
  const newLn = `GLU-${tag}`;
  const admin = await apiSession(request, DEMO.admin.email);
  const registered = await request.post('/api/inventar/createprodukt', {
    headers: admin.headers, data: { site: admin.siteId('SA'), produkt: { LN: takenLn, opis: 'Kalibrator hemija', sadrzaj: 6, jedinica_mjere: 'mL' } },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await openAs(page, DEMO.tehnicar.email, '/inventar/produkti');
  await expect(page.getByRole('heading', { name: 'Produkti' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stanje', exact: true })).toBeVisible();
  await expectAccessible(page);

  // 'Unos produkta': a registered LN shows who has it and offers 'Prijem' instead of confirming.
  await page.getByRole('button', { name: 'Novi produkt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unos produkta' });
  const ln = dialog.getByRole('textbox', { name: 'LN' });
  await ln.pressSequentially(takenLn.toLowerCase());
  const taken = dialog.getByRole('alert').filter({ hasText: 'Uneseni LN je već registriran!' });
  await expect(taken).toBeVisible();
  await expect(taken).toContainText('Produkt: Kalibrator hemija');
  await expect(taken.getByRole('button', { name: 'Prijem' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'POTVRDI' })).toHaveCount(0);
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('inventar-unos-produkta-registriran.png'), fullPage: true });
  await expectAccessible(page);

  // A new LN: the defaults are there, a missing unit is asked for, then the product is registered.
  await ln.fill('');
  await ln.pressSequentially(newLn);
  await expect(taken).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Nivo' })).toHaveValue('0');
  await expect(dialog.getByRole('textbox', { name: 'Dana do roka' })).toHaveValue('30');
  await expect(dialog.getByRole('combobox', { name: 'OJ', exact: true })).toHaveValue('Sarajevo');
  await dialog.getByRole('textbox', { name: 'Opis' }).fill('Gl');
  await expect(dialog.getByRole('button', { name: 'POTVRDI' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Opis' }).fill('Glukoza reagens GOD-PAP');
  await dialog.getByRole('textbox', { name: 'Sadržaj' }).fill('500');
  await dialog.getByRole('textbox', { name: 'Nivo' }).fill('10');
  await dialog.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(page.getByText('Unesite obavezna polja.').first()).toBeVisible();
  await choose(page, 'Jedinica mjere', 'test');
  await dialog.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/inventar\/produkti$/);
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(newLn);
  await expect(page.getByRole('row').filter({ hasText: newLn })).toContainText('Glukoza reagens GOD-PAP');

  // Goods in: two lots, the second expiring within the product's 30 warning days.
  await page.getByRole('link', { name: 'Ulaz', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ulaz robe' })).toBeVisible();
  const receiveLot = async (lot: string, days: number, kolicina: string) => {
    await choose(page, 'Produkt', new RegExp(newLn));
    await page.getByRole('textbox', { name: 'Lot', exact: true }).fill(lot);
    await page.getByRole('textbox', { name: 'Rok trajanja' }).fill(dayFromToday(days));
    await page.getByRole('textbox', { name: 'Količina (pakovanja)' }).fill(kolicina);
    await page.getByRole('textbox', { name: 'Napomena' }).click();
    await page.getByRole('button', { name: 'Evidentiraj ulaz' }).click();
    await expect(page.getByText('Ulaz uspješno evidentiran!').first()).toBeVisible();
  };
  await receiveLot(`LATE-${tag}`, 200, '4');
  await receiveLot(`EARLY-${tag}`, 20, '3');
  await expect(page.getByRole('table', { name: 'Posljednji ulazi' }).getByRole('row').filter({ hasText: `EARLY-${tag}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('inventar-ulaz.png'), fullPage: true });
  await expectAccessible(page);

  // Goods out without choosing a lot: the first-expiring lot is taken.
  await page.getByRole('link', { name: 'Izlaz', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Izlaz robe' })).toBeVisible();
  await choose(page, 'Produkt', new RegExp(newLn));
  await expect(page.getByText('Ukupno: 7')).toBeVisible();
  await choose(page, 'Sekcija', /Biohemija/);
  await page.getByRole('textbox', { name: 'Količina (pakovanja)' }).fill('2');
  await page.getByRole('button', { name: 'Evidentiraj izlaz' }).click();
  await expect(page.getByText(`Izdano: EARLY-${tag} × 2`).first()).toBeVisible();
  const consumed = page.getByRole('table', { name: 'Posljednji izlazi' }).getByRole('row').filter({ hasText: `EARLY-${tag}` });
  await expect(consumed).toContainText('Biohemija');
  await page.screenshot({ path: testInfo.outputPath('inventar-izlaz.png'), fullPage: true });
  await expectAccessible(page);

  // Stock: 5 under the level of 10, the early lot expiring.
  await page.getByRole('link', { name: 'Stanje', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Stanje', exact: true })).toBeVisible();
  const row = page.getByRole('table', { name: 'Stanje po produktima' }).getByRole('row').filter({ hasText: newLn });
  await expect(row.getByLabel('Nisko stanje: 5 od najmanje 10')).toBeVisible();
  await expect(row).toContainText(`EARLY-${tag}`);
  await expect(row).toContainText('Ističe za 20 d.');
  await expect(row).toContainText(`LATE-${tag}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Produkti ispod nivoa' })).toContainText(`${newLn} (5/10)`);
  await expect(page.getByRole('alert').filter({ hasText: 'Lotovi kojima ističe rok' })).toContainText(`EARLY-${tag}`);
  await page.screenshot({ path: testInfo.outputPath('inventar-stanje.png'), fullPage: true });
  await expectAccessible(page);
});

test('an administrator keeps the reference lists in /inventar/postavke', async ({ page }, testInfo) => {
  const naziv = `Imunohemija ${randomBytes(2).toString('hex')}`;
  await openAs(page, DEMO.admin.email, '/inventar/postavke');
  await expect(page.getByRole('heading', { name: 'Inventar: postavke' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Naziv' }).fill(naziv);
  await page.getByRole('button', { name: 'Dodaj' }).click();
  await expect(page.getByRole('table', { name: 'Klase' })).toContainText(naziv);
  await page.getByRole('textbox', { name: 'Naziv' }).fill(naziv.toUpperCase());
  await page.getByRole('button', { name: 'Dodaj' }).click();
  await expect(page.getByText('Naziv već postoji u ovoj listi.')).toBeVisible();
  await page.getByRole('tab', { name: 'OJ' }).click();
  await expect(page.getByRole('table', { name: 'OJ' })).toContainText('Sarajevo');
  await page.screenshot({ path: testInfo.outputPath('inventar-postavke.png'), fullPage: true });
  await expectAccessible(page);
});
