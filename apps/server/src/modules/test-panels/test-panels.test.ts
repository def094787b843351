import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceAnswer, SampleView, TestPanel } from '@lis/domain';
import { openCrossSiteApp } from '../../test/site-scoping.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { daysAgo, jmbgFor, registerPatient, type Api, type FixtureCatalogue } from '../samples/test-fixtures.ts';

// Test panels end to end through the API: the demo panels, editing with its refusals and audit, and a
// sample ordered with a panel, priced as the panel says on the sample and on its pro-forma invoice.

let t: TestApp;
let client: Api;
let tech: SignedIn;
let admin: SignedIn;
let tuzlaSite: string;
let cat: FixtureCatalogue;
let patientId: string;

beforeAll(async () => {
  ({ t, client, tech, admin, cat, tuzla: tuzlaSite } = await openCrossSiteApp());
  patientId = (await registerPatient(client, admin, jmbgFor(daysAgo(40 * 365), 'MUŠKI')))._id;
});
afterAll(async () => { await t.close(); });

async function savePanel(panel: Record<string, unknown>): Promise<TestPanel> {
  const response = await client.post(admin, '/assays/paneli/edit', { panel });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ panel: TestPanel }>().panel;
}

async function panels(user: SignedIn = tech, site?: string): Promise<TestPanel[]> {
  const response = await client.get(user, '/assays/paneli/list', site);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ paneli: TestPanel[] }>().paneli;
}

let counter = 0;
const code = () => `P${(counter += 1)}`;

describe('the demo panels', () => {
  it('ship the routine profiles with their synonyms, every test one of the catalogue', async () => {
    const list = await panels();
    const codes = list.map((panel) => panel.sifra);
    expect(codes).toEqual(expect.arrayContaining(['KKS', 'LIPID', 'JETRA', 'BUB', 'TIR', 'KOAG']));
    const kks = list.find((panel) => panel.sifra === 'KKS')!;
    expect(kks.sinonimi).toEqual(expect.arrayContaining(['krvna slika', 'hemogram', 'CBC']));
    expect(kks.testovi).toHaveLength(20);
    expect(kks.naplata).toBe('panel');
  });
});

describe('editing a panel', () => {
  it('creates, changes and deletes, each with an audit row in its history', async () => {
    const created = await savePanel({ sifra: code(), naziv: 'Glukoza i lipidi', sinonimi: ['šećer'], testovi: [cat.ids.GLU, cat.ids.CHOL], price: 7, naplata: 'panel' });
    expect(created).toMatchObject({ naziv: 'Glukoza i lipidi', price: '7.00', naplata: 'panel', testovi: [cat.ids.GLU, cat.ids.CHOL] });
    const changed = await savePanel({ ...created, naziv: 'Glukoza i holesterol', price: 6.5, _id: created._id, updated_at: undefined });
    expect(changed).toMatchObject({ _id: created._id, naziv: 'Glukoza i holesterol', price: '6.50' });
    const history = await client.get(admin, `/assays/paneli/history/${created._id}`);
    expect(history.json<{ historija: { akcija: string }[] }>().historija.map((row) => row.akcija)).toEqual(['settings.update', 'settings.create']);
    const removed = await client.post(admin, '/assays/paneli/delete', { _id: created._id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await panels()).some((panel) => panel._id === created._id)).toBe(false);
    expect((await client.post(admin, '/assays/paneli/delete', { _id: created._id })).statusCode).toBe(404);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = await panels();
    const refused = async (panel: Record<string, unknown>, status: number, expected: Record<string, unknown>) => {
      const response = await client.post(admin, '/assays/paneli/edit', { panel });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ success: false, ...expected });
    };
    const good = { sifra: code(), naziv: 'X', testovi: [cat.ids.GLU], price: 1, naplata: 'testovi' };
    await refused({ ...good, testovi: [] }, 400, { code: 'panel.empty', field: 'panel.testovi' });
    await refused({ ...good, testovi: [cat.ids.GLU, '00000000-0000-4000-8000-000000000000'] }, 400, { code: 'panel.unknownTest', field: 'panel.testovi.1' });
    await refused({ ...good, testovi: [cat.ids.GLU, cat.ids.GLU] }, 400, { code: 'panel.duplicateTest', field: 'panel.testovi.1' });
    await refused({ ...good, sifra: '  ' }, 400, { code: 'form.required', field: 'panel.sifra' });
    await refused({ ...good, price: -1 }, 400, { field: 'panel.price' });
    await refused({ ...good, naplata: 'besplatno' }, 400, { field: 'panel.naplata' });
    await refused({ ...good, sifra: 'kks' }, 409, { code: 'panel.duplicateCode', field: 'panel.sifra' });
    await refused({ ...good, _id: '00000000-0000-4000-8000-000000000000' }, 404, { code: 'notFound' });
    expect(await panels()).toEqual(before);
  });

  it('is for those who may change settings only', async () => {
    const response = await client.post(tech, '/assays/paneli/edit', { panel: { sifra: code(), naziv: 'X', testovi: [cat.ids.GLU], price: 1, naplata: 'testovi' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('a sample ordered with a panel', () => {
  // GLU 3.50 + CHOL 4.50 + HDL 6.00 = 14.00 one by one.
  const tests = () => [cat.ids.GLU, cat.ids.CHOL, cat.ids.HDL];

  async function order(panelId: string, testovi = tests()): Promise<SampleView> {
    const response = await client.post(tech, '/uzorci/save', { pid: patientId, testovi, paneli: [panelId] });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SampleView>();
  }

  async function invoiceTotal(sampleId: string): Promise<string> {
    const response = await client.get(tech, `/predracun/${patientId}/pregled?uzorci=${sampleId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<InvoiceAnswer>().predracun.ukupno;
  }

  it('charged as a panel costs the panel price, spread over its tests, on the sample and the invoice', async () => {
    const panel = await savePanel({ sifra: code(), naziv: 'Panel cijena', testovi: tests(), price: 10, naplata: 'panel' });
    const sample = await order(panel._id);
    expect(sample.uzorak.ukupno).toBe('10.00');
    expect(sample.uzorak.tests.map((test) => test.panel)).toEqual([panel._id, panel._id, panel._id]);
    expect(sample.uzorak.tests.map((test) => test.price).sort()).toEqual(['2.50', '3.21', '4.29']);
    expect(await invoiceTotal(sample.uzorak._id)).toBe('10.00');
  });

  it('charged by its tests costs what its tests cost', async () => {
    const panel = await savePanel({ sifra: code(), naziv: 'Panel testovi', testovi: tests(), price: 10, naplata: 'testovi' });
    const sample = await order(panel._id);
    expect(sample.uzorak.ukupno).toBe('14.00');
    expect(await invoiceTotal(sample.uzorak._id)).toBe('14.00');
  });

  it('with a test removed at once or later costs its remaining tests, never more than the panel', async () => {
    const panel = await savePanel({ sifra: code(), naziv: 'Panel bez jednog', testovi: tests(), price: 10, naplata: 'panel' });
    // Without HDL: 3.50 + 4.50 = 8.00 < 10.00.
    const partial = await order(panel._id, [cat.ids.GLU, cat.ids.CHOL]);
    expect(partial.uzorak.ukupno).toBe('8.00');
    // Whole, then HDL taken off in the edit dialog: repriced to 8.00; GLU off as well: 4.50.
    const whole = await order(panel._id);
    const edit = async (testovi: string[]) => {
      const response = await client.post(tech, '/uzorci/update', { sid: whole.uzorak._id, testovi });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SampleView>().uzorak;
    };
    expect((await edit([cat.ids.GLU, cat.ids.CHOL])).ukupno).toBe('8.00');
    expect(await invoiceTotal(whole.uzorak._id)).toBe('8.00');
    // A test added alone later is charged on its own and does not join the panel.
    const withTg = await edit([cat.ids.GLU, cat.ids.CHOL, cat.ids.TG]);
    expect(withTg.ukupno).toBe('12.50');
    expect(withTg.tests.find((test) => test.labassay === cat.ids.TG)?.panel).toBeNull();
  });

  it('a panel of another site answers 404 naming the field, and no sample is made', async () => {
    const tuzla = (await panels(admin, tuzlaSite)).find((panel) => panel.sifra === 'KKS')!;
    const response = await client.post(tech, '/uzorci/save', { pid: patientId, testovi: tests(), paneli: [tuzla._id] });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'notFound', field: 'paneli.0' });
  });
});
