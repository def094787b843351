import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ResultsShowAnswer, ResultsStatusAnswer, ResultTest, SampleSavedAnswer } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { labAssays, labSections, referenceRanges } from '../../db/schema.ts';
import type { SignedIn } from '../../test/harness.ts';
import type { Api } from '../samples/test-fixtures.ts';

/**
 * A catalogue of its own for the result tests, so they do not depend on the
 * demo catalogue: numeric assays with sex-, age- and pregnancy-specific
 * ranges, critical limits and delta limits, a calculated LDL whose formula
 * names its components by their codes, qualitative assays with and without
 * grades, and a text assay. Two sections, so the report order can be checked.
 */
export const RESULT_ASSAYS = ['GLU', 'K', 'HGB', 'ALP', 'CHOL', 'HDL', 'TG', 'LDL', 'URO', 'HIV', 'BOJA', 'CRP'] as const;
export type ResultAssay = (typeof RESULT_ASSAYS)[number];

export interface ResultCatalogue {
  ids: Record<ResultAssay, string>;
  sifra: Record<ResultAssay, string>;
  /** Section 'Prva' (redoslijed 900) holds CRP only; every other assay is in section 'Druga' (901). */
  sections: { first: string; second: string };
}

const ADULT_DAYS = 18 * 365;

export async function createResultCatalogue(db: Db): Promise<ResultCatalogue> {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const code = (name: ResultAssay) => `${name}-${tag}`;
  const [first, second] = await db.insert(labSections).values([
    { sifra: `RP${tag}`, naziv: `Prva ${tag}`, redoslijed: 900 },
    { sifra: `RD${tag}`, naziv: `Druga ${tag}`, redoslijed: 901 },
  ]).returning({ id: labSections.id });
  if (!first || !second) throw new Error('no sections');
  const assay = (name: ResultAssay, redoslijed: number, extra: Partial<typeof labAssays.$inferInsert> = {}) => ({
    sifra: code(name), naziv: `${name} test`, analit: name, sekcijaId: second.id, price: '2.00', redoslijed, decimals: 2, jedinica: 'mmol/L', ...extra,
  });
  const rows = await db.insert(labAssays).values([
    assay('GLU', 1, { decimals: 1, criticalLow: '2.2', criticalHigh: '25', deltaKind: 'absolute', deltaLimit: '2' }),
    assay('K', 2, { decimals: 1, criticalLow: '2.8', criticalHigh: '6.2', deltaKind: 'percent', deltaLimit: '20' }),
    assay('HGB', 3, { decimals: 0, jedinica: 'g/L', criticalLow: '70' }),
    assay('ALP', 4, { decimals: 0, jedinica: 'U/L' }),
    assay('CHOL', 5),
    assay('HDL', 6),
    assay('TG', 7),
    assay('URO', 9, { vrsta: 'qualitative', opcije: ['+', '++', '+++'], jedinica: '' }),
    assay('HIV', 10, { vrsta: 'qualitative', jedinica: '' }),
    assay('BOJA', 11, { vrsta: 'text', jedinica: '' }),
    assay('CRP', 1, { sekcijaId: first.id, decimals: 1, jedinica: 'mg/L' }),
  ]).returning({ id: labAssays.id, sifra: labAssays.sifra });
  const idOf = (name: ResultAssay) => {
    const row = rows.find((item) => item.sifra === code(name));
    if (!row) throw new Error(`fixture ${name} missing`);
    return row.id;
  };
  const [ldl] = await db.insert(labAssays).values(assay('LDL', 8, {
    calculated: true, formula: `friedewald([${code('CHOL')}], [${code('HDL')}], [${code('TG')}])`,
    calculatedTests: [idOf('CHOL'), idOf('HDL'), idOf('TG')],
  })).returning({ id: labAssays.id });
  if (!ldl) throw new Error('no LDL');
  const every = { ageMinDays: 0, ageMaxDays: 54_750 };
  await db.insert(referenceRanges).values([
    { labassayId: idOf('GLU'), ...every, low: '3.9', high: '6.1' },
    { labassayId: idOf('K'), ...every, low: '3.5', high: '5.1' },
    { labassayId: idOf('HGB'), ...every, spol: 'MUŠKI', low: '130', high: '170' },
    { labassayId: idOf('HGB'), ...every, spol: 'ŽENSKI', low: '120', high: '160' },
    { labassayId: idOf('HGB'), ...every, spol: 'ŽENSKI', trudnica: true, low: '110', high: '150' },
    { labassayId: idOf('ALP'), ageMinDays: 0, ageMaxDays: ADULT_DAYS - 1, low: '100', high: '400' },
    { labassayId: idOf('ALP'), ageMinDays: ADULT_DAYS, ageMaxDays: 54_750, low: '40', high: '130' },
    { labassayId: idOf('CHOL'), ...every, high: '5.2' },
    { labassayId: idOf('HDL'), ...every, low: '1.0' },
    { labassayId: idOf('TG'), ...every, high: '1.7' },
    { labassayId: ldl.id, ...every, high: '3.4' },
    { labassayId: idOf('URO'), ...every, tekst: 'Negativan' },
    { labassayId: idOf('HIV'), ...every, tekst: 'Negativan' },
    { labassayId: idOf('BOJA'), ...every, tekst: 'Žuta;Svijetložuta' },
    { labassayId: idOf('CRP'), ...every, high: '5' },
  ]);
  const ids = Object.fromEntries(RESULT_ASSAYS.map((name) => [name, name === 'LDL' ? ldl.id : idOf(name)])) as Record<ResultAssay, string>;
  const sifra = Object.fromEntries(RESULT_ASSAYS.map((name) => [name, code(name)])) as Record<ResultAssay, string>;
  return { ids, sifra, sections: { first: first.id, second: second.id } };
}

/** Calls of the result screen for one test file: a sample's tests by assay name, saves by assay name. */
export function resultCalls(client: Api, cat: ResultCatalogue) {
  const nameOf = (test: ResultTest): ResultAssay => {
    const name = RESULT_ASSAYS.find((candidate) => cat.sifra[candidate] === test.sifra);
    if (!name) throw new Error(`not a fixture assay: ${test.sifra}`);
    return name;
  };

  const calls = {
    async createSample(user: SignedIn, pid: string, tests: readonly ResultAssay[], extra: Record<string, unknown> = {}, site = user.site): Promise<{ _id: string; code: string }> {
      const response = await client.post(user, '/uzorci/save', { pid, testovi: tests.map((name) => cat.ids[name]), ...extra }, site);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<SampleSavedAnswer>().uzorak;
    },

    async show(user: SignedIn, sid: string, site = user.site): Promise<ResultsShowAnswer> {
      const response = await client.get(user, `/rezultati/${sid}`, site);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ResultsShowAnswer>();
    },

    /** The sample's tests by assay name. */
    async tests(user: SignedIn, sid: string, site = user.site): Promise<Partial<Record<ResultAssay, ResultTest>>> {
      const shown = await calls.show(user, sid, site);
      return Object.fromEntries(shown.tests.map((test) => [nameOf(test), test]));
    },

    /** Saves results by assay name against the version the screen shows now (or the one given). */
    async save(
      user: SignedIn, sid: string, values: Partial<Record<ResultAssay, string | null>>,
      options: { razlog?: string; version?: number; site?: string } = {},
    ): Promise<LightMyRequestResponse> {
      const site = options.site ?? user.site;
      const shown = await calls.show(user, sid, site);
      const byName = new Map(shown.tests.map((test) => [nameOf(test), test._id]));
      const rezultati = Object.entries(values).map(([name, rezultat]) => {
        const test = byName.get(name as ResultAssay);
        if (!test) throw new Error(`the sample has no ${name}`);
        return { test, rezultat };
      });
      return client.post(user, '/rezultati/save', {
        sid, version: options.version ?? shown.version, rezultati, ...(options.razlog === undefined ? {} : { razlog: options.razlog }),
      }, site);
    },

    /** Saves and expects success: the new status and version. */
    async saved(user: SignedIn, sid: string, values: Partial<Record<ResultAssay, string | null>>, options: { razlog?: string; site?: string } = {}): Promise<ResultsStatusAnswer> {
      const response = await calls.save(user, sid, values, options);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ResultsStatusAnswer>();
    },

    /** A result call that moves the sample (odobri, odobri/undo, verifikuj, verifikuj/undo). */
    move(user: SignedIn, path: string, body: Record<string, unknown>, site = user.site): Promise<LightMyRequestResponse> {
      return client.post(user, `/rezultati/${path}`, body, site);
    },

    async moved(user: SignedIn, path: string, body: Record<string, unknown>, site = user.site): Promise<ResultsStatusAnswer> {
      const response = await calls.move(user, path, body, site);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      return response.json<ResultsStatusAnswer>();
    },
  };
  return calls;
}
export type ResultCalls = ReturnType<typeof resultCalls>;
