import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, chooseSite, expectAccessible, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, saveResults, toast } from './lab-data.ts';

// Result reports in the browser: a specialist verifies a sample, its report appears in /nalazi/pregled as a
// gold row and opens as a PDF; the report view shows it in the page with its versions and languages
// (UZORKOVIĆ AMINA asked for Bosnian and German). An unlock and a new verification issue a corrected
// version 2: the row is red while unlocked, and both versions open.

function reportRow(page: Page, code: string) {
  return page.getByRole('table', { name: 'Izdati nalazi' }).getByRole('row').filter({ hasText: code });
}

/** Opens a report's PDF from its row action and checks that a tab shows the PDF bytes the server stored. */
async function expectPdfOpens(page: Page, button: ReturnType<Page['getByRole']>): Promise<void> {
  const [response, tab] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().includes('/api/nalazi/pdf/')),
    page.context().waitForEvent('page'),
    button.click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // The stored bytes' SHA-256 rides along: the browser got the report as issued.
  expect(response.headers()['x-report-sha256']).toMatch(/^[0-9a-f]{64}$/);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
}

test('a verified sample\'s report appears, opens, and an unlock with a new verification gives a corrected version; both open', async ({ page, request }, testInfo) => {
  test.slow();
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const pid = await patientId(request, tehnicar, DEMO_PATIENTS.amina.jmbg);
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['GLU', 'CRP', 'K'] });
  await saveResults(request, tehnicar, sample._id, { GLU: '7,4', CRP: '2,1', K: '4,2' });
  const approved = await request.post('/api/rezultati/odobri', { headers: tehnicar.headers, data: { sid: sample._id } });
  expect(approved.status(), await approved.text()).toBe(200);

  // The specialist verifies from the results check.
  await openAs(page, DEMO.specijalista.email, '/protokol');
  const checkRow = page.getByRole('table', { name: 'Uzorci koji čekaju provjeru ili imaju napomenu' }).getByRole('row').filter({ hasText: sample.code });
  await checkRow.getByRole('button', { name: `Verifikuj — ${sample.code}` }).click();
  await expect(checkRow).toHaveCount(0);

  // The report list: a gold, final row with both languages.
  await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Pregled nalaza' }).click();
  await expect(page.getByRole('heading', { name: 'Pregled nalaza' })).toBeVisible();
  const row = reportRow(page, sample.code);
  await expect(row).toContainText('UZORKOVIĆ AMINA');
  await expect(row).toContainText('Konačan');
  await expect(row).toContainText('BS');
  await expect(row).toContainText('DE');
  await page.screenshot({ path: testInfo.outputPath('nalazi-pregled.png'), fullPage: true });
  await expectAccessible(page);
  await expectPdfOpens(page, row.getByRole('button', { name: `Otvori PDF — ${sample.code} UZORKOVIĆ AMINA` }));

  // The report view: the PDF in the page, its one version, and the German report at {id}_German.
  await row.getByRole('link', { name: `Nalaz uzorka ${sample.code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/nalazi/pregled/${sample._id}$`));
  await expect(page.getByRole('heading', { name: `Nalaz ${sample.code}` })).toBeVisible();
  await expect(page.getByTitle(`Nalaz ${sample.code}, verzija 1, Bosanski`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Verzija 1\b/ })).toContainText('Prva verzija');
  await page.getByText('Njemački', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/nalazi/pregled/${sample._id}_German$`));
  await expect(page.getByTitle(`Nalaz ${sample.code}, verzija 1, Njemački`)).toBeVisible();
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('nalaz-view.png'), fullPage: true });
  await expectAccessible(page);

  // The processing list offers the report of the verified sample.
  await page.goto('/obrada/pregled');
  await page.getByRole('combobox', { name: 'Period' }).selectOption('DANAS');
  const processingRow = page.getByRole('table', { name: 'Uzorci u obradi' }).getByRole('row').filter({ hasText: sample.code });
  await expect(processingRow).toContainText('VERIFICIRAN');
  await expectPdfOpens(page, processingRow.getByRole('button', { name: `Nalaz (PDF) — ${sample.code} UZORKOVIĆ AMINA` }));

  // Unlock with a reason: the report is no longer final (red), then verify again: a corrected version 2.
  await processingRow.getByRole('button', { name: `Otključaj — ${sample.code}` }).click();
  const unlock = page.getByRole('dialog', { name: `Otključavanje uzorka ${sample.code}` });
  await unlock.getByLabel('Razlog').fill('Ispravka jedinice CRP');
  await unlock.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(toast(page, 'Uzorak otključan.')).toBeVisible();
  // While unlocked, the pdf action is not offered (the sample is not verified).
  await expect(processingRow.getByRole('button', { name: `Nalaz (PDF) — ${sample.code} UZORKOVIĆ AMINA` })).toHaveCount(0);

  await page.goto('/nalazi/pregled');
  await expect(reportRow(page, sample.code)).toContainText('Nije konačan');
  await page.goto('/obrada/pregled');
  await page.getByRole('combobox', { name: 'Period' }).selectOption('DANAS');
  await processingRow.getByRole('button', { name: `Verifikuj — ${sample.code}` }).click();
  await expect(processingRow).toContainText('VERIFICIRAN');

  await page.goto('/nalazi/pregled');
  await expect(reportRow(page, sample.code)).toContainText('Konačan');
  await reportRow(page, sample.code).getByRole('link', { name: `Nalaz uzorka ${sample.code}` }).click();
  const latest = page.getByRole('button', { name: /^Verzija 2\b/ });
  await expect(latest).toContainText('Korigovan');
  await expect(latest).toContainText('Ispravka jedinice CRP');
  await expect(page.getByTitle(`Nalaz ${sample.code}, verzija 2, Bosanski`)).toBeVisible();
  const second = await page.request.get(`/api/nalazi/pdf/${sample._id}?verzija=2&jezik=bs`, { headers: (await apiSession(request, DEMO.specijalista.email)).headers });
  expect(second.status()).toBe(200);
  await page.getByRole('button', { name: /^Verzija 1\b/ }).click();
  await expect(page.getByTitle(`Nalaz ${sample.code}, verzija 1, Bosanski`)).toBeVisible();
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('nalaz-versions.png'), fullPage: true });
  await expectAccessible(page);

  // Switching to Tuzla leaves the report for the report list of Tuzla, where Sarajevo's report is not.
  await chooseSite(page, 'Tuzla');
  await expect(page).toHaveURL(/\/nalazi\/pregled\/\?site=/);
  await expect(page.getByRole('heading', { name: 'Pregled nalaza' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Period' }).selectOption('SVE');
  await expect(page.getByRole('table', { name: 'Izdati nalazi' })).toBeVisible();
  await expect(reportRow(page, sample.code)).toHaveCount(0);
});
