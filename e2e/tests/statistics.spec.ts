import type { APIRequestContext, Page } from '@playwright/test';
import type { LabStatisticsAnswer } from '@lis/domain';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, expectAccessible, openAs, siteIsoDay } from './helpers.ts';
import { type ApiSession, apiSession, createPatient, createSample, saveResults } from './lab-data.ts';

// /statistika is the administrator's landing screen: its tiles show the numbers the statistics call answers
// for the same site and days. /dashboard, the wall display, opens without sign-in with the key an
// administrator issued on /statistika, shows today's counts with no patient name, ID or sample code, and
// counts a new sample once the socket says the site's data changed.

async function statistics(request: APIRequestContext, admin: ApiSession, od: string, to: string): Promise<LabStatisticsAnswer['statistika']> {
  const response = await request.get(`/api/statistika?od=${od}&do=${to}&site=${admin.siteId('SA')}`, { headers: admin.headers });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as LabStatisticsAnswer).statistika;
}

const shownNumber = async (page: Page, testId: string) => Number((await page.getByTestId(`${testId}-value`).innerText()).replace(/\./g, ''));

test('/statistika is the admin\'s landing screen and shows the numbers of the statistics call', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const patient = await createPatient(request, admin, { ime: 'Statistika', prezime: 'Hitnić' });
  await createSample(request, admin, { pid: patient.pid, site: 'SA', tests: ['GLU', 'CHOL'], hitan: true });

  await openAs(page, DEMO.admin.email, '/');
  await expect(page).toHaveURL(/\/statistika$/);
  await expect(page.getByRole('heading', { name: 'Statistika', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Statistika' })).toBeVisible();
  await expect(page.getByTestId('tile-samples-value')).toBeVisible();

  // The screen's default period: the last 30 days of the site's calendar.
  const answer = await statistics(request, admin, siteIsoDay(-29), siteIsoDay());
  expect(answer.hitni.ukupno).toBeGreaterThan(0);
  expect(await shownNumber(page, 'tile-samples')).toBe(answer.ukupno.uzorci);
  expect(await shownNumber(page, 'tile-tests')).toBe(answer.ukupno.testovi);
  expect(await shownNumber(page, 'tile-urgent')).toBe(answer.hitni.ukupno);
  expect(await shownNumber(page, 'tile-verified')).toBe(answer.ukupno.verificirani);
  const sections = page.getByTestId('section-table');
  for (const section of answer.po_sekciji) {
    await expect(sections.locator(`tr[data-section="${section.sekcija}"]`)).toContainText(section.naziv);
  }
  await expect(page.getByTestId('chart-per-day').locator('.recharts-bar-rectangle').first()).toBeVisible();
  // Every sample counts under one partner (or none), so the partners' rows add up to the tile.
  expect(answer.po_partneru.reduce((sum, row) => sum + row.uzorci, 0)).toBe(answer.ukupno.uzorci);
  const partnerTable = page.getByTestId('partner-table');
  for (const row of answer.po_partneru) {
    const shown = partnerTable.locator(`tr[data-partner="${row.partner ?? ''}"]`);
    await expect(shown).toContainText(row.naziv ?? 'Bez partnera');
    await expect(shown.locator('td').nth(1)).toHaveText(row.uzorci.toLocaleString('de-DE'));
  }

  await animationsSettled(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('statistika-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 500, height: 900 });
  await expect(page.getByTestId('tile-samples')).toBeVisible();
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('statistika-500.png'), fullPage: true });
});

test('/dashboard opens without sign-in with the issued key, shows no patient data, and counts a new sample live', async ({ page, browser, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  await openAs(page, DEMO.admin.email, '/statistika');
  await page.getByTestId('wall-display').getByRole('button', { name: 'Novi ključ' }).click();
  const address = (await page.getByTestId('wall-display-address').innerText()).trim();
  await expect(page.getByTestId('wall-display-state')).toHaveText('Uključen');
  const url = new URL(address);

  const wall = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const display = await wall.newPage();
  try {
    await display.goto(`${url.pathname}${url.search}`);
    await expect(display.getByRole('heading', { name: 'Laboratorija danas' })).toBeVisible();
    await expect(display.getByTestId('dashboard-site')).toContainText('Sarajevo');
    await expect(display.getByRole('button', { name: 'Korisnički meni' })).toHaveCount(0);
    const before = Number(await display.getByTestId('dashboard-total-value').innerText());

    const patient = await createPatient(request, admin, { ime: 'Zidni', prezime: 'Prikazović' });
    const sample = await createSample(request, admin, { pid: patient.pid, site: 'SA', tests: ['GLU'], hitan: true });
    await saveResults(request, admin, sample._id, { GLU: '5.1' });
    // Told over the socket (the poll is a minute apart): the new sample is counted.
    await expect(display.getByTestId('dashboard-total-value')).toHaveText(String(before + 1));

    const text = await display.locator('body').innerText();
    expect(text).not.toContain('Prikazović');
    expect(text.toUpperCase()).not.toContain(patient.name);
    expect(text).not.toContain(sample.code);
    expect(text).not.toMatch(/\d{13}|0000987\d{5}P/);
    await animationsSettled(display);
    await expectAccessible(display);
    await display.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });
    await display.setViewportSize({ width: 500, height: 900 });
    await animationsSettled(display);
    await display.screenshot({ path: testInfo.outputPath('dashboard-500.png'), fullPage: true });

    await display.goto('/dashboard?kljuc=pogresan-kljuc');
    await expect(display.getByText('Zidni prikaz nije dostupan.', { exact: false })).toBeVisible();
    await expect(display.getByText('Sarajevo')).toHaveCount(0);
  } finally {
    await wall.close();
  }
  // Turned off on /statistika: the key stops working.
  await page.getByTestId('wall-display').getByRole('button', { name: 'Isključi' }).click();
  await expect(page.getByTestId('wall-display-state')).toHaveText('Isključen');
  const refused = await request.get(`/api/dashboard?kljuc=${url.searchParams.get('kljuc')}`);
  expect(refused.status()).toBe(401);
});
