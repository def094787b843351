import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, chooseOption, dayFromToday, expectAccessible, openAs } from './helpers.ts';
import { apiSession, createPatient, createSample, saveResults, toast } from './lab-data.ts';

// Quality control in the browser: a specialist defines a control lot of urea with two levels, enters runs
// until one violates 2-2s, sees it flagged on the Levey-Jennings chart, finds a patient's urea result held
// (approval refused, naming the test and the rule), records the corrective action and approves.
// Urea is a test no other spec approves, so a failure here cannot hold another spec's results.

test('a lot is defined, a run violating 2-2s is flagged on the chart and holds the test until a corrective action is recorded', async ({ page, request }, testInfo) => {
  test.slow();
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const control = `Lyphochek ${tag}`;
  const lot = `LOT-${tag}`;

  // The lot: urea at two levels, targets from the insert.
  await openAs(page, DEMO.specijalista.email, '/kontrole/definicija');
  await expect(page.getByRole('heading', { name: 'Kontrole: definicija' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Definicija', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Naziv kontrole' }).fill(control);
  await page.getByRole('textbox', { name: 'Proizvođač' }).fill('Bio-Rad');
  await page.getByRole('textbox', { name: 'LOT', exact: true }).fill(lot);
  await page.getByRole('textbox', { name: 'Rok trajanja' }).fill(dayFromToday(365));
  await page.getByRole('textbox', { name: 'Srednja vrijednost 1' }).click();
  await chooseOption(page, 'Test 1', /^Urea \(UREA\)$/);
  await page.getByRole('textbox', { name: 'Srednja vrijednost 1' }).fill('5');
  await page.getByRole('textbox', { name: 'SD 1' }).fill('0,2');
  await page.getByRole('button', { name: 'Dodaj nivo' }).click();
  await expect(page.getByRole('textbox', { name: 'Nivo 2' })).toHaveValue('2');
  await expect(page.getByRole('combobox', { name: 'Test 2', exact: true })).toHaveValue('Urea (UREA)');
  await page.getByRole('textbox', { name: 'Srednja vrijednost 2' }).fill('15');
  await page.getByRole('textbox', { name: 'SD 2' }).fill('0,5');
  await page.getByRole('button', { name: 'Sačuvaj' }).click();
  await expect(toast(page, 'Kontrola sačuvana.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Kontrola ${control} · LOT ${lot}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(lot);
  await expect(page.getByRole('row').filter({ hasText: lot })).toContainText(control);
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('kontrole-definicija.png'), fullPage: true });
  await expectAccessible(page);

  // Entry: the lot opens in Multi; Enter moves from value to value and saves after the last.
  await page.getByRole('link', { name: 'Unos', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Kontrole: unos' })).toBeVisible();
  await chooseOption(page, 'Kontrola (naziv · LOT)', new RegExp(`^${control} · LOT ${lot}`));
  const level1 = page.getByRole('textbox', { name: 'Urea · nivo 1' });
  const level2 = page.getByRole('textbox', { name: 'Urea · nivo 2' });
  const judgement = page.getByTestId('qc-judgement');
  const run = async (first: string, second: string) => {
    await level1.fill(first);
    await level1.press('Enter');
    await expect(level2).toBeFocused();
    await level2.fill(second);
    await level2.press('Enter');
    await expect(toast(page, 'Rezultati kontrole sačuvani.').first()).toBeVisible();
    // Saved: the values are cleared and the next run starts at the first one.
    await expect(level1).toHaveValue('');
    await expect(level1).toBeFocused();
  };
  await run('5,1', '15,2');
  await expect(judgement).toContainText('Prihvaćeno');
  await run('5,45', '15,1');
  await expect(judgement).toContainText('Upozorenje');
  await expect(judgement).toContainText('1-2s');
  await run('5,5', '14,9');
  await expect(judgement).toContainText('Odbijeno');
  await expect(judgement).toContainText('2-2s');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('kontrole-unos.png'), fullPage: true });
  await expectAccessible(page);

  // The chart flags the rejected point with its rules; the held test is listed.
  await page.getByRole('link', { name: 'Grafikoni', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Kontrole: grafikoni' })).toBeVisible();
  await chooseOption(page, 'Kontrola (naziv · LOT)', new RegExp(`^${control} · LOT ${lot}`));
  const chart = page.getByTestId('lj-chart-1');
  await expect(chart.locator('[data-status="odbijen"]')).toHaveCount(1);
  await expect(chart.locator('[data-status="upozorenje"]')).toHaveCount(1);
  await expect(chart.locator('[data-status="odbijen"]')).toContainText('2-2s');
  await expect(page.getByTestId('qc-level-1').getByRole('table')).toContainText('Odbijeno');
  // The Youden plot of the two levels: one point per run.
  await expect(page.getByRole('img', { name: /Youden grafikon Urea: .*, 3 serija/ })).toBeVisible();
  const hold = page.getByTestId('qc-hold').filter({ hasText: `${control} LOT ${lot}` });
  await expect(hold).toContainText('Urea');
  await expect(hold).toContainText('2-2s');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('kontrole-charts.png'), fullPage: true });
  await expectAccessible(page);

  // The lot's results: the rejected one carries its rules; a comment is added to it.
  await page.getByRole('link', { name: 'Rezultati kontrole' }).click();
  await expect(page.getByRole('heading', { name: 'Kontrole: obrada' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Rezultati kontrola' }).getByRole('row').filter({ hasText: 'Urea' });
  await expect(rows).toHaveCount(6);
  const rejectedRow = rows.filter({ hasText: 'Odbijeno' });
  await expect(rejectedRow).toHaveCount(1);
  await expect(rejectedRow).toContainText('1-2s, 2-2s');
  await rejectedRow.getByRole('button', { name: /^Komentar/ }).click();
  const commentDialog = page.getByRole('dialog', { name: 'Komentar' });
  await commentDialog.getByRole('textbox').fill('Reagens pri kraju, kalibracija zakazana.');
  await commentDialog.getByRole('button', { name: 'Sačuvaj' }).click();
  await expect(toast(page, 'Komentar sačuvan.')).toBeVisible();
  await expect(rejectedRow).toContainText('Reagens pri kraju');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('kontrole-obrada.png'), fullPage: true });
  await expectAccessible(page);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Kontrole: grafikoni' })).toBeVisible();

  // A patient's urea result cannot be approved while the test is held.
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const { pid } = await createPatient(request, specialist, { ime: 'Kontrola', prezime: `Urea${tag}` });
  const sample = await createSample(request, specialist, { pid, site: 'SA', tests: ['UREA'] });
  await saveResults(request, specialist, sample._id, { UREA: '6,1' });
  const results = await page.context().newPage();
  await results.goto(`/obrada/rezultati/${pid}/${sample._id}`);
  const statusBar = results.getByRole('toolbar', { name: 'Akcije uzorka' });
  await statusBar.getByRole('button', { name: 'Odobri' }).click();
  await expect(toast(results, /Kontrola za Urea je odbijena \(2-2s\)/)).toBeVisible();
  await expect(results.getByText('REALIZOVAN').first()).toBeVisible();

  // The corrective action releases it; the approval goes through.
  await hold.getByRole('textbox', { name: 'Korektivna mjera za Urea' }).fill('Nova kalibracija, kontrola ponovljena u granicama.');
  await hold.getByRole('button', { name: 'Evidentiraj korektivnu mjeru' }).click();
  await expect(toast(page, /Korektivna mjera evidentirana/)).toBeVisible();
  await expect(hold).toHaveCount(0);
  await statusBar.getByRole('button', { name: 'Odobri' }).click();
  await expect(toast(results, 'Rezultati odobreni.')).toBeVisible();
  await expect(results.getByText('ODOBREN').first()).toBeVisible();
});
