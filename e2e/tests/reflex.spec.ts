import { expect, test } from './fixtures.ts';
import { DEMO, clickInDropdown, openAs } from './helpers.ts';
import { DEMO_PATIENTS, apiSession, createSample, patientId } from './lab-data.ts';

// Reflex testing end to end: the demo ships the rule TSH above its range → FT4 at SA; a specialist defines one more
// on the settings screen (TSH above its range → FT3, charged); a technician enters a TSH above its range by hand, and
// the sample gains FT4 and FT3, each marked 'Refleks' on the result entry and the sample on the worklist. The rule
// defined here is switched off again, so the specs after this one in the same server see the demo as they expect it.

test('a rule defined on the screen and the demo rule add their tests when a TSH above its range is saved', async ({ page, request }) => {
  test.slow();
  await openAs(page, DEMO.specijalista.email, '/postavke/refleksni-testovi');
  await expect(page.getByRole('heading', { name: 'Refleksni testovi', level: 1 })).toBeVisible();
  const rows = page.getByTestId('reflex-rule');
  // The demo's rule.
  await expect(rows.filter({ hasText: /^TSH ·.*iznad referentnog opsega.*FT4 ·/ })).toHaveCount(1);

  // Define: TSH above its range adds FT3, charged.
  const form = page.getByTestId('reflex-form');
  const trigger = form.getByRole('combobox', { name: 'Ako rezultat testa' });
  await trigger.fill('TSH');
  await clickInDropdown(trigger, page.getByRole('option', { name: /^TSH · / }));
  const added = form.getByRole('combobox', { name: 'Dodaj test' });
  await added.fill('FT3');
  await clickInDropdown(added, page.getByRole('option', { name: /^FT3 · / }));
  await form.getByText('Naplaćuje se').click();
  await form.getByRole('button', { name: 'Sačuvaj pravilo' }).click();
  await expect(page.getByText('Pravilo je sačuvano.')).toBeVisible();
  const defined = rows.filter({ hasText: /FT3 ·/ });
  await expect(defined).toContainText('Naplaćuje se');
  await page.screenshot({ path: test.info().outputPath('reflex-rules-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 500, height: 900 });
  await page.screenshot({ path: test.info().outputPath('reflex-rules-500.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  try {
    // A technician enters a TSH above its range by hand.
    const tehnicar = await apiSession(request, DEMO.tehnicar.email);
    const pid = await patientId(request, tehnicar, DEMO_PATIENTS.amina.jmbg);
    const sample = await createSample(request, tehnicar, { pid, site: 'SA', tests: ['TSH'] });
    const tech = await page.context().browser()!.newPage();
    await openAs(tech, DEMO.tehnicar.email, `/obrada/rezultati/${pid}/${sample._id}`);
    await tech.getByRole('textbox', { name: /^Rezultat: Tireostimulirajući hormon/ }).fill('12,5');
    await tech.keyboard.press('Control+s');

    // The save answers what the rules did, and the added tests are on the sample, marked 'Refleks'.
    const notes = tech.getByTestId('reflex-notes');
    await expect(notes).toContainText('Refleksni test dodan: Slobodni tiroksin (FT4)');
    await expect(notes).toContainText('Refleksni test dodan: Slobodni trijodtironin (FT3)');
    for (const name of ['Slobodni tiroksin (FT4)', 'Slobodni trijodtironin (FT3)']) {
      const row = tech.getByRole('row').filter({ hasText: name });
      await expect(row.getByTestId('reflex-badge')).toHaveText('Refleks');
    }
    await expect(tech.getByRole('row').filter({ hasText: 'Tireostimulirajući hormon' }).getByTestId('reflex-badge')).toHaveCount(0);
    // Not complete: the reflex tests wait for their results.
    await expect(tech.getByText('U OBRADI').first()).toBeVisible();
    await tech.screenshot({ path: test.info().outputPath('reflex-result-entry.png'), fullPage: true });

    // The worklist marks the sample.
    await openAs(tech, DEMO.tehnicar.email, '/obrada/pregled');
    await expect(tech.getByTestId(`reflex-${sample.code}`)).toHaveText('Refleks');
    await tech.close();
  } finally {
    await openAs(page, DEMO.specijalista.email, '/postavke/refleksni-testovi');
    const toggle = rows.filter({ hasText: /FT3 ·/ }).getByRole('switch', { name: 'Aktivno' });
    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
  }
});
