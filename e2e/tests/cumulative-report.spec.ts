import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, animationsSettled, dayFromToday, expectAccessible, openAs, showInLanguage } from './helpers.ts';
import { type ApiSession, apiSession, createSample, patientId, saveResults } from './lab-data.ts';

// The cumulative report from the patient's page: the patient list's edit dialog offers 'Kumulativni nalaz',
// whose dialog takes a period and one of the patient's report languages and shows the PDF the server
// renders; the downloaded PDF is read back with pdftotext: the assays as rows, the verified samples' dates as
// columns, each value with its flag, the range and unit beside them, and nothing of a sample not verified.

const DAY = 86_400_000;

/** A patient of the lab who asked for reports in Bosnian, English and German; answers the id and the name as lists show it. */
async function patientWithLanguages(request: APIRequestContext, session: ApiSession): Promise<{ pid: string; name: string; prezime: string }> {
  const jmbg = `0000987${10_000 + Math.floor(Math.random() * 90_000)}P`;
  const prezime = `KUMULATIVIĆ${Math.floor(Math.random() * 1000)}`;
  const saved = await request.post('/api/pacijenti/unos/save', {
    headers: session.headers,
    data: {
      jmbg, ime: 'Vesna', prezime, spol: 'ŽENSKI', adresa: 'Titova 1, Sarajevo', telefon: '061 000 555', symptoms: { pacijentbezsimptoma: true },
      language: ['Bosanski jezik', 'Engleski jezik', 'Njemački jezik'],
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return { pid: await patientId(request, session, jmbg), name: `${prezime} VESNA`, prezime };
}

/** A sample taken `daysAgo` days ago at SA with these results, approved, and verified when `verified`. */
async function sample(
  request: APIRequestContext, sessions: { tehnicar: ApiSession; specijalista: ApiSession }, pid: string, daysAgo: number,
  results: Record<string, string>, verified = true,
): Promise<{ _id: string; code: string }> {
  const created = await createSample(request, sessions.tehnicar, { pid, site: 'SA', tests: Object.keys(results), datum: new Date(Date.now() - daysAgo * DAY).toISOString() });
  await saveResults(request, sessions.tehnicar, created._id, results);
  const approved = await request.post('/api/rezultati/odobri', { headers: sessions.tehnicar.headers, data: { sid: created._id } });
  expect(approved.status(), await approved.text()).toBe(200);
  if (verified) {
    const done = await request.post('/api/rezultati/verifikuj', {
      headers: sessions.specijalista.headers, data: { sid: created._id, obavijesten: { ko: 'dr. Hadžić', kada: new Date(Date.now() - 60_000).toISOString() } },
    });
    expect(done.status(), await done.text()).toBe(200);
  }
  return created;
}

/** The patients list's words a test uses, in each interface language. */
const LIST_WORDS = {
  bs: { period: 'Period', filter: 'Pretraga', edit: (name: string) => `Uredi pacijenta ${name}` },
  en: { period: 'Period', filter: 'Search', edit: (name: string) => `Edit patient ${name}` },
  de: { period: 'Zeitraum', filter: 'Suche', edit: (name: string) => `Patient ${name} bearbeiten` },
} as const;

/** The patient's edit dialog from the patients list, filtered to the patient, with the app in `language`. */
async function openPatient(page: Page, name: string, prezime: string, language: keyof typeof LIST_WORDS = 'bs'): Promise<void> {
  // Retried while the app is still busy with what the setup just did (each verification renders its reports).
  await expect(async () => { await openAs(page, DEMO.specijalista.email, '/pacijenti'); }).toPass({ timeout: 150_000 * timeoutScale });
  if (language !== 'bs') await showInLanguage(page, language);
  const words = LIST_WORDS[language];
  await page.getByRole('combobox', { name: words.period }).selectOption('SVE');
  // The list keeps its search between visits: the answer to wait for is the list showing the patient.
  await page.getByRole('textbox', { name: words.filter }).fill(prezime);
  await expect(page.getByRole('button', { name: words.edit(name) })).toHaveCount(1);
  await page.getByRole('button', { name: words.edit(name) }).click();
}

/** The PDF shown in the dialog, downloaded with 'Preuzmi PDF' to `file` and read back with pdftotext (poppler-utils). */
async function downloadedText(page: Page, dialog: Locator, file: string): Promise<string> {
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Preuzmi PDF' }).click();
  await (await download).saveAs(file);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A row of the PDF's table, spaces squeezed. */
function lineOf(text: string, name: string): string {
  return (text.split('\n').find((line) => line.trimStart().startsWith(name)) ?? '').replace(/\s+/g, ' ').trim();
}

test('the cumulative report of a chosen period from the patient\'s page, read back with pdftotext', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000 * timeoutScale);
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const specijalista = await apiSession(request, DEMO.specijalista.email);
  const { pid, name, prezime } = await patientWithLanguages(request, tehnicar);
  const outside = await sample(request, { tehnicar, specijalista }, pid, 80, { GLU: '4,8' });
  const older = await sample(request, { tehnicar, specijalista }, pid, 40, { GLU: '7,4', K: '4,2', CRP: '2,1' });
  const newer = await sample(request, { tehnicar, specijalista }, pid, 10, { GLU: '5,0', K: '3,2', CRP: '12,0' });
  const pending = await sample(request, { tehnicar, specijalista }, pid, 5, { GLU: '9,9' }, false);

  await openPatient(page, name, prezime);
  const edit = page.getByRole('dialog', { name: `Pacijent: VESNA ${prezime}` });
  await edit.getByRole('button', { name: 'Kumulativni nalaz' }).click();
  const dialog = page.getByRole('dialog', { name: `Kumulativni nalaz: ${name}` });
  await expect(dialog).toBeVisible();
  // The last 12 months up to today by default; the period is typed as dd.mm.yyyy.
  await expect(dialog.getByRole('textbox', { name: 'Do' })).toHaveValue(dayFromToday(0));
  const from = dialog.getByRole('textbox', { name: 'Od' });
  await expect(from).toHaveValue(dayFromToday(-365));
  await from.fill(dayFromToday(-60));
  await from.press('Enter');
  await expect(from).toHaveValue(dayFromToday(-60));
  // The patient's three report languages are offered.
  for (const language of ['Bosanski', 'Engleski', 'Njemački']) await expect(dialog.getByText(language, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Prikaži nalaz' }).click();
  await expect(dialog.getByTitle(`Kumulativni nalaz ${dayFromToday(-60)} – ${dayFromToday(0)}`)).toBeVisible({ timeout: 20_000 * timeoutScale });
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('cumulative-1280.png'), fullPage: true });
  await expectAccessible(page, '[role="dialog"]');

  const text = await downloadedText(page, dialog, testInfo.outputPath('cumulative-bs.pdf'));
  expect(text).toContain('KUMULATIVNI NALAZ');
  expect(text).toContain(name);
  expect(text).toMatch(new RegExp(`Period\\s+${dayFromToday(-60).replace(/\./g, '\\.')} – ${dayFromToday(0).replace(/\./g, '\\.')}`));
  expect(text).toContain('Stranica 1 od 1');
  // Columns oldest first; each value with its flag as the reports mark it; the range and unit beside the name.
  expect(text.indexOf(older.code)).toBeGreaterThan(-1);
  expect(text.indexOf(older.code)).toBeLessThan(text.indexOf(newer.code));
  expect(lineOf(text, 'Glukoza')).toMatch(/^Glukoza .*\(mmol\/L\) 7,4 H 5,0$/);
  expect(lineOf(text, 'Kalij')).toMatch(/^Kalij .*\(mmol\/L\) 4,2 3,2 L$/);
  expect(lineOf(text, 'C-reaktivni protein')).toMatch(/^C-reaktivni protein \(CRP\) .*\(mg\/L\) 2,1 12,0 H$/);
  // Neither the unverified sample nor the one before the period.
  for (const absent of [pending.code, '9,9', outside.code, '4,8']) expect(text).not.toContain(absent);

  // English, from the same dialog.
  await dialog.getByText('Engleski', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Prikaži nalaz' }).click();
  await expect(dialog.getByTitle(`Kumulativni nalaz ${dayFromToday(-60)} – ${dayFromToday(0)}`)).toBeVisible({ timeout: 20_000 * timeoutScale });
  const englishText = await downloadedText(page, dialog, testInfo.outputPath('cumulative-en.pdf'));
  expect(englishText).toContain('CUMULATIVE REPORT');
  expect(lineOf(englishText, 'Glucose')).toMatch(/\(mmol\/L\) 7\.4 H 5\.0$/);

  // A period without a verified report says so.
  await from.fill(dayFromToday(-300));
  await from.press('Enter');
  const to = dialog.getByRole('textbox', { name: 'Do' });
  await to.fill(dayFromToday(-200));
  await to.press('Enter');
  await dialog.getByRole('button', { name: 'Prikaži nalaz' }).click();
  await expect(dialog.getByText('Pacijent nema verificiranih nalaza ove lokacije u izabranom periodu.')).toBeVisible();
  // A reversed period is refused in the form.
  await from.fill(dayFromToday(-100));
  await from.press('Enter');
  await expect(dialog.getByText('Invalid date range.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Prikaži nalaz' })).toBeDisabled();
});

test('the cumulative report dialog at 1280 and 500 px, in Bosnian, English and German @pictures', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000 * timeoutScale);
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const specijalista = await apiSession(request, DEMO.specijalista.email);
  const { pid, name, prezime } = await patientWithLanguages(request, tehnicar);
  await sample(request, { tehnicar, specijalista }, pid, 20, { GLU: '7,4', K: '4,2' });
  await sample(request, { tehnicar, specijalista }, pid, 3, { GLU: '5,0', K: '3,2' });
  const words = {
    bs: { action: 'Kumulativni nalaz', title: `Kumulativni nalaz: ${name}`, show: 'Prikaži nalaz', edit: `Pacijent: VESNA ${prezime}` },
    en: { action: 'Cumulative report', title: `Cumulative report: ${name}`, show: 'Show report', edit: `Patient: VESNA ${prezime}` },
    de: { action: 'Kumulativbefund', title: `Kumulativbefund: ${name}`, show: 'Befund anzeigen', edit: `Patient: VESNA ${prezime}` },
  } as const;
  for (const language of ['bs', 'en', 'de'] as const) {
    for (const width of [1280, 500]) {
      await page.setViewportSize({ width, height: 900 });
      await openPatient(page, name, prezime, language);
      await page.getByRole('dialog', { name: words[language].edit }).getByRole('button', { name: words[language].action }).click();
      const dialog = page.getByRole('dialog', { name: words[language].title });
      await dialog.getByRole('button', { name: words[language].show }).click();
      await expect(dialog.locator('iframe')).toBeVisible({ timeout: 20_000 * timeoutScale });
      await animationsSettled(page);
      await page.screenshot({ path: testInfo.outputPath(`cumulative-${language}-${width}.png`) });
    }
  }
});
