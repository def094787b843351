import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  DEMO, DEMO_PASSWORD, apiChangePassword, apiSignIn, expectSignedInAs, fillLogin, openUserMenuItem, signIn,
} from './helpers.ts';

// This spec alone changes a password, and only specijalista's; afterAll puts Demo1234! back.
const USER = DEMO.specijalista;
const NEW_PASSWORD = 'NovaSifra2025';

test.afterAll(async ({ request }) => {
  const withNew = await apiSignIn(request, USER.email, NEW_PASSWORD);
  if (withNew) await apiChangePassword(request, withNew.idToken, USER.email, NEW_PASSWORD, DEMO_PASSWORD);
  expect(await apiSignIn(request, USER.email, DEMO_PASSWORD), 'the demo password is back').not.toBeNull();
});

function dialogOf(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Promjena šifre' });
  return {
    dialog,
    current: dialog.getByRole('textbox', { name: 'Trenutna šifra' }),
    next: dialog.getByRole('textbox', { name: 'Nova šifra', exact: true }),
    confirm: dialog.getByRole('textbox', { name: 'Potvrda nove šifre' }),
    save: dialog.getByRole('button', { name: 'SAČUVAJ' }),
    alert: dialog.getByRole('alert'),
  };
}

test('change password: each rule, a wrong current password, then success and sign-in with the new one', async ({ page }) => {
  // Some forty steps, two sign-ins among them: over 30 s when it is the first test of a worker beside a seeding server.
  test.slow();
  await signIn(page, USER.email);
  await openUserMenuItem(page, 'Promjena šifre');
  const form = dialogOf(page);
  await expect(form.dialog).toBeVisible();

  await form.save.click();
  await expect(form.alert).toHaveText('Sva polja su obavezna.');

  await form.current.fill(DEMO_PASSWORD);
  await form.next.fill('aaaaaa');
  await form.confirm.fill('aaaaaa');
  await form.save.click();
  await expect(form.alert).toHaveText('Nova šifra mora imati najmanje 8 znakova.');

  // A common password, whatever its case, is refused by the same rule the server applies.
  await form.next.fill('Password1');
  await form.confirm.fill('Password1');
  await form.save.click();
  await expect(form.alert).toHaveText('Nova šifra je među često korištenim šiframa. Izaberite drugu.');

  await form.next.fill(DEMO_PASSWORD);
  await form.confirm.fill(DEMO_PASSWORD);
  await form.save.click();
  await expect(form.alert).toHaveText('Nova šifra mora biti različita od trenutne.');

  await form.next.fill(NEW_PASSWORD);
  await form.confirm.fill(`${NEW_PASSWORD}x`);
  await form.save.click();
  await expect(form.alert).toHaveText('Nova šifra nije validirana.');

  await form.current.fill('NijeTrenutna1');
  await form.confirm.fill(NEW_PASSWORD);
  await form.save.click();
  await expect(form.alert).toHaveText('Trenutna šifra nije ispravna.');

  // Pasting is blocked in all three fields.
  for (const field of [form.current, form.next, form.confirm]) {
    const prevented = await field.evaluate((input) => {
      const event = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
      input.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);
  }

  await form.current.fill(DEMO_PASSWORD);
  const call = page.waitForRequest((request) => request.url().endsWith('/api/users/sifra'));
  await form.confirm.press('Enter');
  expect((await call).postDataJSON()).toMatchObject({
    email: USER.email, password: DEMO_PASSWORD, novaSifra: NEW_PASSWORD, potvrdaSifra: NEW_PASSWORD,
  });
  await expect(page.getByText('Izmjena uspješno obavljena.')).toBeVisible();
  await expect(form.dialog).toBeHidden();

  // Reopened, the dialog is empty again.
  await openUserMenuItem(page, 'Promjena šifre');
  await expect(form.current).toHaveValue('');
  await expect(form.next).toHaveValue('');
  await expect(form.confirm).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(form.dialog).toBeHidden();

  await openUserMenuItem(page, 'Odjava');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await fillLogin(page, USER.email, DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Prijava' }).click();
  // The login form's own alert (the change's toast may still be showing beside it).
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Pogrešna šifra.');

  await signIn(page, USER.email, NEW_PASSWORD);
  await expectSignedInAs(page, USER.name);
});
