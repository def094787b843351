import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, expectAccessible, openAs } from './helpers.ts';
import { apiSession, createPatient, createSample } from './lab-data.ts';

// The pro-forma invoice from the sample table dialog: the patient's samples with their 'include' checkbox
// (ticked when updated today), the invoice of the ticked ones on screen with a calculated test's components
// included at 0, and its PDF downloaded and read back.

interface InvoiceJson { predracun: { broj: string; ukupno: string; uzorci: { code: string; ukupno: string }[] } }

test('the invoice of the samples ticked in the sample dialog renders and downloads as PDF', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const { pid, name } = await createPatient(request, admin, { ime: 'Emir', prezime: 'Računović', spol: 'MUŠKI' });
  const withLdl = await createSample(request, admin, { pid, site: 'SA', tests: ['GLU', 'LDL'] });
  const second = await createSample(request, admin, { pid, site: 'SA', tests: ['CRP'] });

  await openAs(page, DEMO.tehnicar.email, '/obrada/pregled');
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(withLdl.code);
  await page.getByRole('textbox', { name: 'Pretraga' }).press('Enter');
  const row = page.getByRole('table', { name: 'Uzorci u obradi' }).getByRole('row').filter({ hasText: withLdl.code });
  await row.getByRole('button', { name: new RegExp(`^Detalji uzorka ${withLdl.code}`) }).click();
  const dialog = page.getByRole('dialog', { name: `Uzorak ${withLdl.code}` });
  const choice = dialog.getByRole('region', { name: 'Predračun' });
  // The patient's two samples were made today: both ticked.
  const boxes = choice.getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  for (const code of [withLdl.code, second.code]) await expect(choice.getByRole('checkbox', { name: new RegExp(code) })).toBeChecked();
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('sample-dialog-invoice.png') });
  await expectAccessible(page);
  await choice.getByRole('button', { name: 'Predračun (2)' }).click();

  await expect(page).toHaveURL(new RegExp(`/obrada/predracun/${pid}\\?uzorci=`));
  const json = await request.get(`/api/predracun/${pid}/pregled?uzorci=${withLdl._id},${second._id}`, { headers: admin.headers });
  const { predracun } = (await json.json()) as InvoiceJson;
  const km = (amount: string) => `${amount.replace('.', ',')} KM`;
  await expect(page.getByRole('heading', { name: 'Predračun', exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText(km(predracun.ukupno));
  await expect(page.getByText(predracun.broj)).toBeVisible();
  await expect(page.getByRole('table', { name: `Uzorak ${withLdl.code}` })).toContainText('uključeno u');
  await expect(page.getByRole('table', { name: `Uzorak ${withLdl.code}` })).toContainText('0,00 KM');
  await expect(page.getByText(name)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('invoice-screen.png'), fullPage: true });
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Preuzmi PDF' }).click();
  const file = testInfo.outputPath('predracun.pdf');
  await (await download).saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  for (const expected of ['PREDRAČUN', predracun.broj, name, withLdl.code, second.code, 'UKUPNO ZA PLAĆANJE', km(predracun.ukupno), 'Stranica 1 od 1']) {
    expect(text).toContain(expected);
  }
  for (const uzorak of predracun.uzorci) expect(text).toContain(`Ukupno za uzorak ${uzorak.code}`);
});
