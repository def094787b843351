import { expect, test } from './fixtures.ts';
import { DEMO, gotoRedirected, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createPatient, createSample, patientId, siteSampleCodes } from './lab-data.ts';

test('a technician of Sarajevo sees no Tuzla sample anywhere', async ({ page, request }) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const tuzla = await siteSampleCodes(request, admin, 'TZ');
  expect(tuzla.length).toBeGreaterThan(0);
  // A patient of the lab whose only sample, taken today, is at Tuzla.
  const { pid: selma } = await createPatient(request, admin, { ime: 'Selma', prezime: 'Tuzlić' });
  await createSample(request, admin, { pid: selma, site: 'TZ', tests: ['GLU'] });

  // Samples in processing: every day, all rows.
  await openAs(page, DEMO.tehnicar.email, '/naljepnice');
  await page.getByRole('combobox', { name: 'Period' }).selectOption('SVE');
  await page.getByRole('combobox', { name: 'Broj redova po stranici' }).selectOption({ label: 'Svi rezultati' });
  const table = page.getByRole('table', { name: 'Uzorci u obradi' });
  await expect(page.getByText(/^Prikazano 1–\d+ od \d+$/)).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  for (const code of tuzla) await expect(table.getByText(code, { exact: true })).toHaveCount(0);

  // Scanning a Tuzla tube at Sarajevo finds nothing.
  await page.goto('/barcode');
  await page.getByRole('textbox', { name: 'Bar-kod uzorka' }).fill(tuzla[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scan-result')).toContainText(`Uzorak s kodom ${tuzla[0]} nije pronađen na ovom sajtu`);

  // A Tuzla patient (patients belong to the lab) shows no samples here.
  await page.goto('/pacijenti');
  await page.getByRole('combobox', { name: 'Period' }).selectOption('SVE');
  await page.getByRole('textbox', { name: 'Pretraga' }).fill('TUZLIĆ');
  await page.getByRole('button', { name: /^Nezavršeni uzorci — TUZLIĆ SELMA/ }).click();
  await expect(page.getByRole('dialog', { name: 'Nezavršeni uzorci: TUZLIĆ SELMA' }))
    .toContainText('Pacijent nema nezavršenih uzoraka na ovom sajtu.');
  await page.goto(`/samples/${selma}`);
  await expect(page.getByText('TUZLIĆ SELMA')).toBeVisible();
  await expect(page.getByText('Pacijent danas nema uzoraka na ovom sajtu.')).toBeVisible();
});

test('a read-only user looks patients and samples up but has no write controls', async ({ page, request }) => {
  // Today's samples, from a sample taken now: one made when the server started is the sites' yesterday once a
  // run has crossed their midnight.
  const admin = await apiSession(request, DEMO.admin.email);
  await createSample(request, admin, { pid: await patientId(request, admin, DEMO_PATIENTS.lejla.jmbg), site: 'SA', tests: ['GLU'] });
  await openAs(page, DEMO.pregled.email, '/prijem');
  // Only the lookup by personal ID: no other ID modes, no registration form.
  await expect(page.getByRole('radio', { name: 'Datum rođenja' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Ime', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'SAČUVAJ' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Prijem uzorka (skener)' })).toHaveCount(0);
  await page.keyboard.type(DEMO_PATIENTS.lejla.jmbg);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Prijem', exact: true }).click();

  await expect(page.getByText(DEMO_PATIENTS.lejla.name)).toBeVisible();
  await expect(page.getByText('Vaš račun ima pravo samo na pregled uzoraka.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Traži test' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'SAČUVAJ' })).toHaveCount(0);
  const today = page.getByRole('list', { name: 'Današnji uzorci' });
  await expect(today.getByRole('listitem').first()).toBeVisible();
  await expect(today.getByRole('button', { name: /^Obriši uzorak/ })).toHaveCount(0);
  await expect(today.getByRole('button', { name: /^Uredi uzorak/ })).toHaveCount(0);
  await expect(today.getByRole('button', { name: /hitno/ })).toHaveCount(0);
  await today.getByRole('button', { name: /^Pregled uzorka/ }).first().click();
  const sample = page.getByRole('dialog', { name: /^Uzorak \d{10,}$/ });
  await expect(sample.getByRole('table', { name: 'Odabrani testovi' })).toBeVisible();
  await expect(sample.getByRole('button', { name: 'SAČUVAJ' })).toHaveCount(0);
  await expect(sample.getByRole('button', { name: /^Ukloni test/ })).toHaveCount(0);
  await expect(sample.getByRole('button', { name: 'Dodaj testove' })).toHaveCount(0);
  await sample.getByRole('button', { name: 'ZATVORI', exact: true }).click();

  await page.goto('/pacijenti');
  await page.getByRole('combobox', { name: 'Period' }).selectOption('SVE');
  await page.getByRole('textbox', { name: 'Pretraga' }).fill('PROBIĆ');
  await page.getByRole('button', { name: `Uredi pacijenta ${DEMO_PATIENTS.kenan.name}` }).click();
  const patient = page.getByRole('dialog', { name: 'Pacijent: KENAN PROBIĆ' });
  await expect(patient.getByRole('textbox', { name: 'Kontakt telefon' })).toBeDisabled();
  await expect(patient.getByRole('button', { name: 'SAČUVAJ' })).toHaveCount(0);
  await patient.getByRole('button', { name: 'ZATVORI', exact: true }).click();

  // Reception changes samples: the route is not open to a read-only user.
  await gotoRedirected(page, '/barcode');
  await expect(page).not.toHaveURL(/\/barcode$/);
  await expect(page.getByRole('textbox', { name: 'Bar-kod uzorka' })).toHaveCount(0);
});
