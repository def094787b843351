import { expect, test } from './fixtures.ts';
import { DEMO, chooseOption, expectAccessible, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, toast } from './lab-data.ts';

// The capture bench (/integracija/pregled, tab 'Provjera poruke'): an administrator pastes an ASTM message for a
// new sample, sees the mapped WBC result it would apply and the PLT result it would refuse (no result, `----`),
// stores it ('Spremi', through the same ingest as a TCP message), and the value is on the sample's result entry.

test('the capture bench checks a pasted capture, then stores it onto the sample', async ({ page, request }, testInfo) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const name = `Klupa e2e ${testInfo.workerIndex}`;
  // Not active: the bench needs no connection, and no port is taken.
  const saved = await request.post('/api/postavke/analysers/edit', {
    headers: admin.headers,
    data: { site: admin.siteId('SA'), analyser: { ime: name, protokol: 'astm', transport: { mode: 'listen', port: 0 }, aktivan: false, mapa: { WBC: 'WBC', PLT: 'PLT' } } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const pid = await patientId(request, tehnicar, DEMO_PATIENTS.emir.jmbg);
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['WBC', 'PLT'] });
  const capture = [
    'H|\\^&|||XN-550^00-25^^^^|||||||P|1|20260101120000',
    'P|1',
    `O|1|${sample.code}||^^^WBC\\^^^PLT|R||||||N`,
    'R|1|^^^WBC|7.45|10*9/L||N||F',
    'R|2|^^^PLT|----|10*9/L||||F',
    'L|1|N',
  ].join('\n');

  await openAs(page, DEMO.admin.email, '/integracija/pregled');
  await expect(page.getByRole('heading', { name: 'Pregled integracije' })).toBeVisible();
  await page.getByRole('tab', { name: 'Provjera poruke' }).click();
  await chooseOption(page, 'Analizator', `${name} (ASTM)`);
  await page.getByRole('textbox', { name: 'Poruka' }).fill(capture);
  await page.getByRole('button', { name: 'Provjeri' }).click();

  const results = page.getByRole('table', { name: 'Rezultati poruke i šta bi se s njima desilo' });
  const wbc = results.getByRole('row', { name: `${sample.code} WBC` });
  await expect(wbc).toContainText('Primijenilo bi se');
  await expect(wbc).toContainText('7.45');
  const plt = results.getByRole('row', { name: `${sample.code} PLT` });
  await expect(plt).toContainText('Aparat nije dao rezultat');
  await expect(page.getByText('|\\^&', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('provjera-poruke.png'), fullPage: true });

  await page.getByRole('button', { name: 'Spremi' }).click();
  await expect(toast(page, 'Spremljeno: primijenjeno 1, za pregled 1.')).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await openAs(page, DEMO.tehnicar.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await expect(page.getByRole('textbox', { name: 'Rezultat: Leukociti', exact: true })).toHaveValue('7,45'); // stored as 7.45, shown with the Bosnian decimal mark
});

// The interpretation settings on /integracija/postavke for an HL7 immunology analyser: the specimen id read from
// PID-3, a value type for a mapped code, and the analyser's own answer code R for a positive. The bench then reads
// a pasted ORU^R01 with those settings: the coded HBsAg answer maps to Pozitivan, and a preliminary glucose
// (OBX-11 P) would be held for review; stored, only the final answer lands on the sample.
test('the interpretation settings of an HL7 analyser are edited on the form and read by the bench', async ({ page, request }, testInfo) => {
  test.slow();
  const admin = await apiSession(request, DEMO.admin.email);
  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const name = `Imuno HL7 e2e ${testInfo.workerIndex}`;
  const saved = await request.post('/api/postavke/analysers/edit', {
    headers: admin.headers,
    data: { site: admin.siteId('SA'), analyser: { ime: name, protokol: 'hl7', transport: { mode: 'listen', port: 0 }, aktivan: false, mapa: { HBSAG: 'HBSAG', GLU: 'GLU' } } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await openAs(page, DEMO.admin.email, '/integracija/postavke');
  await expect(page.getByRole('heading', { name: 'Postavke integracije' })).toBeVisible();
  await chooseOption(page, 'Analizator', name);
  await expect(page.getByRole('textbox', { name: /^Naziv/ })).toHaveValue(name);
  await chooseOption(page, 'Polje s oznakom uzorka', 'PID-3');
  // The map as stored (jsonb orders its keys: GLU before HBSAG).
  await expect(page.getByLabel('Šifra analizatora 1')).toHaveValue('GLU');
  await chooseOption(page, 'Vrsta vrijednosti 1', 'Broj');
  await page.getByRole('button', { name: 'Dodaj odgovor' }).click();
  await page.getByLabel('Šifra odgovora 1').fill('R');
  await page.getByLabel('Odgovor 1', { exact: true }).fill('Pozitivan');
  const saving = page.waitForResponse((response) => response.url().endsWith('/api/postavke/analysers/edit'));
  await page.getByRole('button', { name: 'Sačuvaj' }).click();
  const answer = await saving;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(toast(page, 'Analizator uspješno sačuvan!')).toBeVisible();
  await page.reload();
  await chooseOption(page, 'Analizator', name);
  await expect(page.getByRole('combobox', { name: 'Polje s oznakom uzorka', exact: true })).toHaveValue('PID-3');
  await expect(page.getByRole('combobox', { name: 'Vrsta vrijednosti 1', exact: true })).toHaveValue('Broj');
  await expect(page.getByLabel('Šifra odgovora 1')).toHaveValue('R');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('postavke-tumacenje.png'), fullPage: true });

  const pid = await patientId(request, tehnicar, DEMO_PATIENTS.emir.jmbg);
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['HBSAG', 'GLU'] });
  const capture = [
    'MSH|^~\\&|IMMUNO|LAB|LIS|LAB|20260301101500||ORU^R01|E2E-1|P|2.5.1',
    `PID|1||${sample.code}||Test^Pacijent`,
    'OBR|1|RACK1-4|RACK1-4|PANEL^Panel',
    'OBX|1|CWE|HBSAG^HBsAg^L||R^Reactive^L||||||F',
    'OBX|2|NM|GLU^Glukoza^L||5.4|mmol/L|||||P',
  ].join('\n');
  await page.goto('/integracija/pregled');
  await page.getByRole('tab', { name: 'Provjera poruke' }).click();
  await chooseOption(page, 'Analizator', `${name} (HL7)`);
  await page.getByRole('textbox', { name: 'Poruka' }).fill(capture);
  await page.getByRole('button', { name: 'Provjeri' }).click();
  const results = page.getByRole('table', { name: 'Rezultati poruke i šta bi se s njima desilo' });
  const hbsag = results.getByRole('row', { name: `${sample.code} HBSAG` });
  await expect(hbsag).toContainText('Primijenilo bi se');
  await expect(hbsag).toContainText('Pozitivan');
  await expect(results.getByRole('row', { name: `${sample.code} GLU` })).toContainText('Preliminarni rezultat (nije konačan)');
  await page.screenshot({ path: testInfo.outputPath('provjera-hl7-tumacenje.png'), fullPage: true });
  await page.getByRole('button', { name: 'Spremi' }).click();
  await expect(toast(page, 'Spremljeno: primijenjeno 1, za pregled 1.')).toBeVisible();

  const shown = await request.get(`/api/rezultati/${sample._id}`, { headers: tehnicar.headers });
  const tests = ((await shown.json()) as { tests: { sifra: string; rezultat: string | null }[] }).tests;
  expect(tests.map((test) => [test.sifra, test.rezultat]).sort()).toEqual([['GLU', null], ['HBSAG', 'Pozitivan']]);
});
