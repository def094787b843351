import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, expectAccessible, openAs } from './helpers.ts';
import { apiSession, createPatient, createSample, toast } from './lab-data.ts';

// Antibiogram panels: an administrator finds the demo set under Mikrobiologija → Antibiogram paneli, defines a
// panel for Moraxella catarrhalis with the agents in her order, and a culture of that organism offers exactly
// those agents as its antibiogram's rows. The reference data screen lists the shared EUCAST 2025 guideline and
// takes another year's table beside it.

/** The shared EUCAST 2025 breakpoints beside the repository (the nearest shared/reference-data above it), as the server imports them. */
function sharedBreakpoints(): string {
  for (let folder = path.resolve(import.meta.dirname, '../..'); ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'shared', 'reference-data', 'eucast_2025_clinical_breakpoints_human.tsv');
    if (existsSync(file)) return readFileSync(file, 'utf8');
    if (path.dirname(folder) === folder) throw new Error('no shared/reference-data above the repository');
  }
}

/** Types into a picker, waits for the server's match and takes it with the keyboard. */
async function choose(page: Page, picker: Locator, typed: string, option: string): Promise<void> {
  await picker.fill(typed);
  await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
}

test('an administrator defines a panel and a culture of its organism offers its agents', async ({ page, request }, testInfo) => {
  test.slow();
  await openAs(page, DEMO.admin.email, '/statistika');
  const navigation = page.getByRole('navigation', { name: 'Glavni meni' });
  await navigation.getByRole('button', { name: 'Mikrobiologija' }).click();
  await navigation.getByRole('link', { name: 'Antibiogram paneli' }).click();
  await expect(page).toHaveURL(/\/mikrobiologija\/paneli$/);
  await expect(page.getByRole('heading', { name: 'Antibiogram paneli' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Antibiogram paneli' });
  await expect(table.locator('tr[data-panel="Enterobacterales, urin"]')).toContainText('Urin');
  await expect(table.locator('tr[data-panel="Stafilokoki"]')).toContainText('FOX');

  await page.getByRole('button', { name: 'Novi panel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novi panel' });
  await dialog.getByRole('textbox', { name: 'Naziv' }).fill('Moraxella');
  await choose(page, dialog.getByRole('combobox', { name: 'Grupa mikroorganizama' }), 'moraxella catarrhalis', 'Moraxella catarrhalis');
  const agentPicker = () => dialog.getByRole('combobox', { name: 'Dodaj antibiotik (naziv ili šifra)' });
  for (const [typed, option] of [['amc', 'Amoxicillin/clavulanic acid (AMC)'], ['cefurox', 'Cefuroxime (CXM)'], ['erythro', 'Erythromycin (ERY)']] as const) {
    await choose(page, agentPicker(), typed, option);
    await expect(dialog.getByRole('listitem').filter({ hasText: option })).toBeVisible();
    // The next picker takes the cursor, so the following agent is typed at once.
    await expect(agentPicker()).toBeFocused();
  }
  await dialog.getByRole('button', { name: 'Pomjeri ERY gore' }).click();
  await expect(dialog.getByRole('listitem')).toHaveText(['1. Amoxicillin/clavulanic acid (AMC)', '2. Erythromycin (ERY)', '3. Cefuroxime (CXM)']);
  await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(toast(page, 'Panel sačuvan.')).toBeVisible();
  await expect(table.locator('tr[data-panel="Moraxella"]')).toContainText('Moraxella catarrhalis');
  await animationsSettled(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('panels.png'), fullPage: true });

  // A sputum culture with Moraxella catarrhalis: the rows are the panel's agents, in its order.
  const admin = await apiSession(request, DEMO.admin.email);
  const { pid } = await createPatient(request, admin, { ime: 'Mirza', prezime: 'Panelović' });
  const sample = await createSample(request, admin, { pid, site: 'SA', tests: ['SPUTK'] });
  await page.goto(`/mikrobiologija/kultura/${sample._id}`);
  const form = page.getByRole('form', { name: 'Kultura sputuma' });
  await choose(page, form.getByRole('combobox', { name: 'Mikroorganizam' }), 'moraxella catarrhalis', 'Moraxella catarrhalis');
  await expect(form.getByTestId('isolate-panel')).toContainText('Panel: Moraxella');
  const rows = page.getByRole('table', { name: 'Antibiogram izolata 1' }).locator('tr[data-agent]');
  await expect(rows).toHaveCount(3);
  expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-agent')))).toEqual(['AMC', 'ERY', 'CXM']);
  await rows.nth(0).getByRole('textbox', { name: /^Vrijednost/ }).fill('0,5');
  await page.keyboard.press('Control+s');
  await expect(toast(page, 'Kultura sačuvana.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('[data-sir]')).toHaveText(/^[SIR]/);
  await page.screenshot({ path: testInfo.outputPath('culture-panel.png'), fullPage: true });
});

test('the reference data screen lists the shared EUCAST 2025 guideline and imports another year beside it', async ({ page }, testInfo) => {
  await openAs(page, DEMO.admin.email, '/statistika');
  const navigation = page.getByRole('navigation', { name: 'Glavni meni' });
  await navigation.getByRole('button', { name: 'Mikrobiologija' }).click();
  await navigation.getByRole('link', { name: 'Referentni podaci' }).click();
  await expect(page).toHaveURL(/\/mikrobiologija\/referentni-podaci$/);
  await expect(page.getByRole('heading', { name: 'Referentni podaci (EUCAST)' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Uvezene smjernice' });
  const current = table.locator('tr[data-guideline="EUCAST 2025"]');
  await expect(current).toContainText('1.360');
  await expect(current).toContainText('u upotrebi');
  await expect(current).toContainText('AMR package for R');

  // An earlier year's table (the shared file renamed EUCAST 2024, for cultures kept from then): the breakpoints
  // file alone adds it beside the others; the newest stays in use, so the other tests' cultures are unaffected.
  const earlier = sharedBreakpoints().replaceAll('EUCAST 2025', 'EUCAST 2024');
  const form = page.getByRole('form', { name: 'Uvoz nove verzije' });
  await form.locator('input[type="file"]').first().setInputFiles({ name: 'eucast_2024.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(earlier) });
  await form.getByRole('button', { name: 'Uvezi' }).click();
  await expect(toast(page, 'Uvezeno: EUCAST 2024 (1360 graničnih vrijednosti).')).toBeVisible();
  await expect(table.locator('tr[data-guideline]')).toHaveCount(2);
  await expect(table.locator('tr[data-guideline="EUCAST 2024"]')).not.toContainText('u upotrebi');
  await expect(current).toContainText('u upotrebi');
  await animationsSettled(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('reference-data.png'), fullPage: true });
});
