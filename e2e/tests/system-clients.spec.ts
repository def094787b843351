import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, clickInDropdown, expectAccessible, openAs } from './helpers.ts';

// System clients: an administrator makes a client for a hospital system under Postavke, copies its secret from
// the dialog that shows it once, and the test, as the hospital system, trades id and secret for a Bearer token at
// POST /api/oauth/token and reads /fhir/R4/Patient with it. Deactivated, the same token is refused at once.

test('an admin makes a system client, copies its secret; the client gets a token and reads /fhir/R4/Patient', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000 * timeoutScale);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A busy machine: the first load of the app's code in a fresh browser may take longer than the shell's wait
  // (7 s); the second, from the browser's cache, does not.
  await page.goto('/auth/login');
  await page.waitForLoadState('networkidle', { timeout: 30_000 * timeoutScale });
  await openAs(page, DEMO.admin.email, '/postavke').catch(() => openAs(page, DEMO.admin.email, '/postavke'));
  await page.getByRole('link', { name: /Sistemski klijenti/ }).click();
  await expect(page.getByRole('heading', { name: 'Sistemski klijenti', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Novi klijent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novi sistemski klijent' });
  await dialog.getByRole('textbox', { name: 'Naziv' }).fill('Opća bolnica – HIS');
  // Without a site the domain's schema stops the save at the field.
  await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
  await expect(dialog.getByText('Izaberite barem jedan sajt.')).toBeVisible();
  const sites = dialog.getByRole('combobox', { name: 'Sajtovi' });
  await sites.click();
  await sites.fill('SA');
  await clickInDropdown(sites, page.getByRole('option', { name: /Sarajevo/ }));
  await page.keyboard.press('Escape');
  // Read-only defaults are ticked; the client may also read the temperature logger.
  await expect(dialog.getByRole('checkbox', { name: 'Pacijenti: čitanje' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Temperature: čitanje' }).check();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('system-client-dialog-1280.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Pristupni podaci: Opća bolnica – HIS' });
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog.getByText('Tajna se prikazuje samo sada.', { exact: false })).toBeVisible();
  const clientId = (await secretDialog.getByTestId('client-id').textContent())!;
  expect(clientId).toMatch(/^klijent-[0-9a-f]{16}$/);
  await secretDialog.getByRole('button', { name: 'Kopiraj: Tajna' }).click();
  await expect(secretDialog.getByRole('button', { name: 'Kopirano: Tajna' })).toHaveText('Kopirano');
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(await secretDialog.getByTestId('client-secret').textContent());
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('system-client-secret-1280.png'), fullPage: true });
  await secretDialog.getByRole('button', { name: 'Kopirao sam tajnu' }).click();
  await expect(secretDialog).toBeHidden();
  const row = page.getByRole('row', { name: /Opća bolnica – HIS/ });
  await expect(row).toContainText(clientId);
  await expect(row).toContainText('Aktivan');
  await expect(row).toContainText('Nikad');

  // The hospital system: client credentials for a token, the token for FHIR.
  const tokenAnswer = await page.request.post('/api/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
  });
  expect(tokenAnswer.status()).toBe(200);
  const token = await tokenAnswer.json() as { access_token: string; token_type: string; expires_in: number };
  expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
  const patients = await page.request.get('/fhir/R4/Patient?_count=5', { headers: { authorization: `Bearer ${token.access_token}` } });
  expect(patients.status()).toBe(200);
  const bundle = await patients.json() as { resourceType: string; type: string; entry?: { resource: { resourceType: string } }[] };
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset' });
  expect(bundle.entry?.[0]?.resource.resourceType).toBe('Patient');
  // A wrong secret: 401, not saying which part was wrong.
  const wrong = await page.request.post('/api/oauth/token', { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: `${secret}x` } });
  expect(wrong.status()).toBe(401);

  // Deactivated, the token stops at once (the last use the list shows is checked in the server's tests).
  const actions = row.getByRole('button', { name: 'Još radnji: Opća bolnica – HIS' });
  await actions.click();
  await clickInDropdown(actions, page.getByRole('menuitem', { name: 'Deaktiviraj' }));
  const confirm = page.getByRole('dialog', { name: 'Deaktivirati Opća bolnica – HIS?' });
  await confirm.getByRole('button', { name: 'Deaktiviraj' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Neaktivan');
  const refused = await page.request.get('/fhir/R4/Patient?_count=5', { headers: { authorization: `Bearer ${token.access_token}` } });
  expect(refused.status()).toBe(401);
  await page.screenshot({ path: testInfo.outputPath('system-clients-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 500, height: 900 });
  await expect(page.getByRole('heading', { name: 'Sistemski klijenti', level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('system-clients-500.png'), fullPage: true });
  await row.getByRole('button', { name: 'Uredi: Opća bolnica – HIS' }).click();
  await expect(page.getByRole('dialog', { name: 'Klijent: Opća bolnica – HIS' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('system-client-dialog-500.png'), fullPage: true });
});
