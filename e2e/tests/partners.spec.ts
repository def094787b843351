import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, clickInDropdown, expectAccessible, openAs } from './helpers.ts';
import { apiSession, createPatient, createSample, toast } from './lab-data.ts';

// Partners in the browser: an administrator registers a partner with a contact, a report address and a
// price for GLU in the partner-edit dialog (ODUSTANI and POTVRDI); a read-only user opens the same dialog
// with the handshake row action and sees only ZATVORI. On a sample, choosing that partner asks first, and
// cancelling the change keeps the old partner and reports the cancelled change as an error.

test('partner registry: the edit dialog by access level, and the partner-change confirmation on a sample', async ({ page, request }, testInfo) => {
  test.slow();
  const naziv = `Poliklinika E2E ${Date.now().toString(36).toUpperCase()}`;

  await openAs(page, DEMO.admin.email, '/partneri');
  await expect(page.getByRole('heading', { name: 'Partneri', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Partneri' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Novi partner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novi partner' });
  await dialog.getByRole('textbox', { name: 'Naziv' }).fill(naziv);
  await dialog.getByRole('textbox', { name: 'Adresa' }).fill('Titova 10, Sarajevo');
  await dialog.getByRole('combobox', { name: 'E-mail adrese za nalaze' }).fill('nalazi@poliklinika-e2e.example');
  await dialog.getByRole('combobox', { name: 'E-mail adrese za nalaze' }).press('Enter');
  await dialog.getByRole('button', { name: 'Dodaj kontakt' }).click();
  await dialog.getByRole('textbox', { name: 'Ime i prezime' }).fill('Amra Hodžić');
  await dialog.getByRole('button', { name: 'Dodaj cijenu' }).click();
  const priceTest = dialog.getByRole('combobox', { name: 'Test' });
  await priceTest.click();
  await clickInDropdown(priceTest, page.getByRole('option', { name: /^GLU · / }));
  await dialog.getByRole('textbox', { name: 'Cijena (KM)' }).fill('1,50');
  await expect(dialog.getByRole('button', { name: 'ODUSTANI' })).toBeVisible();
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('partner-dialog-admin.png'), fullPage: true });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(toast(page, 'Partner uspješno sačuvan!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('textbox', { name: 'Pretraga' }).fill(naziv);
  const row = page.getByRole('row').filter({ hasText: naziv });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Naručilac');

  // A read-only user (access level above 0) sees the same partner with ZATVORI only.
  await openAs(page, DEMO.pregled.email, '/partneri');
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(naziv);
  await page.getByRole('button', { name: `Partner — ${naziv}` }).last().click();
  const readOnly = page.getByRole('dialog', { name: `Partner: ${naziv}` });
  await expect(readOnly.getByRole('textbox', { name: 'Naziv' })).toHaveValue(naziv);
  await expect(readOnly.getByRole('textbox', { name: 'Naziv' })).toBeDisabled();
  await expect(readOnly.getByRole('button', { name: 'ZATVORI', exact: true })).toBeVisible();
  await expect(readOnly.getByRole('button', { name: 'POTVRDI' })).toHaveCount(0);
  await expect(readOnly.getByRole('button', { name: 'ODUSTANI' })).toHaveCount(0);
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('partner-dialog-read-only.png'), fullPage: true });
  await readOnly.getByRole('button', { name: 'ZATVORI', exact: true }).click();
  await expect(readOnly).toBeHidden();

  // A sample: choosing the partner asks first; ODUSTANI keeps "no partner" and reports the cancelled change.
  const tech = await apiSession(request, DEMO.tehnicar.email);
  const patient = await createPatient(request, tech, { ime: 'Partner', prezime: 'Promjenić' });
  const sample = await createSample(request, tech, { pid: patient.pid, site: 'SA', tests: ['GLU'] });
  await openAs(page, DEMO.tehnicar.email, `/samples/${patient.pid}`);
  await page.getByRole('button', { name: `Uredi uzorak — ${sample.code}` }).click();
  const edit = page.getByRole('dialog').filter({ hasText: sample.code });
  const partnerSelect = edit.getByRole('combobox', { name: 'Partner (naručilac)' });
  await partnerSelect.click();
  await clickInDropdown(partnerSelect, page.getByRole('option', { name: naziv }));
  const confirm = page.getByRole('dialog', { name: 'Promjena partnera' });
  await expect(confirm).toContainText(naziv);
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('partner-change-confirmation.png'), fullPage: true });
  await confirm.getByRole('button', { name: 'ODUSTANI' }).click();
  await expect(toast(page, 'Promjena partnera je otkazana.')).toBeVisible();
  await expect(partnerSelect).toHaveValue('');

  // POTVRDI applies it; saved, the sample's GLU costs the partner's 1.50 KM.
  await partnerSelect.click();
  await clickInDropdown(partnerSelect, page.getByRole('option', { name: naziv }));
  await confirm.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(partnerSelect).toHaveValue(naziv);
  await edit.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(toast(page, 'Uzorak uspješno izmijenjen!')).toBeVisible();
  const shown = await request.get(`/api/uzorci/show/${sample._id}`, { headers: tech.headers });
  const { uzorak } = (await shown.json()) as { uzorak: { partner: { naziv: string } | null; ukupno: string } };
  expect(uzorak.partner?.naziv).toBe(naziv);
  expect(uzorak.ukupno).toBe('1.50');
});
