import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, animationsSettled, expectAccessible, expectSignedInAs, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, saveResults } from './lab-data.ts';

// Sample processing (/obrada/pregled), the results check (/protokol) and a patient's results over time
// (the result-multi dialog, /evaluation/{id}), seeded through the API as a lab would produce the data.

/** The table row of a sample, found by its code. */
function sampleRow(page: Page, caption: string, code: string) {
  return page.getByRole('table', { name: caption }).getByRole('row').filter({ hasText: code });
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Pretraga' }).fill(text);
  await page.getByRole('textbox', { name: 'Pretraga' }).press('Enter');
}

test('/obrada/pregled opens on the worklist, follows another user\'s results live and approves a complete sample', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.lejla.jmbg);
  const sample = await createSample(request, admin, { pid, site: 'SA', tests: ['GLU', 'CRP'], hitan: true });

  await openAs(page, DEMO.tehnicar.email, '/obrada/pregled');
  await expect(page.getByRole('heading', { name: 'Obrada uzoraka' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('RADNA LISTA');
  await expect(page.getByRole('link', { name: 'Obrada uzoraka' })).toBeVisible();
  const row = sampleRow(page, 'Uzorci u obradi', sample.code);
  await expect(row).toContainText('ZAPRIMLJEN');
  await expect(row).toContainText('DEMIĆ LEJLA');
  await expect(row.getByLabel('0 od 2 testova ima rezultat')).toBeVisible();
  await expect(row.getByRole('button', { name: `Obriši uzorak — ${sample.code} DEMIĆ LEJLA` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Nisu uneseni svi rezultati — ${sample.code}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('obrada-pregled.png'), fullPage: true });
  await expectAccessible(page);

  // Another user enters every result: the list hears 'result:completed' and shows it without a reload.
  await saveResults(request, admin, sample._id, { GLU: '7.4', CRP: '2,1' });
  await expect(row).toContainText('REALIZOVAN');
  await expect(row.getByLabel('2 od 2 testova ima rezultat')).toBeVisible();
  await expect(row.getByLabel('Van referentnog opsega: 1')).toBeVisible();
  await search(page, sample.code);
  await expect(page.getByRole('table', { name: 'Uzorci u obradi' }).getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('obrada-pregled-realizovan.png'), fullPage: true });

  // The time opens the sample table dialog with the sample's ID.
  await row.getByRole('button', { name: new RegExp(`^Detalji uzorka ${sample.code}, \\d{2}:\\d{2}$`) }).click();
  const details = page.getByRole('dialog', { name: `Uzorak ${sample.code}` });
  await expect(details).toContainText(sample._id);
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('obrada-uzorak-dialog.png') });
  await details.getByRole('button', { name: 'ZATVORI', exact: true }).click();
  await expect(details).toBeHidden();

  // Approving takes it off the worklist (RADNA LISTA holds samples not yet approved).
  await row.getByRole('button', { name: `Odobri — ${sample.code}` }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('DANAS');
  await expect(row).toContainText('ODOBREN');
  await expect(row.getByRole('button', { name: `Poništi odobrenje — ${sample.code}` })).toBeVisible();
  // A technician approves but does not verify.
  await expect(row.getByRole('button', { name: new RegExp(`^Verifikuj — ${sample.code}`) })).toHaveCount(0);
});

test('/protokol lists samples awaiting verification; its menu entry is drawn in the danger colour', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.kenan.jmbg);
  const sample = await createSample(request, admin, { pid, site: 'SA', tests: ['GLU'] });
  await saveResults(request, admin, sample._id, { GLU: '5.0' });
  const approved = await request.post('/api/rezultati/odobri', { headers: admin.headers, data: { sid: sample._id } });
  expect(approved.status(), await approved.text()).toBe(200);

  await openAs(page, DEMO.specijalista.email, '/protokol');
  await expect(page.getByRole('heading', { name: 'Provjera nalaza' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('DANAS');
  const menuEntry = page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Provjera nalaza' });
  const color = await menuEntry.evaluate((element) => {
    const label = element.querySelector('.mantine-NavLink-label') ?? element;
    return getComputedStyle(label).color;
  });
  const [red, green, blue] = (color.match(/\d+/g) ?? []).map(Number);
  expect(red! > green! && red! > blue!, `menu entry colour ${color}`).toBe(true);

  const row = sampleRow(page, 'Uzorci koji čekaju provjeru ili imaju napomenu', sample.code);
  await expect(row).toContainText('ODOBREN');
  await expect(row.getByRole('button', { name: `Verifikuj — ${sample.code}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('protokol.png'), fullPage: true });
  await expectAccessible(page);

  await row.getByRole('button', { name: `Verifikuj — ${sample.code}` }).click();
  // Verified samples have been checked: they leave the list.
  await expect(row).toHaveCount(0);
});

test("a patient's results over time: the dialog's graph and table, and /evaluation for editors only", async ({ browser, page, request }, testInfo) => {
  // Three samples with results, the dialog, the screen and an axe-core pass each: more than 30 s on a busy 2-core machine.
  test.slow();
  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.emir.jmbg);
  // Taken a month ago, two weeks ago and now: the chart's x-axis reads the days.
  for (const [daysAgo, value] of [[30, '5,2'], [14, '7.4'], [0, '3.1']] as const) {
    const datum = new Date(Date.now() - daysAgo * 86_400_000 - 60_000).toISOString();
    const sample = await createSample(request, admin, { pid, site: 'SA', tests: ['GLU'], datum });
    await saveResults(request, admin, sample._id, { GLU: value });
  }

  await openAs(page, DEMO.admin.email, '/pacijenti');
  // The demo patient was registered when the server started, which is the sites' yesterday once a run has
  // crossed their midnight: the whole period, not the default DANAS.
  await page.getByRole('combobox', { name: 'Period' }).selectOption('SVE');
  await search(page, 'PRIMJEROVIĆ EMIR');
  const patientRow = page.getByRole('row').filter({ hasText: DEMO_PATIENTS.emir.jmbg });
  // The patient's dialog (the name cell) offers the results over time.
  const openResults = async () => {
    await patientRow.getByRole('button', { name: `Uredi pacijenta ${DEMO_PATIENTS.emir.name}` }).click();
    const patientDialog = page.getByRole('dialog', { name: 'Pacijent: PRIMJEROVIĆ EMIR' });
    await patientDialog.getByRole('button', { name: 'Rezultati kroz vrijeme' }).click();
    await expect(patientDialog).toBeHidden();
  };
  await openResults();
  const dialog = page.getByRole('dialog', { name: `Rezultati kroz vrijeme: ${DEMO_PATIENTS.emir.name}` });
  const chart = dialog.getByRole('img', { name: /^Grafikon Glukoza/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg .recharts-reference-area')).toHaveCount(1);
  await expect(chart.locator('svg circle')).toHaveCount(3);
  await expect(dialog).toContainText('Referentni opseg');
  await page.screenshot({ path: testInfo.outputPath('result-multi-graph.png') });

  await dialog.getByText('Tabela', { exact: true }).click();
  const table = dialog.getByRole('table', { name: 'Glukoza: svi rezultati, najnoviji prvi' });
  await expect(table).toContainText('3,1');
  await expect(table).toContainText('7,4');
  await expect(table).toContainText('5,2');
  await page.screenshot({ path: testInfo.outputPath('result-multi-table.png') });
  await dialog.getByRole('button', { name: 'Zatvori prozor' }).click();
  await expect(dialog).toBeHidden();
  await openResults();
  await expect(dialog.getByRole('img', { name: /^Grafikon Glukoza/ })).toBeVisible();
  await expect(dialog.getByRole('table')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await openResults();
  await dialog.getByRole('button', { name: 'Evaluacija rezultata' }).click();
  await expect(page).toHaveURL(new RegExp(`/evaluation/${pid}$`));
  await expect(page.getByRole('heading', { name: 'Evaluacija rezultata' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Glukoza' }).getByRole('img', { name: /^Grafikon Glukoza/ })).toBeVisible();
  await animationsSettled(page);
  await page.screenshot({ path: testInfo.outputPath('evaluation.png'), fullPage: true });
  await expectAccessible(page);

  // A read-only user (access level 1) has no evaluation screen: the route sends them to their default screen.
  // Their own browser: the administrator's open app would otherwise keep writing its session into the shared storage.
  const viewer = await (await browser.newContext()).newPage();
  await openAs(viewer, DEMO.pregled.email, `/evaluation/${pid}`);
  await expectSignedInAs(viewer, DEMO.pregled.name);
  await expect(viewer).not.toHaveURL(/\/evaluation\//);
  await expect(viewer.getByRole('heading', { name: 'Evaluacija rezultata' })).toHaveCount(0);
});
