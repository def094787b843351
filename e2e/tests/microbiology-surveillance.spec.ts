import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, chooseOption, expectAccessible, openAs, siteDay } from './helpers.ts';
import { apiSession, createPatient, createSample, type ApiSession } from './lab-data.ts';

// The cumulative antibiogram in the browser: two verified urine cultures of E. coli from two patients last
// year (ampicillin R in one, S in the other; ciprofloxacin S in both), under a specimen name of this test's
// own, so other specs' cultures on the worker's database do not count. A specialist opens the screen from the
// sidebar's Mikrobiologija group, picks last year and the specimen, reads %S 50 for ampicillin and 100 for
// ciprofloxacin (n=2, marked unreliable below 30 isolates), downloads the XLSX and the WHONET file and reads
// the numbers back from both.

async function verifiedCulture(
  request: APIRequestContext, session: ApiSession, pid: string, datum: string, materijal: string, amp: string,
): Promise<void> {
  const sample = await createSample(request, session, { pid, site: 'SA', tests: ['UKUL'], datum });
  const site = session.siteId('SA');
  const shown = await request.get(`/api/mikrobiologija/kulture/${sample._id}`, { headers: session.headers, params: { site } });
  expect(shown.status(), await shown.text()).toBe(200);
  const { uzorak, testovi } = (await shown.json()) as { uzorak: { version: number }; testovi: { _id: string }[] };
  const saved = await request.post('/api/mikrobiologija/kulture/save', {
    headers: session.headers,
    data: {
      site, sid: sample._id, version: uzorak.version, test: testovi[0]!._id, materijal, uti: true, rast: true,
      izolati: [{ organizam: 'B_ESCHR_COLI', kolicina: 5, antibiogram: [
        { antibiotik: 'AMP', metoda: 'MIC', vrijednost: amp }, { antibiotik: 'CIP', metoda: 'MIC', vrijednost: '0,25' },
      ] }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const step of ['odobri', 'verifikuj']) {
    const moved = await request.post(`/api/rezultati/${step}`, { headers: session.headers, data: { site, sid: sample._id } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

test('the cumulative antibiogram: %S per organism and agent over last year, as XLSX and as a WHONET file', async ({ page, request }, testInfo) => {
  test.slow();
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const lastYear = siteDay().year - 1;
  const materijal = `Urin nadzor ${Math.floor(Math.random() * 1_000_000)}`;
  const first = await createPatient(request, specialist, { ime: 'Aida', prezime: 'Nadzorić' });
  const second = await createPatient(request, specialist, { ime: 'Bakir', prezime: 'Nadzorić', spol: 'MUŠKI' });
  await verifiedCulture(request, specialist, first.pid, `${lastYear}-06-10T08:00:00+02:00`, materijal, '16');
  await verifiedCulture(request, specialist, second.pid, `${lastYear}-06-11T08:00:00+02:00`, materijal, '4');

  await openAs(page, DEMO.specijalista.email, '/statistika');
  // The sidebar's Mikrobiologija group opens to its entries.
  await page.getByRole('button', { name: 'Mikrobiologija', exact: true }).click();
  await page.getByRole('link', { name: 'Kumulativni antibiogram' }).click();
  await expect(page.getByRole('heading', { name: 'Kumulativni antibiogram', level: 1 })).toBeVisible();
  await expect(page.getByText(/%S broji samo S\. I \(osjetljiv uz povećanu izloženost\) broji se posebno/)).toBeVisible();

  await page.getByRole('button', { name: 'Prošla godina' }).click();
  await chooseOption(page, 'Materijal', materijal);
  await expect(page.getByTestId('isolates-first')).toHaveText('2');

  const table = page.getByRole('table', { name: 'Kumulativni antibiogram' });
  const row = table.locator('tr[data-organism="B_ESCHR_COLI"]');
  await expect(row).toContainText('Escherichia coli');
  await expect(row.getByText('< 30')).toBeVisible();
  await expect(row.locator('td[data-agent="AMP"] [data-testid="percent-s"]')).toHaveText('50');
  await expect(row.locator('td[data-agent="AMP"]')).toContainText('n=2');
  await expect(row.locator('td[data-agent="CIP"] [data-testid="percent-s"]')).toHaveText('100');
  await expect(row.locator('td[data-agent="AMP"]')).toHaveAttribute('title', /%S 50 % · %I 0 % · %R 50 % · %S\+I 50 % \(S 1, I 0, R 1 od 2\)/);
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('cumulative-antibiogram.png'), fullPage: true });
  await expectAccessible(page);

  // The XLSX: the E. coli row holds %S, %I, %R and n for ampicillin, then for ciprofloxacin.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Preuzmi XLSX' }).click();
  const xlsxFile = testInfo.outputPath((await xlsxDownload).suggestedFilename());
  await (await xlsxDownload).saveAs(xlsxFile);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxFile);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((sheetRow) => { rows.push((sheetRow.values as unknown[]).slice(1)); });
  const header = rows.find((cells) => cells[0] === 'Organizam')!;
  expect(header.slice(3, 8)).toEqual(['Ampicillin', 'Ampicillin', 'Ampicillin', 'Ampicillin', 'Ciprofloxacin']);
  expect(rows.find((cells) => cells[0] === 'Escherichia coli')!.slice(1, 11)).toEqual([2, 'statistički nepouzdano', 50, 0, 50, 2, 100, 0, 0, 2]);

  // The WHONET file: one row per isolate with WHONET's field names, the measurements as typed, no name or personal ID.
  await page.getByRole('button', { name: 'WHONET izvoz' }).click();
  const dialog = page.getByRole('dialog', { name: 'WHONET izvoz' });
  await expect(dialog.getByRole('textbox', { name: /Država/ })).toHaveValue('BIH');
  await dialog.getByRole('textbox', { name: /Laboratorija/ }).fill('SA');
  const whonetDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Preuzmi' }).click();
  const whonetFile = testInfo.outputPath('whonet.txt');
  await (await whonetDownload).saveAs(whonetFile);
  await expect(dialog).toBeHidden();
  const [headerLine, ...lines] = readFileSync(whonetFile, 'utf8').split('\r\n').filter((line) => line !== '');
  const columns = headerLine!.split('\t');
  expect(columns.slice(0, 11)).toEqual(['COUNTRY_A', 'LABORATORY', 'PATIENT_ID', 'SEX', 'AGE', 'SPEC_NUM', 'SPEC_DATE', 'SPEC_TYPE', 'SPEC_CODE', 'ISOL_NUM', 'ORGANISM']);
  const records = lines.map((line) => Object.fromEntries(line.split('\t').map((value, index) => [columns[index]!, value])));
  expect(records.map((record) => [record.COUNTRY_A, record.LABORATORY, record.SPEC_DATE, record.SPEC_CODE, record.ORGANISM, record.AMP_EM, record.CIP_EM])).toEqual([
    ['BIH', 'SA', `${lastYear}-06-10`, materijal, 'Escherichia coli', '16', '0.25'],
    ['BIH', 'SA', `${lastYear}-06-11`, materijal, 'Escherichia coli', '4', '0.25'],
  ]);
  expect(records[0]!.PATIENT_ID).toMatch(/^[0-9a-f]{16}$/);
  expect(records[0]!.PATIENT_ID).not.toBe(records[1]!.PATIENT_ID);
  expect(readFileSync(whonetFile, 'utf8')).not.toContain('Nadzorić');

  // At the spec's narrowest breakpoint the controls wrap and the table scrolls inside its own box.
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(row.locator('td[data-agent="CIP"] [data-testid="percent-s"]')).toHaveText('100');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('cumulative-antibiogram-600.png'), fullPage: true });
  await expectAccessible(page);
});

test('a viewer reads the cumulative antibiogram but is not offered the WHONET export', async ({ page }) => {
  await openAs(page, DEMO.pregled.email, '/mikrobiologija/kumulativni-antibiogram');
  await expect(page.getByRole('heading', { name: 'Kumulativni antibiogram', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preuzmi XLSX' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'WHONET izvoz' })).toHaveCount(0);
});
