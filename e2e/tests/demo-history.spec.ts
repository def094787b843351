import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, chooseOption, openAs } from './helpers.ts';

// A new user's first look at the modules that live on history: the demo database (seeded with history for the
// browser tests as for `npm start`) shows QC charts with their rejections and corrective actions, a cumulative
// antibiogram with organisms above 30 isolates, a week of refrigerator readings with its acknowledged alarm,
// stock and order alerts, and three weeks of statistics. Other tests of the worker add data of their own, so
// every count here is a floor, never an exact figure.

test('the demo shows every history module at work: QC, cumulative antibiogram, temperature, inventory, statistics', async ({ page }, testInfo) => {
  test.slow();
  await openAs(page, DEMO.specijalista.email, '/kontrole/charts');
  await expect(page.getByRole('heading', { name: 'Kontrole: grafikoni' })).toBeVisible();
  // The glucose 1-3s rejection of lot 26450, 24 days ago: inside the last 31 days the chart shows by default.
  await chooseOption(page, 'Kontrola (naziv · LOT)', /^Lyphochek Assayed Chemistry · LOT 26450/);
  await chooseOption(page, 'Test', /^Glukoza/);
  const chart = page.getByTestId('lj-chart-1');
  await expect(chart.locator('[data-status="odbijen"]')).toHaveCount(1);
  await expect(chart.locator('[data-status="odbijen"]')).toContainText('1-3s');
  expect(await chart.locator('[data-status]').count()).toBeGreaterThanOrEqual(25);
  // The corrective action written down for it, and nothing held now.
  await expect(page.getByTestId('qc-level-1').getByRole('table')).toContainText('Odbijeno');
  await expect(page.getByTestId('qc-hold')).toHaveCount(0);
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('demo-qc-chart.png'), fullPage: true });

  await page.goto('/mikrobiologija/kumulativni-antibiogram');
  await expect(page.getByRole('heading', { name: 'Kumulativni antibiogram', level: 1 })).toBeVisible();
  // The screen opens on this year: eleven of the demo's twelve months of cultures.
  const table = page.getByRole('table', { name: 'Kumulativni antibiogram' });
  const coli = table.locator('tr[data-organism="B_ESCHR_COLI"]');
  await expect(coli).toContainText('Escherichia coli');
  // More than 30 first isolates: the row is reliable (no '< 30' mark) and meropenem keeps every isolate S.
  await expect(coli.getByText('< 30')).toHaveCount(0);
  await expect(coli.locator('td[data-agent="MEM"] [data-testid="percent-s"]')).toHaveText('100');
  expect(Number(await page.getByTestId('isolates-first').innerText())).toBeGreaterThanOrEqual(100);
  await page.screenshot({ path: testInfo.outputPath('demo-antibiogram.png'), fullPage: true });

  await page.goto('/loger/statistika');
  await expect(page.getByRole('heading', { name: 'Temperatura: statistika' })).toBeVisible();
  await chooseOption(page, 'Frižider', 'Frižider reagensi');
  await expect(page.getByTestId('period-summary')).toContainText('van opsega');
  await expect(page.getByRole('img', { name: /Grafikon temperature Frižider reagensi/ }).locator('svg').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('demo-logger.png'), fullPage: true });

  await page.goto('/inventar/stanje');
  await expect(page.getByRole('alert').filter({ hasText: 'Produkti ispod nivoa' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Lotovi kojima ističe rok' })).toBeVisible();
  await page.goto('/inventar/narudzbe');
  const orders = page.getByRole('table', { name: 'Narudžbe' });
  await page.getByRole('combobox', { name: 'Period' }).selectOption('SVE');
  for (const state of ['Nacrt', 'Poslana', 'Primljena', 'Otkazana']) await expect(orders.getByText(state, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('demo-orders.png'), fullPage: true });

  await page.goto('/statistika');
  await expect(page.getByRole('heading', { name: 'Statistika', level: 1 })).toBeVisible();
  await expect(page.getByTestId('chart-per-day').locator('.recharts-bar-rectangle').first()).toBeVisible();
  expect(Number((await page.getByTestId('tile-samples-value').innerText()).replace(/\./g, ''))).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('demo-statistics.png'), fullPage: true });
});
