import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createPatient, createSample, saveResults, toast } from './lab-data.ts';

/** The patients list over every day, filtered ('Pretraga') to the patients named, so earlier tests' patients do not page them out. */
async function openList(page: Page, filter: string) {
  await openAs(page, DEMO.admin.email, '/pacijenti');
  await expect(page.getByRole('heading', { name: 'Pacijenti' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Period' }).selectOption('SVE');
  // The list is read again once the search settles: wait for that answer, or a click may land on a row of the unfiltered list that is about to be replaced.
  const filtered = page.waitForResponse((response) => response.url().includes('/api/pacijenti/list') && new URL(response.url()).searchParams.get('filter') === filter);
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(filter);
  await filtered;
  await expect(page.getByText(/^Prikazano 1–\d+ od \d+$/)).toBeVisible();
}

function rowOf(page: Page, name: string) {
  return page.getByRole('table', { name: 'Registrirani pacijenti' }).getByRole('row').filter({ hasText: name });
}

test('the patient edit dialog saves changes and puts an invalid ID back silently', async ({ page }) => {
  await openList(page, 'DEMIĆ');
  await page.getByRole('button', { name: `Uredi pacijenta ${DEMO_PATIENTS.lejla.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Pacijent: LEJLA DEMIĆ' });
  const id = dialog.getByRole('textbox', { name: 'Matični broj' });
  await expect(id).toHaveValue(DEMO_PATIENTS.lejla.jmbg);
  await id.fill('12345');
  await dialog.getByRole('textbox', { name: 'Kontakt telefon' }).click();
  await expect(id).toHaveValue(DEMO_PATIENTS.lejla.jmbg);
  await expect(dialog.getByText('Matični broj nije validan.')).toHaveCount(0);

  await dialog.getByRole('textbox', { name: 'Kontakt telefon' }).fill('061 999 000');
  await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(toast(page, 'Podaci pacijenta su sačuvani.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, DEMO_PATIENTS.lejla.name)).toContainText('061 999 000');
});

test('the patient-data dialog keeps birth year, address, referring location and note', async ({ page, request }) => {
  // A patient without birth data, so the birth year can be typed.
  const admin = await apiSession(request, DEMO.admin.email);
  const jmbg = `0000900${10_000 + Math.floor(Math.random() * 90_000)}P`;
  const saved = await request.post('/api/pacijenti/unos/save', {
    headers: admin.headers,
    data: { jmbg, ime: 'Bez', prezime: 'Godišta', spol: 'MUŠKI', adresa: 'Bistrik 1', telefon: '061 000 111', symptoms: { umor: true } },
  });
  expect(saved.status()).toBe(201);

  await openList(page, 'GODIŠTA');
  await page.getByRole('button', { name: `Podaci pacijenta — GODIŠTA BEZ ${jmbg}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Podaci pacijenta: GODIŠTA BEZ' });
  const year = dialog.getByRole('textbox', { name: 'Godište' });
  await year.fill('1920');
  await expect(dialog.getByText('Godište nije validno.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'SAČUVAJ' })).toBeDisabled();
  await year.fill('1950');
  await dialog.getByRole('combobox', { name: 'Uputna lokacija' }).fill('Vogošća');
  await page.keyboard.press('Tab');
  await dialog.getByRole('textbox', { name: 'Napomena' }).fill('Dolazi u pratnji.');
  await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, 'GODIŠTA BEZ');
  await expect(row).toContainText('1950');
  await expect(row).toContainText('Vogošća');

  // A birth year the ID carries is shown, not typed.
  await page.getByRole('textbox', { name: 'Pretraga' }).fill('DEMIĆ');
  await page.getByRole('button', { name: `Podaci pacijenta — ${DEMO_PATIENTS.lejla.name} ${DEMO_PATIENTS.lejla.jmbg}` }).click();
  const lejla = page.getByRole('dialog', { name: 'Podaci pacijenta: DEMIĆ LEJLA' });
  await expect(lejla.getByRole('textbox', { name: 'Godište' })).toHaveValue('1978');
  await expect(lejla.getByRole('textbox', { name: 'Godište' })).toBeDisabled();
});

test('symptoms are shown read-only, and uncompleted samples with their status', async ({ page, request }) => {
  // A patient of this test's own with one sample in work and one with every result: other specs add samples to the demo patients.
  const admin = await apiSession(request, DEMO.admin.email);
  const patient = await createPatient(request, admin, { ime: 'Amra', prezime: 'Nedovršenić' });
  const inWork = await createSample(request, admin, { pid: patient.pid, site: 'SA', tests: ['GLU', 'CRP'] });
  await saveResults(request, admin, inWork._id, { GLU: '5,1' });
  const complete = await createSample(request, admin, { pid: patient.pid, site: 'SA', tests: ['GLU'] });
  await saveResults(request, admin, complete._id, { GLU: '5,3' });

  await openList(page, 'PROBIĆ');
  await page.getByRole('button', { name: new RegExp(`^Simptomi — ${DEMO_PATIENTS.kenan.name}`) }).click();
  const symptoms = page.getByRole('dialog', { name: 'Simptomi: PROBIĆ KENAN' });
  await expect(symptoms.getByRole('checkbox', { name: 'Grlobolja' })).toBeChecked();
  await expect(symptoms.getByRole('checkbox', { name: 'Umor' })).not.toBeChecked();
  await expect(symptoms.getByRole('checkbox', { name: 'Umor' })).toBeDisabled();
  await expect(symptoms.getByRole('button', { name: 'SAČUVAJ' })).toHaveCount(0);
  await symptoms.getByRole('button', { name: 'ZATVORI', exact: true }).click();

  await page.getByRole('textbox', { name: 'Pretraga' }).fill('NEDOVRŠENIĆ');
  await page.getByRole('button', { name: new RegExp(`^Nezavršeni uzorci — ${patient.name}`) }).click();
  const samples = page.getByRole('dialog', { name: `Nezavršeni uzorci: ${patient.name}` });
  await expect(samples.getByRole('row')).toHaveCount(3);
  await expect(samples).toContainText('U OBRADI');
  await expect(samples).toContainText('REALIZOVAN');
  await samples.getByRole('button', { name: 'ZATVORI', exact: true }).click();

  // An approved sample opens read-only: no SAČUVAJ, no removing tests.
  await page.getByRole('textbox', { name: 'Pretraga' }).fill('FIKTIVIĆ');
  await page.getByRole('button', { name: new RegExp(`^Nezavršeni uzorci — ${DEMO_PATIENTS.davor.name}`) }).click();
  const davor = page.getByRole('dialog', { name: 'Nezavršeni uzorci: FIKTIVIĆ DAVOR' });
  await expect(davor).toContainText('ODOBREN');
  await davor.getByRole('button', { name: /^Otvori uzorak / }).click();
  const sample = page.getByRole('dialog', { name: /^Uzorak \d{10,}$/ });
  await expect(sample).toContainText('Uzorak je ODOBREN i ne može se mijenjati.');
  await expect(sample.getByRole('button', { name: 'SAČUVAJ' })).toHaveCount(0);
  await expect(sample.getByRole('button', { name: /^Ukloni test/ })).toHaveCount(0);
  await expect(sample.getByRole('checkbox', { name: 'Antikoagulantna terapija' })).toBeDisabled();
});

test('the intake cell opens the sample entry of the patient', async ({ page }) => {
  await openList(page, 'PROBIĆ');
  await page.getByRole('button', { name: `Prijem uzorka za pacijenta ${DEMO_PATIENTS.kenan.name}` }).click();
  await expect(page).toHaveURL(/\/samples\/[0-9a-f-]{36}$/);
  await expect(page.getByText(DEMO_PATIENTS.kenan.name)).toBeVisible();
});

test('at 1280 px the whole table fits, the last column included, with a long double surname and a long referring location', async ({ page, request }) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const jmbg = `0000985${10_000 + Math.floor(Math.random() * 90_000)}P`;
  const saved = await request.post('/api/pacijenti/unos/save', {
    headers: admin.headers,
    data: {
      jmbg, ime: 'Emina-Merjema', prezime: 'Hadžiabdić-Kapetanović', spol: 'ŽENSKI', adresa: 'Bistrik 1', telefon: '061 000 222',
      symptoms: { umor: true }, lokacija: 'Javna zdravstvena ustanova Dom zdravlja Kantona Sarajevo',
    },
  });
  expect(saved.status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openList(page, 'HADŽIABDIĆ-KAPETANOVIĆ');
  const table = page.getByRole('table', { name: 'Registrirani pacijenti' });
  await expect(rowOf(page, 'HADŽIABDIĆ-KAPETANOVIĆ')).toBeVisible();
  // Nothing to scroll sideways, and the action column's header and buttons end inside the screen.
  const fit = await table.evaluate((element) => ({ overflow: element.parentElement!.scrollWidth - element.parentElement!.clientWidth }));
  expect(fit.overflow).toBeLessThanOrEqual(0);
  for (const last of [table.getByRole('columnheader').last(), rowOf(page, 'HADŽIABDIĆ-KAPETANOVIĆ').getByRole('button').last()]) {
    const box = await last.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
  }
});
