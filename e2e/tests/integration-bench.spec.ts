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
  await expect(page.getByRole('textbox', { name: 'Rezultat: Leukociti', exact: true })).toHaveValue('7.45');
});
