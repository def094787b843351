import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, expectAccessible, openAs } from './helpers.ts';

// Izvještaji (/reports): one tab per report flag of the session; each report renders its figures and table
// for this month and exports to PDF and XLSX; a technician sees only the reports of their flags, a viewer none.

const ALL_REPORTS = [
  'Finansije po danu', 'Pacijenti po danu', 'Pacijenti po mjestu', 'Pacijenti po lokaciji', 'Protokol uzoraka',
  'Vrijeme obrade po pacijentu', 'Radne liste po sekcijama',
];

test('every report renders, exports to PDF and XLSX, and passes axe', async ({ page }, testInfo) => {
  test.slow();
  await openAs(page, DEMO.admin.email, '/reports');
  await expect(page.getByRole('link', { name: 'Izvještaji' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Izvještaji', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(ALL_REPORTS);
  for (const [index, title] of ALL_REPORTS.entries()) {
    await page.getByRole('tab', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    // The demo seed has samples this month: every report but the per-town one (addresses name towns of the site) has rows.
    const table = page.getByRole('table', { name: title });
    await expect(table.or(page.getByText('Nema podataka u izabranom periodu.'))).toBeVisible();
    if (index === 0) {
      await expect(table).toBeVisible();
      await expect(page.getByTestId('report-chart')).toBeVisible();
      await animationsSettled(page);
      await page.screenshot({ path: testInfo.outputPath('izvjestaji-fpodanu.png'), fullPage: true });
      await expectAccessible(page);
    }
    if (index === 5 || index === 4) await page.screenshot({ path: testInfo.outputPath(`izvjestaji-${index}.png`), fullPage: true });
    for (const [button, signature] of [['Izvoz u PDF', '%PDF-'], ['Izvoz u Excel (XLSX)', 'PK']] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: button }).click();
      const file = testInfo.outputPath(`${index}-${(await download).suggestedFilename()}`);
      await (await download).saveAs(file);
      expect(readFileSync(file).subarray(0, signature.length).toString()).toBe(signature);
    }
  }
  await expectAccessible(page);
});

test('the report\'s period opens in the date range dialog (Unesite opseg datuma) and confirming keeps the report', async ({ page }) => {
  await openAs(page, DEMO.admin.email, '/reports?izvjestaj=ppodanu');
  await expect(page.getByRole('heading', { name: 'Pacijenti po danu', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: /^Period: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Unesite opseg datuma' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Pacijenti po danu' })).toBeVisible();
});

test('a technician gets the reports of their flags only', async ({ page }) => {
  await openAs(page, DEMO.tehnicar.email, '/reports');
  await expect(page.getByRole('tab')).toHaveText(['Protokol uzoraka', 'Radne liste po sekcijama']);
  await expect(page.getByRole('table', { name: 'Protokol uzoraka' })).toBeVisible();
});

test('a viewer, whose session has no report flag, has no Izvještaji in the sidebar', async ({ page }) => {
  await openAs(page, DEMO.pregled.email, '/pacijenti');
  await expect(page.getByRole('link', { name: 'Pacijenti' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Izvještaji' })).toHaveCount(0);
});
