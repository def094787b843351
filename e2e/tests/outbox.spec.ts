import type { APIRequestContext, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, expectAccessible, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, toast, type ApiSession } from './lab-data.ts';
import type { SmtpPeer } from './smtp-peer.ts';

// The e-mail outbox in the browser: a specialist verifies a sample of a patient with an e-mail address,
// the server's worker sends the report over SMTP to the worker's local SMTP server (smtp-peer.ts), which
// the test asks what it received; the outbox lists the message as sent with the server's reply, its detail
// screen shows the message, the attempt and the report PDF; resend sends a new copy, delete with 'Da' takes
// it off the list. A refused recipient shows as failed with the server's reply, and resend then delivers.
// /narucioci sends an orderer's reports the same way. axe on every screen.

const LEJLA_EMAIL = 'lejla.demic@example.ba';

/** The messages the SMTP server accepted for `code`'s report (its subject names the sample). */
function receivedFor(smtp: SmtpPeer, code: string): ParsedMail[] {
  return smtp.received.filter((mail) => mail.subject?.endsWith(`uzorak ${code}`));
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

test('a verified report is mailed over SMTP, listed as sent, opened, resent and deleted', async ({ page, request, smtp }, testInfo) => {
  test.slow();
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const sample = await verifiedSample(request, specialist);

  // The worker sends at once (the verification wakes it): the SMTP server receives the report.
  await expect.poll(() => receivedFor(smtp, sample.code).length, { timeout: 20_000 * timeoutScale }).toBe(1);
  const mail = receivedFor(smtp, sample.code)[0]!;
  const serverReply = `250 Message queued as e2e-${smtp.received.indexOf(mail) + 1}`;
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(LEJLA_EMAIL);
  expect(mail.subject).toBe(`Laboratorijski nalaz: Lejla Demić, uzorak ${sample.code}`);
  // The subject travels as a UTF-8 encoded word (ć is not ASCII), decoded above by the receiving parser.
  expect(mail.headerLines.find((line) => line.key === 'subject')?.line).toMatch(/^Subject: =\?UTF-8\?/i);
  expect(mail.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([[`nalaz-${sample.code}-bs.pdf`, 'application/pdf']]);
  expect(mail.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await openAs(page, DEMO.specijalista.email, '/nalazi/outbox');
  await expect(page.getByRole('heading', { name: 'Odlazna e-pošta' })).toBeVisible();
  const row = messageRow(page, sample.code);
  await expect(row).toContainText('Poslano');
  await expect(row).toContainText(LEJLA_EMAIL);
  await expect(row).toContainText('DEMIĆ LEJLA');
  await page.screenshot({ path: testInfo.outputPath('outbox-list.png'), fullPage: true });
  await expectAccessible(page);

  // The detail: the message as sent, the attempt with the SMTP server's reply, the report's PDF.
  await row.getByRole('button', { name: /: otvori poruku$/ }).click();
  await expect(page.getByRole('heading', { name: 'E-mail poruka' })).toBeVisible();
  await expect(page.getByText(`Laboratorijski nalaz: Lejla Demić, uzorak ${sample.code}`)).toBeVisible();
  await expect(page.getByText('Poštovani/a Lejla Demić,', { exact: false })).toBeVisible();
  const attempts = page.getByRole('table');
  await expect(attempts).toContainText('Prihvaćeno');
  await expect(attempts).toContainText(serverReply);
  await page.screenshot({ path: testInfo.outputPath('outbox-message.png'), fullPage: true });
  await expectAccessible(page);
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: `Otvori nalaz-${sample.code}-bs.pdf` }).click();
  const pdfTab = await opened;
  await expect.poll(() => pdfTab.url()).toMatch(/^blob:/);
  await pdfTab.close();

  // Resend: a new copy goes out, under a Message-ID of its own.
  await page.getByRole('button', { name: 'Pošalji ponovo (novi primjerak)' }).click();
  await expect(toast(page, 'Poruka je ponovo u redu za slanje.')).toBeVisible();
  await expect.poll(() => receivedFor(smtp, sample.code).length, { timeout: 20_000 * timeoutScale }).toBe(2);
  expect(receivedFor(smtp, sample.code)[1]!.messageId).not.toBe(mail.messageId);
  await expect(page.getByRole('table')).toContainText('Prihvaćeno', { timeout: 10_000 * timeoutScale });

  // Delete, confirmed with 'Da': off the list.
  await page.getByRole('button', { name: 'Obriši' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('Da');
  const confirm = dialog.getByRole('button', { name: 'POTVRDI' });
  await expect(confirm).toBeEnabled();
  await expectAccessible(page);
  await confirm.click();
  await expect(toast(page, 'Zapis uspješno obrisan!')).toBeVisible();
  await expect(page).toHaveURL(/\/nalazi\/outbox$/);
  await expect(page.getByRole('heading', { name: 'Odlazna e-pošta' })).toBeVisible();
  await expect(messageRow(page, sample.code)).toHaveCount(0);
});

test('a recipient the SMTP server refuses shows as failed with its reply, and resend delivers', async ({ page, request, smtp }, testInfo) => {
  test.slow();
  const refusal = { code: 550, text: `5.1.1 <${LEJLA_EMAIL}>: Recipient address rejected: mailbox full` };
  smtp.refuse(LEJLA_EMAIL, refusal);
  try {
    const specialist = await apiSession(request, DEMO.specijalista.email);
    const sample = await verifiedSample(request, specialist);
    // A permanent refusal (5xx) fails the message at its first attempt.
    await expect.poll(async () => {
      const listed = await request.get('/api/outbox/list', { headers: specialist.headers, params: { filter: sample.code, datum: 'SVE' } });
      const { data } = (await listed.json()) as { data: { status: string }[] };
      return data.map((message) => message.status);
    }, { timeout: 20_000 * timeoutScale }).toEqual(['failed']);
    expect(receivedFor(smtp, sample.code)).toHaveLength(0);

    await openAs(page, DEMO.specijalista.email, '/nalazi/outbox');
    const row = messageRow(page, sample.code);
    await expect(row).toContainText('Neuspjelo');
    await expect(row).toContainText(`${refusal.code} ${refusal.text}`);
    await page.screenshot({ path: testInfo.outputPath('outbox-refused.png'), fullPage: true });
    await expectAccessible(page);

    await row.getByRole('button', { name: /: otvori poruku$/ }).click();
    const attempts = page.getByRole('table');
    await expect(attempts).toContainText('Odbijeno');
    await expect(attempts).toContainText(`${refusal.code} ${refusal.text}`);
    await expectAccessible(page);

    // The mailbox has room again: resend, and the same message goes out.
    smtp.accept(LEJLA_EMAIL);
    await page.getByRole('button', { name: 'Pošalji ponovo', exact: true }).click();
    await expect(toast(page, 'Poruka je ponovo u redu za slanje.')).toBeVisible();
    await expect.poll(() => receivedFor(smtp, sample.code).length, { timeout: 20_000 * timeoutScale }).toBe(1);
    await expect(attempts).toContainText('Prihvaćeno', { timeout: 10_000 * timeoutScale });
    await expect(page.getByText('Poslano').first()).toBeVisible();
  } finally {
    smtp.accept(LEJLA_EMAIL);
  }
});

test('a mail server refusing the lab keeps the report queued, its reply and next attempt shown', async ({ page, request, smtp }, testInfo) => {
  test.slow();
  // The server refuses every connection (a 5xx in place of its greeting): the lab's mail server, not this message.
  const refusal = { code: 554, text: '5.3.2 No SMTP service here' };
  smtp.refuseConnections(refusal);
  try {
    const specialist = await apiSession(request, DEMO.specijalista.email);
    const sample = await verifiedSample(request, specialist);
    await expect.poll(async () => {
      const listed = await request.get('/api/outbox/list', { headers: specialist.headers, params: { filter: sample.code, datum: 'SVE' } });
      const { data } = (await listed.json()) as { data: { status: string; attempts: number; last_reply: string | null }[] };
      return data.map((message) => [message.status, message.attempts > 0, message.last_reply]);
    }, { timeout: 20_000 * timeoutScale }).toEqual([['queued', true, `${refusal.code} ${refusal.text}`]]);
    expect(receivedFor(smtp, sample.code)).toHaveLength(0);

    await openAs(page, DEMO.specijalista.email, '/nalazi/outbox');
    const row = messageRow(page, sample.code);
    await expect(row).toContainText('U redu');
    await expect(row).toContainText(`${refusal.code} ${refusal.text}`);
    await expect(row).toContainText('Sljedeći pokušaj');
    await page.screenshot({ path: testInfo.outputPath('outbox-server-refusing.png'), fullPage: true });
    await expectAccessible(page);
  } finally {
    // The message goes out at its next attempt (a minute on), once.
    smtp.refuseConnections(null);
  }
});

test('the group e-mail sends the reports of the period to an orderer, with progress', async ({ page, request, smtp }, testInfo) => {
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

  await page.getByRole('link', { name: 'Otvori odlaznu e-poštu' }).click();
  const groupRow = page.getByRole('row').filter({ hasText: 'Naručilac: Dom zdravlja Živinice' });
  await expect(groupRow).toContainText('nalazi@dz-zivinice.example');
  await expect(groupRow).toContainText('Poslano', { timeout: 15_000 * timeoutScale });
  await groupRow.getByRole('button', { name: /: otvori poruku$/ }).click();
  await expect(page.getByText(`${sample.code}  Demić Lejla`, { exact: false })).toBeVisible();
  // The orderer's mailbox got one message with the sample's report attached.
  const toOrderer = smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === 'nalazi@dz-zivinice.example');
  expect(toOrderer).toHaveLength(1);
  expect(toOrderer[0]!.attachments.map((attachment) => attachment.filename)).toEqual([`nalaz-${sample.code}-bs.pdf`]);
});
