/**
 * The result entry screen with what the workflow spec (result-workflow.spec.ts)
 * does not look at: it passes axe with its flags, the critical badge and its
 * dialogs open (sample result, acknowledgement, audit trail), and a test's
 * earlier values come from the sample's audit trail. The results are set up
 * over the API, as the person would have saved them.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, expectAccessible, openAs } from './helpers.ts';
import { type ApiSession, DEMO_PATIENTS, apiSession, createSample, patientId } from './lab-data.ts';

interface Shown {
  version: number;
  tests: { _id: string; sifra: string }[];
}

async function saveOverApi(request: APIRequestContext, session: ApiSession, sid: string, values: Record<string, string>): Promise<void> {
  const site = session.siteId('SA');
  const show = await request.get(`/api/rezultati/${sid}`, { headers: session.headers, params: { site } });
  const { version, tests } = (await show.json()) as Shown;
  const rezultati = Object.entries(values).map(([sifra, rezultat]) => ({ test: tests.find((test) => test.sifra === sifra)!._id, rezultat }));
  const saved = await request.post('/api/rezultati/save', { headers: session.headers, data: { site, sid, version, rezultati } });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function closeDialog(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name })).toHaveCount(0);
}

test('the result screen and its dialogs are accessible, and a test shows its earlier values', async ({ page, request }) => {
  test.slow();
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const pid = await patientId(request, tehnicar, DEMO_PATIENTS.kenan.jmbg);
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['GLU', 'K', 'U-PRO'] });
  await saveOverApi(request, tehnicar, sample._id, { GLU: '5,9', K: '7,1' });
  await saveOverApi(request, tehnicar, sample._id, { GLU: '6,4' });

  await openAs(page, DEMO.tehnicar.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await expect(page.getByTestId('result-flag-K')).toContainText('kritično');
  await expect(page.getByTestId('result-flag-GLU').locator('[data-flag]')).toHaveAttribute('data-flag', 'H');
  await page.getByRole('textbox', { name: 'Rezultat: Glukoza', exact: true }).fill('2,9');
  await expect(page.getByTestId('result-flag-GLU').locator('[data-flag]')).toHaveAttribute('data-flag', 'L');
  await expectAccessible(page);

  await page.getByRole('button', { name: /^Rezultat: Proteini u urinu/ }).click();
  const qualitative = page.getByRole('dialog', { name: 'Rezultat: Proteini u urinu' });
  await qualitative.getByRole('radio', { name: 'Pozitivan' }).check();
  await expectAccessible(page);
  await closeDialog(page, 'Rezultat: Proteini u urinu');
  // Back to the saved value: nothing is left unsaved.
  await page.getByRole('textbox', { name: 'Rezultat: Glukoza', exact: true }).fill('6,4');
  await expect(page.getByText('Ctrl+S sprema sve izmjene')).toBeVisible();

  // The glucose was entered, then changed: its history shows both values, newest first.
  await page.getByRole('button', { name: 'Ranije vrijednosti: Glukoza' }).click();
  const history = page.getByRole('dialog', { name: 'Ranije vrijednosti: Glukoza' });
  await expect(history.getByRole('listitem')).toHaveText([/^6,4 ← 5,9.*Tarik Tehničar/, /^5,9.*Tarik Tehničar/]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Historija izmjena' }).click();
  const trail = page.getByRole('dialog', { name: 'Historija izmjena' });
  await expect(trail.getByRole('row').filter({ hasText: 'Rezultat izmijenjen' })).toContainText('GLU5,96,4');
  await expectAccessible(page);
  await closeDialog(page, 'Historija izmjena');

  // Complete and approve over the API; the specialist's acknowledgement dialog.
  await saveOverApi(request, tehnicar, sample._id, { 'U-PRO': 'Negativan' });
  const approved = await request.post('/api/rezultati/odobri', { headers: tehnicar.headers, data: { site: tehnicar.siteId('SA'), sid: sample._id } });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await openAs(page, DEMO.specijalista.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await page.getByRole('button', { name: 'Verifikuj' }).click();
  await expect(page.getByRole('dialog', { name: 'Obavještenje o kritičnim vrijednostima' })).toContainText('Kalij: 7,1 mmol/L (HH)');
  await expectAccessible(page);
});
