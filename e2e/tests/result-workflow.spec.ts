import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, chooseSite, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, toast, toastsClosed } from './lab-data.ts';

// A sample's results from empty to verified, in the browser: a technician types them as from a
// printout, approves; a specialist verifies (the critical potassium asks who was told), unlocks
// with a reason, corrects and verifies again; the audit trail shows every step. A watcher on the
// same site is notified as it happens, one on the other site is not.

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

function resultInput(page: Page, naziv: string): Locator {
  return page.getByRole('textbox', { name: `Rezultat: ${naziv}` });
}

function qualitativeButton(page: Page, naziv: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^Rezultat: ${naziv.replace(/[()]/g, '\\$&')}:`) });
}

function statusBar(page: Page): Locator {
  return page.getByRole('toolbar', { name: 'Akcije uzorka' });
}

function row(page: Page, naziv: string): Locator {
  return page.getByRole('row').filter({ has: page.getByText(naziv, { exact: true }) });
}

/** The notification lists, opened (the bell toggles them, so it is clicked only while they are closed). */
async function openBell(page: Page): Promise<Locator> {
  const lists = page.getByRole('dialog', { name: 'Obavještenja' });
  await expect(async () => {
    if (!(await lists.isVisible())) await page.getByRole('button', { name: /^Obavještenja \(/ }).click();
    await expect(lists).toBeVisible({ timeout: 1_000 * timeoutScale });
  }).toPass();
  return lists;
}

test('results go from empty to verified, with a critical value acknowledged, an unlock with a reason and the audit trail', async ({ browser, request }) => {
  test.slow();
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const pid = await patientId(request, tehnicar, DEMO_PATIENTS.emir.jmbg);
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['K', 'CHOL', 'HDL', 'TG', 'LDL', 'HBSAG', 'U-GLU'] });
  const resultsPath = `/obrada/rezultati/${pid}/${sample._id}`;

  // Watchers: a viewer on the same site, the administrator on the other site.
  const sameSite = await newPage(browser);
  await openAs(sameSite, DEMO.pregled.email, '/pacijenti');
  const otherSite = await newPage(browser);
  await openAs(otherSite, DEMO.admin.email, '/prijem');
  await chooseSite(otherSite, 'Tuzla');

  // The technician types the results; Enter moves to the next one.
  const page = await newPage(browser);
  await openAs(page, DEMO.tehnicar.email, resultsPath);
  await expect(page.getByText(sample.code).first()).toBeVisible();
  await expect(row(page, 'Kalij')).toContainText('3,5');
  await expect(resultInput(page, 'Holesterol ukupni')).toBeFocused();
  // Enter moves to the next result, in report order; the calculated LDL takes no typing.
  await resultInput(page, 'Holesterol ukupni').fill('5,2');
  await page.keyboard.press('Enter');
  await expect(resultInput(page, 'HDL holesterol')).toBeFocused();
  await page.keyboard.type('1,1');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1,5');
  await page.keyboard.press('Enter');
  await expect(resultInput(page, 'Kalij')).toBeFocused();
  await expect(resultInput(page, 'LDL holesterol (izračunat po Friedewaldu)')).toHaveCount(0);
  await page.keyboard.type('6,8');
  // The flag follows the typing, critical limits included: 6,8 is above the potassium's critical high.
  await expect(row(page, 'Kalij').locator('[data-flag="HH"]')).toBeVisible();
  await page.keyboard.press('Enter');

  // Qualitative: N marks a negative; a positive strip pad needs its grade before it confirms.
  const hbsag = qualitativeButton(page, 'Površinski antigen virusa hepatitisa B (HBsAg)');
  await expect(hbsag).toBeFocused();
  await page.keyboard.press('n');
  await expect(hbsag).toHaveText(/Negativan/);
  await page.keyboard.press('Enter');
  await expect(qualitativeButton(page, 'Glukoza u urinu')).toBeFocused();
  await page.keyboard.press('p');
  const dialog = page.getByRole('dialog', { name: 'Rezultat: Glukoza u urinu' });
  await expect(dialog.getByRole('radio', { name: 'Pozitivan' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'POTVRDI' })).toBeDisabled();
  await dialog.getByRole('radio', { name: '++', exact: true }).check();
  await dialog.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(qualitativeButton(page, 'Glukoza u urinu')).toHaveText(/Pozitivan \(\+\+\)/);
  await expect(resultInput(page, 'Trigliceridi')).toHaveValue('1,5');

  await page.keyboard.press('Control+s');
  // A save that stored a critical value says so, naming the test and its value, instead of the plain 'saved'.
  await expect(toast(page, 'Sačuvana kritična vrijednost')).toContainText('Kalij 6,8 mmol/L (HH)');
  // The server's flags: the potassium is critical, LDL is computed from its components (5.2 - 1.1 - 1.5/2.2).
  await expect(row(page, 'Kalij').locator('[data-flag="HH"]')).toContainText('kritično');
  await expect(row(page, 'LDL holesterol (izračunat po Friedewaldu)')).toContainText('3,42');
  await expect(page.getByText('REALIZOVAN').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('results-entered.png'), fullPage: true });

  // All results in: the watcher on the same site hears it, and of the critical value with its reason; the other site hears neither.
  const sameSiteBell = await openBell(sameSite);
  await expect(sameSiteBell.getByText(`${sample.code} PRIMJEROVIĆ EMIR`, { exact: true })).toBeVisible();
  await expect(sameSiteBell.getByText(`${sample.code} PRIMJEROVIĆ EMIR · kritična vrijednost: Kalij 6,8 mmol/L`)).toBeVisible();
  await sameSite.keyboard.press('Escape');
  const otherSiteBell = await openBell(otherSite);
  await expect(otherSiteBell.getByText('Nema novih obavještenja.').first()).toBeVisible();
  await expect(otherSiteBell.getByText(sample.code)).toHaveCount(0);
  await otherSite.keyboard.press('Escape');

  // The technician approves; verification is not theirs.
  await statusBar(page).getByRole('button', { name: 'Odobri' }).click();
  await expect(toast(page, 'Rezultati odobreni.')).toBeVisible();
  await expect(page.getByText('ODOBREN').first()).toBeVisible();
  await expect(statusBar(page).getByRole('button', { name: 'Verifikuj' })).toHaveCount(0);
  await expect(resultInput(page, 'Kalij')).toHaveCount(0);

  // The specialist verifies: the critical value asks who was told, and when.
  const specialist = await newPage(browser);
  await openAs(specialist, DEMO.specijalista.email, resultsPath);
  await statusBar(specialist).getByRole('button', { name: 'Verifikuj' }).click();
  const notify = specialist.getByRole('dialog', { name: 'Obavještenje o kritičnim vrijednostima' });
  await expect(notify).toContainText('Kalij');
  await notify.getByRole('button', { name: 'Verifikuj' }).click();
  await expect(notify.getByRole('alert')).toContainText('unesite koga ste obavijestili i kada');
  await notify.getByLabel('Obaviješten (ko)').fill('dr. Hadžić, Hitna pomoć');
  await notify.getByRole('button', { name: 'Verifikuj' }).click();
  await expect(toast(specialist, 'Rezultati verificirani.')).toBeVisible();
  await expect(specialist.getByText('VERIFICIRAN').first()).toBeVisible();

  // Unlock with a reason, take the approval back, correct the potassium (a released value: a reason again), approve and verify.
  await statusBar(specialist).getByRole('button', { name: 'Otključaj' }).click();
  const unlock = specialist.getByRole('dialog', { name: `Otključavanje uzorka ${sample.code}` });
  await unlock.getByLabel('Razlog').fill('Sumnja na hemolizu, ponavljanje kalija');
  await unlock.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(toast(specialist, 'Uzorak otključan.')).toBeVisible();
  await statusBar(specialist).getByRole('button', { name: 'Poništi odobrenje' }).click();
  await expect(toast(specialist, 'Odobrenje poništeno.')).toBeVisible();
  await resultInput(specialist, 'Kalij').fill('5,0');
  await specialist.getByRole('button', { name: 'SAČUVAJ', exact: true }).click();
  const reason = specialist.getByRole('dialog', { name: 'Razlog izmjene' });
  await reason.getByLabel('Razlog').fill('Ponovljena analiza iz novog uzorka');
  await reason.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(toast(specialist, 'Rezultati sačuvani.')).toBeVisible();
  await expect(row(specialist, 'Kalij').locator('[data-flag]')).toHaveCount(0);
  await statusBar(specialist).getByRole('button', { name: 'Odobri' }).click();
  await expect(toast(specialist, 'Rezultati odobreni.')).toBeVisible();
  // Five actions in a row: their toasts, kept open under the pointer, would cover the status bar's buttons.
  await toastsClosed(specialist);
  await statusBar(specialist).getByRole('button', { name: 'Verifikuj' }).click();
  await expect(toast(specialist, 'Rezultati verificirani.')).toBeVisible();

  // The audit trail: every step, newest first, with who, the old and new value and the reasons.
  await statusBar(specialist).getByRole('button', { name: 'Historija izmjena' }).click();
  const audit = specialist.getByRole('dialog', { name: 'Historija izmjena' });
  const trail = audit.getByRole('table', { name: 'Historija izmjena' });
  await expect(trail.getByRole('row').nth(1)).toContainText('Verificirano');
  for (const text of ['Otključano', 'Sumnja na hemolizu, ponavljanje kalija', 'Ponovljena analiza iz novog uzorka', 'dr. Hadžić, Hitna pomoć', 'Odobreno', 'Rezultat unesen', 'Rezultat izračunat', DEMO.tehnicar.name, DEMO.specijalista.name]) {
    await expect(trail.getByText(text).first()).toBeVisible();
  }
  const correction = trail.getByRole('row').filter({ hasText: 'Ponovljena analiza iz novog uzorka' });
  await expect(correction).toContainText('6,8');
  await expect(correction).toContainText('5,0');
  await specialist.screenshot({ path: test.info().outputPath('results-audit.png'), fullPage: true });

  // The same-site watcher was told of the approval as well.
  const alarms = await openBell(sameSite);
  await expect(alarms.getByRole('region', { name: 'Alarmi' }).getByText(sample.code)).toBeVisible();
});

test('a read-only user sees results but no control that changes them', async ({ page, request }) => {
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const pid = await patientId(request, tehnicar, DEMO_PATIENTS.amina.jmbg);
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['GLU', 'HBSAG'] });
  const show = await request.get(`/api/rezultati/${sample._id}`, { headers: tehnicar.headers, params: { site: tehnicar.siteId('SA') } });
  const { version, tests } = (await show.json()) as { version: number; tests: { _id: string; sifra: string }[] };
  const glu = tests.find((entry) => entry.sifra === 'GLU')!;
  const saved = await request.post('/api/rezultati/save', {
    headers: tehnicar.headers, data: { site: tehnicar.siteId('SA'), sid: sample._id, version, rezultati: [{ test: glu._id, rezultat: '7,4' }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await openAs(page, DEMO.pregled.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await expect(page.getByText('Vaš račun ima pravo samo na pregled rezultata.')).toBeVisible();
  await expect(row(page, 'Glukoza')).toContainText('7,4');
  await expect(page.getByRole('textbox', { name: /^Rezultat:/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Rezultat:/ })).toHaveCount(0);
  for (const name of ['SAČUVAJ', 'Odobri', 'Poništi odobrenje', 'Verifikuj', 'Otključaj']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(statusBar(page).getByRole('button', { name: 'Historija izmjena' })).toBeVisible();
  // The comment can be read, not changed.
  await statusBar(page).getByRole('button', { name: 'Komentar' }).click();
  const comment = page.getByRole('dialog', { name: 'Komentar' });
  await expect(comment).toBeVisible();
  await expect(comment.getByRole('button', { name: 'SAČUVAJ' })).toHaveCount(0);
  await expect(comment.getByRole('textbox')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The patient's results over time open from here too; the evaluation screen is for editors only.
  await statusBar(page).getByRole('button', { name: 'Rezultati kroz vrijeme' }).click();
  const history = page.getByRole('dialog', { name: /^Rezultati kroz vrijeme:/ });
  await expect(history).toBeVisible();
  await expect(history.getByRole('textbox', { name: 'Parametar' }).or(history.getByRole('combobox', { name: 'Parametar' }))).toHaveValue(/Glukoza/);
  await expect(history).toContainText('3,9 – 6,1 mmol/L');
  await expect(history.getByRole('button', { name: 'Evaluacija rezultata' })).toHaveCount(0);
});
