import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, animationsSettled, chooseOption, dayFromToday, expectAccessible, openAs } from './helpers.ts';
import { apiSession } from './lab-data.ts';

// Inventory in the browser: a technician registers a product in 'Unos produkta' (first meeting an LN that is
// registered already), receives two lots of it, consumes from the one that expires first, sees the stock with
// the low-stock and expiry alerts (also in the bell), raises an order from the low-stock suggestions, sends it and
// receives it on goods in. A contract with a supplier is registered and received against, refusing more than remains.

test('a product is registered (meeting a registered LN), received in two lots, consumed first-expiring first, its stock alerts show, and it is ordered and received', async ({ page, request }, testInfo) => {
  // One person's whole round through six screens, each checked with axe: longer than a single-screen test.
  test.setTimeout(150_000 * timeoutScale);
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
  await chooseOption(page, 'Jedinica mjere', 'test');
  await dialog.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/inventar\/produkti$/);
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(newLn);
  await expect(page.getByRole('row').filter({ hasText: newLn })).toContainText('Glukoza reagens GOD-PAP');

  // Goods in: two lots, the second expiring within the product's 30 warning days.
  await page.getByRole('link', { name: 'Ulaz', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ulaz robe' })).toBeVisible();
  const receiveLot = async (lot: string, days: number, kolicina: string) => {
    await chooseOption(page, 'Produkt', new RegExp(newLn));
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
  await chooseOption(page, 'Produkt', new RegExp(newLn));
  await expect(page.getByText('Ukupno: 7')).toBeVisible();
  await chooseOption(page, 'Sekcija', /Biohemija/);
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

  // The low stock is in the notification bell as well.
  await page.getByRole('button', { name: /^Obavještenja \(\d+\)$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Obavještenja' })).toContainText(`${newLn} Glukoza reagens GOD-PAP: nisko stanje (5/10)`);
  await page.keyboard.press('Escape');

  // An order raised from the low-stock suggestions: 6 packages bring the 5 back above the level of 10.
  await page.getByRole('link', { name: 'Narudžbe', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Narudžbe', exact: true, level: 2 })).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Upozorenja inventara' })).toContainText('Produkti ispod nivoa');
  const suggestion = page.getByRole('table', { name: 'Prijedlozi za narudžbu' }).getByRole('row').filter({ hasText: newLn });
  await expect(suggestion).toContainText('5 / 10');
  await expect(suggestion.getByRole('textbox', { name: `Količina za ${newLn}` })).toHaveValue('6');
  // Other specs' products may be low at this site too: only this one is ordered.
  for (const box of await page.getByRole('checkbox', { name: /^Uključi / }).all()) {
    if (await box.getAttribute('aria-label') !== `Uključi ${newLn}`) await box.uncheck();
  }
  await chooseOption(page, 'Dobavljač', 'Reagens Promet d.o.o.');
  await page.getByRole('button', { name: 'Kreiraj nacrt narudžbe' }).click();
  const orderDialog = page.getByRole('dialog', { name: /^Narudžba NAR-\d{6}$/ });
  await expect(orderDialog).toContainText('Nacrt');
  await expect(orderDialog.getByRole('table', { name: /Stavke narudžbe/ }).getByRole('row').filter({ hasText: newLn })).toContainText('Glukoza reagens GOD-PAP');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('inventar-narudzba-nacrt.png'), fullPage: true });
  await expectAccessible(page);
  await orderDialog.getByRole('button', { name: 'Pošalji' }).click();
  await expect(page.getByText('Narudžba je poslana.').first()).toBeVisible();
  await expect(orderDialog).toContainText('Poslana');
  await expect(orderDialog.getByRole('button', { name: 'PDF' })).toBeVisible();

  // Received on goods in with the order chosen; the order is then received and the stock above its level.
  await orderDialog.getByRole('link', { name: `Primi ${newLn}` }).click();
  await expect(page.getByRole('heading', { name: 'Ulaz robe' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Narudžba', exact: true })).toHaveValue(/^NAR-\d{6} — Reagens Promet d\.o\.o\., čeka 6$/);
  await page.getByRole('textbox', { name: 'Lot', exact: true }).fill(`ORDER-${tag}`);
  await page.getByRole('textbox', { name: 'Rok trajanja' }).fill(dayFromToday(300));
  await page.getByRole('textbox', { name: 'Količina (pakovanja)' }).fill('7');
  await page.getByRole('textbox', { name: 'Napomena' }).click();
  await page.getByRole('button', { name: 'Evidentiraj ulaz' }).click();
  await expect(page.getByText(/čeka još 6 pakovanja ovog produkta/).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Količina (pakovanja)' }).fill('6');
  await page.getByRole('button', { name: 'Evidentiraj ulaz' }).click();
  await expect(page.getByText('Ulaz uspješno evidentiran!').first()).toBeVisible();
  await page.getByRole('link', { name: 'Narudžbe', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Narudžbe' }).getByRole('row').filter({ hasText: 'Reagens Promet d.o.o.' }).first()).toContainText('Primljena');
  await page.getByRole('link', { name: 'Stanje', exact: true }).click();
  const restocked = page.getByRole('table', { name: 'Stanje po produktima' }).getByRole('row').filter({ hasText: newLn });
  await expect(restocked).toContainText(`ORDER-${tag}`);
  await expect(restocked.getByLabel(/^Nisko stanje/)).toHaveCount(0);

  // Specs that count the bell's entries may run on this server next: the early lot's last package is used up
  // (first-expiring first), so no alert of this product is left behind (10 in stock is not under the level of 10).
  const site = admin.siteId('SA');
  const read = await request.post('/api/inventar/readprodukt', { headers: admin.headers, data: { site, LN: newLn } });
  const sekcije = await request.get(`/api/inventar/sekcije?site=${site}`, { headers: admin.headers });
  const used = await request.post('/api/inventar/izlaz', {
    headers: admin.headers,
    data: {
      site, produkt: ((await read.json()) as { produkt: { _id: string } }).produkt._id, kolicina: 1,
      sekcija: ((await sekcije.json()) as { sekcije: { _id: string }[] }).sekcije[0]?._id,
    },
  });
  expect(await used.json()).toMatchObject({ izdano: [{ lot: `EARLY-${tag}`, kolicina: 1 }] });
  const alerts = await request.get(`/api/inventar/upozorenja?site=${site}`, { headers: admin.headers });
  expect(JSON.stringify(await alerts.json())).not.toContain(newLn);
});

test('a contract with a supplier is registered, received against, and refuses more than remains', async ({ page, request }, testInfo) => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const ln = `UGV-${tag}`;
  const admin = await apiSession(request, DEMO.admin.email);
  const created = await request.post('/api/inventar/createprodukt', {
    headers: admin.headers, data: { site: admin.siteId('SA'), produkt: { LN: ln, opis: 'Hemoglobin kontrola', sadrzaj: 3, jedinica_mjere: 'mL' } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await openAs(page, DEMO.tehnicar.email, '/inventar/ugovori');
  await expect(page.getByRole('heading', { name: 'Ugovori', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Novi ugovor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novi ugovor' });
  await chooseOption(page, 'Dobavljač', 'Medilab Oprema d.o.o.');
  await dialog.getByRole('textbox', { name: 'Broj ugovora' }).fill(`UG-${tag}`);
  await dialog.getByRole('textbox', { name: 'Važi od' }).fill(dayFromToday(-5));
  await dialog.getByRole('textbox', { name: 'Važi do' }).fill(dayFromToday(360));
  await chooseOption(page, 'Produkt, stavka 1', new RegExp(ln));
  await dialog.getByRole('textbox', { name: 'Cijena, stavka 1' }).fill('4,5');
  await dialog.getByRole('textbox', { name: 'Količina, stavka 1' }).fill('5');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('inventar-ugovor-novi.png'), fullPage: true });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Sačuvaj' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Ugovor uspješno sačuvan!').first()).toBeVisible();

  // Goods in under the contract: more than it has left is refused with its number, what it has is received.
  await page.getByRole('link', { name: 'Ulaz', exact: true }).click();
  await chooseOption(page, 'Produkt', new RegExp(ln));
  await chooseOption(page, 'Ugovor', new RegExp(`^UG-${tag} — Medilab Oprema d\\.o\\.o\\., 4,50 KM, preostalo 5$`));
  await page.getByRole('textbox', { name: 'Lot', exact: true }).fill(`C-${tag}`);
  await page.getByRole('textbox', { name: 'Rok trajanja' }).fill(dayFromToday(120));
  await page.getByRole('textbox', { name: 'Količina (pakovanja)' }).fill('6');
  await page.getByRole('textbox', { name: 'Napomena' }).click();
  await page.getByRole('button', { name: 'Evidentiraj ulaz' }).click();
  await expect(page.getByText(`Ugovor UG-${tag} dozvoljava još 5 pakovanja ovog produkta.`).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Količina (pakovanja)' }).fill('4');
  await page.getByRole('button', { name: 'Evidentiraj ulaz' }).click();
  await expect(page.getByText('Ulaz uspješno evidentiran!').first()).toBeVisible();

  // The contract's line: 5 contracted, 4 received, 1 remaining.
  await page.getByRole('link', { name: 'Ugovori', exact: true }).click();
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(`UG-${tag}`);
  await page.getByRole('button', { name: new RegExp(`^Detalji — UG-${tag}`) }).click();
  const line = page.getByRole('table', { name: `Stavke ugovora UG-${tag}` }).getByRole('row').filter({ hasText: ln });
  await expect(line).toContainText('4,50 KM');
  await expect(line.getByRole('cell')).toHaveText([ln, 'Hemoglobin kontrola', '4,50 KM', '5', '4', '1']);
  await page.screenshot({ path: testInfo.outputPath('inventar-ugovori.png'), fullPage: true });
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
