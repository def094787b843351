import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_KEY_FOLD_FROM, bosnianSortKey, foldForSearch, type PatientListAnswer } from '@lis/domain';
import { patients } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let tech: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  tech = await signIn(t.app, 'tehnicar@demo.lab');
});
afterAll(async () => { await t.close(); });

/** Names written straight into the table, with every character the key folds, digraphs, digits, separators and characters it drops. */
const ORACLE_NAMES = [
  SORT_KEY_FOLD_FROM, SORT_KEY_FOLD_FROM.toLowerCase(), 'DŽAFIĆ', 'Džafić', 'LJUBOVIĆ', 'NJEGOVAN', 'INJEKCIJA', 'ĐOKIĆ', 'ŠEHIĆ-ŽUNIĆ',
  "O'NEIL", 'ANA MARIJA', 'HODŽIĆ 2', 'A_B%C\\D', 'Ǆ ǈ ǋ', 'ŁUKASZ', 'Γιώργος', '  ', '', 'ČĆČĆ', 'dzdž', 'ljlj nj', 'ЖУК',
];

let serial = 0;
const jmbg = () => `SORT${String((serial += 1)).padStart(6, '0')}P`;

describe('Bosnian sort keys and search folds kept by the database', () => {
  it('are exactly the domain functions bosnianSortKey and foldForSearch of ime and prezime', async () => {
    const rows = await t.database.db.insert(patients)
      .values(ORACLE_NAMES.map((name) => ({ jmbg: jmbg(), ime: name, prezime: `${name} X`, spol: 'MUŠKI' })))
      .returning({
        ime: patients.ime, prezime: patients.prezime, imeSort: patients.imeSort, prezimeSort: patients.prezimeSort,
        imeSearch: patients.imeSearch, prezimeSearch: patients.prezimeSearch,
      });
    for (const row of rows) {
      expect(row.imeSort, row.ime).toBe(bosnianSortKey(row.ime));
      expect(row.prezimeSort, row.prezime).toBe(bosnianSortKey(row.prezime));
      expect(row.imeSearch, row.ime).toBe(foldForSearch(row.ime));
      expect(row.prezimeSearch, row.prezime).toBe(foldForSearch(row.prezime));
    }
    // An update rewrites the key.
    const ids = await t.database.db.update(patients).set({ prezime: 'ŠARIĆ' }).where(inArray(patients.jmbg, ['SORT000001P'])).returning({ key: patients.prezimeSort });
    expect(ids[0]?.key).toBe(bosnianSortKey('ŠARIĆ'));
  });
});

describe('the patients list in Bosnian alphabetical order', () => {
  const SURNAMES = ['ŽUNIĆ', 'ZEC', 'ŠEHIĆ', 'SARIĆ', 'NJEGOŠ', 'NUHIĆ', 'LJUBOVIĆ', 'LUKIĆ', 'ĐOZO', 'DŽEKO', 'DAUTOVIĆ', 'ĆATIĆ', 'ČOLIĆ', 'CERIĆ', 'BEGIĆ'];
  const ALPHABETICAL = ['BEGIĆ', 'CERIĆ', 'ČOLIĆ', 'ĆATIĆ', 'DAUTOVIĆ', 'DŽEKO', 'ĐOZO', 'LUKIĆ', 'LJUBOVIĆ', 'NUHIĆ', 'NJEGOŠ', 'SARIĆ', 'ŠEHIĆ', 'ZEC', 'ŽUNIĆ'];

  beforeAll(async () => {
    await t.database.db.insert(patients).values(SURNAMES.map((prezime) => ({ jmbg: jmbg(), ime: 'ABECEDA', prezime, spol: 'ŽENSKI' })));
  });

  const list = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET', url: `/api/pacijenti/list?datum=SVE&per_page=100&${query}`, headers: { authorization: `Bearer ${tech.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PatientListAnswer>().data;
  };

  it('sorts prezime with Č, Ć, Dž, Đ, Lj, Nj, Š, Ž in their places, both ways', async () => {
    expect((await list('filter=abeceda&sort=prezime|asc')).map((row) => row.prezime)).toEqual(ALPHABETICAL);
    expect((await list('filter=abeceda&sort=prezime|desc')).map((row) => row.prezime)).toEqual([...ALPHABETICAL].reverse());
  });

  it("finds a name by its start typed with or without capitals, diacritics as typed ('čol' finds Čolić)", async () => {
    for (const filter of ['čol', 'ČOL', 'Čolić abeceda']) {
      expect((await list(`filter=${encodeURIComponent(filter)}`)).map((row) => row.prezime), filter).toEqual(['ČOLIĆ']);
    }
    expect((await list(`filter=${encodeURIComponent('dže abeceda')}`)).map((row) => row.prezime)).toEqual(['DŽEKO']);
  });

  it("finds a name typed without diacritics ('colic' finds Čolić, 'dzeko' Džeko, 'sehic' Šehić)", async () => {
    for (const [filter, prezime] of [['colic', 'ČOLIĆ'], ['dzeko', 'DŽEKO'], ['SEHIC', 'ŠEHIĆ'], ['dozo', 'ĐOZO'], ['zun', 'ŽUNIĆ']] as const) {
      expect((await list(`filter=${encodeURIComponent(`${filter} abeceda`)}`)).map((row) => row.prezime), filter).toEqual([prezime]);
    }
    // A word typed with diacritics matches them as typed: 'ćat' finds Ćatić, 'čat' nothing.
    expect((await list(`filter=${encodeURIComponent('ćat abeceda')}`)).map((row) => row.prezime)).toEqual(['ĆATIĆ']);
    expect((await list(`filter=${encodeURIComponent('čat abeceda')}`)).map((row) => row.prezime)).toEqual([]);
  });
});
