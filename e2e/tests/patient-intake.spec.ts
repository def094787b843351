import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, clickInDropdown, openAs, siteDay } from './helpers.ts';
import { DEMO_PATIENTS, toast } from './lab-data.ts';

const SAVE = 'SAČUVAJ';

function idInput(page: Page, label: 'Matični broj (JMBG)' | 'Datum rođenja (DDMMGGGG)' | 'Godište (GGGG)') {
  return page.getByRole('textbox', { name: label });
}

async function chooseMode(page: Page, mode: 'Matični broj' | 'Datum rođenja' | 'Godište' | 'Bez podataka') {
  await page.getByRole('radio', { name: mode, exact: true }).check();
}

/** Fills the required fields after the ID: names, address, phone, 'no symptoms'; the sex when given. */
async function fillPatient(page: Page, patient: { ime: string; prezime: string; spol?: 'MUŠKI' | 'ŽENSKI' }) {
  await page.getByRole('textbox', { name: 'Ime', exact: true }).fill(patient.ime);
  await page.getByRole('textbox', { name: 'Prezime', exact: true }).fill(patient.prezime);
  await page.getByRole('textbox', { name: 'Adresa stanovanja' }).fill('Titova 1, Sarajevo');
  await page.getByRole('textbox', { name: 'Kontakt telefon' }).fill('061 123 456');
  if (patient.spol) await page.getByRole('radio', { name: patient.spol }).check();
  await page.getByRole('checkbox', { name: 'Pacijent bez simptoma' }).check();
}

/** Saves and waits for the sample entry of the new patient; returns the header's text. */
async function saveAndOpenSamples(page: Page) {
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/pacijenti/unos/save'));
  await page.getByRole('button', { name: SAVE }).click();
  expect((await saved).status()).toBe(201);
  await expect(page).toHaveURL(/\/samples\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Prijem uzoraka' })).toBeVisible();
}

test.describe('patient intake (/prijem)', () => {
  test('registers a patient by personal ID, typed as a scanner does (Enter moves on)', async ({ page }) => {
    await openAs(page, DEMO.admin.email, '/prijem');
    await expect(page.getByRole('heading', { name: 'Prijem', exact: true })).toBeVisible();
    const id = idInput(page, 'Matični broj (JMBG)');
    await expect(id).toBeFocused();
    await page.keyboard.type('0101985170003');
    await page.keyboard.press('Enter');
    // The JMBG is free, so Enter goes on to the name; its serial (170) already says MUŠKI.
    await expect(page.getByRole('textbox', { name: 'Ime', exact: true })).toBeFocused();
    await expect(page.getByRole('radio', { name: 'MUŠKI' })).toBeChecked();
    await page.keyboard.type('amir ');
    await page.keyboard.press('Enter');
    await page.keyboard.type('hodžić');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Titova 1, Sarajevo');
    await page.keyboard.press('Enter');
    await page.keyboard.type('061 111 222');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Ime', exact: true })).toHaveValue('AMIR ');
    await page.getByRole('checkbox', { name: 'Pacijent bez simptoma' }).check();
    await saveAndOpenSamples(page);
    await expect(page.getByText('HODŽIĆ AMIR')).toBeVisible();
    await expect(page.getByText('0101985170003')).toBeVisible();
    await expect(page.getByText(/^\d+ god\.$/)).toBeVisible();
  });

  test('registers a patient by date of birth, with a placeholder ID ending in P', async ({ page }) => {
    await openAs(page, DEMO.admin.email, '/prijem');
    await chooseMode(page, 'Datum rođenja');
    const id = idInput(page, 'Datum rođenja (DDMMGGGG)');
    await expect(id).toBeFocused();
    await id.pressSequentially('050319871');
    await expect(id).toHaveValue('05031987');
    await expect(page.getByTestId('generated-id')).toHaveText(/^Privremeni ID: 0503987\d{5}P$/);
    const generated = (await page.getByTestId('generated-id').textContent())!.replace('Privremeni ID: ', '');
    await fillPatient(page, { ime: 'Sara', prezime: 'Datumović', spol: 'ŽENSKI' });
    await saveAndOpenSamples(page);
    await expect(page.getByText('DATUMOVIĆ SARA')).toBeVisible();
    await expect(page.getByText(generated)).toBeVisible();
    await expect(page.getByText(/^\d+ god\.$/)).toBeVisible();
  });

  test('registers a patient by birth year', async ({ page }) => {
    await openAs(page, DEMO.admin.email, '/prijem');
    await chooseMode(page, 'Godište');
    const id = idInput(page, 'Godište (GGGG)');
    await id.pressSequentially('19905');
    await expect(id).toHaveValue('1990');
    await expect(page.getByTestId('generated-id')).toHaveText(/^Privremeni ID: 0000990\d{5}P$/);
    await fillPatient(page, { ime: 'Edin', prezime: 'Godišnjak', spol: 'MUŠKI' });
    await saveAndOpenSamples(page);
    await expect(page.getByText('GODIŠNJAK EDIN')).toBeVisible();
    await expect(page.getByText(/^0000990\d{5}P$/)).toBeVisible();
  });

  test('registers a patient without birth data', async ({ page }) => {
    await openAs(page, DEMO.admin.email, '/prijem');
    await chooseMode(page, 'Bez podataka');
    await expect(page.getByTestId('generated-id')).toHaveText(/^Privremeni ID: 0000900\d{5}P$/);
    await fillPatient(page, { ime: 'Nepoznata', prezime: 'Osoba', spol: 'ŽENSKI' });
    await saveAndOpenSamples(page);
    await expect(page.getByText('OSOBA NEPOZNATA')).toBeVisible();
    await expect(page.getByText('nepoznata', { exact: true })).toBeVisible();
  });

  test('shows every validation message and keeps SAČUVAJ from saving an incomplete form', async ({ page }) => {
    await openAs(page, DEMO.admin.email, '/prijem');
    const jmbg = idInput(page, 'Matični broj (JMBG)');

    // Truncated to 13 characters; a wrong century digit is no JMBG.
    await jmbg.pressSequentially('010198517000399');
    await expect(jmbg).toHaveValue('0101985170003');
    await jmbg.fill('');
    await jmbg.pressSequentially('0101585170003');
    await expect(page.getByText('Matični broj nije validan.')).toBeVisible();
    // A partial ID shows the message once the field is left.
    await jmbg.fill('0101');
    await page.getByRole('textbox', { name: 'Ime', exact: true }).click();
    await expect(page.getByText('Matični broj nije validan.')).toBeVisible();

    // Pasting is blocked: the paste event is cancelled.
    const pasteCancelled = await jmbg.evaluate((input) => {
      const event = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
      event.clipboardData?.setData('text/plain', '0101985170003');
      return !input.dispatchEvent(event);
    });
    expect(pasteCancelled).toBe(true);

    await chooseMode(page, 'Datum rođenja');
    const date = idInput(page, 'Datum rođenja (DDMMGGGG)');
    await date.pressSequentially('29022001');
    await expect(page.getByText('Datum rođenja nije validan.')).toBeVisible();
    await date.fill('');
    await date.pressSequentially('29022000');
    await expect(page.getByText('Datum rođenja nije validan.')).toBeHidden();

    await chooseMode(page, 'Godište');
    const year = idInput(page, 'Godište (GGGG)');
    await year.pressSequentially('1920');
    await expect(page.getByText('Godište nije validno.')).toBeVisible();
    await year.fill('');
    await year.pressSequentially(String(siteDay().year + 1));
    await expect(page.getByText('Godište nije validno.')).toBeVisible();

    // Nothing else filled: SAČUVAJ looks disabled, and trying says what is missing.
    const save = page.getByRole('button', { name: SAVE });
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    // It only looks disabled (aria-disabled): a click still says why it cannot save.
    await save.click({ force: true });
    await expect(toast(page, 'Unesite obavezna polja.')).toBeVisible();
    // ime, prezime, adresa, telefon; the sex was taken from the valid JMBG typed first.
    await expect(page.getByText('Obavezno polje.')).toHaveCount(4);
    await expect(page.getByRole('radio', { name: 'MUŠKI' })).toBeChecked();

    await page.getByRole('textbox', { name: 'E-mail' }).fill('ana@');
    await page.getByRole('textbox', { name: 'Kontakt telefon' }).click();
    await expect(page.getByText('E-mail adresa nije validna.')).toBeVisible();

    // 'No symptoms' clears and disables the other symptoms.
    const fatigue = page.getByRole('checkbox', { name: 'Umor' });
    await fatigue.check();
    await page.getByRole('checkbox', { name: 'Pacijent bez simptoma' }).check();
    await expect(fatigue).not.toBeChecked();
    await expect(fatigue).toBeDisabled();

    // More than two report languages read 'N od M odabrana'.
    const languages = page.getByRole('combobox', { name: 'Jezik nalaza' });
    await languages.click();
    for (const language of ['Bosanski jezik', 'Engleski jezik', 'Njemački jezik']) {
      await clickInDropdown(languages, page.getByRole('option', { name: language }));
    }
    await expect(page.getByText('3 od 3 odabrana')).toBeVisible();
  });

  test('an ID already registered offers Prijem instead of SAČUVAJ', async ({ page }) => {
    await openAs(page, DEMO.admin.email, '/prijem');
    await page.keyboard.type(DEMO_PATIENTS.lejla.jmbg);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Uneseni Matični broj je već registriran!')).toBeVisible();
    await expect(page.getByText(`DEMIĆ LEJLA, ${DEMO_PATIENTS.lejla.jmbg}`)).toBeVisible();
    await expect(page.getByRole('button', { name: SAVE })).toHaveCount(0);
    // A scanner's Enter lands on 'Prijem'; another Enter admits the patient.
    const admit = page.getByRole('button', { name: 'Prijem', exact: true });
    await expect(admit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/samples\/[0-9a-f-]{36}$/);
    await expect(page.getByText(DEMO_PATIENTS.lejla.name)).toBeVisible();
  });

  test('refuses a JMBG with an impossible date; a wrong control digit only warns, and the patient is saved', async ({ page, request }) => {
    const data = await openAs(page, DEMO.admin.email, '/prijem');
    const jmbg = idInput(page, 'Matični broj (JMBG)');

    // 31 February: the form refuses it, and so does the server.
    await jmbg.pressSequentially('3102985170004');
    await expect(page.getByText('Matični broj nije validan.')).toBeVisible();
    await expect(page.getByTestId('jmbg-warning')).toHaveCount(0);
    const refused = await request.post('/api/pacijenti/unos/save', {
      headers: { Authorization: `Bearer ${data.idToken}` },
      data: {
        jmbg: '3102985170004', ime: 'Nemoguć', prezime: 'Datum', spol: 'MUŠKI', adresa: 'Titova 1', telefon: '061 000 000',
        symptoms: { pacijentbezsimptoma: true },
      },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'patient.jmbgInvalid', message: 'Matični broj nije validan.', field: 'jmbg' });

    // 2 February 1985 is a real date; the control digit of these twelve digits is 4, not 9.
    await jmbg.fill('');
    await jmbg.pressSequentially('0202985170009');
    await expect(page.getByText('Matični broj nije validan.')).toBeHidden();
    await expect(page.getByTestId('jmbg-warning')).toHaveText('Kontrolna cifra matičnog broja ne odgovara. Provjerite broj.');
    await fillPatient(page, { ime: 'Kontrolna', prezime: 'Cifra' });
    await saveAndOpenSamples(page);
    await expect(page.getByText('CIFRA KONTROLNA')).toBeVisible();
    await expect(page.getByText('0202985170009')).toBeVisible();
  });
});
