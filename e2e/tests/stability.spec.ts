import { expect, test } from './fixtures.ts';
import { DEMO, openAs } from './helpers.ts';
import { apiSession, createPatient, createSample } from './lab-data.ts';

// A test added to a sample older than the test's stability in it: the edit dialog warns, naming the test, the
// sample's age and the stability; the person may still add it.

test('adding FT4 to a sample taken 5 h ago, with FT4 stable for 2 h, warns and still saves', async ({ page, request }) => {
  const admin = await apiSession(request, DEMO.admin.email);
  const listed = await request.get('/api/assays/lab/list?filter=FT4&per_page=0', { headers: admin.headers });
  const ft4Id = ((await listed.json()) as { data: { _id: string; sifra: string }[] }).data.find((row) => row.sifra === 'FT4')!._id;
  const shown = await request.get(`/api/assays/lab/${ft4Id}`, { headers: admin.headers });
  const ft4 = ((await shown.json()) as { labassay: Record<string, unknown> }).labassay;
  const setStability = async (stabilnost: unknown[]) => {
    const saved = await request.post('/api/assays/lab/edit', { headers: admin.headers, data: { labassay: { ...ft4, stabilnost } } });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await setStability([{ uzorak: null, sati: 2 }]);
  try {
    const { pid } = await createPatient(request, admin, { ime: 'Stabila', prezime: 'Uzorković' });
    await createSample(request, admin, { pid, site: 'SA', tests: ['TSH'], datum: new Date(Date.now() - 5 * 3_600_000).toISOString() });

    await openAs(page, DEMO.tehnicar.email, `/samples/${pid}`);
    await page.getByRole('list', { name: 'Današnji uzorci' }).getByRole('button', { name: /^Uredi uzorak/ }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Uzorak \d{10,}$/ });
    await dialog.getByRole('button', { name: 'Dodaj testove' }).click();
    await dialog.getByRole('textbox', { name: 'Traži test' }).fill('FT4');
    await dialog.getByRole('checkbox', { name: /FT4/ }).first().check();
    const warning = dialog.getByRole('alert').filter({ hasText: 'Uzorak je stariji od stabilnosti testa' });
    await expect(warning).toContainText('uzorak je star 5 h, a test je stabilan 2 h');
    await dialog.getByRole('button', { name: 'SAČUVAJ' }).click();
    await expect(page.getByText('Uzorak uspješno izmijenjen!')).toBeVisible();
  } finally {
    await setStability([]);
  }
});
