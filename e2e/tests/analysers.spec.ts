import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures.ts';
import { timeoutScale } from '../timeout-scale.ts';
import { DEMO, clickInDropdown, expectAccessible, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId, toast } from './lab-data.ts';

// Analysers in the browser: an administrator registers an analyser and maps its codes on
// /integracija/postavke; the simulator (npm run simulate) replays a real Sysmex capture with the specimen
// id of a new sample over TCP; the results land on the sample unapproved with their flags, and the message
// shows on /integracija/pregled. The analyser listens on 8550 + the worker's index.

const root = path.resolve(import.meta.dirname, '../..');
/** ../shared/analyser-captures beside the repository, or above a git worktree deeper down; LIS_ANALYSER_CAPTURES names another. */
function nearestCaptures(from: string): string {
  const candidate = path.join(from, 'shared', 'analyser-captures');
  if (existsSync(candidate) || path.dirname(from) === from) return candidate;
  return nearestCaptures(path.dirname(from));
}
const captures = process.env.LIS_ANALYSER_CAPTURES ?? nearestCaptures(path.dirname(root));

test('an analyser configured in the browser delivers a capture onto a new sample, seen on the sample and in the overview', async ({ page, request }, testInfo) => {
  test.slow();
  const port = 8550 + testInfo.workerIndex;
  const name = `Sysmex XN e2e ${testInfo.workerIndex}`;
  await openAs(page, DEMO.admin.email, '/integracija/postavke');
  await expect(page.getByRole('heading', { name: 'Postavke integracije' })).toBeVisible();
  await page.getByRole('button', { name: 'Novi analizator' }).click();
  await page.getByRole('textbox', { name: /^Naziv/ }).fill(name);
  await page.getByRole('textbox', { name: /^TCP port/ }).fill(String(port));
  await page.getByLabel('Šifra analizatora 1').fill('WBC');
  const firstAssay = page.getByRole('combobox', { name: 'Analiza 1' });
  await firstAssay.fill('WBC');
  await clickInDropdown(firstAssay, page.getByRole('option', { name: /^WBC — Leukociti/ }));
  await page.getByRole('button', { name: 'Dodaj šifru' }).click();
  await page.getByLabel('Šifra analizatora 2').fill('PLT');
  const secondAssay = page.getByRole('combobox', { name: 'Analiza 2' });
  await secondAssay.fill('PLT');
  await clickInDropdown(secondAssay, page.getByRole('option', { name: /^PLT — Trombociti/ }));
  await page.getByRole('button', { name: 'Sačuvaj' }).click();
  await expect(toast(page, 'Analizator uspješno sačuvan!')).toBeVisible();
  await expect(page.getByText('Sluša', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('integracija-postavke.png'), fullPage: true });

  const tehnicar = await apiSession(request, DEMO.tehnicar.email);
  const pid = await patientId(request, tehnicar, DEMO_PATIENTS.emir.jmbg);
  const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['WBC', 'PLT'] });
  const { stdout } = await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), [
    'apps/server/src/simulate.ts', '--protocol', 'astm', '--host', '127.0.0.1', '--port', String(port),
    '--file', path.join(captures, 'sysmex-xn550_astm-e1381-framed.astm'), '--specimen', sample.code,
  ], { cwd: root, encoding: 'utf8', timeout: 60_000 * timeoutScale });
  expect(stdout).toContain('OK: the LIS acknowledged the message.');

  // On the sample: the values as the analyser sent them, flagged for this patient, not approved.
  const shown = await request.get(`/api/rezultati/${sample._id}`, { headers: tehnicar.headers });
  expect(((await shown.json()) as { status: string }).status).toBe('REALIZOVAN');
  await page.evaluate(() => localStorage.clear());
  await openAs(page, DEMO.tehnicar.email, `/obrada/rezultati/${pid}/${sample._id}`);
  await expect(page.getByRole('textbox', { name: 'Rezultat: Leukociti', exact: true })).toHaveValue('8,13'); // stored as 8.13, shown with the Bosnian decimal mark
  await expect(page.getByRole('textbox', { name: 'Rezultat: Trombociti', exact: true })).toHaveValue('99');
  await expect(page.getByTestId('result-flag-PLT').locator('[data-flag]')).toHaveAttribute('data-flag', 'L');
  await page.screenshot({ path: testInfo.outputPath('rezultati-sa-analizatora.png'), fullPage: true });

  // The overview: the analyser's state and today's message with its raw text. WBC and PLT were applied; the
  // capture's other codes (RBC, HGB … and the instrument's flags) have no mapping and wait for review.
  await page.evaluate(() => localStorage.clear());
  await openAs(page, DEMO.admin.email, '/integracija/pregled');
  await expect(page.getByRole('heading', { name: 'Pregled integracije' })).toBeVisible();
  const card = page.getByLabel(name, { exact: true });
  await expect(card).toContainText('Poruka danas: 1');
  const row = page.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Za pregled' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(5)).toHaveText('2');
  await expect(page.getByRole('row').filter({ hasText: sample.code }).filter({ hasText: 'Šifra nije mapirana' }).first()).toBeVisible();
  await row.getByRole('button', { name: /Detalji/ }).click();
  await expect(page.getByText(/R\|1\|\^\^\^\^WBC\^1\|8\.13/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('integracija-pregled.png'), fullPage: true });

  // The registry: listed with its state; edited as JSON.
  await page.getByRole('link', { name: 'Analizatori' }).click();
  await expect(page.getByRole('heading', { name: 'Analizatori' })).toBeVisible();
  const registryRow = page.getByRole('row').filter({ hasText: name });
  await expect(registryRow).toContainText(`LIS sluša na portu ${port}`);
  await registryRow.getByRole('button', { name: `Uredi — ${name}` }).click();
  await expect(page.getByRole('dialog', { name: `Analizator: ${name}` })).toBeVisible();
  await page.waitForTimeout(600); // the dialog's 500 ms opening transition
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('analizatori.png'), fullPage: true });
  await page.keyboard.press('Escape');

  // /assays, the analyser assay table: the PLT row is edited (the analyser's code PLT becomes PLT2), saved
  // through the analyser's edit, and the WBC mapping is switched off; both are read back from the server.
  await page.goto('/assays');
  await expect(page.getByRole('heading', { name: 'Analize analizatora' })).toBeVisible({ timeout: 20_000 * timeoutScale });
  await page.getByRole('textbox', { name: 'Pretraga' }).nth(1).fill(name);
  const analyserTable = page.getByRole('table', { name: 'Analize analizatora' });
  await analyserTable.getByRole('button', { name: `Uredi — ${name} PLT` }).click();
  const mappingDialog = page.getByRole('dialog', { name: `Mapiranje: ${name} PLT` });
  await mappingDialog.getByRole('textbox', { name: /^Šifra analizatora/ }).fill('PLT2');
  await mappingDialog.getByRole('button', { name: 'Sačuvaj' }).click();
  await expect(mappingDialog).toBeHidden();
  await expect(analyserTable.getByRole('button', { name: `Uredi — ${name} PLT2` })).toBeVisible();
  await analyserTable.getByRole('button', { name: `Isključi mapiranje — ${name} WBC` }).click();
  await expect(analyserTable.getByRole('row').filter({ hasText: 'WBC' })).toContainText('Isključeno');
  const admin = await apiSession(request, DEMO.admin.email);
  const listed = await request.get(`/api/postavke/analysers/list?per_page=0&site=${admin.siteId('SA')}`, { headers: admin.headers });
  const saved = ((await listed.json()) as { data: { ime: string; mapa: Record<string, string>; mapa_iskljuceno: string[] }[] }).data.find((analyser) => analyser.ime === name);
  expect(saved).toMatchObject({ mapa: { WBC: 'WBC', PLT2: 'PLT' }, mapa_iskljuceno: ['WBC'] });
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('assays.png'), fullPage: true });
});
