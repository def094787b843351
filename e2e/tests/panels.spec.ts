import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, openAs, showInLanguage } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, patientId, toast } from './lab-data.ts';

// Test panels as a technician meets them: the blood count found by typing its code and added with one Enter,
// one of its tests taken off, a chemistry test beside it that needs serum, the warning that it needs another
// sample, and the two samples saved each with its own code and label. Then the panels in the assay settings.
// Pictures of the picker and of the panel settings, wide and narrow, in each language, for a person to look at.

function selected(page: Page) {
  return page.getByRole('table', { name: 'Odabrani testovi' });
}

interface SampleShown { uzorak: { type: string; ukupno: string; tests: { analit: string; panel: string | null; price: string }[] } }

test('a panel picked with Enter, one test off, and a second sample for a test that needs serum', async ({ page, request }) => {
  test.setTimeout(120_000 * timeoutScale);
  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.emir.jmbg);
  await openAs(page, DEMO.admin.email, `/samples/${pid}`);
  const search = page.getByRole('textbox', { name: 'Traži test' });
  await expect(page.getByRole('checkbox', { name: /^Glukoza/ })).toBeVisible();

  await test.step("typing 'KKS' finds the blood count panel first; Enter adds its 20 tests at the panel price", async () => {
    await search.fill('KKS');
    await expect(page.getByRole('group', { name: 'Paneli testova' })).toContainText('Kompletna krvna slika');
    await search.press('Enter');
    await expect(toast(page, /Dodan panel Kompletna krvna slika/)).toBeVisible();
    await expect(search).toHaveValue('');
    await expect(selected(page).getByRole('row')).toHaveCount(20);
    await expect(selected(page).getByRole('row').filter({ hasText: 'Hemoglobin' })).toContainText('iz panela KKS');
    await expect(page.getByTestId('sample-total')).toHaveText('8,00 KM');
  });

  await test.step('one of its tests comes off; the rest cost less than the whole panel, never more', async () => {
    await selected(page).getByRole('button', { name: 'Ukloni test Bazofili #' }).click();
    await expect(selected(page).getByRole('row')).toHaveCount(19);
    // 19 × 0,50 = 9,50 one by one: still the panel price.
    await expect(page.getByTestId('sample-total')).toHaveText('8,00 KM');
  });

  await test.step("a synonym finds the panel too, and Enter adds the top single test", async () => {
    await search.fill('hemogram');
    await expect(page.getByRole('group', { name: 'Paneli testova' })).toContainText('Kompletna krvna slika');
    await search.fill('glukoza');
    await search.press('Enter');
    await expect(selected(page).getByRole('row')).toHaveCount(20);
    await expect(page.getByTestId('sample-total')).toHaveText('11,00 KM');
  });

  await test.step('the picker warns that glucose needs serum, another sample than the blood count', async () => {
    const warning = page.getByTestId('other-sample-type');
    await expect(warning).toContainText('Potreban je još jedan uzorak');
    await expect(warning).toContainText('Glukoza');
    await expect(warning).toContainText('„Serum”');
    await expect(warning).toContainText('„Puna krv (K2EDTA)”');
  });

  await test.step('saving as two samples creates both, each with its code and label', async () => {
    const saves: Promise<SampleShown>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/uzorci/save')) saves.push(response.json() as Promise<SampleShown>);
    });
    await page.getByRole('button', { name: 'Sačuvaj kao dva uzorka' }).click();
    await expect(page.getByTestId('saved-code')).toHaveCount(2);
    await expect(page.getByTestId('other-sample-type')).toHaveCount(0);
    await expect.poll(() => saves.length).toBe(2);
    const [blood, serum] = await Promise.all(saves);
    expect(blood!.uzorak.type).toBe('Puna krv (K2EDTA)');
    expect(blood!.uzorak.tests).toHaveLength(19);
    expect(blood!.uzorak.tests.every((test) => test.panel !== null)).toBe(true);
    expect(blood!.uzorak.ukupno).toBe('8.00');
    expect(serum!.uzorak.type).toBe('Serum');
    expect(serum!.uzorak.tests.map((test) => test.analit)).toEqual(['Glukoza']);
    const labels = page.getByRole('alert').getByRole('button', { name: 'Ispis naljepnice' });
    await expect(labels).toHaveCount(2);
    const pdf = page.waitForResponse((response) => /\/api\/uzorci\/barcode\/[0-9a-f-]{36}\/pdf/.test(response.url()));
    await labels.nth(1).click();
    expect((await pdf).status()).toBe(200);
  });
});

test('the panels in the assay settings: edit one and find it in the picker by its new synonym', async ({ page, request }) => {
  test.setTimeout(90_000 * timeoutScale);
  await openAs(page, DEMO.admin.email, '/assays');
  const section = page.getByRole('table', { name: 'Paneli testova' });
  await expect(section.getByRole('row').filter({ hasText: 'LIPID' })).toContainText('Lipidogram');
  await section.getByRole('button', { name: 'Uredi: Lipidogram' }).click();
  const dialog = page.getByRole('dialog', { name: 'Panel: Lipidogram' });
  await dialog.getByLabel('Sinonimi', { exact: true }).fill('masnoće');
  await dialog.getByLabel('Sinonimi', { exact: true }).press('Enter');
  await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(toast(page, 'Panel sačuvan.')).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: 'LIPID' })).toContainText('masnoće');

  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.emir.jmbg);
  await openAs(page, DEMO.admin.email, `/samples/${pid}`);
  await page.getByRole('textbox', { name: 'Traži test' }).fill('masnoce');
  await expect(page.getByRole('group', { name: 'Paneli testova' })).toContainText('Lipidogram');
});

for (const language of ['bs', 'en', 'de'] as const) {
  for (const width of [1280, 500]) {
    test(`pictures of the picker and the panel settings, ${language}, ${width} px`, { tag: '@pictures' }, async ({ page, request }, testInfo) => {
      test.setTimeout(90_000 * timeoutScale);
      await page.setViewportSize({ width, height: 900 });
      const admin = await apiSession(request, DEMO.admin.email);
      const pid = await patientId(request, admin, DEMO_PATIENTS.emir.jmbg);
      await openAs(page, DEMO.admin.email, `/samples/${pid}`);
      await showInLanguage(page, language);
      const search = page.getByRole('textbox', { name: { bs: 'Traži test', en: 'Find a test', de: 'Test suchen' }[language] });
      await expect(search).toBeVisible();
      await search.fill('krvna slika');
      await expect(page.getByRole('group', { name: { bs: 'Paneli testova', en: 'Test panels', de: 'Testprofile' }[language] })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`picker-search-${language}-${width}.png`), fullPage: true });
      await search.press('Enter');
      await search.fill('glukoza');
      await search.press('Enter');
      await expect(page.getByTestId('other-sample-type')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`picker-chosen-${language}-${width}.png`), fullPage: true });

      await page.goto('/assays');
      await expect(page.getByRole('heading', { name: { bs: 'Paneli testova', en: 'Test panels', de: 'Testprofile' }[language] })).toBeVisible();
      await page.getByRole('heading', { name: { bs: 'Paneli testova', en: 'Test panels', de: 'Testprofile' }[language] }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`panel-settings-${language}-${width}.png`) });
      await page.getByRole('button', { name: { bs: 'Uredi: Lipidogram', en: 'Edit: Lipidogram', de: 'Bearbeiten: Lipidogram' }[language] }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(600);
      await page.screenshot({ path: testInfo.outputPath(`panel-dialog-${language}-${width}.png`) });
    });
  }
}
