/**
 * The serial-number dialog ('Redni broj') on /naljepnice and /barcode: a tube
 * is found by the running number on its label among the site's samples of
 * today. OK (POTVRDI) is disabled while the input is empty, not a number, or
 * above the data length, and for a number no sample of the site has today.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, expectAccessible, openAs } from './helpers.ts';
import { type ApiSession, apiSession, createPatient, createSample } from './lab-data.ts';

/** The running number of a code (yymmdd + number). */
const runningNumber = (code: string) => Number(code.slice(6));

async function highestToday(request: APIRequestContext, session: ApiSession): Promise<number> {
  const response = await request.get('/api/uzorci/list', { headers: session.headers, params: { site: session.siteId('SA'), datum: 'DANAS', per_page: 0 } });
  const { data } = (await response.json()) as { data: { pacijentRBr: number }[] };
  return Math.max(...data.map((row) => row.pacijentRBr));
}

test('/naljepnice: the running number opens its sample; OK stays disabled for what names no row', async ({ page, request }) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const patient = await createPatient(request, admin, { ime: 'Redni', prezime: 'Brojević' });
  // Tuzla's sample takes a number of today that no Sarajevo sample has.
  const tuzla = await createSample(request, admin, { pid: patient.pid, site: 'TZ', tests: ['GLU'] });
  const sample = await createSample(request, admin, { pid: patient.pid, site: 'SA', tests: ['GLU'] });
  const highest = await highestToday(request, admin);

  await openAs(page, DEMO.admin.email, '/naljepnice');
  await page.getByRole('button', { name: 'Redni broj' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redni broj uzorka' });
  const field = dialog.getByRole('textbox', { name: 'Redni broj s naljepnice (#)' });
  const ok = dialog.getByRole('button', { name: 'POTVRDI' });
  await expect(field).toBeFocused();
  await expect(ok).toBeDisabled();

  await field.fill('12a');
  await expect(dialog).toContainText('Unesite broj.');
  await expect(ok).toBeDisabled();
  await field.fill(String(highest + 1));
  await expect(dialog).toContainText(`Današnji redni brojevi idu do ${highest}.`);
  await expect(ok).toBeDisabled();
  await field.fill(String(runningNumber(tuzla.code)));
  await expect(dialog).toContainText(`Nijedan današnji uzorak ovog sajta nema redni broj ${runningNumber(tuzla.code)}.`);
  await expect(ok).toBeDisabled();
  await field.fill('');
  await expect(ok).toBeDisabled();

  await field.fill(String(runningNumber(sample.code)));
  await expect(dialog).toContainText(sample.code);
  await expect(dialog).toContainText(patient.name);
  await expect(ok).toBeEnabled();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('serial-number.png') });
  await field.press('Enter');
  await expect(page.getByRole('dialog', { name: `Uzorak ${sample.code}` })).toContainText(sample._id);
});

test('/barcode: a label that will not scan is received by its running number', async ({ page, request }) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const patient = await createPatient(request, admin, { ime: 'Neskeniran', prezime: 'Tubić' });
  const sample = await createSample(request, admin, { pid: patient.pid, site: 'SA', tests: ['GLU'] });

  await openAs(page, DEMO.admin.email, '/barcode');
  await page.getByRole('button', { name: 'Redni broj' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redni broj uzorka' });
  await dialog.getByRole('textbox', { name: 'Redni broj s naljepnice (#)' }).fill(String(runningNumber(sample.code)));
  await expect(dialog).toContainText(sample.code);
  await dialog.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(dialog).toHaveCount(0);
  const result = page.getByTestId('scan-result');
  await expect(result).toContainText('Uzorak zaprimljen u obradu.');
  await expect(result).toContainText(sample.code);
  await expect(page.getByRole('textbox', { name: 'Bar-kod uzorka' })).toBeFocused();
});
