import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, clickInDropdown, expectAccessible, openAs } from './helpers.ts';
import { apiSession, createPatient, createSample, toast } from './lab-data.ts';

// A urine culture in the browser: a specialist opens the sample's result entry, goes to its culture,
// records E. coli at 10^5 CFU/mL with an antibiogram, saves and sees S/I/R interpreted by the EUCAST
// breakpoints, with the rows its organism's panel offers (an agent outside the panel refused), approves and verifies on the result
// screen, and the report's PDF shows the culture, the isolate and the antibiogram.

function antibiogram(page: Page): Locator {
  return page.getByRole('table', { name: 'Antibiogram izolata 1' });
}

function agentRow(page: Page, code: string): Locator {
  return antibiogram(page).locator(`tr[data-agent="${code}"]`);
}

/** Types into a picker, waits for the server's match and takes it with Enter (the keyboard way). */
async function pick(page: Page, picker: Locator, typed: string, option: string): Promise<void> {
  await picker.fill(typed);
  await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(picker).toHaveValue(option);
}

test('a urine culture with E. coli 10^5 CFU/mL and its antibiogram: S/I/R interpreted, verified, in the PDF', async ({ page, request }, testInfo) => {
  test.slow();
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const { pid } = await createPatient(request, specialist, { ime: 'Azra', prezime: 'Kulturović' });
  const sample = await createSample(request, specialist, { pid, site: 'SA', tests: ['UKUL'] });

  await openAs(page, DEMO.specijalista.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await page.getByRole('button', { name: 'Kultura i antibiogram' }).click();
  await expect(page.getByRole('heading', { name: 'Kultura i antibiogram' })).toBeVisible();
  await expect(page.getByText('Tumačenje po EUCAST 2025')).toBeVisible();
  const form = page.getByRole('form', { name: 'Urinokultura' });
  await expect(form.getByRole('checkbox', { name: /Urinarna infekcija/ })).toBeChecked();

  // The isolate: organism from the picker, the colony count.
  await form.getByRole('textbox', { name: 'Materijal' }).fill('Urin, srednji mlaz');
  await pick(page, form.getByRole('combobox', { name: 'Mikroorganizam' }), 'escherichia coli', 'Escherichia coli');
  const colonyCount = form.getByRole('combobox', { name: 'Broj kolonija' });
  await colonyCount.click();
  await clickInDropdown(colonyCount, page.getByRole('option', { name: '10^5 CFU/mL' }));

  // The organism's panel (Enterobacterales, urine) offers its agents as the rows; the tested ones get a value.
  await expect(form.getByTestId('isolate-panel')).toContainText('Panel: Enterobacterales, urin');
  await expect(antibiogram(page).locator('tr[data-agent]')).toHaveCount(13);
  const tested: [string, 'MIC' | 'DISK', string][] = [['AMP', 'MIC', '16'], ['CIP', 'MIC', '0,5'], ['GEN', 'MIC', '1'], ['MEM', 'DISK', '25']];
  for (const [code, method, value] of tested) {
    await agentRow(page, code).getByRole('combobox', { name: /^Metoda/ }).selectOption(method);
    await agentRow(page, code).getByRole('textbox', { name: /^Vrijednost/ }).fill(value);
  }
  // An agent outside the panel is refused by the server, naming it; nothing is stored.
  await form.getByRole('button', { name: 'Dodaj antibiotik' }).click();
  const extra = antibiogram(page).getByRole('combobox', { name: 'Antibiotik 14', exact: true });
  await expect(extra).toBeFocused();
  await pick(page, extra, 'vancomycin', 'Vancomycin (VAN)');
  await antibiogram(page).getByRole('textbox', { name: 'Vrijednost 14' }).fill('1');
  await page.keyboard.press('Control+s');
  await expect(toast(page, 'Antibiotik Vancomycin nije u panelu Enterobacterales, urin za ovaj mikroorganizam.')).toBeVisible();
  await expect(page.getByTestId('culture-result')).toHaveText('Rezultat: još nema rezultata');
  await antibiogram(page).getByRole('button', { name: 'Ukloni red 14' }).click();
  await expect(agentRow(page, 'AMP')).toContainText('tumači se nakon spremanja');
  await page.keyboard.press('Control+s');
  await expect(toast(page, 'Kultura sačuvana.')).toBeVisible();

  // Interpreted by the server: the urinary Enterobacterales row for ampicillin, intrinsic resistance for vancomycin.
  await expect(agentRow(page, 'AMP').locator('[data-sir]')).toHaveText(/^R/);
  await expect(agentRow(page, 'AMP')).toContainText('S ≤ 8, R > 8 (Oral, Uncomplicated urinary tract infection)');
  await expect(agentRow(page, 'CIP').locator('[data-sir]')).toHaveText(/^I/);
  await expect(agentRow(page, 'GEN').locator('[data-sir]')).toHaveText(/^S/);
  await expect(agentRow(page, 'MEM').locator('[data-sir]')).toHaveText(/^S/);
  // Panel agents left without a value were not tested: the saved antibiogram holds the four tested.
  await expect(antibiogram(page).locator('tr[data-agent]')).toHaveCount(4);
  await expect(page.getByTestId('culture-result')).toHaveText('Rezultat: Escherichia coli 10^5 CFU/mL');
  await animationsSettled(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('culture.png'), fullPage: true });

  // Approval and verification are the result screen's.
  await page.getByRole('button', { name: 'Nazad na rezultate' }).click();
  const statusBar = page.getByRole('toolbar', { name: 'Akcije uzorka' });
  await expect(page.getByRole('textbox', { name: 'Rezultat: Urinokultura' })).toHaveValue('Escherichia coli 10^5 CFU/mL');
  await statusBar.getByRole('button', { name: 'Odobri' }).click();
  await expect(toast(page, 'Rezultati odobreni.')).toBeVisible();
  await statusBar.getByRole('button', { name: 'Verifikuj' }).click();
  await expect(toast(page, 'Rezultati verificirani.')).toBeVisible();

  // The culture is read-only now.
  await statusBar.getByRole('button', { name: 'Kultura i antibiogram' }).click();
  await expect(page.getByText(/Uzorak je VERIFICIRAN: kultura se ne može mijenjati/i)).toBeVisible();

  // The report's PDF shows the culture, the isolate and the antibiogram with S/I/R.
  const pdf = await request.get(`/api/nalazi/pdf/${sample._id}`, { headers: specialist.headers });
  expect(pdf.status()).toBe(200);
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await pdf.body(), encoding: 'utf8' });
  for (const expected of ['Kultura i antibiogram', 'Urinokultura', 'Materijal: Urin, srednji mlaz', 'Izolat 1: Escherichia coli, 10^5 CFU/mL', 'Tumačenje po EUCAST 2025.']) {
    expect(text).toContain(expected);
  }
  expect(text).toMatch(/Ampicillin\s+MIK \(mg\/L\)\s+16\s+R/);
  expect(text).toMatch(/Ciprofloxacin\s+MIK \(mg\/L\)\s+0,5\s+I/);
  expect(text).toMatch(/Gentamicin\s+MIK \(mg\/L\)\s+1\s+S/);
  expect(text).toMatch(/Meropenem\s+Zona \(mm\)\s+25\s+S/);
  expect(text).not.toContain('Nitrofurantoin');
});
