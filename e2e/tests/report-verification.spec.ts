import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { DEMO, expectAccessible, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, saveResults } from './lab-data.ts';

// A printed report verified by anyone: the QR code on its page (rendered by poppler's pdftoppm, read by
// zbarimg, as a phone would) opens /provjera/{token} without sign-in, which says the report is valid and
// current, checks the PDF's SHA-256 in the browser, and after a correction says the version was superseded.

/** The QR codes of a PDF's pages, one decoded text per page. */
function qrCodesOf(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'lis-qr-'));
  try {
    writeFileSync(path.join(dir, 'report.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-png', path.join(dir, 'report.pdf'), path.join(dir, 'page')]);
    return readdirSync(dir).filter((file) => file.endsWith('.png')).sort()
      .map((file) => execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', path.join(dir, file)], { encoding: 'utf8' }).trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the QR code of an issued report opens its verification page: valid, the PDF matches, then superseded after a correction', async ({ page, request }, testInfo) => {
  const session = await apiSession(request, DEMO.specijalista.email);
  const site = session.siteId('SA');
  const pid = await patientId(request, session, DEMO_PATIENTS.amina.jmbg);
  const sample = await createSample(request, session, { pid, site: 'SA', tests: ['GLU'] });
  await saveResults(request, session, sample._id, { GLU: '5,1' });
  for (const step of ['odobri', 'verifikuj']) {
    const moved = await request.post(`/api/rezultati/${step}`, { headers: session.headers, data: { site, sid: sample._id } });
    expect(moved.status(), `${step}: ${await moved.text()}`).toBe(200);
  }
  const issued = await request.get(`/api/nalazi/pdf/${sample._id}`, { headers: session.headers, params: { site, jezik: 'bs' } });
  expect(issued.status()).toBe(200);
  const pdf = await issued.body();

  const codes = qrCodesOf(pdf);
  expect(codes.length).toBeGreaterThan(0);
  const url = new URL(codes[0] ?? '');
  for (const code of codes) expect(code).toBe(url.href);
  // The token in capitals: QR's alphanumeric mode keeps the code small enough to read (apps/server/src/modules/reports/signing.ts).
  expect(url.pathname).toMatch(/^\/provjera\/[0-9A-F]{32}$/);

  // Opened as a phone would, without signing in: the report's language (Bosnian), valid and current.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url.pathname);
  await expect(page.getByRole('heading', { name: 'Provjera nalaza' })).toBeVisible();
  await expect(page.getByTestId('verification-state')).toHaveText('Važeći');
  await expect(page.getByRole('row', { name: /Kod uzorka/ })).toContainText(sample.code);
  await expect(page.getByTestId('verification-sha256')).toHaveText(issued.headers()['x-report-sha256'] ?? '');
  await expect(page.getByText('UZORKOVIĆ', { exact: false })).toHaveCount(0);
  await expect(page.getByText(DEMO_PATIENTS.amina.jmbg)).toHaveCount(0);

  // The PDF as received is checked in the browser; a changed copy is not.
  const chooser = page.getByLabel('Odaberite PDF', { exact: true });
  await chooser.setInputFiles({ name: 'nalaz.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('PDF je identičan izdatom nalazu.')).toBeVisible();
  const altered = Buffer.from(pdf);
  altered[altered.length - 10] = 0x20;
  await chooser.setInputFiles({ name: 'nalaz.pdf', mimeType: 'application/pdf', buffer: altered });
  await expect(page.getByText(/PDF se razlikuje od izdatog nalaza/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('provjera-1280.png'), fullPage: true });

  // The language switch.
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Report verification' })).toBeVisible();
  await expect(page.getByTestId('verification-state')).toHaveText('Valid');

  // A correction: unlock and verify again. The first version's code now says superseded, by version 2.
  const unlocked = await request.post('/api/rezultati/verifikuj/undo', { headers: session.headers, data: { site, sid: sample._id, razlog: 'Ispravka glukoze' } });
  expect(unlocked.status(), await unlocked.text()).toBe(200);
  const reverified = await request.post('/api/rezultati/verifikuj', { headers: session.headers, data: { site, sid: sample._id } });
  expect(reverified.status(), await reverified.text()).toBe(200);
  await page.setViewportSize({ width: 500, height: 900 });
  // Opened again: in the report's language once more.
  await page.reload();
  await expect(page.getByTestId('verification-state')).toHaveText('Zamijenjen');
  await expect(page.getByText(/zamijenjena ispravljenim nalazom \(verzija 2/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('provjera-500.png'), fullPage: true });

  // A token no report carries: a plain 'not found'.
  await page.goto(`/provjera/${'0'.repeat(32)}`);
  await expect(page.getByText('Nalaz nije pronađen')).toBeVisible();

  // The administrator's general options say which certificate signs: the server's self-signed one here.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAs(page, DEMO.admin.email, '/postavke/opcije');
  const card = page.getByRole('region', { name: 'Digitalni potpis nalaza' });
  await expect(card.getByTestId('self-signed-warning')).toContainText('Koristi se samopotpisani certifikat');
  await expect(card.getByRole('row', { name: /Vlasnik/ })).toContainText('(self-signed)');
  await expect(card.getByRole('row', { name: /Važi do/ })).toContainText(/\d{2}\.\d{2}\.20\d{2}/);
  // Where the reports' QR codes lead: the address this report's code held, less its token; short enough to read.
  await expect(card.getByTestId('verification-address')).toHaveText(`${url.origin}/provjera/`);
  await expect(card.getByTestId('long-address-warning')).toHaveCount(0);
  await expectAccessible(page, '[aria-labelledby="options-signing"]');
  await card.screenshot({ path: testInfo.outputPath('potpis-card.png') });
});
