import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { TOAST_HOLD_MS, expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, DEMO_PASSWORD, apiSignIn, openAs } from './helpers.ts';
import { type ApiSession, apiSession, createPatient, createSample, saveResults, toast } from './lab-data.ts';

// A day at the bench, as a technician and a specialist walk it: a critical glucose shows HH while it is
// typed, its save raises an alert naming the test and value, and the bell says why; a verified sample is
// corrected in one action with one reason; a verified sample is found by its code from RADNA LISTA.
// Then the changed screens in Bosnian, English and German at 1280 and 500 px.

function resultInput(page: Page, naziv: string): Locator {
  return page.getByRole('textbox', { name: `Rezultat: ${naziv}` });
}

function row(page: Page, naziv: string): Locator {
  return page.getByRole('row').filter({ has: page.getByText(naziv, { exact: true }) });
}

function statusBar(page: Page): Locator {
  return page.getByRole('toolbar', { name: 'Akcije uzorka' });
}

/** The notification lists, opened (the bell toggles them, so it is clicked only while they are closed). */
async function openBell(page: Page, name = 'Obavještenja'): Promise<Locator> {
  const lists = page.getByRole('dialog', { name });
  await expect(async () => {
    if (!(await lists.isVisible())) await page.getByRole('button', { name: new RegExp(`^${name} \\(`) }).click();
    await expect(lists).toBeVisible({ timeout: 1_000 * timeoutScale });
  }).toPass();
  return lists;
}

const TOLD = 'dr. Mehić, Hitna pomoć';

/** A sample of GLU and K for a new patient at SA, GLU critical (30), approved and verified with who was told. */
async function verifiedSample(request: APIRequestContext, glu = '30'): Promise<{ pid: string; sid: string; code: string }> {
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const specijalista = await apiSession(request, DEMO.specijalista.email);
  const { pid } = await createPatient(request, tehnicar, { ime: 'Sanela', prezime: 'Klupić' });
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['GLU', 'K'] });
  await saveResults(request, tehnicar, sample._id, { GLU: glu, K: '4,0' });
  const approved = await request.post('/api/rezultati/odobri', { headers: tehnicar.headers, data: { sid: sample._id } });
  expect(approved.status(), await approved.text()).toBe(200);
  const verified = await request.post('/api/rezultati/verifikuj', {
    headers: specijalista.headers, data: { sid: sample._id, obavijesten: { ko: TOLD, kada: new Date(Date.now() - 5 * 60_000).toISOString() } },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { pid, sid: sample._id, code: sample.code };
}

/**
 * openAs, tried again while the app is still busy with what the setup just did (a verification renders its
 * report): on a loaded machine the first screen can take longer than openAs waits for the shell.
 */
async function open(page: Page, email: string, path: string): Promise<void> {
  await expect(async () => { await openAs(page, email, path); }).toPass({ timeout: 60_000 * timeoutScale });
}

async function auditActions(request: APIRequestContext, session: ApiSession, sid: string) {
  const response = await request.get(`/api/uzorci/audit/${sid}`, { headers: session.headers });
  expect(response.status()).toBe(200);
  const { audit } = (await response.json()) as { audit: { akcija: string; razlog: string | null }[] };
  return audit.reverse();
}

test('a critical glucose shows HH while typed, its save raises a critical alert, and the bell names the value', async ({ page, request }) => {
  test.slow();
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const { pid } = await createPatient(request, tehnicar, { ime: 'Hamza', prezime: 'Kritičnić' });
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['GLU', 'K'] });
  await open(page, DEMO.tehnicar.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await expect(page.getByRole('heading', { name: 'Unos rezultata' })).toBeVisible();

  await resultInput(page, 'Glukoza').fill('30');
  // Before any save: the critical limit comes with the answer, so the flag is HH as typed.
  await expect(row(page, 'Glukoza').locator('[data-flag="HH"]')).toContainText('kritično');
  await resultInput(page, 'Glukoza').fill('7');
  await expect(row(page, 'Glukoza').locator('[data-flag="H"]')).toBeVisible();
  await resultInput(page, 'Glukoza').fill('1,9');
  await expect(row(page, 'Glukoza').locator('[data-flag="LL"]')).toContainText('kritično');
  await resultInput(page, 'Glukoza').fill('30');
  await expect(row(page, 'Glukoza').locator('[data-flag="HH"]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('critical-typed-bs-1280.png'), fullPage: true });

  await page.keyboard.press('Control+s');
  const alert = toast(page, 'Sačuvana kritična vrijednost');
  await expect(alert).toContainText('Obavijestite ljekara: Glukoza 30 mmol/L (HH)');
  await expect(toast(page, 'Rezultati sačuvani.')).toHaveCount(0);
  // The alert stays until it is closed: a critical value is not a passing toast. Waited out past the longest a
  // passing toast stays in the tests' browsers (fixtures.ts holds them longer than the app's 2.5 s).
  await page.waitForTimeout(TOAST_HOLD_MS + 1_000);
  await expect(alert).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('critical-saved-bs-1280.png'), fullPage: true });
  await alert.getByRole('button', { name: 'Zatvori prozor' }).click();

  const bell = await openBell(page);
  await expect(bell.getByRole('listitem').filter({ hasText: sample.code })).toContainText('kritična vrijednost: Glukoza 30 mmol/L');
  await page.screenshot({ path: test.info().outputPath('critical-bell-bs-1280.png') });
});

test('a verified sample is corrected in one action, with the reason asked once and who was told filled in', async ({ page, request }) => {
  test.slow();
  const sample = await verifiedSample(request);
  const specijalista = await apiSession(request, DEMO.specijalista.email);
  const before = (await auditActions(request, specijalista, sample.sid)).length;
  await open(page, DEMO.specijalista.email, `/obrada/rezultati/${sample.pid}/${sample.sid}`);
  // A verified sample's screen says what it is, and leads to its report.
  await expect(page.getByRole('heading', { name: 'Verificirani rezultati' })).toBeVisible();
  await expect(statusBar(page).getByRole('link', { name: 'Nalaz (PDF)' })).toHaveAttribute('href', `/nalazi/pregled/${sample.sid}`);

  await statusBar(page).getByRole('button', { name: 'Ispravi' }).click();
  const reason = page.getByRole('dialog', { name: `Ispravka uzorka ${sample.code}` });
  await reason.getByLabel('Razlog').fill('Zamijenjeni uzorci pri prepisivanju');
  await reason.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(page.getByText('Ispravka u toku. Razlog: Zamijenjeni uzorci pri prepisivanju')).toBeVisible();
  // Nothing is sent yet: the sample is still verified.
  await expect(page.getByText('VERIFICIRAN').first()).toBeVisible();

  await resultInput(page, 'Glukoza').fill('28');
  await expect(row(page, 'Glukoza').locator('[data-flag="HH"]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('correction-bs-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Sačuvaj i verifikuj' }).click();
  // Still critical: who was told, filled in from the verification being corrected, and editable.
  const told = page.getByRole('dialog', { name: 'Obavještenje o kritičnim vrijednostima' });
  await expect(told).toContainText('Glukoza');
  await expect(told.getByLabel('Obaviješten (ko)')).toHaveValue(TOLD);
  await told.getByLabel('Obaviješten (ko)').fill(`${TOLD}, ponovo`);
  await page.screenshot({ path: test.info().outputPath('correction-acknowledge-bs-1280.png') });
  await told.getByRole('button', { name: 'Sačuvaj i verifikuj' }).click();
  await expect(toast(page, 'Ispravka sačuvana, uzorak ponovo verificiran.')).toBeVisible();
  await expect(page.getByText('VERIFICIRAN').first()).toBeVisible();
  await expect(resultInput(page, 'Glukoza')).toHaveCount(0);
  await expect(row(page, 'Glukoza')).toContainText('28');
  // No second reason was asked; the reason is on the unlock and on the changed result, every step audited.
  await expect(page.getByRole('dialog', { name: 'Razlog izmjene' })).toHaveCount(0);
  const steps = (await auditActions(request, specijalista, sample.sid)).slice(before);
  expect(steps.map((step) => step.akcija)).toEqual([
    'sample.unverify', 'sample.unapprove', 'result.change', 'sample.approve', 'sample.verify', 'sample.acknowledge',
  ]);
  expect(steps.filter((step) => step.razlog === 'Zamijenjeni uzorci pri prepisivanju').map((step) => step.akcija)).toEqual(['sample.unverify', 'result.change']);
});

test('a verified sample is found by its code from RADNA LISTA, with a line saying it is outside the view', async ({ page, request }) => {
  const sample = await verifiedSample(request, '5,2');
  await open(page, DEMO.tehnicar.email, '/obrada/pregled');
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('RADNA LISTA');
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(sample.code);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Nema dostupnih podataka.')).toBeVisible();
  const outside = page.getByRole('alert').filter({ hasText: 'Izvan trenutnog prikaza (RADNA LISTA)' });
  await expect(outside).toContainText('KLUPIĆ SANELA');
  await expect(outside).toContainText('VERIFICIRAN');
  await page.screenshot({ path: test.info().outputPath('outside-view-bs-1280.png'), fullPage: true });
  await outside.getByRole('link', { name: `Otvori uzorak ${sample.code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/obrada/rezultati/${sample.pid}/${sample.sid}`));
  await expect(page.getByRole('heading', { name: 'Verificirani rezultati' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nalaz (PDF)' })).toBeVisible();
});

/** A specialist who reads the app in `language`, with a password of their own (an initial one must be changed first). */
async function userIn(request: APIRequestContext, language: 'bs' | 'en' | 'de'): Promise<string> {
  const admin = await apiSession(request, DEMO.admin.email);
  const email = `klupa-${language}-${Date.now()}@demo.lab`;
  const initial = 'Pocetna-Lozinka-77';
  const created = await request.post('/api/postavke/users/edit', {
    headers: admin.headers,
    data: { element: { email, ime: 'Klupa', prezime: language.toUpperCase(), role: 'specialist', level: 0, sites: [admin.siteId('SA')], language, password: initial } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const first = await apiSignIn(request, email, initial);
  expect(first).not.toBeNull();
  const changed = await request.post('/api/users/sifra', {
    headers: { Authorization: `Bearer ${first!.idToken}` }, data: { email, password: initial, novaSifra: DEMO_PASSWORD, potvrdaSifra: DEMO_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return email;
}

const SCREEN_TEXT = {
  bs: { filter: 'Pretraga', correct: 'Ispravi', reason: 'Razlog', confirm: 'POTVRDI', result: 'Rezultat', outside: 'Izvan trenutnog prikaza' },
  en: { filter: 'Search', correct: 'Correct', reason: 'Reason', confirm: 'CONFIRM', result: 'Result', outside: 'Outside the current view' },
  de: { filter: 'Suche', correct: 'Korrigieren', reason: 'Grund', confirm: 'BESTÄTIGEN', result: 'Ergebnis', outside: 'Außerhalb der aktuellen Ansicht' },
} as const;

for (const language of ['bs', 'en', 'de'] as const) {
  test(`the changed screens in ${language} at 1280 and 500 px`, { tag: '@pictures' }, async ({ page, request }) => {
    test.slow();
    const text = SCREEN_TEXT[language];
    const email = await userIn(request, language);
    const sample = await verifiedSample(request);
    const tehnicar = await apiSession(request, DEMO.tehnicar.email);
    const fresh = await createSample(request, tehnicar, { pid: sample.pid, site: 'SA', tests: ['GLU', 'K'] });
    for (const width of [1280, 500]) {
      await page.setViewportSize({ width, height: 900 });
      const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}-${language}-${width}.png`), fullPage: true });

      // Result entry: HH as the glucose is typed.
      await openAs(page, email, `/obrada/rezultati/${sample.pid}/${fresh._id}`, language);
      // The test's name as the catalogue has it in this language (the demo catalogue may name it in Bosnian only).
      const glucose = page.getByRole('textbox', { name: new RegExp(`^${text.result}: (Glukoza|Glucose|Glukose)$`) });
      await glucose.fill('30');
      await expect(page.locator('[data-flag="HH"]')).toBeVisible();
      await shot('typed');
      await glucose.fill('');

      // The verified sample: its title, its report, and the correction under way.
      await openAs(page, email, `/obrada/rezultati/${sample.pid}/${sample.sid}`, language);
      await page.getByRole('button', { name: text.correct }).click();
      await page.getByRole('dialog').getByLabel(text.reason).fill('Prepis');
      await shot('correct-reason');
      await page.getByRole('dialog').getByRole('button', { name: text.confirm }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await shot('correcting');

      // RADNA LISTA searched for the verified sample.
      await openAs(page, email, '/obrada/pregled', language);
      await page.getByRole('textbox', { name: text.filter }).fill(sample.code);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: text.outside })).toBeVisible();
      await shot('outside-view');
    }
  });
}
