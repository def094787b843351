import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer, UserEditAnswer } from '@lis/domain';
import { DEMO_PASSWORD } from '../../db/seed/index.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, type Api } from '../samples/test-fixtures.ts';

// Microbiology mode is a user's setting: an administrator turns it on in the user's record, and the user's
// session carries it (`mikrobiologija` of the login answer), so the processing list opens on Mikrobiologija.

let t: TestApp;
let client: Api;
let admin: SignedIn;
let sarajevo: string;

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  admin = await signIn(t.app, 'admin@demo.lab');
  sarajevo = siteId(admin, 'SA');
});
afterAll(async () => { await t.close(); });

async function sessionOf(email: string, password: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/login/users', payload: { email, password }, remoteAddress: '10.78.0.9' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoginAnswer>().data;
}

describe('microbiology mode (users.mikrobiologija)', () => {
  it('is off by default, is kept in the user record and reaches the session, and is audited with the record', async () => {
    expect((await sessionOf('tehnicar@demo.lab', DEMO_PASSWORD)).mikrobiologija).toBe(false);
    const element = { email: 'mikro@lab.test', ime: 'Mira', prezime: 'Mikro', role: 'technician', level: 0, sites: [sarajevo], password: 'pocetna1' };
    const created = await client.post(admin, '/postavke/users/edit', { element });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json<UserEditAnswer>().element;
    expect(record.mikrobiologija).toBe(false);

    const updated = await client.post(admin, '/postavke/users/edit', { element: { ...element, _id: record._id, password: undefined, mikrobiologija: true } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<UserEditAnswer>().element.mikrobiologija).toBe(true);
    expect((await sessionOf('mikro@lab.test', 'pocetna1')).mikrobiologija).toBe(true);

    const history = await client.get(admin, `/postavke/users/history/${record._id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).toContain('"mikrobiologija":true');
  });

  it('refuses a value that is not true or false, naming the field', async () => {
    const response = await client.post(admin, '/postavke/users/edit', {
      element: { email: 'mikro2@lab.test', ime: 'Mira', prezime: 'Druga', role: 'technician', level: 0, sites: [sarajevo], password: 'pocetna1', mikrobiologija: 'da' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'element.mikrobiologija' });
  });
});
