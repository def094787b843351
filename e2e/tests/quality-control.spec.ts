import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, animationsSettled, chooseOption, dayFromToday, expectAccessible, openAs, siteDay } from './helpers.ts';
import { apiSession, createPatient, createSample, saveResults, siteSampleCodes, toast } from './lab-data.ts';

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
  await expect(page.getByRole('img', { name: /Youden grafikon Urea: .*, 3 serije$/ })).toBeVisible();
  const hold = page.getByTestId('qc-hold').filter({ hasText: `${control} LOT ${lot}` });
  await expect(hold).toContainText('Urea');
  await expect(hold).toContainText('2-2s');
  // Entered by hand: every urea result of the site is held.
  await expect(hold).toContainText('Blokirani su svi rezultati ovog testa na sajtu.');
  // The monthly table under the charts: this month's runs per level (5,1 5,45 5,5 against 5 ± 0,2: mean 5,35,
  // SD 0,218, CV 4,07 %, bias +7 %; no TEa set, so no Sigma).
  const monthly = page.getByRole('table', { name: `Mjesečna statistika kontrole ${control} LOT ${lot} za ${dayFromToday(0).slice(3)}` });
  await expect(monthly.getByRole('row').nth(1).getByRole('cell')).toHaveText([/^Urea/, '1', '3', '5,35', '0,218', '4,07', '5', '7', '—', '—']);
  await expect(monthly.getByRole('row').nth(2).getByRole('cell')).toHaveText([/^Urea/, '2', '3', '15,067', '0,153', '1,01', '15', '0,44', '—', '—']);
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

const root = path.resolve(import.meta.dirname, '../..');
/** ../shared/analyser-captures beside the repository, or above a git worktree deeper down; LIS_ANALYSER_CAPTURES names another. */
function nearestCaptures(from: string): string {
  const candidate = path.join(from, 'shared', 'analyser-captures');
  if (existsSync(candidate) || path.dirname(from) === from) return candidate;
  return nearestCaptures(path.dirname(from));
}
const captures = process.env.LIS_ANALYSER_CAPTURES ?? nearestCaptures(path.dirname(root));

// The analyser path through the API: an analyser whose control specimens start with "QC" and a lot whose level 1
// is the specimen id QC-<tag>-1; the simulator replays the real Afinion capture with that specimen id over TCP.
// The result becomes a run of the lot (the analyser named), the message's outcome is 'control', and no sample
// has it. HbA1c is a test no other spec uses; the run is accepted (on target), so it holds nothing.
test('a control result from an analyser becomes a run of its lot, with the analyser, and never a patient result', async ({ page, request }, testInfo) => {
  test.slow();
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const specimen = `QC-${tag}-1`;
  // A listener port beside this run's servers (E2E_PORT + the worker's index), so parallel runs do not meet.
  const port = (Number(process.env.E2E_PORT) || 8181) + 70 + testInfo.workerIndex;
  const admin = await apiSession(request, DEMO.admin.email);
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const site = specialist.siteId('SA');
  const assays = await request.get('/api/assays/lab/list', { headers: specialist.headers, params: { site, per_page: 0, datum: 'SVE', filter: 'HBA1C' } });
  const hba1c = ((await assays.json()) as { data: { _id: string; sifra: string }[] }).data.find((assay) => assay.sifra === 'HBA1C')!;
  const defined = await request.post('/api/kontrole/definicija/save', {
    headers: specialist.headers,
    data: {
      site, element: {
        control: `Afinion kontrola ${tag}`, lot: `HB-${tag}`, rok_trajanja: `${siteDay().year + 2}-12-31`,
        ciljevi: [{ labassay: hba1c._id, nivo: 1, mean: 5.9, sd: 0.2 }], uzorci_aparata: [{ nivo: 1, uzorak: specimen }],
      },
    },
  });
  expect(defined.status(), await defined.text()).toBe(200);
  const lot = ((await defined.json()) as { kontrola: { _id: string; uzorci_aparata: unknown } }).kontrola;
  expect(lot.uzorci_aparata).toEqual([{ nivo: 1, uzorak: specimen }]);
  const name = `Afinion QC e2e ${tag}`;
  const analyser = await request.post('/api/postavke/analysers/edit', {
    headers: admin.headers,
    data: {
      site: admin.siteId('SA'),
      analyser: { ime: name, protokol: 'astm', transport: { mode: 'listen', port }, mapa: { HbA1c: 'HBA1C' }, kontrole: { prefiksi: ['QC'], qc_oznaka: true } },
    },
  });
  expect(analyser.status(), await analyser.text()).toBe(200);
  const analyserId = ((await analyser.json()) as { analyser: { _id: string } }).analyser._id;

  const { stdout } = await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), [
    'apps/server/src/simulate.ts', '--protocol', 'astm', '--host', '127.0.0.1', '--port', String(port),
    '--file', path.join(captures, 'abbott-afinion2_astm-e1381-framed.astm'), '--specimen', specimen,
  ], { cwd: root, encoding: 'utf8', timeout: 60_000 * timeoutScale });
  expect(stdout).toContain('OK: the LIS acknowledged the message.');

  const runs = await request.get('/api/kontrole/obrada/rezultati', { headers: specialist.headers, params: { site, kontrola: lot._id, datum: 'SVE' } });
  const rows = ((await runs.json()) as { data: { nivo: number; vrijednost: number; status: string; izvor: string; naziv: string }[] }).data;
  expect(rows).toEqual([expect.objectContaining({ nivo: 1, vrijednost: 5.9, status: 'prihvacen', izvor: name })]);
  const messages = await request.get('/api/integracija/poruke', { headers: admin.headers, params: { site: admin.siteId('SA'), analyser: analyserId, datum: 'SVE' } });
  const [message] = ((await messages.json()) as { data: { ishod: string; kontrolnih: number; rezultata: number; za_pregled: number }[] }).data;
  expect(message).toMatchObject({ ishod: 'control', kontrolnih: 1, rezultata: 0, za_pregled: 0 });
  // No sample of the site has the specimen id as its code: it was never a patient's.
  expect(await siteSampleCodes(request, specialist, 'SA')).not.toContain(specimen);

  // The lot's results in the browser name the analyser.
  await openAs(page, DEMO.specijalista.email, `/kontrole/obrada/rezultati?kontrola=${lot._id}`);
  const row = page.getByRole('table', { name: 'Rezultati kontrola' }).getByRole('row').filter({ hasText: 'HbA1c' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Prihvaćeno');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('kontrole-s-analizatora.png'), fullPage: true });

  // The analyser's form shows how its controls are recognised.
  await page.evaluate(() => localStorage.clear());
  await openAs(page, DEMO.admin.email, '/integracija/postavke');
  await chooseOption(page, 'Analizator', name);
  await expect(page.getByRole('textbox', { name: 'Prefiksi oznaka kontrolnih uzoraka' })).toHaveValue('QC');
  await expect(page.getByRole('checkbox', { name: /Poštuj QC oznaku poruke/ })).toBeChecked();
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('integracija-kontrole.png'), fullPage: true });
  await expectAccessible(page);
});
