import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_TYPES } from '../../db/seed/catalogue.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let viewer: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await signIn(t.app, 'pregled@demo.lab');
});
afterAll(async () => { await t.close(); });

describe('GET /api/uzorci/tipovi', () => {
  it('lists every sample type of the lab by name, to any user who reads samples', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/uzorci/tipovi', headers: { authorization: `Bearer ${viewer.token}` } });
    expect(response.statusCode, response.body).toBe(200);
    const { success, tipovi } = response.json<{ success: boolean; tipovi: { _id: string; sifra: string; naziv: string; naziv_en: string; naziv_de: string }[] }>();
    expect(success).toBe(true);
    expect(tipovi.map((tip) => tip.sifra).sort()).toEqual(SAMPLE_TYPES.map((tip) => tip.sifra).sort());
    const serum = tipovi.find((tip) => tip.sifra === 'SER');
    expect(serum?.naziv).toBe('Serum');
    expect(serum?._id).toMatch(/^[0-9a-f-]{36}$/);
    // The English and German names the web shows a reader of those languages (the sample stores naziv).
    expect(tipovi.find((tip) => tip.sifra === 'KEDTA')).toMatchObject({ naziv: 'Puna krv (K2EDTA)', naziv_en: 'Whole blood (K2EDTA)', naziv_de: 'Vollblut (K2EDTA)' });
    const names = tipovi.map((tip) => tip.naziv);
    expect(names).toEqual([...names].sort());
  });

  it('refuses a call without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/uzorci/tipovi' });
    expect(response.statusCode).toBe(401);
  });
});
