import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, expectAccessible, openAs } from './helpers.ts';
import { apiSession } from './lab-data.ts';

// The Excel import in the browser: a technician downloads the template, is refused a file of another
// format, imports a file with two bad rows (they are named, the other four are imported), then imports
// the same file again and nothing doubles (every good row comes back as already there).

const HEADERS = ['JMBG', 'Ime', 'Prezime', 'Spol', 'Adresa', 'Telefon', 'Email', 'Referenca uzorka', 'Testovi', 'Datum uzorka', 'Partner', 'Hitno'];

/** A placeholder ID (birth unknown, 'P' at the end) of its own for each person of this run. */
function placeholderJmbg(): string {
  return `0000987${10_000 + Math.floor(Math.random() * 90_000)}P`;
}

async function workbook(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Pacijenti');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('a file with two bad rows imports the rest and names the two; importing it again doubles nothing', async ({ page, request }, testInfo) => {
  test.slow();
  const run = Date.now().toString(36).toUpperCase();
  const people = Array.from({ length: 6 }, () => placeholderJmbg());
  const row = (index: number, change: Partial<Record<'jmbg' | 'testovi', string>> = {}) => [
    change.jmbg ?? people[index]!, 'Uvoz', `Testović${'ABCDEF'[index]}`, index % 2 === 0 ? 'ŽENSKI' : 'MUŠKI', 'Titova 1, Sarajevo', '061 000 111', '',
    `E2E-${run}-${index + 1}`, change.testovi ?? 'GLU, CHOL', '', '', index === 0 ? 'DA' : 'NE',
  ];
  const file = await workbook([row(0), row(1, { jmbg: '12345' }), row(2), row(3), row(4, { testovi: 'GLU, NEPOSTOJECI' }), row(5)]);

  await openAs(page, DEMO.tehnicar.email, '/import');
  await expect(page.getByRole('heading', { name: 'Excel import', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Excel import' })).toBeVisible();
  await expectAccessible(page);

  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Preuzmi predložak' }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('uvoz-pacijenata.xlsx');
  const templateBook = new ExcelJS.Workbook();
  await templateBook.xlsx.load(await readFile(await template.path()) as unknown as ArrayBuffer);
  expect(templateBook.worksheets[0]?.getRow(1).values).toEqual([undefined, ...HEADERS]);

  // Another format is dropped with the spec's message.
  const input = page.getByTestId('import-file-input');
  await input.setInputFiles({ name: 'pacijenti.csv', mimeType: 'text/csv', buffer: Buffer.from('JMBG;Ime\n') });
  const refusal = page.getByRole('dialog', { name: 'Format nije podržan.' });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('button', { name: 'ZATVORI', exact: true }).click();
  await expect(refusal).toBeHidden();

  // The file: the preview names rows 3 and 6 (the sheet's rows; row 1 is the header).
  await input.setInputFiles({ name: 'PACIJENTI.XLSX', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await expect(page.getByLabel('Izabrana datoteka')).toContainText('PACIJENTI.XLSX');
  await expect(page.getByTestId('import-file-size')).toHaveText(/^\d+(\.\d+)? KB$/);
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('Redova: 6');
  await expect(summary).toContainText('Ispravnih: 4');
  await expect(summary).toContainText('S greškama: 2');
  const badRows = page.getByTestId('import-bad-rows').getByRole('row');
  await expect(badRows).toHaveCount(3);
  await expect(badRows.nth(1)).toContainText('3');
  await expect(badRows.nth(1)).toContainText('Matični broj nije validan.');
  await expect(badRows.nth(2)).toContainText('6');
  await expect(badRows.nth(2)).toContainText('Nepoznat test: NEPOSTOJECI.');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('import-pregled.png'), fullPage: true });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Uvezi ispravne redove (4)' }).click();
  const result = page.getByTestId('import-result');
  await expect(result.getByTestId('import-created')).toHaveText('Kreirano: 4');
  await expect(result.getByTestId('import-refused')).toHaveText('Odbijeno: 2');
  await expect(result).toContainText(`Red 3 (E2E-${run}-2): Matični broj nije validan.`);
  await expect(result).toContainText(`Red 6 (E2E-${run}-5): Nepoznat test: NEPOSTOJECI.`);
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('import-rezultat.png'), fullPage: true });
  await expectAccessible(page);

  const resultDownload = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Preuzmi rezultat (.xlsx)' }).click();
  const resultBook = new ExcelJS.Workbook();
  await resultBook.xlsx.load(await readFile(await (await resultDownload).path()) as unknown as ArrayBuffer);
  expect(resultBook.worksheets[0]?.getColumn(4).values.slice(2)).toEqual(['KREIRAN', 'GREŠKA', 'KREIRAN', 'KREIRAN', 'GREŠKA', 'KREIRAN']);

  // The same file again: nothing is created twice.
  await page.getByRole('button', { name: 'Ukloni PACIJENTI.XLSX' }).click();
  await page.getByRole('button', { name: 'Vrati' }).click();
  await expect(page.getByLabel('Izabrana datoteka')).toContainText('PACIJENTI.XLSX');
  await input.setInputFiles({ name: 'PACIJENTI.XLSX', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await expect(summary).toContainText('Ispravnih: 4');
  await page.getByRole('button', { name: 'Uvezi ispravne redove (4)' }).click();
  await expect(result.getByTestId('import-created')).toHaveText('Kreirano: 0');
  await expect(result.getByTestId('import-existing')).toHaveText('Već postoji: 4');

  // Each imported person has exactly one sample at the site.
  const tech = await apiSession(request, DEMO.tehnicar.email);
  for (const jmbg of [people[0], people[2], people[3], people[5]]) {
    const listed = await request.get('/api/uzorci/list', { headers: tech.headers, params: { site: tech.siteId('SA'), datum: 'SVE', per_page: 0, filter: jmbg! } });
    const { data } = (await listed.json()) as { data: { jmbg: string }[] };
    expect(data.filter((sample) => sample.jmbg === jmbg), jmbg).toHaveLength(1);
  }
});
