/**
 * Result entry, approval and verification of one sample in the browser: a
 * technician types the results from a printout (Enter moves on) and sees the
 * range and flag of each value, the calculated LDL follows its components,
 * the sample is approved; a specialist verifies it, telling who was informed
 * of the critical potassium; unlocks it with a reason, corrects a value (the
 * reason is asked again) and re-verifies; the audit trail shows each step; a
 * read-only user sees no write control.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, expectAccessible, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, toast } from './lab-data.ts';

const result = (page: Page, naziv: string) => page.getByRole('textbox', { name: `Rezultat: ${naziv}`, exact: true });

/**
 * Another person at this browser: the stored session goes first, so the app
 * that opens the login page does not confirm (and store back) the old one.
 */
async function switchUser(page: Page, email: string, path: string): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await openAs(page, email, path);
}

const row = (page: Page, sifra: string) => page.getByTestId(`result-row-${sifra}`);
const flag = (page: Page, sifra: string) => page.getByTestId(`result-flag-${sifra}`).locator('[data-flag]');

test('a sample goes from empty to verified, through an unlock and a corrected value, with its audit trail', async ({ page, request }) => {
  // Three users and a dozen round trips through the real server.
  test.setTimeout(120_000);
  const tech = await apiSession(request, DEMO.tehnicar.email);
  const pid = await patientId(request, tech, DEMO_PATIENTS.lejla.jmbg);
  const sample = await createSample(request, tech, { pid, site: 'SA', tests: ['GLU', 'K', 'LDL', 'U-PRO', 'U-BOJA'], hitan: true });
  const path = `/obrada/rezultati/${pid}/${sample._id}`;

  await openAs(page, DEMO.tehnicar.email, path);
  await expect(page.getByTestId('sample-code')).toHaveText(sample.code);
  await expect(page.getByText('DEMIĆ LEJLA')).toBeVisible();
  // Typed from a printout: the cursor starts in the first result, Enter moves to the next.
  await expect(result(page, 'Glukoza')).toBeFocused();
  for (const [value, next] of [['5,4', 'Holesterol ukupni'], ['6,20', 'HDL holesterol'], ['1,3', 'Trigliceridi'], ['1,5', 'Kalij']] as const) {
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
    // The calculated LDL between the triglycerides and potassium is no stop: it is computed.
    await expect(result(page, next)).toBeFocused();
  }
  await page.keyboard.type('7,1');
  // The flag follows the value as it is typed: above the range (critical only once the server judged it).
  await expect(flag(page, 'K')).toHaveAttribute('data-flag', 'H');
  await page.keyboard.press('Enter');
  await expect(result(page, 'Boja urina')).toBeFocused();
  await page.keyboard.type('Žuta');
  await page.keyboard.press('Enter');
  // A qualitative result: P opens the choice, and a positive is confirmed only with its grade.
  await page.keyboard.press('p');
  const dialog = page.getByRole('dialog', { name: 'Rezultat: Proteini u urinu' });
  await expect(dialog.getByRole('radio', { name: 'Pozitivan' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'POTVRDI' })).toBeDisabled();
  await dialog.getByRole('radio', { name: '++', exact: true }).check();
  await dialog.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(page.getByRole('button', { name: 'Rezultat: Proteini u urinu: Pozitivan (++)' })).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(toast(page, 'Rezultati sačuvani.')).toBeVisible();

  // The server's verdicts: critical potassium, the abnormal positive protein, LDL computed by Friedewald.
  await expect(flag(page, 'K')).toHaveAttribute('data-flag', 'HH');
  await expect(page.getByTestId('result-flag-K')).toContainText('kritično');
  await expect(flag(page, 'U-PRO')).toHaveAttribute('data-flag', 'A');
  await expect(page.getByTestId('result-value-LDL')).toHaveText('4,22');
  await expect(row(page, 'GLU')).toContainText('Tarik Tehničar');
  await expect(page.getByText('REALIZOVAN', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Odobri' }).click();
  await expect(toast(page, 'Rezultati odobreni.')).toBeVisible();
  await expect(page.getByText('Uzorak je ODOBREN: rezultati se ne mogu mijenjati.')).toBeVisible();
  await expect(result(page, 'Glukoza')).toHaveCount(0);
  // A technician approves; verification is the specialist's.
  await expect(page.getByRole('button', { name: 'Verifikuj' })).toHaveCount(0);

  await switchUser(page, DEMO.specijalista.email, path);
  await page.getByRole('button', { name: 'Verifikuj' }).click();
  const verify = page.getByRole('dialog', { name: 'Obavještenje o kritičnim vrijednostima' });
  await expect(verify).toContainText('Kalij: 7,1 mmol/L (HH)');
  await verify.getByRole('textbox', { name: 'Obaviješten (ko)' }).fill('dr. Hodžić, Hitna pomoć');
  await verify.getByRole('button', { name: 'Verifikuj' }).click();
  await expect(toast(page, 'Rezultati verificirani.')).toBeVisible();
  await expect(page.getByText('Uzorak je VERIFICIRAN: rezultati se ne mogu mijenjati.')).toBeVisible();

  // Unlock with a reason, take the approval back, correct the potassium: a released result asks for the reason.
  await page.getByRole('button', { name: 'Otključaj' }).click();
  const unlock = page.getByRole('dialog', { name: `Otključavanje uzorka ${sample.code}` });
  await unlock.getByRole('textbox', { name: 'Razlog' }).fill('Hemoliziran uzorak kalija');
  await unlock.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(toast(page, 'Uzorak otključan.')).toBeVisible();
  await page.getByRole('button', { name: 'Poništi odobrenje' }).click();
  await expect(toast(page, 'Odobrenje poništeno.')).toBeVisible();
  await result(page, 'Kalij').fill('4,6');
  await page.getByRole('button', { name: 'SAČUVAJ', exact: true }).click();
  const reason = page.getByRole('dialog', { name: 'Razlog izmjene' });
  await reason.getByRole('textbox', { name: 'Razlog' }).fill('Ponovljeno iz novog uzorka');
  await reason.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(toast(page, 'Rezultati sačuvani.')).toBeVisible();
  await expect(flag(page, 'K')).toHaveCount(0);
  await page.getByRole('button', { name: 'Odobri' }).click();
  await expect(toast(page, 'Rezultati odobreni.')).toBeVisible();
  // No critical value any more: verified at once.
  await page.getByRole('button', { name: 'Verifikuj' }).click();
  await expect(toast(page, 'Rezultati verificirani.')).toBeVisible();

  await page.getByRole('button', { name: 'Historija izmjena' }).click();
  const trail = page.getByRole('dialog', { name: 'Historija izmjena' });
  const rows = trail.getByRole('row');
  await expect(rows.nth(1)).toContainText('Verificirano');
  await expect(trail.getByRole('row').filter({ hasText: 'Rezultat izmijenjen' }).filter({ hasText: 'K' }))
    .toContainText(['7,1', '4,6', 'Ponovljeno iz novog uzorka'].join(''));
  await expect(trail.getByRole('row').filter({ hasText: 'Otključano' })).toContainText('Hemoliziran uzorak kalija');
  await expect(trail.getByRole('row').filter({ hasText: 'Obavještenje o kritičnim vrijednostima' })).toContainText('dr. Hodžić, Hitna pomoć');
  await page.keyboard.press('Escape');

  // The potassium's history from the trail.
  await page.getByRole('button', { name: 'Ranije vrijednosti: Kalij' }).click();
  await expect(page.getByRole('dialog', { name: 'Ranije vrijednosti: Kalij' }).getByRole('listitem')).toHaveCount(2);
});

test('a read-only user sees the results and no control that writes', async ({ page, request }) => {
  const tech = await apiSession(request, DEMO.tehnicar.email);
  const pid = await patientId(request, tech, DEMO_PATIENTS.emir.jmbg);
  const sample = await createSample(request, tech, { pid, site: 'SA', tests: ['GLU', 'U-PRO'] });
  await openAs(page, DEMO.pregled.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await expect(page.getByTestId('sample-code')).toHaveText(sample.code);
  await expect(page.getByText('Vaš račun ima pravo samo na pregled rezultata.')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  for (const name of ['SAČUVAJ', 'Odobri', 'Poništi odobrenje', 'Verifikuj', 'Otključaj', 'Sačuvaj više uzoraka']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: /^Rezultat:/ })).toHaveCount(0);
  await expectAccessible(page);
});
