import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { encodeBirthDate, toIsoDate, type CalendarDate, type PatientSavedAnswer } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { labAssays, labSections, referenceRanges } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { siteDay } from '../../test/site-day.ts';

/**
 * Test assays of their own section, so sample tests do not depend on the
 * demo catalogue: plain, calculated, sex-, age-, pregnancy- and
 * menopause-specific, and a disabled one.
 */
export interface FixtureCatalogue {
  sectionId: string;
  sectionSifra: string;
  sectionNaziv: string;
  ids: Record<'GLU' | 'CHOL' | 'HDL' | 'TG' | 'LDL' | 'PSA' | 'NEO' | 'HCG' | 'AMH' | 'OFF', string>;
}

const ADULT_DAYS = 18 * 365;

export async function createFixtureCatalogue(db: Db): Promise<FixtureCatalogue> {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const sectionSifra = `T${tag}`;
  const sectionNaziv = `Test sekcija ${tag}`;
  const [section] = await db.insert(labSections).values({ sifra: sectionSifra, naziv: sectionNaziv, redoslijed: 999 }).returning();
  if (!section) throw new Error('no section');
  const plain = (sifra: string, price: string, extra: Partial<typeof labAssays.$inferInsert> = {}) => ({
    sifra: `${sifra}-${tag}`, naziv: `${sifra} test`, analit: sifra, sekcijaId: section.id, price, ...extra,
  });
  const base = await db.insert(labAssays).values([
    plain('GLU', '3.50', { redoslijed: 1 }), plain('CHOL', '4.50', { redoslijed: 2 }), plain('HDL', '6.00', { redoslijed: 3 }),
    plain('TG', '4.50', { redoslijed: 4 }), plain('PSA', '18.00', { redoslijed: 6 }), plain('NEO', '5.00', { redoslijed: 7 }),
    plain('HCG', '10.00', { redoslijed: 8 }), plain('AMH', '25.00', { redoslijed: 9 }), plain('OFF', '1.00', { redoslijed: 10, disabled: true }),
  ]).returning({ id: labAssays.id, sifra: labAssays.sifra });
  const id = (name: string) => {
    const row = base.find((item) => item.sifra === `${name}-${tag}`);
    if (!row) throw new Error(`fixture ${name} missing`);
    return row.id;
  };
  const [ldl] = await db.insert(labAssays).values(plain('LDL', '3.00', {
    redoslijed: 5, calculated: true, formula: 'friedewald(CHOL, HDL, TG)', calculatedTests: [id('CHOL'), id('HDL'), id('TG')],
  })).returning({ id: labAssays.id });
  if (!ldl) throw new Error('no LDL');
  const any = { ageMinDays: 0, ageMaxDays: 54_750 };
  await db.insert(referenceRanges).values([
    { labassayId: id('GLU'), ...any, low: '3.9', high: '6.1' },
    { labassayId: id('PSA'), ...any, spol: 'MUŠKI', ageMinDays: ADULT_DAYS, high: '4' },
    { labassayId: id('NEO'), ...any, ageMaxDays: 28, low: '1', high: '2' },
    { labassayId: id('HCG'), ...any, spol: 'ŽENSKI', trudnica: true, low: '5', high: '50000' },
    { labassayId: id('AMH'), ...any, spol: 'ŽENSKI', menopauza: false, low: '1', high: '10' },
  ]);
  return {
    sectionId: section.id,
    sectionSifra,
    sectionNaziv,
    ids: {
      GLU: id('GLU'), CHOL: id('CHOL'), HDL: id('HDL'), TG: id('TG'), LDL: ldl.id, PSA: id('PSA'), NEO: id('NEO'), HCG: id('HCG'), AMH: id('AMH'), OFF: id('OFF'),
    },
  };
}

let serial = 0;

/** A valid JMBG for a birth date and sex, unique within the test file (serial counts up, check digit 0). */
export function jmbgFor(birth: CalendarDate, spol: 'MUŠKI' | 'ŽENSKI'): string {
  serial += 1;
  const dayMonth = `${String(birth.day).padStart(2, '0')}${String(birth.month).padStart(2, '0')}`;
  const year = String(birth.year % 1000).padStart(3, '0');
  const region = String(10 + (Math.floor(serial / 500) % 80)).padStart(2, '0');
  const number = (spol === 'MUŠKI' ? 0 : 500) + (serial % 500);
  return `${dayMonth}${year}${region}${String(number).padStart(3, '0')}0`;
}

/** The demo sites' today (test/site-day.ts). */
export function todayInSarajevo(): CalendarDate {
  return siteDay();
}

export function daysAgo(days: number): CalendarDate {
  return siteDay(-days);
}

/** A newborn registered by date of birth (placeholder ID). */
export function newbornJmbg(ageDays: number): string {
  return encodeBirthDate(daysAgo(ageDays), null);
}

export { toIsoDate };

export interface Api {
  post(user: SignedIn, url: string, payload: Record<string, unknown>, site?: string): Promise<LightMyRequestResponse>;
  get(user: SignedIn, url: string, site?: string): Promise<LightMyRequestResponse>;
}

export function api(t: TestApp): Api {
  return {
    post: (user, url, payload, site = user.site) => t.app.inject({
      method: 'POST', url: `/api${url}`, headers: { authorization: `Bearer ${user.token}`, 'x-site': site }, payload,
    }),
    get: (user, url, site = user.site) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${user.token}`, 'x-site': site } }),
  };
}

export async function registerPatient(client: Api, user: SignedIn, jmbg: string, overrides: Record<string, unknown> = {}): Promise<{ _id: string; jmbg: string }> {
  const response = await client.post(user, '/pacijenti/unos/save', {
    jmbg, ime: 'Uzorak', prezime: 'Testović', spol: 'MUŠKI', adresa: 'Testna 2', telefon: '062 000 000', symptoms: { pacijentbezsimptoma: true },
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`patient not saved: ${response.body}`);
  return response.json<PatientSavedAnswer>().pacijent;
}
