import { readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO, expectAccessible, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, toast, type ApiSession } from './lab-data.ts';

// The e-mail outbox in the browser: a specialist verifies a sample of a patient with an e-mail address,
// the server's worker sends the report (the e2e server has no SMTP_URL, so the embedded default writes
// the message as an .eml file under its DATA_DIR/mail, which the test reads back), the outbox lists it
// as sent, its detail screen shows the message, the attempt and the report PDF; resend sends a new copy,
// delete with 'Da' takes it off the list. /narucioci sets an orderer's address. axe on every screen.

/** The e2e server's data directory (start-server.mjs): one per port, the first worker on E2E_PORT. */
function mailDir(baseURL: string): string {
  return path.join(os.tmpdir(), `lis-e2e-data-${new URL(baseURL).port}`, 'mail');
}

async function mailFiles(baseURL: string): Promise<string[]> {
  try {
    return (await readdir(mailDir(baseURL))).sort();
  } catch {
    return [];
  }
}

/** A sample of DEMIĆ LEJLA (e-mail lejla.demic@example.ba, report in Bosnian) verified over the API: its report is issued and its mail queued. */
async function verifiedSample(request: APIRequestContext, session: ApiSession, lokacija?: string): Promise<{ _id: string; code: string }> {
  const pid = await patientId(request, session, DEMO_PATIENTS.lejla.jmbg);
  const sample = await createSample(request, session, { pid, site: 'SA', tests: ['GLU'], lokacija });
  const site = session.siteId('SA');
  const shown = await request.get(`/api/rezultati/${sample._id}`, { headers: session.headers, params: { site } });
  const { version, tests } = (await shown.json()) as { version: number; tests: { _id: string }[] };
  const saved = await request.post('/api/rezultati/save', {
    headers: session.headers, data: { site, sid: sample._id, version, rezultati: tests.map((test) => ({ test: test._id, rezultat: '5,1' })) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const step of ['odobri', 'verifikuj']) {
    const moved = await request.post(`/api/rezultati/${step}`, { headers: session.headers, data: { site, sid: sample._id } });
    expect(moved.status(), `${step}: ${await moved.text()}`).toBe(200);
  }
  return sample;
}

function messageRow(page: Page, code: string) {
  return page.getByRole('row').filter({ hasText: code });
}

test('a verified report is mailed, listed as sent, opened, resent and deleted', async ({ page, request, baseURL }, testInfo) => {
  test.slow();
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const before = await mailFiles(baseURL!);
  const sample = await verifiedSample(request, specialist);

  // The worker polls every few seconds: the .eml file appears, carrying the report.
  await expect.poll(async () => (await mailFiles(baseURL!)).length, { timeout: 20_000 }).toBe(before.length + 1);
  const written = (await mailFiles(baseURL!)).find((name) => !before.includes(name))!;
  const eml = await readFile(path.join(mailDir(baseURL!), written), 'latin1');
  expect(eml).toMatch(/^To: lejla\.demic@example\.ba/m);
  expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
  expect(eml).toContain(`filename=nalaz-${sample.code}-bs.pdf`);
  expect(eml).toContain('Content-Type: application/pdf');

  await openAs(page, DEMO.specijalista.email, '/nalazi/outbox');
  await expect(page.getByRole('heading', { name: 'E-mail outbox' })).toBeVisible();
  const row = messageRow(page, sample.code);
  await expect(row).toContainText('Poslano', { timeout: 15_000 });
  await expect(row).toContainText('lejla.demic@example.ba');
  await expect(row).toContainText('DEMIĆ LEJLA');
  await page.screenshot({ path: testInfo.outputPath('outbox-list.png'), fullPage: true });
  await expectAccessible(page);

  // The detail: the message as sent, the attempt with the reply, the report's PDF.
  await row.getByRole('button', { name: /: otvori poruku$/ }).click();
  await expect(page.getByRole('heading', { name: 'E-mail poruka' })).toBeVisible();
  await expect(page.getByText(`Laboratorijski nalaz: Lejla Demić, uzorak ${sample.code}`)).toBeVisible();
  await expect(page.getByText('Poštovani/a Lejla Demić,', { exact: false })).toBeVisible();
  const attempts = page.getByRole('table');
  await expect(attempts).toContainText('Prihvaćeno');
  await expect(attempts).toContainText(`250 written to mail/${written}`);
  await page.screenshot({ path: testInfo.outputPath('outbox-message.png'), fullPage: true });
  await expectAccessible(page);
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: `Otvori nalaz-${sample.code}-bs.pdf` }).click();
  const pdfTab = await opened;
  await expect.poll(() => pdfTab.url()).toMatch(/^blob:/);
  await pdfTab.close();

  // Resend: a new copy goes out.
  await page.getByRole('button', { name: 'Pošalji ponovo (novi primjerak)' }).click();
  await expect(toast(page, 'Poruka je ponovo u redu za slanje.')).toBeVisible();
  await expect.poll(async () => (await mailFiles(baseURL!)).length, { timeout: 20_000 }).toBe(before.length + 2);
  await expect(page.getByRole('table')).toContainText('Prihvaćeno', { timeout: 10_000 });

  // Delete, confirmed with 'Da': off the list.
  await page.getByRole('button', { name: 'Obriši' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('Da');
  await dialog.getByRole('button', { name: /POTVRDI|Obriši/ }).click();
  await expect(toast(page, 'Zapis uspješno obrisan!')).toBeVisible();
  await expect(page).toHaveURL(/\/nalazi\/outbox$/);
  await expect(page.getByRole('heading', { name: 'E-mail outbox' })).toBeVisible();
  await expect(messageRow(page, sample.code)).toHaveCount(0);
});

test('the group e-mail sends the reports of the period to an orderer, with progress', async ({ page, request }, testInfo) => {
  test.slow();
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const sample = await verifiedSample(request, specialist, 'Dom zdravlja Živinice');
  await openAs(page, DEMO.specijalista.email, '/narucioci');
  await expect(page.getByRole('heading', { name: 'Naručioci: grupni e-mail' })).toBeVisible();
  const ordererRow = page.getByRole('row').filter({ hasText: 'Dom zdravlja Živinice' });
  await expect(ordererRow).toContainText('1');
  await ordererRow.getByRole('textbox', { name: 'E-mail adresa: Dom zdravlja Živinice' }).fill('nalazi@dz-zivinice.example');
  await ordererRow.getByRole('button', { name: 'Sačuvaj adresu za Dom zdravlja Živinice' }).click();
  await expect(toast(page, 'Adresa naručioca je sačuvana.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pošalji nalaze naručiocima' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText(/U red za slanje stavljena je 1 poruka\./)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('narucioci.png'), fullPage: true });
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Otvori outbox' }).click();
  const groupRow = page.getByRole('row').filter({ hasText: 'Naručilac: Dom zdravlja Živinice' });
  await expect(groupRow).toContainText('nalazi@dz-zivinice.example');
  await expect(groupRow).toContainText('Poslano', { timeout: 15_000 });
  await groupRow.getByRole('button', { name: /: otvori poruku$/ }).click();
  await expect(page.getByText(`${sample.code}  Demić Lejla`, { exact: false })).toBeVisible();
});
