import { expect, test } from './fixtures.ts';
import { DEMO, chooseOption, expectAccessible, openAs } from './helpers.ts';
import { apiSession, createPatient, createSample, toast } from './lab-data.ts';

// A microbiology instrument's ID/AST message (VITEK 2 style ASTM) for a urine culture: the capture bench shows per
// isolate and antibiotic what it would do (ciprofloxacin: the instrument's S against our EUCAST I), the
// administrator stores it through the ingest, and the culture screen shows the isolate from the instrument, the
// instrument's S/I/R under ours and the disagreement flagged for the specialist.

test('a VITEK 2 message lands as the culture isolate; the culture screen flags the instrument S/I/R that disagrees', async ({ page, request }, testInfo) => {
  test.slow();
  const admin = await apiSession(request, DEMO.admin.email);
  const specialist = await apiSession(request, DEMO.specijalista.email);
  const name = `VITEK 2 e2e ${testInfo.workerIndex}`;
  // Not active: the bench needs no connection, and no port is taken.
  const saved = await request.post('/api/postavke/analysers/edit', {
    headers: admin.headers,
    data: {
      site: admin.siteId('SA'),
      analyser: {
        ime: name, protokol: 'astm', transport: { mode: 'listen', port: 0 }, aktivan: false, mapa: {},
        vrsta: 'mikrobiologija', mikrobiologija: { organizmi: { ESCCOL: 'B_ESCHR_COLI' }, antibiotici: { FT: 'NIT' } },
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { pid } = await createPatient(request, specialist, { ime: 'Vitka', prezime: 'Aparatović' });
  const sample = await createSample(request, specialist, { pid, site: 'SA', tests: ['UKUL'] });
  const capture = [
    'H|\\^&|||VITEK2^09.02^VK2C-1140|||||LIS||P|LIS2-A2|20261128091502',
    'P|1',
    `O|1|${sample.code}||^^^AST-N372^GN|R|20261127164000|||||||||URINE||||||||20261128091200|||F`,
    'R|1|^^^ORG^1|ESCCOL^Escherichia coli^99|||||F||||20261128091200|VK2C-1140',
    'R|2|^^^AM^1|>=32^R|mg/L||R||F||||20261128091200|VK2C-1140',
    'R|3|^^^GM^1|<=1^S|mg/L||S||F||||20261128091200|VK2C-1140',
    'R|4|^^^CIP^1|0.5^S|mg/L||S||F||||20261128091200|VK2C-1140',
    'L|1|N',
  ].join('\n');

  await openAs(page, DEMO.admin.email, '/integracija/pregled');
  await page.getByRole('tab', { name: 'Provjera poruke' }).click();
  await chooseOption(page, 'Analizator', `${name} (ASTM)`);
  await page.getByRole('textbox', { name: 'Poruka' }).fill(capture);
  await page.getByRole('button', { name: 'Provjeri' }).click();
  const lines = page.getByRole('table', { name: 'Izolati i antibiogram poruke mikrobiološkog aparata i šta bi se s njima desilo' });
  await expect(lines.getByRole('row', { name: `${sample.code} 1 ESCCOL` })).toContainText('B_ESCHR_COLI · Escherichia coli');
  const cip = lines.getByRole('row', { name: `${sample.code} 1 CIP` });
  await expect(cip).toContainText('Upisalo bi se u kulturu');
  await expect(cip).toContainText('Neslaganje s aparatom');
  await expect(lines.getByRole('row', { name: `${sample.code} 1 AM` })).toContainText('>=32');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('provjera-mikrobiologija.png'), fullPage: true });
  await page.getByRole('button', { name: 'Spremi' }).click();
  await expect(toast(page, 'Spremljeno: primijenjeno 4, za pregled 0.')).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await openAs(page, DEMO.specijalista.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await page.getByRole('button', { name: 'Kultura i antibiogram' }).click();
  await expect(page.getByRole('heading', { name: 'Kultura i antibiogram' })).toBeVisible();
  await expect(page.getByTestId('isolate-instrument')).toHaveText(`S aparata ${name}, izolat 1`);
  const antibiogram = page.getByRole('table', { name: 'Antibiogram izolata 1' });
  const row = (code: string) => antibiogram.locator(`tr[data-agent="${code}"]`);
  await expect(row('CIP').locator('[data-sir]')).toHaveText(/^I/);
  await expect(row('CIP').getByTestId('instrument-category')).toHaveText('aparat: S');
  await expect(row('CIP').getByTestId('instrument-disagrees')).toHaveText('Neslaganje s aparatom');
  await expect(row('AMP').getByTestId('instrument-category')).toHaveText('aparat: R');
  await expect(row('AMP').getByTestId('instrument-disagrees')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('kultura-aparat.png'), fullPage: true });
});
