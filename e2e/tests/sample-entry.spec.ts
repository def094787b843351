import type { Page } from '@playwright/test';
import { toLocalDateText } from '@lis/domain';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, chooseOption, expectAccessible, openAs, siteDay } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, patientId, toast } from './lab-data.ts';

function selected(page: Page) {
  return page.getByRole('table', { name: 'Odabrani testovi' });
}

function total(page: Page) {
  return page.getByTestId('sample-total');
}

function todayItem(page: Page, code: string) {
  return page.getByRole('list', { name: 'Današnji uzorci' }).getByRole('listitem').filter({ hasText: code });
}

test('a sample from picking tests to its label, edit and delete', async ({ page, request }) => {
  test.setTimeout(90_000 * timeoutScale);
  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.emir.jmbg);
  await openAs(page, DEMO.admin.email, `/samples/${pid}`);
  await expect(page.getByText(DEMO_PATIENTS.emir.name)).toBeVisible();
  await expect(page.getByText(DEMO_PATIENTS.emir.jmbg)).toBeVisible();
  await expect(page.getByText(/^\d+ god\.$/)).toBeVisible();
  // A man: pregnancy and menopause cannot be marked.
  await expect(page.getByRole('checkbox', { name: 'Trudnica' })).toBeDisabled();

  await test.step('a calculated test brings its components at price 0', async () => {
    await page.getByRole('checkbox', { name: /^LDL holesterol/ }).click();
    for (const component of ['Holesterol', 'HDL holesterol', 'Trigliceridi']) {
      const row = selected(page).getByRole('row').filter({ has: page.getByText(component, { exact: true }) });
      await expect(row).toContainText('uz LDL holesterol');
      await expect(row).toContainText('0,00 KM');
      await expect(page.getByRole('checkbox', { name: new RegExp(`^${component}`) })).toHaveAttribute('aria-checked', 'true');
    }
    await expect(total(page)).toHaveText('10,00 KM');
    // A component the calculated test needs cannot be taken away.
    await selected(page).getByRole('button', { name: 'Ukloni test HDL holesterol' }).click();
    await expect(toast(page, 'Test nije moguće ukloniti!')).toBeVisible();
    await page.getByRole('checkbox', { name: /^Glukoza/ }).click();
    await expect(total(page)).toHaveText('13,00 KM');
  });

  await test.step('the search finds a test in another section', async () => {
    await page.getByRole('textbox', { name: 'Traži test' }).fill('hemoglobin');
    await expect(page.getByRole('checkbox', { name: /^Hemoglobin/ })).toBeVisible();
    await page.getByRole('textbox', { name: 'Traži test' }).fill('');
  });

  let code = '';
  await test.step('SAČUVAJ creates the sample and shows its code', async () => {
    await page.getByRole('button', { name: 'Označi kao hitno', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Ukloni oznaku hitno', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('combobox', { name: 'Uputna lokacija' }).fill('Ilidža');
    await page.keyboard.press('Tab');
    // Free text as the demo lab allows it; the field offers the doctors list as it is typed.
    await page.getByRole('combobox', { name: 'Doktor' }).fill('dr. Proba');
    await page.keyboard.press('Tab');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/uzorci/save'));
    await page.getByRole('button', { name: 'SAČUVAJ' }).click();
    expect((await saved).status()).toBe(201);
    code = (await page.getByTestId('saved-code').textContent()) ?? '';
    expect(code).toMatch(/^\d{10,}$/);
    await expect(toast(page, `Uzorak sačuvan, kod ${code}.`)).toBeVisible();
    await expect(total(page)).toHaveText('0,00 KM');
    const item = todayItem(page, code);
    await expect(item).toContainText('ZAPRIMLJEN');
    await expect(item).toContainText('5 testova');
    await expect(item.getByRole('button', { name: `Ukloni oznaku hitno — ${code}` })).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('the label opens as a PDF', async () => {
    const pdf = page.waitForResponse((response) => /\/api\/uzorci\/barcode\/[0-9a-f-]{36}\/pdf/.test(response.url()));
    await page.getByRole('alert').filter({ hasText: code }).getByRole('button', { name: 'Ispis naljepnice' }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    // The same call again, to read the document itself (the page consumed its copy as a blob).
    const again = await request.get(response.url(), { headers: { authorization: response.request().headers().authorization ?? '' } });
    expect((await again.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const dialog = page.getByRole('dialog', { name: `Naljepnica ${code}` });
    await expect(dialog.locator('iframe')).toHaveAttribute('title', `Naljepnica uzorka ${code} (PDF)`);
    const zpl = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Preuzmi ZPL (Zebra)' }).click();
    expect((await zpl).suggestedFilename()).toBe(`naljepnica-${code}.zpl`);
    await dialog.getByRole('button', { name: 'ZATVORI', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the edit dialog changes a ZAPRIMLJEN sample', async () => {
    await todayItem(page, code).getByRole('button', { name: `Uredi uzorak — ${code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Uzorak ${code}` });
    await expect(dialog.getByRole('table', { name: 'Odabrani testovi' })).toContainText('Glukoza');
    await dialog.getByRole('button', { name: 'Ukloni test Glukoza' }).click();
    await expect(dialog.getByTestId('sample-total')).toHaveText('10,00 KM');
    await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
    await expect(toast(page, 'Uzorak uspješno izmijenjen!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(todayItem(page, code)).toContainText('4 testova');

    // Taking the last tests away is refused: the sample itself has to be deleted.
    await todayItem(page, code).getByRole('button', { name: `Uredi uzorak — ${code}` }).click();
    await expect(dialog.getByRole('table', { name: 'Odabrani testovi' })).toContainText('LDL holesterol');
    await dialog.getByRole('button', { name: 'Ukloni test LDL holesterol' }).click();
    await expect(toast(page, 'Test nije moguće ukloniti. Zatvorite prozor i obrišite uzorak.')).toBeVisible();
    await dialog.getByRole('button', { name: 'ZATVORI', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("delete asks for 'Da' and warns that results go too", async () => {
    await todayItem(page, code).getByRole('button', { name: `Obriši uzorak — ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Potvrda brisanja' });
    await expect(confirm).toContainText(`Obrisati uzorak ${code}? Brišu se i svi rezultati ovog uzorka.`);
    const ok = confirm.getByRole('button', { name: 'POTVRDI' });
    await expect(ok).toBeDisabled();
    await confirm.getByRole('textbox', { name: 'Potvrda' }).fill('Da');
    // axe looks at the enabled POTVRDI: a disabled button is exempt from the contrast rule.
    await expect(ok).toBeEnabled();
    await expectAccessible(page);
    await ok.click();
    await expect(toast(page, 'Zapis uspješno obrisan!')).toBeVisible();
    await expect(todayItem(page, code)).toHaveCount(0);
  });
});

test('a new sample keeps the sampling date and time from the calendar, the sample type and the comment', async ({ page, request }) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const pid = await patientId(request, admin, DEMO_PATIENTS.kenan.jmbg);
  await openAs(page, DEMO.admin.email, `/samples/${pid}`);
  await page.getByRole('checkbox', { name: /^Glukoza/ }).click();

  // The calendar dialog: weeks from Monday, nothing after today; the 1st of this month (of the last one on the 1st) at 09:30.
  await expect(page.getByRole('button', { name: 'Datum i vrijeme uzorkovanja' })).toContainText('Sada (pri spremanju)');
  await page.getByRole('button', { name: 'Datum i vrijeme uzorkovanja' }).click();
  const calendar = page.getByRole('dialog', { name: 'Datum i vrijeme uzorkovanja' });
  await expect(calendar.locator('thead th').first()).toHaveText('po');
  // Today and tomorrow are the site's days (the calendar's), not the UTC ones.
  const tomorrow = siteDay(1);
  if (tomorrow.day !== 1) await expect(calendar.locator('button:not([data-outside])', { hasText: String(tomorrow.day) }).first()).toBeDisabled();
  let picked = siteDay();
  if (picked.day === 1) {
    await calendar.locator('button[data-direction="previous"]').click();
    picked = siteDay(-1);
  }
  await calendar.locator('button:not([data-outside])', { hasText: /^1$/ }).first().click();
  // A full hour moves the focus on to the minutes.
  await calendar.getByRole('spinbutton', { name: 'Sati' }).fill('09');
  await expect(calendar.getByRole('spinbutton', { name: 'Minute' })).toBeFocused();
  await page.keyboard.type('30');
  await expect(calendar.getByRole('spinbutton', { name: 'Sati' })).toHaveValue('09');
  await expect(calendar.getByRole('spinbutton', { name: 'Minute' })).toHaveValue('30');
  await calendar.getByRole('button', { name: 'Potvrdi datum i vrijeme' }).click();
  await expect(calendar).toBeHidden();
  const day = toLocalDateText({ ...picked, day: 1 });
  await expect(page.getByRole('button', { name: 'Datum i vrijeme uzorkovanja' })).toContainText(`${day} 09:30`);

  // Type and comment; Enter after the comment goes on to the test search.
  await chooseOption(page, 'Vrsta uzorka', 'Urin (prvi jutarnji)');
  await page.getByRole('textbox', { name: 'Komentar' }).fill('Uzet kod kuće');
  await page.getByRole('textbox', { name: 'Komentar' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Traži test' })).toBeFocused();

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/uzorci/save'));
  await page.getByRole('button', { name: 'SAČUVAJ', exact: true }).click();
  const answer = await saved;
  expect(answer.status()).toBe(201);
  const { uzorak } = (await answer.json()) as { uzorak: { _id: string } };

  // What the server stored, read back.
  const shown = await request.get(`/api/uzorci/show/${uzorak._id}`, { headers: admin.headers, params: { site: admin.siteId('SA') } });
  expect(shown.status()).toBe(200);
  const stored = ((await shown.json()) as { uzorak: { datum: string; vrijeme: string; type: string; komentar: string } }).uzorak;
  expect(stored).toMatchObject({ type: 'Urin (prvi jutarnji)', komentar: 'Uzet kod kuće', vrijeme: '09:30' });
  expect(new Date(stored.datum).toLocaleDateString('de-DE', { timeZone: 'Europe/Sarajevo', day: '2-digit', month: '2-digit', year: 'numeric' }))
    .toBe(day);
  // The form starts again for the next sample.
  await expect(page.getByRole('textbox', { name: 'Komentar' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Datum i vrijeme uzorkovanja' })).toContainText('Sada (pri spremanju)');
});
