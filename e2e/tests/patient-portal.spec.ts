import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, expectAccessible } from './helpers.ts';
import { apiSession, createPatient, createSample, saveResults, type ApiSession } from './lab-data.ts';
import type { SmtpPeer } from './smtp-peer.ts';

// The patient portal in the browser: a consenting patient with an e-mail address has two glucose samples
// verified; the second verification mails the portal's address and a one-time code (received by the worker's
// SMTP server, as the patient's mailbox would). The patient signs in at /portal with the address and the
// code (a wrong code first: a clear refusal), sees no staff menu, downloads a report (a signed PDF), and
// sees the glucose trend with the reference band and plain words, at 1280 and 500 px, axe clean.

const EMAIL = 'portal.pacijent@example.ba';

/** A sample of the patient with a glucose result, approved and verified over the API. */
async function verifiedGlucose(request: APIRequestContext, session: ApiSession, pid: string, value: string, datum: string): Promise<{ _id: string; code: string }> {
  const sample = await createSample(request, session, { pid, site: 'SA', tests: ['GLU'], datum });
  await saveResults(request, session, sample._id, { GLU: value });
  for (const step of ['odobri', 'verifikuj']) {
    const moved = await request.post(`/api/rezultati/${step}`, { headers: session.headers, data: { site: session.siteId('SA'), sid: sample._id } });
    expect(moved.status(), `${step}: ${await moved.text()}`).toBe(200);
  }
  return sample;
}

/** The portal mails the SMTP server received for the address, oldest first. */
function portalMails(smtp: SmtpPeer): ParsedMail[] {
  return smtp.received.filter((mail) => mail.subject?.startsWith('Pristup nalazima na portalu') && mail.to && !Array.isArray(mail.to) && mail.to.text === EMAIL);
}

test('a patient signs in to the portal with the mailed code, downloads a report and sees the trend', async ({ page, request, smtp }, testInfo) => {
  // Two verifications, their mails, and three languages' worth of screens: longer than the default on a shared machine.
  test.setTimeout(240_000 * timeoutScale);
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const { pid } = await createPatient(request, specialist, { ime: 'Selma', prezime: 'Portalović' });
  const consent = await request.post(`/api/pacijenti/detalji/update/${pid}`, { headers: specialist.headers, data: { email: EMAIL, portal_consent: true } });
  expect(consent.status(), await consent.text()).toBe(200);

  const earlier = new Date(Date.now() - 20 * 86_400_000).toISOString();
  const first = await verifiedGlucose(request, specialist, pid, '5,1', earlier);
  const second = await verifiedGlucose(request, specialist, pid, '7,4', new Date(Date.now() - 60_000).toISOString());
  await expect.poll(() => portalMails(smtp).length, { timeout: 20_000 * timeoutScale }).toBe(2);
  const mail = portalMails(smtp)[1]!;
  expect(mail.text).toContain('/portal');
  const code = /kodom: ([A-Z0-9]{5}-[A-Z0-9]{5})/.exec(mail.text ?? '')?.[1] ?? '';
  expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/portal');
  // The page's chunk, texts and styles load on first open (as the verification page's): patient on a busy machine.
  await expect(page.getByRole('heading', { name: 'Portal za pacijente' })).toBeVisible({ timeout: 30_000 * timeoutScale });
  await expectAccessible(page);

  // A wrong code: a clear refusal, nothing opened.
  await page.getByLabel('E-mail adresa').fill(EMAIL);
  const wrong = code.startsWith('2') ? `3${code.slice(1)}` : `2${code.slice(1)}`;
  await page.getByLabel('Jednokratni kod').fill(wrong);
  await page.getByRole('button', { name: 'Prijava' }).click();
  await expect(page.getByTestId('portal-sign-in-problem')).toHaveText('E-mail adresa ili kod nije ispravan, ili je kod istekao ili već iskorišten.');
  await page.screenshot({ path: testInfo.outputPath('portal-sign-in-1280.png'), fullPage: true });

  await page.getByLabel('Jednokratni kod').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Prijava' }).click();
  await expect(page.getByTestId('portal-patient')).toHaveText('SELMA PORTALOVIĆ');
  // No staff shell: no sidebar, no staff menu entries.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pacijenti' })).toHaveCount(0);

  const rows = page.getByTestId('portal-report-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(second.code);
  await expect(rows.nth(1)).toContainText(first.code);

  // The trend: both glucose results, the second high, in plain words; the chart drawn with its band.
  // The assay's own section (its name changes with the language).
  const trend = page.getByRole('region').filter({ has: page.getByTestId('portal-trend-chart') }).last();
  await expect(trend.getByTestId('portal-trend-chart')).toBeVisible();
  await expect(trend.locator('.recharts-reference-area')).toHaveCount(1);
  await expect(trend.getByRole('row').filter({ hasText: '7,4' })).toContainText('povišeno');
  await expect(trend.getByRole('row').filter({ hasText: '5,1' })).toContainText('u granicama');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('portal-1280.png'), fullPage: true });

  // The report downloads as issued: a signed PDF.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: new RegExp(`^Preuzmi nalaz ${second.code},\\s*BS$`) }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`nalaz-${second.code}-v1-bs.pdf`);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('/ByteRange');

  // English, at 500 px.
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Patient portal' })).toBeVisible();
  await expect(trend.getByRole('row').filter({ hasText: '7.4' })).toContainText('high');
  await page.setViewportSize({ width: 500, height: 900 });
  await expect(trend.getByTestId('portal-trend-chart')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('portal-500-en.png'), fullPage: true });

  // The code was one-time: after sign-out the same code opens nothing.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('The session has ended. A new code is needed to sign in again.')).toBeVisible();
  await page.getByText('Bosanski', { exact: true }).click();
  await page.getByLabel('E-mail adresa').fill(EMAIL);
  await page.getByLabel('Jednokratni kod').fill(code);
  await page.getByRole('button', { name: 'Prijava' }).click();
  await expect(page.getByTestId('portal-sign-in-problem')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('portal-sign-in-500.png'), fullPage: true });
});
