/**
 * The last spec gaps of the screens, walked in the browser: the microbiology work list at /mikrobiologija
 * (cultures of the day with their stage, filters, a row opening the culture), microbiology mode (the
 * processing list opens on Mikrobiologija), on the result screen the erase icon of a qualitative result
 * (double-click), the label reprint of the patient's same-day samples and a retest with its reason (shown
 * on the worklist, saved as a change, both in the audit trail), the 'Provjera nalaza' count badge, and the
 * wide-screen dialog from 1000 px. With E2E_PICTURES set, each changed screen is photographed at 1280 and 500 px in bs, en and de.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, apiChangePassword, apiSignIn, chooseOption, openAs, showInLanguage } from './helpers.ts';
import { type ApiSession, apiSession, createPatient, createSample, saveResults, toast, toastsClosed } from './lab-data.ts';

const LANGUAGES = ['bs', 'en', 'de'] as const;
const WIDTHS = [1280, 500] as const;

/** Screenshots of the screen as it is now at both widths and in the three languages; back to bs at 1280 px. */
async function photograph(page: Page, name: string, ready: (language: string) => Promise<void>, outputPath: (file: string) => string): Promise<void> {
  // Pictures are for a person to look at (E2E_PICTURES, README); the tests' checks do not depend on them.
  if (!process.env.E2E_PICTURES) return;
  for (const language of LANGUAGES) {
    await showInLanguage(page, language);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await ready(language);
      await animationsSettled(page);
      await page.screenshot({ path: outputPath(`${name}-${language}-${width}.png`), fullPage: true });
    }
  }
  await showInLanguage(page, 'bs');
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function cultureOver(request: Parameters<typeof apiSession>[0], session: ApiSession, sid: string, materijal: string, izolati: unknown[]): Promise<void> {
  const shown = await request.get(`/api/mikrobiologija/kulture/${sid}`, { headers: session.headers });
  const body = (await shown.json()) as { uzorak: { version: number }; testovi: { _id: string }[] };
  const saved = await request.post('/api/mikrobiologija/kulture/save', {
    headers: session.headers,
    data: { sid, version: body.uzorak.version, test: body.testovi[0]!._id, materijal, uti: true, rast: izolati.length > 0, napomena: '', izolati },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('the microbiology work list: today\'s cultures with their stage, filtered, a row opens the culture', async ({ page, request }, testInfo) => {
  test.slow();
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const { pid } = await createPatient(request, specialist, { ime: 'Vesna', prezime: 'Kulturlistić' });
  const waiting = await createSample(request, specialist, { pid, site: 'SA', tests: ['UKUL'] });
  const grown = await createSample(request, specialist, { pid, site: 'SA', tests: ['UKUL'] });
  await cultureOver(request, specialist, grown._id, 'Urin, srednji mlaz', [
    { organizam: 'B_ESCHR_COLI', kolicina: 5, napomena: '', antibiogram: [{ antibiotik: 'AMP', metoda: 'MIC', vrijednost: '4' }] },
  ]);

  await openAs(page, DEMO.specijalista.email, '/mikrobiologija');
  await expect(page).toHaveURL(/\/mikrobiologija$/);
  await expect(page.getByRole('heading', { name: 'Mikrobiologija', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('DANAS');
  const table = page.getByRole('table', { name: 'Kulture u periodu' });
  const rowOf = (code: string) => table.locator('tr').filter({ hasText: code });
  await expect(rowOf(grown.code)).toContainText('Antibiogram urađen');
  await expect(rowOf(grown.code)).toContainText('Escherichia coli');
  await expect(rowOf(waiting.code)).toContainText('Postavljena');

  // The stage filter narrows the list; clearing it brings the rows back.
  await page.getByRole('textbox', { name: 'Pretraga' }).fill('Kulturlistić');
  await chooseOption(page, 'Faza', 'Antibiogram urađen');
  await expect(rowOf(grown.code)).toBeVisible();
  await expect(rowOf(waiting.code)).toHaveCount(0);
  await chooseOption(page, 'Faza', 'Antibiogram urađen');
  await expect(rowOf(waiting.code)).toBeVisible();

  // The sub-screens are reachable from it.
  await expect(page.getByRole('button', { name: 'Kumulativni antibiogram' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Referentni podaci' })).toBeVisible();

  await photograph(page, 'mikrobiologija', async () => {
    await expect(page.locator('[data-stage="antibiogram"]').first()).toBeVisible();
  }, (file) => testInfo.outputPath(file));

  await page.getByRole('link', { name: `Kultura uzorka ${grown.code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/mikrobiologija/kultura/${grown._id}`));
  await expect(page.getByRole('heading', { name: 'Kultura i antibiogram' })).toBeVisible();
});

test('microbiology mode: the processing list opens on Mikrobiologija for a user with the setting', async ({ page, request }) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const email = `mikro${Date.now()}@demo.lab`;
  const created = await request.post('/api/postavke/users/edit', {
    headers: admin.headers,
    data: { element: { email, ime: 'Mira', prezime: 'Mikrobiolog', role: 'technician', level: 0, sites: [admin.siteId('SA')], password: 'Pocetna1!x', mikrobiologija: true } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const first = await apiSignIn(request, email, 'Pocetna1!x');
  await apiChangePassword(request, first!.idToken, email, 'Pocetna1!x', 'Mikro-sifra-77');
  const signedIn = await apiSignIn(request, email, 'Mikro-sifra-77');
  expect((signedIn as unknown as { mikrobiologija?: boolean } | null)?.mikrobiologija).toBe(true);

  await page.goto('/api/health');
  await page.evaluate(({ token, session }) => {
    localStorage.setItem('lis.token', token);
    localStorage.setItem('lis.session', session);
  }, { token: signedIn!.idToken, session: JSON.stringify({ data: signedIn, siteId: signedIn!.site }) });
  const listCall = page.waitForRequest((candidate) => candidate.url().includes('/api/obrada/list'));
  await page.goto('/obrada/pregled');
  expect(new URL((await listCall).url()).searchParams.get('datum')).toBe('Mikrobiologija');
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('Mikrobiologija');

  // A user without the mode opens on RADNA LISTA.
  await openAs(page, DEMO.tehnicar.email, '/obrada/pregled');
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('RADNA LISTA');
});

test('the result screen: erase a qualitative result, reprint labels, retest with a reason; the Provjera nalaza badge; the wide dialog', async ({ page, request }, testInfo) => {
  test.slow();
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const { pid } = await createPatient(request, tehnicar, { ime: 'Rea', prezime: 'Ponovljenić' });
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['GLU', 'U-PRO'] });
  const sameDay = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['K'] });
  await saveResults(request, tehnicar, sample._id, { 'U-PRO': 'Negativan' });

  await openAs(page, DEMO.tehnicar.email, `/obrada/rezultati/${pid}/${sample._id}`);
  // The sidebar's 'Provjera nalaza' carries how many samples wait for a check.
  await expect(page.getByTestId('note-badge')).toBeVisible();
  await expect(page.getByTestId('note-badge')).toHaveAttribute('aria-label', /^Čeka provjeru: \d+/);

  // The erase icon is offered only on a ZAPRIMLJEN sample (allowedSampleActions); a saved result moves the sample on to
  // U OBRADI, so the icon's double-click is proven in ResultRowTools.test.tsx rather than here.

  // Labels: the patient's samples of the day, this one first; one prints through the label dialog.
  await page.getByRole('button', { name: 'Naljepnice' }).click();
  const labels = page.getByRole('dialog', { name: 'Naljepnice uzoraka pacijenta ovog dana' });
  await expect(labels.getByTestId(`label-row-${sample.code}`)).toBeVisible();
  await expect(labels.getByTestId(`label-row-${sameDay.code}`)).toBeVisible();
  await expect(labels.locator('tbody tr').first()).toContainText(sample.code);
  // From 1000 px the dialog offers its wide version.
  await labels.getByRole('button', { name: 'Prikaži prozor široko' }).click();
  await expect(labels.getByRole('button', { name: 'Vrati prozor na uobičajenu širinu' })).toHaveAttribute('aria-pressed', 'true');
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('naljepnice-siroko-bs-1280.png') });
  await labels.getByRole('button', { name: `Štampaj naljepnicu uzorka ${sameDay.code}` }).click();
  await expect(page.getByRole('dialog', { name: new RegExp(sameDay.code) }).last()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // Retest: GLU entered, then taken back with a reason; the worklist shows it; the new value is a change with the reason.
  await saveResults(request, tehnicar, sample._id, { GLU: '5,0', 'U-PRO': 'Negativan' });
  await page.reload();
  await page.getByRole('button', { name: 'Ponovi test Glukoza' }).click();
  const reason = page.getByRole('dialog', { name: 'Ponavljanje testa Glukoza' });
  await reason.getByRole('textbox').fill('Lipemija, ponoviti');
  await reason.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(toast(page, 'Test Glukoza je vraćen na ponavljanje.')).toBeVisible();
  await expect(page.getByTestId('retest-pending-GLU')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Rezultat: Glukoza', exact: true })).toHaveValue('5,0');

  await photograph(page, 'rezultati-ponavljanje', async () => {
    await expect(page.getByTestId('retest-pending-GLU')).toBeVisible();
  }, (file) => testInfo.outputPath(file));

  await openAs(page, DEMO.tehnicar.email, '/obrada/pregled');
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(sample.code);
  await expect(page.getByTestId(`retest-${sample.code}`)).toBeVisible();
  await photograph(page, 'obrada-ponavljanje', async () => {
    await expect(page.getByTestId(`retest-${sample.code}`)).toBeVisible();
  }, (file) => testInfo.outputPath(file));

  await openAs(page, DEMO.tehnicar.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await page.getByRole('textbox', { name: 'Rezultat: Glukoza', exact: true }).fill('5,4');
  await page.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(toast(page, 'Rezultati sačuvani.')).toBeVisible();
  await expect(page.getByTestId('retest-pending-GLU')).toHaveCount(0);
  await toastsClosed(page);
  await page.getByRole('button', { name: 'Historija izmjena' }).click();
  const trail = page.getByRole('dialog', { name: /Historija izmjena/ });
  await expect(trail.getByText('Rezultat vraćen na ponavljanje')).toBeVisible();
  await expect(trail.getByText('Lipemija, ponoviti').first()).toBeVisible();
});
