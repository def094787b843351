import { createServer, type Server } from 'node:net';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, expectAccessible, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, toast } from './lab-data.ts';

// Results out to a hospital system over HL7 v2 in the browser: an administrator gives a partner an HL7
// destination (a tiny MLLP receiver this test starts in the Playwright process, answering AA); a sample of
// that partner is verified; the server's worker sends the ORU^R01, the receiver records it, and the outgoing
// HL7 screen (beside the e-mail outbox) lists it as sent, with its text and attempt in the detail dialog.

interface Receiver { port: number; received: string[]; server: Server }

/** A receiver written here from the standard, not from the product's codec: MLLP is VT message FS CR; the ACK echoes MSH-10 in MSA-2. */
function startReceiver(): Promise<Receiver> {
  const received: string[] = [];
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let end = buffer.indexOf(0x1c); end >= 0; end = buffer.indexOf(0x1c)) {
        const message = buffer.subarray(buffer.indexOf(0x0b) + 1, end).toString('utf8');
        buffer = buffer.subarray(end + 2);
        received.push(message);
        const controlId = message.split('\r')[0]!.split('|')[9] ?? '';
        socket.write(`\x0bMSH|^~\\&|HIS|E2E|LIS||20261128000000||ACK^R01|ACK-${received.length}|P|2.5.1\rMSA|AA|${controlId}\r\x1c\r`);
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, received, server })));
}

test('an HL7 destination on a partner, a verification, and the ORU^R01 shown as sent on the outgoing HL7 screen', async ({ page, request }, testInfo) => {
  test.slow();
  const receiver = await startReceiver();
  const naziv = `Bolnica HL7 ${Date.now().toString(36).toUpperCase()}`;

  await openAs(page, DEMO.admin.email, '/partneri');
  await page.getByRole('button', { name: 'Novi partner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novi partner' });
  await dialog.getByRole('textbox', { name: 'Naziv' }).fill(naziv);
  await dialog.getByRole('textbox', { name: 'Adresa' }).fill('Bolnička 25, Sarajevo');
  await dialog.getByRole('textbox', { name: 'HL7 host (MLLP)' }).fill('127.0.0.1');
  await dialog.getByRole('textbox', { name: 'Port' }).fill(String(receiver.port));
  await dialog.getByRole('button', { name: 'POTVRDI' }).click();
  await expect(toast(page, 'Partner uspješno sačuvan!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A sample the partner ordered, with a result, approved and verified as the result screen does it.
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const listed = await request.get('/api/partneri/list', { headers: specialist.headers, params: { filter: naziv } });
  const partner = ((await listed.json()) as { data: { _id: string; naziv: string }[] }).data.find((row) => row.naziv === naziv)!;
  const pid = await patientId(request, specialist, DEMO_PATIENTS.lejla.jmbg);
  const sample = await createSample(request, specialist, { pid, site: 'SA', tests: ['GLU'], partner: partner._id });
  const site = specialist.siteId('SA');
  const shown = await request.get(`/api/rezultati/${sample._id}`, { headers: specialist.headers, params: { site } });
  const { version, tests } = (await shown.json()) as { version: number; tests: { _id: string }[] };
  const saved = await request.post('/api/rezultati/save', {
    headers: specialist.headers, data: { site, sid: sample._id, version, rezultati: tests.map((test) => ({ test: test._id, rezultat: '5,1' })) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const step of ['odobri', 'verifikuj']) {
    const moved = await request.post(`/api/rezultati/${step}`, { headers: specialist.headers, data: { site, sid: sample._id } });
    expect(moved.status(), `${step}: ${await moved.text()}`).toBe(200);
  }

  // The worker sends at once (the verification wakes it): the receiver has the ORU^R01 of the sample.
  await expect.poll(() => receiver.received.filter((message) => message.includes(`|${sample.code}|`)).length, { timeout: 20_000 * timeoutScale }).toBe(1);
  const oru = receiver.received.find((message) => message.includes(`|${sample.code}|`))!;
  expect(oru).toMatch(/^MSH\|\^~\\&\|LIS\|[^|]*\|HIS\|Bolnica HL7 [^|]*\|\d{14}\|\|ORU\^R01\^ORU_R01\|LIS[0-9A-F]{17}\|P\|2\.5\.1\r/);
  expect(oru).toMatch(/\rOBX\|1\|NM\|[^|]*\|\|5\.1\|mmol\/L\^mmol\/L\^UCUM\|[^|]*\|[^|]*\|\|\|F\|/);

  await openAs(page, DEMO.specijalista.email, '/nalazi/hl7');
  await expect(page.getByRole('heading', { name: 'Odlazne HL7 poruke', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Odlazne HL7 poruke' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: sample.code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Poslano');
  await expect(row).toContainText(naziv);
  await expect(row).toContainText(`127.0.0.1:${receiver.port}`);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('hl7-outbound-list.png'), fullPage: true });

  await row.getByRole('button', { name: /Otvori HL7 poruku/ }).first().click();
  const detail = page.getByRole('dialog', { name: /HL7 poruka LIS/ });
  await expect(detail).toContainText('ORU^R01^ORU_R01');
  await expect(detail).toContainText('Prihvaćeno');
  await expect(detail.getByRole('cell', { name: 'AA', exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('hl7-outbound-detail.png'), fullPage: true });
  receiver.server.close();
});
