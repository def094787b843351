import { and, eq } from 'drizzle-orm';
import { calendarDateOf, type FailureAnswer, type PatientListAnswer, type PatientSavedAnswer } from '@lis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, auditLog, patients } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: SignedIn;
let tech: SignedIn;
let viewer: SignedIn;
let tuzla: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, tech, viewer] = await Promise.all([signIn(t.app, 'admin@demo.lab'), signIn(t.app, 'tehnicar@demo.lab'), signIn(t.app, 'pregled@demo.lab')]);
  tuzla = siteId(admin, 'TZ');
});
afterAll(async () => { await t.close(); });

let serial = 100;
/** A fresh, valid JMBG per call (born 1 January 1985, serial counting up, so tests never collide). */
function nextJmbg(): string {
  serial += 1;
  return `010198517${String(serial).padStart(3, '0')}0`;
}

function intake(overrides: Record<string, unknown> = {}) {
  return {
    jmbg: nextJmbg(), ime: ' test ', prezime: 'pacijentović', spol: 'MUŠKI', adresa: 'Testna 1, Sarajevo', telefon: '061 000 000',
    email: 'test@example.ba', passport: 'B1234567', language: ['Bosanski jezik'], symptoms: { umor: true }, note: '', duhan: '', dijabetes: '',
    ...overrides,
  };
}

function post(user: SignedIn, url: string, payload: Record<string, unknown>, site = user.site) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: `Bearer ${user.token}`, 'x-site': site }, payload });
}

function get(user: SignedIn, url: string, site = user.site) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${user.token}`, 'x-site': site } });
}

async function register(overrides: Record<string, unknown> = {}) {
  const response = await post(tech, '/pacijenti/unos/save', intake(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PatientSavedAnswer>().pacijent;
}

describe('POST /api/pacijenti/unos/save', () => {
  it('registers a patient with names upper-cased and the birth read from the ID', async () => {
    const jmbg = nextJmbg();
    const response = await post(tech, '/pacijenti/unos/save', intake({ jmbg }));
    expect(response.statusCode).toBe(201);
    const { pacijent } = response.json<PatientSavedAnswer>();
    expect(pacijent).toMatchObject({
      jmbg, ime: 'TEST', prezime: 'PACIJENTOVIĆ', spol: 'MUŠKI', datum_rodjenja: '1985-01-01', godiste: 1985, language: ['Bosanski jezik'],
    });
    expect(pacijent.symptoms.umor).toBe(true);
    expect(pacijent.symptoms.pacijentbezsimptoma).toBe(false);
    expect(pacijent._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes an audit row with the new patient', async () => {
    const pacijent = await register();
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'patient'), eq(auditLog.entityId, pacijent._id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'patient.create', userId: tech.userId, siteId: tech.site });
    expect(rows[0]?.newValue).toMatchObject({ jmbg: pacijent.jmbg, ime: 'TEST' });
  });

  it('saves each placeholder mode with what it tells', async () => {
    const datr = await post(tech, '/pacijenti/unos/save', intake({ jmbg: '150398510001P' }));
    expect(datr.json<PatientSavedAnswer>().pacijent).toMatchObject({ datum_rodjenja: '1985-03-15', godiste: 1985 });
    const god = await post(tech, '/pacijenti/unos/save', intake({ jmbg: '000001210001P' }));
    expect(god.json<PatientSavedAnswer>().pacijent).toMatchObject({ datum_rodjenja: null, godiste: 2012 });
    const bez = await post(tech, '/pacijenti/unos/save', intake({ jmbg: '000090010001P', godiste: 1970 }));
    expect(bez.json<PatientSavedAnswer>().pacijent).toMatchObject({ datum_rodjenja: null, godiste: 1970 });
  });

  it('answers a registered ID with 409, the spec message and the patient', async () => {
    const first = await register();
    const again = await post(tech, '/pacijenti/unos/save', intake({ jmbg: first.jmbg, ime: 'Drugi' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false, message: 'Uneseni Matični broj je već registriran!', code: 'patient.duplicate', field: 'jmbg', pacijent: { _id: first._id, ime: 'TEST' },
    });
  });

  it('lets exactly one of two simultaneous saves of one ID succeed', async () => {
    const jmbg = nextJmbg();
    const responses = await Promise.all([
      post(tech, '/pacijenti/unos/save', intake({ jmbg, ime: 'Prvi' })),
      post(admin, '/pacijenti/unos/save', intake({ jmbg, ime: 'Drugi' })),
      post(tech, '/pacijenti/unos/save', intake({ jmbg, ime: 'Treći' })),
    ]);
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const winner = responses.find((response) => response.statusCode === 201)!.json<PatientSavedAnswer>().pacijent;
    for (const loser of responses.filter((response) => response.statusCode === 409)) {
      expect(loser.json()).toMatchObject({ message: 'Uneseni Matični broj je već registriran!', pacijent: { _id: winner._id } });
    }
    const rows = await t.database.db.select().from(patients).where(eq(patients.jmbg, jmbg));
    expect(rows).toHaveLength(1);
  });

  it("gives a chance placeholder collision with another person a new random tail", async () => {
    const first = await register({ jmbg: '010199012345P', ime: 'Prva', prezime: 'Osoba' });
    const second = await post(tech, '/pacijenti/unos/save', intake({ jmbg: '010199012345P', ime: 'Druga', prezime: 'Osoba' }));
    expect(second.statusCode).toBe(201);
    const saved = second.json<PatientSavedAnswer>().pacijent.jmbg;
    expect(saved).toMatch(/^0101990\d{5}P$/);
    expect(saved).not.toBe(first.jmbg);
    const resend = await post(tech, '/pacijenti/unos/save', intake({ jmbg: '010199012345P', ime: 'Prva', prezime: 'Osoba' }));
    expect(resend.statusCode).toBe(409);
  });

  it('names each missing required field with the spec warning', async () => {
    for (const field of ['jmbg', 'ime', 'prezime', 'spol', 'adresa', 'telefon', 'symptoms']) {
      const response = await post(tech, '/pacijenti/unos/save', intake({ [field]: undefined }));
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ success: false, message: 'Unesite obavezna polja.', code: 'form.required', field });
    }
    const noSymptom = await post(tech, '/pacijenti/unos/save', intake({ symptoms: { umor: false } }));
    expect(noSymptom.json()).toMatchObject({ code: 'form.required', field: 'symptoms' });
  });

  it('answers the ID, birth-date and birth-year messages', async () => {
    const cases: [string, string, string][] = [
      ['123', 'patient.jmbgInvalid', 'Matični broj nije validan.'],
      ['0101185170003', 'patient.jmbgInvalid', 'Matični broj nije validan.'],
      ['0101099170003', 'patient.jmbgInvalid', 'Matični broj nije validan.'],
      ['300298510000P', 'patient.birthDateInvalid', 'Datum rođenja nije validan.'],
      ['000092010000P', 'patient.birthYearInvalid', 'Godište nije validno.'],
    ];
    for (const [jmbg, code, text] of cases) {
      const response = await post(tech, '/pacijenti/unos/save', intake({ jmbg }));
      expect(response.statusCode, jmbg).toBe(400);
      expect(response.json(), jmbg).toMatchObject({ code, message: text, field: 'jmbg' });
    }
  });

  it('refuses a JMBG whose date part is impossible (31 February) and saves nothing', async () => {
    const response = await post(tech, '/pacijenti/unos/save', intake({ jmbg: '3102985170004' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'patient.jmbgInvalid', message: 'Matični broj nije validan.', field: 'jmbg' });
    expect(await t.database.db.select().from(patients).where(eq(patients.jmbg, '3102985170004'))).toHaveLength(0);
  });

  it('accepts a JMBG with a real date and a wrong control digit (real IDs like that exist)', async () => {
    // 0101985170003 is the correct control digit for these twelve digits; 9 is wrong.
    const response = await post(tech, '/pacijenti/unos/save', intake({ jmbg: '0101985170009' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<PatientSavedAnswer>().pacijent).toMatchObject({ jmbg: '0101985170009', datum_rodjenja: '1985-01-01' });
  });

  it('refuses wrong types, oversized text and a bad e-mail without a 500', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ime: 42 }, 'ime', 'form.invalid'],
      [{ symptoms: 'umor' }, 'symptoms', 'form.invalid'],
      [{ language: ['Latinski'] }, 'language.0', 'form.invalid'],
      [{ adresa: 'a'.repeat(301) }, 'adresa', 'form.invalid'],
      [{ note: 'n'.repeat(2001) }, 'note', 'form.invalid'],
      [{ email: 'nije-adresa' }, 'email', 'patient.emailInvalid'],
      [{ spol: 'X' }, 'spol', 'form.required'],
    ];
    for (const [change, field, code] of cases) {
      const response = await post(tech, '/pacijenti/unos/save', intake(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, field, code });
    }
    const notJson = await t.app.inject({
      method: 'POST', url: '/api/pacijenti/unos/save', headers: { authorization: `Bearer ${tech.token}`, 'content-type': 'application/json' }, payload: '[1,2',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses a read-only user (403) and a missing token (401)', async () => {
    const readOnly = await post(viewer, '/pacijenti/unos/save', intake());
    expect(readOnly.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/pacijenti/unos/save', payload: intake() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<FailureAnswer>().message).toBe('Niste autorizirani');
  });

  it("refuses a site the user does not have with 403", async () => {
    const response = await post(tech, '/pacijenti/unos/save', intake(), tuzla);
    expect(response.statusCode).toBe(403);
  });

  it('accepts token and site in the body, as the spec sends them', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/pacijenti/unos/save', payload: { ...intake(), token: tech.token, site: tech.site } });
    expect(response.statusCode).toBe(201);
  });
});

describe('POST /api/pacijenti/unos/find', () => {
  it("answers 'Pacijent postoji' with the patient", async () => {
    const pacijent = await register();
    const response = await post(viewer, '/pacijenti/unos/find', { jmbg: pacijent.jmbg });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, exists: true, message: 'Pacijent postoji', code: 'patient.exists', pacijent: { _id: pacijent._id } });
    const rows = await t.database.db.select().from(accessLog).where(eq(accessLog.entityId, pacijent._id));
    expect(rows).toEqual([expect.objectContaining({ userId: viewer.userId, entity: 'patient' })]);
  });

  it('answers exists: false for an unknown ID', async () => {
    const response = await post(viewer, '/pacijenti/unos/find', { jmbg: nextJmbg() });
    expect(response.json()).toEqual({ success: true, exists: false, pacijent: null });
  });

  it('refuses an invalid or missing ID', async () => {
    expect((await post(viewer, '/pacijenti/unos/find', { jmbg: '12' })).json()).toMatchObject({ code: 'patient.jmbgInvalid', field: 'jmbg' });
    expect((await post(viewer, '/pacijenti/unos/find', {})).json()).toMatchObject({ code: 'form.required', field: 'jmbg' });
    expect((await post(viewer, '/pacijenti/unos/find', { jmbg: 1234567890123 })).statusCode).toBe(400);
  });
});

describe('GET /api/pacijenti/detalji/{id}', () => {
  it('answers the patient and writes the access log', async () => {
    const pacijent = await register();
    const response = await get(viewer, `/pacijenti/detalji/${pacijent._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<PatientSavedAnswer>().pacijent).toMatchObject({ _id: pacijent._id, jmbg: pacijent.jmbg, ime: 'TEST', prezime: 'PACIJENTOVIĆ', telefon: '061 000 000' });
    const rows = await t.database.db.select().from(accessLog).where(and(eq(accessLog.entity, 'patient'), eq(accessLog.entityId, pacijent._id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: viewer.userId, siteId: viewer.site });
  });

  it('shows a patient on every site of the lab', async () => {
    const pacijent = await register();
    const response = await get(admin, `/pacijenti/detalji/${pacijent._id}`, tuzla);
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(accessLog).where(eq(accessLog.entityId, pacijent._id));
    expect(rows.map((row) => row.siteId)).toEqual([tuzla]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get(viewer, '/pacijenti/detalji/5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10')).statusCode).toBe(404);
    expect((await get(viewer, '/pacijenti/detalji/not-a-uuid')).statusCode).toBe(404);
    expect((await get(viewer, "/pacijenti/detalji/1' or '1'='1")).statusCode).toBe(404);
  });
});

describe('POST /api/pacijenti/detalji/update/{id}', () => {
  it('changes the fields sent and writes one audit row per changed field', async () => {
    const pacijent = await register();
    const response = await post(tech, `/pacijenti/detalji/update/${pacijent._id}`, {
      id: pacijent._id, ime: 'promijenjen', adresa: 'Nova 5', note: 'Alergija na lateks', lokacija: 'Dom zdravlja Centar', telefon: '061 000 000',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PatientSavedAnswer>().pacijent).toMatchObject({ ime: 'PROMIJENJEN', adresa: 'Nova 5', note: 'Alergija na lateks', lokacija: 'Dom zdravlja Centar', prezime: 'PACIJENTOVIĆ' });
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, pacijent._id), eq(auditLog.action, 'patient.update')));
    expect(rows.map((row) => [row.field, row.oldValue, row.newValue]).sort()).toEqual([
      ['adresa', 'Testna 1, Sarajevo', 'Nova 5'], ['ime', 'TEST', 'PROMIJENJEN'], ['lokacija', '', 'Dom zdravlja Centar'], ['note', '', 'Alergija na lateks'],
    ]);
  });

  it('re-derives the birth when the ID changes, and takes a typed year only where the ID has none', async () => {
    const pacijent = await register({ jmbg: '000090010101P', godiste: null });
    const siteYear = calendarDateOf(new Date(), 'Europe/Sarajevo').year;
    const future = await post(tech, `/pacijenti/detalji/update/${pacijent._id}`, { godiste: siteYear + 1 });
    expect(future.json()).toMatchObject({ code: 'patient.birthYearInvalid', field: 'godiste' });
    expect((await post(tech, `/pacijenti/detalji/update/${pacijent._id}`, { godiste: siteYear })).statusCode).toBe(200);
    const typed = await post(tech, `/pacijenti/detalji/update/${pacijent._id}`, { godiste: '1955' });
    expect(typed.json<PatientSavedAnswer>().pacijent).toMatchObject({ godiste: 1955, datum_rodjenja: null });
    const newId = nextJmbg();
    const real = await post(tech, `/pacijenti/detalji/update/${pacijent._id}`, { jmbg: newId, godiste: 1955 });
    expect(real.json<PatientSavedAnswer>().pacijent).toMatchObject({ jmbg: newId, godiste: 1985, datum_rodjenja: '1985-01-01' });
  });

  it("answers 409 with the other patient for an ID that is someone else's", async () => {
    const [first, second] = [await register(), await register()];
    const response = await post(tech, `/pacijenti/detalji/update/${second._id}`, { jmbg: first.jmbg });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'patient.duplicate', pacijent: { _id: first._id } });
  });

  it('refuses emptying a required field, an invalid ID, a read-only user and an unknown id', async () => {
    const pacijent = await register();
    expect((await post(tech, `/pacijenti/detalji/update/${pacijent._id}`, { prezime: ' ' })).json()).toMatchObject({ code: 'form.required', field: 'prezime' });
    expect((await post(tech, `/pacijenti/detalji/update/${pacijent._id}`, { jmbg: '99' })).json()).toMatchObject({ code: 'patient.jmbgInvalid' });
    expect((await post(viewer, `/pacijenti/detalji/update/${pacijent._id}`, { adresa: 'X' })).statusCode).toBe(403);
    expect((await post(tech, '/pacijenti/detalji/update/5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10', { adresa: 'X' })).statusCode).toBe(404);
  });

  it('changes nothing and writes no audit row when nothing differs', async () => {
    const pacijent = await register();
    const response = await post(tech, `/pacijenti/detalji/update/${pacijent._id}`, { ime: 'test', adresa: 'Testna 1, Sarajevo' });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, pacijent._id), eq(auditLog.action, 'patient.update')));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/pacijenti/list', () => {
  it('finds patients by the start of prezime, ime or jmbg, on every site', async () => {
    const pacijent = await register({ ime: 'Zlatan', prezime: 'Listić' });
    for (const filter of ['listi', 'LISTIĆ zlat', pacijent.jmbg.slice(0, 9)]) {
      const response = await get(admin, `/pacijenti/list?datum=SVE&per_page=100&filter=${encodeURIComponent(filter)}`, tuzla);
      expect(response.statusCode, filter).toBe(200);
      const ids = response.json<PatientListAnswer>().data.map((row) => row._id);
      expect(ids, filter).toContain(pacijent._id);
    }
    const none = await get(admin, `/pacijenti/list?datum=SVE&filter=${encodeURIComponent('stić')}`);
    expect(none.json<PatientListAnswer>().data.map((row) => row._id)).not.toContain(pacijent._id);
  });

  it('answers the list contract and refuses unknown sort fields', async () => {
    const response = await get(viewer, '/pacijenti/list?datum=SVE&per_page=2&sort=prezime|asc');
    expect(response.json()).toMatchObject({ success: true, pagination: { per_page: 2, current_page: 1 } });
    expect(response.json<PatientListAnswer>().data.length).toBeLessThanOrEqual(2);
    expect(response.json<PatientListAnswer>().data[0]).toHaveProperty('nezavrseni');
    expect((await get(viewer, '/pacijenti/list?sort=telefon|asc')).statusCode).toBe(400);
    expect((await get(viewer, '/pacijenti/list?per_page=abc')).statusCode).toBe(400);
  });
});
