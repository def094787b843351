import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, clickInDropdown, dayFromToday, expectAccessible, openAs } from './helpers.ts';
import { type ApiSession, DEMO_PATIENTS, apiSession, createSample, patientId, toast } from './lab-data.ts';

// The lab's catalogue in the browser: the assay's reference ranges edited by an admin (a verified sample keeps
// the range it was verified with, a new one shows the new range), each kind of setting record created, edited
// and refused for a bad field in the JSON editor, read-only for users without 'settings.write', and axe on the
// screens and dialogs. Screenshots go to the test's output folder.

/** Saves a sample's results and approves and verifies it, over the API. */
async function verifySample(request: APIRequestContext, session: ApiSession, sid: string, values: Record<string, string>): Promise<void> {
  const site = session.siteId('SA');
  const shown = await request.get(`/api/rezultati/${sid}`, { headers: { ...session.headers, 'x-site': site } });
  const { version, tests } = (await shown.json()) as { version: number; tests: { _id: string; sifra: string }[] };
  const rezultati = Object.entries(values).map(([sifra, rezultat]) => ({ test: tests.find((test) => test.sifra === sifra)!._id, rezultat }));
  const saved = await request.post('/api/rezultati/save', { headers: session.headers, data: { site, sid, version, rezultati } });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const move of ['odobri', 'verifikuj']) {
    const response = await request.post(`/api/rezultati/${move}`, { headers: session.headers, data: { site, sid } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** Replaces the text of the dialog's JSON editor as a person would: select all, type. */
async function typeJson(dialog: Locator, page: Page, record: unknown): Promise<void> {
  const editor = dialog.getByRole('textbox', { name: 'JSON zapis' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(JSON.stringify(record, null, 2));
}

/** The site's today as the results screen's ?date= takes it: dd-mm-yyyy. */
function today(): string {
  return dayFromToday(0).replace(/\./g, '-');
}

test('an admin edits a reference range: a new sample shows the new range, a verified sample keeps the old one', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.emir.jmbg);
  const verified = await createSample(request, admin, { pid, site: 'SA', tests: ['GLU'] });
  await verifySample(request, admin, verified._id, { GLU: '6,5' });

  await openAs(page, DEMO.admin.email, '/postavke/analize');
  await page.getByRole('textbox', { name: 'Pretraga' }).fill('Glukoza');
  const row = page.getByRole('row').filter({ hasText: 'Glukoza' }).filter({ hasText: 'GLU' }).first();
  await row.getByRole('button', { name: /^Uredi/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Analiza: Glukoza' });
  await dialog.getByRole('tab', { name: /Referentni intervali/ }).click();
  const adult = dialog.getByRole('group', { name: 'Interval 3' });
  await expect(adult.getByRole('textbox', { name: 'Dob od (Interval 3)' })).toHaveValue('18');
  await adult.getByRole('textbox', { name: 'Donja (Interval 3)', exact: true }).fill('4,1');
  await adult.getByRole('textbox', { name: 'Gornja (Interval 3)', exact: true }).fill('7');
  await page.screenshot({ path: testInfo.outputPath('assay-ranges.png'), fullPage: true });
  await expectAccessible(page);

  // A gap between two ranges of the same patients is refused at its field, and SAČUVAJ waits until it is gone.
  await adult.getByRole('textbox', { name: 'Dob od (Interval 3)' }).fill('19');
  await expect(adult.getByText('Između referentnih intervala za iste pacijente postoji praznina u dobi.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'SAČUVAJ' })).toBeDisabled();
  await adult.getByRole('textbox', { name: 'Dob od (Interval 3)' }).fill('18');
  await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(toast(page, 'Analiza sačuvana.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const fresh = await createSample(request, admin, { pid, site: 'SA', tests: ['GLU'] });
  await page.goto(`/obrada/rezultati/${pid}/${fresh._id}?date=${today()}`);
  await expect(page.getByRole('row').filter({ hasText: 'Glukoza' })).toContainText('4,1 – 7');

  await page.goto(`/obrada/rezultati/${pid}/${verified._id}?date=${today()}`);
  const kept = page.getByRole('row').filter({ hasText: 'Glukoza' });
  await expect(kept).toContainText('3,9 – 6,1');
  await expect(kept).not.toContainText('4,1 – 7');
});

/** Per kind: the tab, a new record, the change made in the edit, and a record the schema refuses at a line. */
const KINDS = [
  { tab: 'Lokacije', name: 'Dom zdravlja Stari Grad', create: { naziv: 'Dom zdravlja Stari Grad', sifra: 'DZSG' }, change: { telefon: '033 111 222' }, bad: { naziv: '' }, problem: 'polje naziv je obavezno.' },
  { tab: 'Doktori', name: 'Hodžić', create: { ime: 'Emina', prezime: 'Hodžić', titula: 'dr.' }, change: { specijalnost: 'Interna' }, bad: { ime: 'Emina', prezime: 5 }, problem: 'polje prezime ima pogrešnu vrstu vrijednosti' },
  { tab: 'Sekcije', name: 'Toksikologija', create: { sifra: 'TOKS', naziv: 'Toksikologija', redoslijed: 70 }, change: { naziv_en: 'Toxicology' }, bad: { sifra: 'T O', naziv: 'Razmak' }, problem: 'polje sifra' },
  { tab: 'Grupe testova', name: 'Lipidni status', create: { naziv: 'Lipidni status' }, change: { redoslijed: 2 }, bad: { naziv: 'Grupa', testovi: ['x'] }, problem: 'polje testovi.0' },
  { tab: 'Referentne grupe', name: 'Trudnice', create: { naziv: 'Trudnice' }, change: { opis: 'U trudnoći' }, bad: { naziv: 'Djeca', boja: 'plava' }, problem: 'polje boja nije poznato' },
  { tab: 'Mjerne jedinice', name: 'µmol/L', create: { oznaka: 'µmol/L', naziv: 'mikromol po litru' }, change: { naziv: 'mikromola po litru' }, bad: { oznaka: 'x'.repeat(31) }, problem: 'polje oznaka je preveliko ili predugo (najviše 30)' },
  { tab: 'Tehnologije analizatora', name: 'Fotometrija', create: { naziv: 'Fotometrija' }, change: { opis: 'Apsorbancija' }, bad: { naziv: 'ISE', aktivan: 'da' }, problem: 'polje aktivan ima pogrešnu vrstu vrijednosti' },
  { tab: 'Tipovi analizatora', name: 'Cobas c311', create: { naziv: 'Cobas c311' }, change: { proizvodjac: 'Roche' }, bad: { naziv: 'Sysmex', tehnologija: 7 }, problem: 'polje tehnologija' },
  { tab: 'Definicije uzoraka', name: 'Epruveta s gelom', create: { naziv: 'Epruveta s gelom', boja: 'žuta' }, change: { volumen_ml: 5 }, bad: { naziv: 'E', volumen_ml: -1 }, problem: 'polje volumen_ml' },
  { tab: 'Vrste uzoraka', name: 'Likvor', create: { sifra: 'LIKV', naziv: 'Likvor' }, change: { naziv: 'Likvor (CSF)' }, bad: { sifra: '', naziv: 'Bez šifre' }, problem: 'polje sifra' },
] as const;

test('every kind of setting record is created, edited and refused with a bad field in the JSON editor', async ({ page }, testInfo) => {
  test.slow();
  await openAs(page, DEMO.admin.email, '/postavke/sifarnici');
  for (const kind of KINDS) {
    await page.getByRole('tab', { name: kind.tab }).click();
    const table = page.getByRole('table', { name: kind.tab });

    await page.getByRole('button', { name: 'Novi zapis' }).click();
    let dialog = page.getByRole('dialog', { name: `Novi zapis: ${kind.tab}` });
    await typeJson(dialog, page, kind.bad);
    const problems = dialog.getByTestId('json-problems');
    await expect(problems).toContainText(kind.problem);
    await expect(problems).toContainText(/Red \d+:/);
    await expect(dialog.getByRole('button', { name: 'SAČUVAJ' })).toBeDisabled();
    if (kind.tab === 'Lokacije') {
      await page.screenshot({ path: testInfo.outputPath('json-editor-error.png'), fullPage: true });
      await expectAccessible(page);
    }
    await typeJson(dialog, page, kind.create);
    await expect(dialog.getByText('Zapis je ispravan.')).toBeVisible();
    await page.keyboard.press('Control+s');
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: kind.name })).toBeVisible();

    await table.getByRole('row').filter({ hasText: kind.name }).getByRole('button', { name: /^Uredi/ }).click();
    dialog = page.getByRole('dialog', { name: new RegExp(`^${kind.tab}:`) });
    const editor = dialog.getByRole('textbox', { name: 'JSON zapis' });
    const current = JSON.parse((await editor.innerText()).replace(/\u00a0/g, ' ')) as Record<string, unknown>;
    await typeJson(dialog, page, { ...current, ...kind.change });
    await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
    await expect(dialog).toBeHidden();
    await table.getByRole('row').filter({ hasText: kind.name }).getByRole('button', { name: /^Historija/ }).click();
    const history = page.getByRole('dialog', { name: /^Historija:/ });
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(1)).toContainText('Izmjena');
    await history.getByRole('button', { name: 'Zatvori prozor' }).click();
    await expect(history).toBeHidden();
  }

  // The server's refusal shows at the line of the field it names: a section code already registered.
  await page.getByRole('tab', { name: 'Sekcije' }).click();
  await page.getByRole('button', { name: 'Novi zapis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novi zapis: Sekcije' });
  await typeJson(dialog, page, { naziv: 'Druga toksikologija', sifra: 'TOKS' });
  await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(dialog.getByTestId('json-problems')).toContainText('Red 3: polje sifra: Šifra TOKS je već registrirana.');
  await page.screenshot({ path: testInfo.outputPath('json-editor-server-error.png'), fullPage: true });
});

test('users without settings.write only view the catalogue', async ({ page }, testInfo) => {
  await openAs(page, DEMO.specijalista.email, '/postavke/sifarnici');
  await expect(page.getByRole('heading', { name: 'Šifarnici' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novi zapis' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Sekcije' }).click();
  await page.getByRole('table', { name: 'Sekcije' }).getByRole('button', { name: /^Pregled/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'JSON zapis' })).toHaveAttribute('contenteditable', 'false');
  await expect(dialog.getByRole('button', { name: 'SAČUVAJ' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/assays');
  await expect(page.getByRole('heading', { name: 'Analize i aparati' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova analiza' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Onemogući/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('assays-read-only.png'), fullPage: true });
  await expectAccessible(page);
});

test('users without settings.read have no catalogue screens', async ({ page }) => {
  await openAs(page, DEMO.tehnicar.email, '/postavke/analize');
  await expect(page.getByRole('heading', { name: 'Analize' })).toHaveCount(0);
  const navigation = page.getByRole('navigation', { name: 'Glavni meni' });
  await expect(navigation.getByRole('link', { name: 'Analize' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Šifarnici' })).toHaveCount(0);
});

test('assays: the row actions reference, multi, uredi, akcija and icon, with axe on each dialog', async ({ page }, testInfo) => {
  // Six dialogs, each with an axe-core pass: more than the default 30 s on a busy 2-core machine.
  test.slow();
  await openAs(page, DEMO.admin.email, '/assays');
  await page.getByRole('textbox', { name: 'Pretraga' }).first().fill('LDL');
  const row = page.getByRole('row').filter({ hasText: 'LDL' }).first();
  await page.screenshot({ path: testInfo.outputPath('assays.png'), fullPage: true });
  await expectAccessible(page);

  await row.getByRole('button', { name: /^Parametri/ }).click();
  const parameters = page.getByRole('dialog', { name: /^Parametri:/ });
  await expect(parameters.getByText('Komponente izračunatog testa')).toBeVisible();
  await expect(parameters.getByText(/^CHOL · /)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('assay-parameters.png'), fullPage: true });
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(parameters).toBeHidden();

  await row.getByRole('button', { name: /^Uredi/ }).click();
  const edit = page.getByRole('dialog', { name: /^Analiza:/ });
  await expect(edit.getByRole('textbox', { name: 'JSON zapis' })).toContainText('"formula"');
  await typeJson(edit, page, { sifra: 'LDL', naziv: 'LDL', analit: 'LDL holesterol izračunat po Friedewaldu', price: 'pet', sekcija: 'x' });
  await expect(edit.getByTestId('json-problems')).toContainText('polje price ima pogrešnu vrstu vrijednosti');
  await page.screenshot({ path: testInfo.outputPath('assay-edit-error.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  await row.getByRole('button', { name: /^Referentni intervali/ }).click();
  await expect(page.getByRole('dialog', { name: /^Analiza:/ }).getByRole('tab', { name: /Referentni intervali/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: /^JSON zapis/ }).click();
  const json = page.getByRole('dialog', { name: /^JSON zapis:/ });
  await expect(json.getByRole('textbox', { name: 'JSON zapis' })).toContainText('"reference"');
  await page.keyboard.press('Escape');

  // A new assay whose analyte name is longer than the 30 characters a narrow report column holds: asked before the save.
  await page.getByRole('button', { name: 'Nova analiza' }).click();
  const create = page.getByRole('dialog', { name: 'Nova analiza' });
  const template = JSON.parse((await create.getByRole('textbox', { name: 'JSON zapis' }).innerText()).replace(/\u00a0/g, ' ')) as Record<string, unknown>;
  await typeJson(create, page, { ...template, sifra: 'E2EVITD', naziv: 'Vitamin D (e2e)', analit: '25-hidroksi vitamin D (ukupni) u serumu', price: 25, jedinica: 'nmol/L' });
  await create.getByRole('button', { name: 'SAČUVAJ' }).click();
  const warning = create.getByRole('alertdialog', { name: 'Predug naziv analita' });
  await expect(warning).toContainText('ima 39 znakova');
  await page.screenshot({ path: testInfo.outputPath('assay-analyte-warning.png'), fullPage: true });
  await warning.getByRole('button', { name: 'SAČUVAJ IPAK' }).click();
  await expect(toast(page, 'Analiza sačuvana.')).toBeVisible();
  await expect(create).toBeHidden();

  await row.getByRole('button', { name: /^Onemogući/ }).click();
  await expect(toast(page, /je onemogućena/)).toBeVisible();
  await expect(row.getByText('Onemogućena')).toBeVisible();
  await row.getByRole('button', { name: /^Omogući/ }).click();
  await expect(toast(page, /ponovo aktivna/)).toBeVisible();
  await expect(row.getByText('Onemogućena')).toHaveCount(0);
});

test('sample entry chooses the doctor from the doctors list once the lab turns free text off', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const created = await request.post('/api/postavke/doktori/edit', { headers: admin.headers, data: { doktor: { ime: 'Lejla', prezime: 'Uputić', titula: 'dr.' } } });
  expect(created.status(), await created.text()).toBe(200);

  await openAs(page, DEMO.admin.email, '/postavke/sifarnici?vrsta=doktor');
  const freeText = page.getByRole('switch', { name: /doktor se može i upisati/ });
  await expect(freeText).toBeChecked();
  await freeText.click({ force: true });
  await expect(toast(page, 'Zapis uspješno sačuvan!')).toBeVisible();
  await expect(freeText).not.toBeChecked();

  const pid = await patientId(request, admin, DEMO_PATIENTS.lejla.jmbg);
  await page.goto(`/samples/${pid}`);
  const doctor = page.getByRole('combobox', { name: 'Doktor' });
  await doctor.click();
  await doctor.pressSequentially('Upu');
  await clickInDropdown(doctor, page.getByRole('option', { name: 'dr. Lejla Uputić' }));
  await expect(doctor).toHaveValue('dr. Lejla Uputić');
  await page.screenshot({ path: testInfo.outputPath('sample-doctor-choice.png'), fullPage: true });

  // Back to free text, so other specs on this server type doctors as before.
  const restored = await request.post('/api/postavke/uputni/edit', { headers: admin.headers, data: { opcije: { doktor: true, lokacija: true } } });
  expect(restored.status()).toBe(200);
});
