import { expect, test } from './fixtures.ts';
import { DEMO, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, siteSampleCodes } from './lab-data.ts';

test('/barcode receives a sample from a scanner typing its code and Enter', async ({ page, request }) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.kenan.jmbg);
  const sample = await createSample(request, admin, { pid, site: 'SA', tests: ['CRP', 'GLU'] });
  const [tuzlaCode] = await siteSampleCodes(request, admin, 'TZ');

  await openAs(page, DEMO.admin.email, '/barcode');
  await expect(page.getByRole('heading', { name: 'Prijem uzorka' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Bar-kod uzorka' });
  await expect(field).toBeFocused();

  await page.keyboard.type(sample.code);
  await page.keyboard.press('Enter');
  const result = page.getByTestId('scan-result');
  await expect(result).toContainText('Uzorak zaprimljen u obradu.');
  await expect(result).toContainText(sample.code);
  await expect(result).toContainText(DEMO_PATIENTS.kenan.name);
  await expect(result).toContainText('U OBRADI');
  await expect(result.getByRole('listitem')).toHaveCount(2);
  await expect(result.getByRole('list')).toContainText('CRP');
  await expect(result.getByRole('list')).toContainText('Glukoza');
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();

  // Scanning the same tube again changes nothing and says so.
  await page.keyboard.type(sample.code);
  await page.keyboard.press('Enter');
  await expect(result).toContainText('Uzorak je već zaprimljen.');

  // An unknown code, and a code of another site, are not found here.
  await page.keyboard.type('9912310001');
  await page.keyboard.press('Enter');
  await expect(result).toContainText('Uzorak s kodom 9912310001 nije pronađen na ovom sajtu');
  await page.keyboard.type(tuzlaCode!);
  await page.keyboard.press('Enter');
  await expect(result).toContainText(`Uzorak s kodom ${tuzlaCode} nije pronađen na ovom sajtu`);
  await expect(field).toBeFocused();

  const history = page.getByRole('table', { name: 'Skenirano u ovoj sesiji' });
  await expect(history.getByRole('row')).toHaveCount(5);
  await expect(history.getByRole('row').nth(1)).toContainText('Nije pronađen');
  await expect(history.getByRole('row').nth(3)).toContainText('Već primljen');
  await expect(history.getByRole('row').nth(4)).toContainText('Primljen u obradu');
});

test('/naljepnice lists samples in processing, shows a sample and reprints its label', async ({ page, request }) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.lejla.jmbg);
  const sample = await createSample(request, admin, { pid, site: 'SA', tests: ['TSH'] });

  await openAs(page, DEMO.admin.email, '/naljepnice');
  await expect(page.getByRole('heading', { name: 'Uzorci u obradi' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Uzorci u obradi' });
  const row = table.getByRole('row').filter({ hasText: sample.code });
  await expect(row).toContainText('DEMIĆ LEJLA');
  await expect(row).toContainText('ZAPRIMLJEN');

  // Only samples in processing: U OBRADI alone hides the new ZAPRIMLJEN sample.
  const status = page.getByRole('radiogroup', { name: 'Status' });
  await status.getByText('U OBRADI', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'U OBRADI', exact: true })).toBeChecked();
  await expect(table.getByRole('row').filter({ hasText: sample.code })).toHaveCount(0);
  await status.getByText('Svi u obradi', { exact: true }).click();

  await table.getByRole('button', { name: `Detalji uzorka ${sample.code}` }).click();
  const details = page.getByRole('dialog', { name: `Uzorak ${sample.code}` });
  await expect(details).toContainText(sample._id);
  await expect(details).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(details).toContainText(/\d{2}:\d{2}/);
  await details.getByRole('button', { name: 'ZATVORI', exact: true }).click();

  const pdf = page.waitForResponse((response) => response.url().includes(`/api/uzorci/barcode/${sample._id}/pdf`));
  await table.getByRole('button', { name: new RegExp(`^Ispis naljepnice — ${sample.code}`) }).click();
  const response = await pdf;
  expect(response.headers()['content-type']).toBe('application/pdf');
  await expect(page.getByRole('dialog', { name: `Naljepnica ${sample.code}` })).toBeVisible();
});
