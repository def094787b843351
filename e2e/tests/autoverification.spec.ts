import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, clickInDropdown, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId } from './lab-data.ts';

// Autoverification end to end: a specialist defines a rule for glucose, simulates it over the demo's history,
// activates it (confirming a second time when the history holds results a person later corrected) and switches
// autoverification on; a technician then enters a normal glucose by hand and the sample is verified by
// 'Autoverifikacija', with its report. The switch is turned off again, so the specs after this one in the same
// server see the demo as they expect it.

async function setSwitch(page: Page, on: boolean) {
  const toggle = page.getByRole('switch', { name: 'Autoverifikacija uključena' });
  if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
  await expect(toggle).toBeChecked({ checked: on });
}

/**
 * A new draft named `naziv` with one rule for glucose (limits 3,9 to 6,1; QC and delta left out: the demo patient's
 * history varies), simulated over the demo's last 30 days and activated (confirming a second time when the
 * simulation found results a person later corrected), with autoverification switched on.
 */
async function activateGlucoseRule(page: Page, naziv: string, options: { perSection?: boolean } = {}) {
  await page.getByRole('button', { name: 'Novi nacrt' }).click();
  await page.getByRole('textbox', { name: 'Naziv' }).fill(naziv);
  if (options.perSection) await page.getByRole('checkbox', { name: 'Puštati po sekcijama (kada svi rezultati sekcije prođu)' }).check();
  const rule = page.getByTestId('av-rule');
  await rule.getByLabel('Analiza').click();
  await rule.getByLabel('Analiza').fill('GLU');
  await clickInDropdown(rule.getByLabel('Analiza'), page.getByRole('option', { name: /^GLU · Glukoza$/ }));
  await rule.getByLabel('Donja granica').fill('3,9');
  await rule.getByLabel('Gornja granica').fill('6,1');
  await rule.getByRole('checkbox', { name: 'QC: bez blokade, prihvaćena kontrola' }).uncheck();
  await rule.getByRole('checkbox', { name: 'Delta check' }).uncheck();
  await page.getByRole('button', { name: 'Sačuvaj nacrt' }).click();
  await expect(page.getByText('Nacrt je sačuvan.')).toBeVisible();

  await page.getByRole('button', { name: 'Simuliraj' }).click();
  const simulation = page.getByTestId('av-simulation');
  await expect(simulation).toContainText(/Uzoraka: \d+ od \d+ bi bilo autoverificirano/);
  await expect(simulation.getByRole('row').filter({ hasText: 'GLU · Glukoza' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('autoverification-simulated.png'), fullPage: true });

  const risky = await simulation.getByTestId('av-risks').count();
  await page.getByRole('button', { name: 'Aktiviraj nacrt' }).click();
  if (risky > 0) await page.getByRole('dialog', { name: 'Dodatna potvrda' }).getByRole('button', { name: 'Aktiviraj ipak' }).click();
  await expect(page.getByTestId('av-active')).toContainText(naziv);
  await setSwitch(page, true);
}

/**
 * A new sample of the demo patient Amina at SA with `tests`, on whose result screen a technician (in a page of
 * their own) types a normal glucose, 5,0, and saves with Ctrl+S.
 */
async function glucoseEnteredByHand(page: Page, request: APIRequestContext, tests: string[]) {
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const pid = await patientId(request, tehnicar, DEMO_PATIENTS.amina.jmbg);
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests });
  const tech = await page.context().browser()!.newPage();
  await openAs(tech, DEMO.tehnicar.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await tech.getByRole('textbox', { name: 'Rezultat: Glukoza' }).fill('5,0');
  await tech.keyboard.press('Control+s');
  return { tehnicar, pid, sample, tech };
}

test('a rule defined, simulated and activated verifies a normal glucose entered by hand, with its report', async ({ page, request }) => {
  test.slow();
  await openAs(page, DEMO.specijalista.email, '/postavke/autoverifikacija');
  await expect(page.getByRole('heading', { name: 'Autoverifikacija', level: 1 })).toBeVisible();

  await activateGlucoseRule(page, 'E2E glukoza');

  try {
    // A technician enters a normal glucose by hand.
    const { tehnicar, pid, sample, tech } = await glucoseEnteredByHand(page, request, ['GLU']);

    // The rules judge it after the save's commit; the technician's screen, read again, shows the judgement.
    await expect(async () => {
      await tech.reload();
      await expect(tech.getByTestId('av-judgement')).toContainText('Uzorak je verificirala autoverifikacija.', { timeout: 5_000 * timeoutScale });
    }).toPass({ timeout: 30_000 * timeoutScale });

    // The specialist sees it verified by the rules, and its report.
    await openAs(page, DEMO.specijalista.email, `/obrada/rezultati/${pid}/${sample._id}`);
    await expect(page.getByTestId('av-judgement')).toContainText('Uzorak je verificirala autoverifikacija.');
    await expect(page.getByTestId('av-judgement')).toContainText('Autoverifikacija (E2E glukoza v');
    await expect(page.getByText('VERIFICIRAN').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nalaz (PDF)' })).toBeVisible();
    const audit = await request.get(`/api/uzorci/audit/${sample._id}`, { headers: tehnicar.headers });
    const trail = (await audit.json()) as { audit: { korisnik: string | null; akcija: string }[] };
    expect(trail.audit.some((row) => row.korisnik === 'Autoverifikacija')).toBe(true);
    await page.screenshot({ path: test.info().outputPath('autoverification-verified.png'), fullPage: true });
    await tech.close();
  } finally {
    await openAs(page, DEMO.specijalista.email, '/postavke/autoverifikacija');
    await setSwitch(page, false);
  }
});

test('a rule set releasing per section sends the biochemistry ahead of the haematology, on a partial report', async ({ page, request }) => {
  test.slow();
  await openAs(page, DEMO.specijalista.email, '/postavke/autoverifikacija');
  await activateGlucoseRule(page, 'E2E po sekcijama', { perSection: true });

  try {
    // Glucose (Biohemija) and a white cell count (Hematologija, no rule): the glucose goes out alone.
    const { tehnicar, sample, tech } = await glucoseEnteredByHand(page, request, ['GLU', 'WBC']);
    await expect(async () => {
      await tech.reload();
      await expect(tech.getByTestId('result-row-GLU').getByTestId('released-badge')).toBeVisible({ timeout: 5_000 * timeoutScale });
    }).toPass({ timeout: 30_000 * timeoutScale });
    await expect(tech.getByTestId(/^result-row-WBC/).getByTestId('released-badge')).toHaveCount(0);
    await tech.getByTestId('result-row-GLU').getByTestId('released-badge').hover();
    await expect(tech.getByRole('tooltip')).toContainText('E2E po sekcijama v');
    await tech.screenshot({ path: test.info().outputPath('section-released.png'), fullPage: true });

    // The report list shows the partial report; its PDF is served.
    await openAs(page, DEMO.specijalista.email, '/nalazi/pregled');
    // Newest first: the partial report just issued heads the list.
    const row = page.getByRole('table', { name: 'Izdati nalazi' }).getByRole('row').filter({ hasText: sample.code });
    await expect(row.getByText('Djelimičan')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('section-partial-report-list.png'), fullPage: true });
    const pdf = await request.get(`/api/nalazi/pdf/${sample._id}`, { headers: tehnicar.headers });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await tech.close();
  } finally {
    await openAs(page, DEMO.specijalista.email, '/postavke/autoverifikacija');
    await setSwitch(page, false);
  }
});

test('the autoverification screen in English at 500 px and in German @pictures', async ({ page }) => {
  const chooseLanguage = async (name: string) => {
    const menu = page.getByRole('button', { name: /Korisnički meni|User menu|Benutzermenü/ });
    await menu.click();
    await clickInDropdown(menu, page.getByRole('menuitem', { name }));
  };
  await page.setViewportSize({ width: 500, height: 900 });
  await openAs(page, DEMO.specijalista.email, '/postavke/autoverifikacija');
  await chooseLanguage('English');
  await expect(page.getByRole('heading', { name: 'Autoverification', level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('autoverification-en-500.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage('Deutsch');
  await expect(page.getByRole('heading', { name: 'Autoverifikation', level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('autoverification-de-1280.png'), fullPage: true });
  await chooseLanguage('Bosanski');
});
