import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineCall, listQuerySchema, type ListAnswer, type ListQueryInput, type SortSpec } from '@lis/domain';
import { buildApp } from '../app.ts';
import { queryRows, type Database, type Db } from './client.ts';
import { sites } from './schema.ts';
import { createTestDatabase, signIn } from '../test/harness.ts';
import { AppError } from '../lib/errors.ts';
import { listBaseUrl, listRoute } from '../lib/list-route.ts';
import { registerCall } from '../lib/register-call.ts';
import { COUNT_CAP, SEARCH_COUNT_CAP, escapeLike, listPageQuery, runList, type ListRequest, type ListSpec } from './list-query.ts';

/* A scratch table made for this test only: the helper must work on any table. */
const probe = pgTable('list_probe', {
  id: integer('id').primaryKey(),
  siteId: uuid('site_id').notNull(),
  ime: text('ime').notNull(),
  prezime: text('prezime').notNull(),
  sid: text('sid').notNull(),
  status: text('status').notNull(),
  datum: timestamp('datum', { withTimezone: true }).notNull(),
  score: integer('score'),
});
const probeNote = pgTable('list_probe_note', {
  id: integer('id').primaryKey(),
  probeId: integer('probe_id').notNull(),
  note: text('note').notNull(),
});

const ROWS = 3000;
const NOW = new Date('2024-06-10T10:00:00Z');
const MINUTES_APART = 37;
const IMENA = ['ANA', 'MARKO', 'EMINA', 'HARIS', 'LEJLA', 'AMAR', 'SELMA'];
const PREZIMENA = ['HODZIC', 'MARIC', 'KOVAC', 'BEGIC', 'DELIC', 'MARKOVIC', 'HASIC', 'OMEROVIC', 'PETROVIC', 'SMAJIC', 'ZUKIC'];
const STATUSI = ['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN'];
/** Rows of a third site whose names need escaping or non-ASCII lower-casing. */
const SPECIAL_PREZIMENA = ['ČAUŠEVIĆ', 'ĐURIĆ', 'O_NEIL', 'OXNEIL', 'A%B', 'AXB', 'A\\B'];
const SPECIAL_SITE = '00000000-0000-4000-8000-00000000000c';

interface Probe {
  id: number;
  siteId: string;
  ime: string;
  prezime: string;
  sid: string;
  status: string;
  datum: Date;
  score: number | null;
}

let database: Database;
let db: Db;
let siteA: string;
let siteB: string;
let probes: Probe[];

/** The same rows the INSERT … SELECT generate_series below makes, built in JavaScript for reference answers. */
function referenceProbes(): Probe[] {
  return Array.from({ length: ROWS }, (_, index) => {
    const g = index + 1;
    return {
      id: g,
      siteId: g % 3 === 0 ? siteB : siteA,
      ime: IMENA[g % 7]!,
      prezime: PREZIMENA[(g * 7) % 11]!,
      sid: String(g).padStart(6, '0'),
      status: STATUSI[g % 4]!,
      datum: new Date(NOW.getTime() - g * MINUTES_APART * 60_000),
      score: g % 10 === 0 ? null : (g * 13) % 50,
    };
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const siteRows = await db.select({ id: sites.id, sifra: sites.sifra }).from(sites);
  siteA = siteRows.find((site) => site.sifra === 'SA')!.id;
  siteB = siteRows.find((site) => site.sifra === 'TZ')!.id;
  await db.execute(sql`create table list_probe (
    id integer primary key, site_id uuid not null, ime text not null, prezime text not null, sid text not null,
    status text not null, datum timestamptz not null, score integer)`);
  await db.execute(sql`create table list_probe_note (id integer primary key, probe_id integer not null, note text not null)`);
  await db.execute(sql`insert into list_probe
    select g, case when g % 3 = 0 then ${siteB}::uuid else ${siteA}::uuid end,
      (${sql.raw(`array[${IMENA.map((name) => `'${name}'`).join(',')}]`)})[g % 7 + 1],
      (${sql.raw(`array[${PREZIMENA.map((name) => `'${name}'`).join(',')}]`)})[(g * 7) % 11 + 1],
      lpad(g::text, 6, '0'),
      (${sql.raw(`array[${STATUSI.map((name) => `'${name}'`).join(',')}]`)})[g % 4 + 1],
      ${NOW.toISOString()}::timestamptz - make_interval(mins => g * ${MINUTES_APART}),
      case when g % 10 = 0 then null else (g * 13) % 50 end
    from generate_series(1, ${ROWS}) as g`);
  await db.insert(probe).values(SPECIAL_PREZIMENA.map((prezime, index) => ({
    id: 10001 + index, siteId: SPECIAL_SITE, ime: 'TEST', prezime, sid: `C${index + 1}`, status: 'ZAPRIMLJEN', datum: NOW, score: index,
  })));
  await db.execute(sql`insert into list_probe_note select g, g, 'biljeska ' || g from generate_series(1, ${ROWS}) as g where g % 2 = 0`);
  // The indexes list-query.ts tells a feature to create.
  await db.execute(sql`create index list_probe_list_idx on list_probe (site_id, datum, id)`);
  await db.execute(sql`create index list_probe_ime_search_idx on list_probe (site_id, lower(ime) text_pattern_ops)`);
  await db.execute(sql`create index list_probe_prezime_search_idx on list_probe (site_id, lower(prezime) text_pattern_ops)`);
  await db.execute(sql`create index list_probe_sid_search_idx on list_probe (site_id, lower(sid) text_pattern_ops)`);
  await db.execute(sql`analyze list_probe`);
  probes = referenceProbes();
});

afterAll(async () => {
  await database?.close();
});

function probeQuery() {
  return db.select({
    id: probe.id, ime: probe.ime, prezime: probe.prezime, sid: probe.sid, status: probe.status, datum: probe.datum, score: probe.score,
  }).from(probe).$dynamic();
}

function probeSpec() {
  return {
    site: probe.siteId,
    query: probeQuery,
    sortable: {
      id: probe.id, ime: probe.ime, prezime: probe.prezime, sid: probe.sid, status: probe.status, datum: probe.datum, score: probe.score,
    },
    defaultSort: [{ field: 'datum', direction: 'desc' }],
    primaryKey: probe.id,
    filter: [probe.ime, probe.prezime, probe.sid],
    date: probe.datum,
    presets: { 'RADNA LISTA': sql`${probe.status} in ('ZAPRIMLJEN', 'U OBRADI')` },
    // Site A's 2,000 rows counted exactly, for the paging cases; the cap has cases of its own.
    countCap: 5_000,
  } satisfies ListSpec<ReturnType<typeof probeQuery>>;
}
function request(input: ListQueryInput, overrides: Partial<ListRequest<unknown>> = {}): ListRequest<unknown> {
  return {
    query: listQuerySchema.parse(input),
    extra: {},
    siteId: siteA,
    timeZone: 'Europe/Sarajevo',
    baseUrl: '/api/probe/list',
    now: NOW,
    accessLevel: 0,
    language: 'bs',
    ...overrides,
  };
}

async function list(input: ListQueryInput, overrides: Partial<ListRequest<unknown>> = {}) {
  const listRequest = request(input, overrides);
  return runList(db, listRequest, probeSpec());
}

/** PostgreSQL's order: numbers and times by value, these ASCII texts by code point, NULLs last ascending and first descending. */
function compareValues(a: string | number | Date | null, b: string | number | Date | null, direction: 'asc' | 'desc'): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    const nullFirst = direction === 'desc';
    return (a === null) === nullFirst ? -1 : 1;
  }
  const left = a instanceof Date ? a.getTime() : a;
  const right = b instanceof Date ? b.getTime() : b;
  const order = left < right ? -1 : left > right ? 1 : 0;
  return direction === 'asc' ? order : -order;
}

function referenceSort(rows: Probe[], sorts: SortSpec[]): Probe[] {
  const lastDirection = sorts.at(-1)?.direction ?? 'asc';
  return [...rows].sort((a, b) => {
    for (const sort of sorts) {
      const field = sort.field as keyof Probe;
      const order = compareValues(a[field], b[field], sort.direction);
      if (order !== 0) return order;
    }
    return compareValues(a.id, b.id, lastDirection);
  });
}

function matchesFilter(row: Probe, filter: string): boolean {
  const words = filter.trim().split(/\s+/).filter(Boolean).map((word) => word.toLowerCase());
  return words.every((word) => [row.ime, row.prezime, row.sid].some((value) => value.toLowerCase().startsWith(word)));
}

function ofSiteA(): Probe[] {
  return probes.filter((row) => row.siteId === siteA);
}

function ids(rows: { id: number }[]): number[] {
  return rows.map((row) => row.id);
}

async function expectAppError(promise: Promise<unknown>, expected: { status: number; code: string; field: string }): Promise<void> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject(expected);
}

describe('runList sorting', () => {
  it('sorts by the default sort when the call names none, newest first', async () => {
    const answer = await list({ datum: 'SVE' });
    expect(ids(answer.data)).toEqual(ids(referenceSort(ofSiteA(), [{ field: 'datum', direction: 'desc' }]).slice(0, 10)));
    expect(answer.data[0]).toMatchObject({ id: 1, ime: IMENA[1], sid: '000001' });
    expect(answer.data[0]?.datum).toBeInstanceOf(Date);
  });

  it('sorts by every sortable field in both directions', async () => {
    for (const field of ['id', 'ime', 'prezime', 'sid', 'status', 'datum', 'score']) {
      for (const direction of ['asc', 'desc'] as const) {
        const answer = await list({ datum: 'SVE', sort: `${field}|${direction}`, per_page: 50, page: 3 });
        const expected = referenceSort(ofSiteA(), [{ field, direction }]).slice(100, 150);
        expect(ids(answer.data), `${field} ${direction}`).toEqual(ids(expected));
      }
    }
  });

  it('sorts by several fields in the order given', async () => {
    const sorts: SortSpec[] = [{ field: 'score', direction: 'asc' }, { field: 'prezime', direction: 'desc' }, { field: 'datum', direction: 'asc' }];
    const expected = referenceSort(ofSiteA(), sorts);
    for (const page of [1, 7, 80]) {
      const answer = await list({ datum: 'SVE', sort: 'score|asc,prezime|desc,datum|asc', per_page: 25, page });
      expect(ids(answer.data)).toEqual(ids(expected.slice((page - 1) * 25, page * 25)));
    }
  });

  it('keeps paging stable over equal sort values: every row once, none twice', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 20; page += 1) {
      const answer = await list({ datum: 'SVE', sort: 'status|asc', per_page: 100, page });
      seen.push(...ids(answer.data));
    }
    expect(seen).toHaveLength(2000);
    expect(new Set(seen).size).toBe(2000);
    expect(seen).toEqual(ids(referenceSort(ofSiteA(), [{ field: 'status', direction: 'asc' }])));
  });

  it('refuses a field the list does not offer with a 400 naming sort', async () => {
    await expectAppError(list({ sort: 'siteId|asc' }), { status: 400, code: 'form.invalid', field: 'sort' });
    await expectAppError(list({ sort: 'constructor|asc' }), { status: 400, code: 'form.invalid', field: 'sort' });
  });
});

describe('runList filter (Pretraga)', () => {
  it('matches the start of any filter column, ignoring case', async () => {
    for (const filter of ['mar', 'MaRkO', '0001', 'hodz']) {
      const answer = await list({ datum: 'SVE', filter, per_page: 0, sort: 'id|asc' });
      const expected = ofSiteA().filter((row) => matchesFilter(row, filter));
      expect(expected.length, filter).toBeGreaterThan(0);
      expect(ids(answer.data), filter).toEqual(ids(expected));
      expect(answer.pagination.total).toBe(expected.length);
    }
  });

  it('needs every word to match some column', async () => {
    const answer = await list({ datum: 'SVE', filter: 'marko  maric', per_page: 0, sort: 'id|asc' });
    const expected = ofSiteA().filter((row) => matchesFilter(row, 'marko maric'));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.every((row) => row.ime === 'MARKO' && row.prezime.startsWith('MARIC'))).toBe(true);
    expect(ids(answer.data)).toEqual(ids(expected));
  });

  it('finds nothing for a word inside a value only, and says so in the pagination', async () => {
    const answer = await list({ datum: 'SVE', filter: 'kovic' });
    expect(answer.data).toEqual([]);
    expect(answer.pagination).toMatchObject({ total: 0, current_page: 1, last_page: 1, from: null, to: null });
  });

  it('lower-cases letters such as Č and Đ and takes %, _ and \\ literally', async () => {
    const special = (filter: string) => list({ datum: 'SVE', filter, sort: 'id|asc' }, { siteId: SPECIAL_SITE })
      .then((answer) => answer.data.map((row) => row.prezime));
    expect(await special('čauš')).toEqual(['ČAUŠEVIĆ']);
    expect(await special('Đur')).toEqual(['ĐURIĆ']);
    expect(await special('o_n')).toEqual(['O_NEIL']);
    expect(await special('a%')).toEqual(['A%B']);
    expect(await special('a\\')).toEqual(['A\\B']);
    expect(await special('%')).toEqual([]);
  });

  it('escapes the LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('runList dates', () => {
  const inWindow = (from: string, before: string) => ofSiteA()
    .filter((row) => row.datum >= new Date(from) && row.datum < new Date(before))
    .map((row) => row.id).sort((a, b) => a - b);

  it('selects the site\'s days for DANAS, JUČER, SEDMICA and MJESEC', async () => {
    // NOW is 12:00 on 10 June in Sarajevo (UTC+2); its days start at 22:00 UTC.
    const cases: [string, string, string][] = [
      ['DANAS', '2024-06-09T22:00:00Z', '2024-06-10T22:00:00Z'],
      ['JUČER', '2024-06-08T22:00:00Z', '2024-06-09T22:00:00Z'],
      ['SEDMICA', '2024-06-03T22:00:00Z', '2024-06-10T22:00:00Z'],
      ['MJESEC', '2024-05-11T22:00:00Z', '2024-06-10T22:00:00Z'],
    ];
    for (const [datum, from, before] of cases) {
      const answer = await list({ datum, per_page: 0, sort: 'id|asc' });
      const expected = inWindow(from, before);
      expect(expected.length, datum).toBeGreaterThan(0);
      expect(ids(answer.data), datum).toEqual(expected);
    }
    expect((await list({ datum: 'SVE', per_page: 10 })).pagination.total).toBe(2000);
  });

  it('starts the day where the site is, not where the server is', async () => {
    const sarajevo = await list({ datum: 'DANAS', per_page: 0 });
    const utc = await list({ datum: 'DANAS', per_page: 0 }, { timeZone: 'UTC' });
    expect(sarajevo.pagination.total).toBe(inWindow('2024-06-09T22:00:00Z', '2024-06-10T22:00:00Z').length);
    expect(utc.pagination.total).toBe(inWindow('2024-06-10T00:00:00Z', '2024-06-11T00:00:00Z').length);
    expect(utc.pagination.total).toBeLessThan(sarajevo.pagination.total);
  });

  it('uses the list\'s own presets and refuses unknown ones naming datum', async () => {
    const answer = await list({ datum: 'RADNA LISTA', per_page: 0, sort: 'id|asc' });
    expect(ids(answer.data)).toEqual(ids(ofSiteA().filter((row) => row.status === 'ZAPRIMLJEN' || row.status === 'U OBRADI')));
    await expectAppError(list({ datum: 'NEKAD' }), { status: 400, code: 'form.invalid', field: 'datum' });
    await expectAppError(list({ datum: 'Mikrobiologija' }), { status: 400, code: 'form.invalid', field: 'datum' });
  });

  it('selects a range of instants, the end included, over any preset', async () => {
    const from = '2024-06-01T06:00:00.000Z';
    const to = '2024-06-03T18:30:00.000Z';
    const answer = await list({ datum: 'DANAS', dateRangeMin: from, dateRangeMax: to, per_page: 0, sort: 'id|asc' });
    const expected = inWindow(from, '2024-06-03T18:30:00.001Z');
    expect(expected.length).toBeGreaterThan(50);
    expect(ids(answer.data)).toEqual(expected);
    // A row exactly on the end: 10:00 minus 37 * 37 minutes.
    const onTheEnd = new Date(NOW.getTime() - 37 * 37 * 60_000).toISOString();
    const edge = await list({ dateRangeMin: '2024-06-01T00:00:00Z', dateRangeMax: onTheEnd, per_page: 0, sort: 'id|asc' });
    expect(ids(edge.data)[0]).toBe(37);
  });

  it('takes bare days as whole days of the site', async () => {
    const answer = await list({ dateRangeMin: '2024-06-02', dateRangeMax: '2024-06-03', per_page: 0, sort: 'id|asc' });
    expect(ids(answer.data)).toEqual(inWindow('2024-06-01T22:00:00Z', '2024-06-03T22:00:00Z'));
  });

  it('answers dateRange.invalid for one end only or an end not after the start', async () => {
    await expectAppError(list({ dateRangeMin: '2024-06-02T00:00:00Z' }), { status: 400, code: 'dateRange.invalid', field: 'dateRangeMax' });
    await expectAppError(list({ dateRangeMax: '2024-06-02T00:00:00Z' }), { status: 400, code: 'dateRange.invalid', field: 'dateRangeMin' });
    await expectAppError(
      list({ dateRangeMin: '2024-06-02T00:00:00Z', dateRangeMax: '2024-06-02T00:00:00Z' }),
      { status: 400, code: 'dateRange.invalid', field: 'dateRangeMax' },
    );
    await expectAppError(
      list({ dateRangeMin: '2024-06-05', dateRangeMax: '2024-06-02' }),
      { status: 400, code: 'dateRange.invalid', field: 'dateRangeMax' },
    );
  });
});

describe('runList paging', () => {
  const expected = () => referenceSort(ofSiteA(), [{ field: 'sid', direction: 'asc' }]);

  it('answers a middle page with its pagination', async () => {
    const answer = await list({ datum: 'SVE', sort: 'sid|asc', page: 4, per_page: 15 });
    expect(ids(answer.data)).toEqual(ids(expected().slice(45, 60)));
    expect(answer.pagination).toEqual({
      total: 2000, per_page: 15, current_page: 4, last_page: 134,
      next_page_url: '/api/probe/list?page=5', prev_page_url: '/api/probe/list?page=3', from: 46, to: 60,
    });
  });

  it('answers a short last page with the exact total', async () => {
    const answer = await list({ datum: 'SVE', sort: 'sid|asc', page: 134, per_page: 15 });
    expect(ids(answer.data)).toEqual(ids(expected().slice(1995)));
    expect(answer.pagination).toMatchObject({ total: 2000, current_page: 134, last_page: 134, from: 1996, to: 2000, next_page_url: null });
  });

  it('answers the last page for a page past the end', async () => {
    const answer = await list({ datum: 'SVE', sort: 'sid|asc', page: 500, per_page: 15 });
    expect(ids(answer.data)).toEqual(ids(expected().slice(1995)));
    expect(answer.pagination).toMatchObject({ current_page: 134, from: 1996, to: 2000 });
    const filtered = await list({ datum: 'SVE', filter: 'marko', sort: 'sid|asc', page: 99, per_page: 10 });
    const markos = expected().filter((row) => matchesFilter(row, 'marko'));
    const lastPage = Math.ceil(markos.length / 10);
    expect(filtered.pagination).toMatchObject({ total: markos.length, current_page: lastPage });
    expect(ids(filtered.data)).toEqual(ids(markos.slice((lastPage - 1) * 10)));
  });

  it('gives all rows for per_page 0, pages of 1000 beyond that', async () => {
    const all = await list({ datum: 'SVE', sort: 'sid|asc', per_page: 0 });
    expect(ids(all.data)).toEqual(ids(expected().slice(0, 1000)));
    expect(all.pagination).toMatchObject({ total: 2000, per_page: 0, last_page: 2, from: 1, to: 1000 });
    const second = await list({ datum: 'SVE', sort: 'sid|asc', per_page: 0, page: 2 });
    expect(ids(second.data)).toEqual(ids(expected().slice(1000)));
    const small = await list({ datum: 'SEDMICA', per_page: 0 });
    expect(small.data.length).toBe(small.pagination.total);
    expect(small.pagination).toMatchObject({ last_page: 1, next_page_url: null });
  });

  it('caps the count of a long list, says so, and still pages forward past the cap', async () => {
    const capped = (input: ListQueryInput) => {
      const listRequest = request(input);
      return runList(db, listRequest, { ...probeSpec(), countCap: 100 });
    };
    const first = await capped({ datum: 'SVE', sort: 'sid|asc', per_page: 15 });
    expect(ids(first.data)).toEqual(ids(expected().slice(0, 15)));
    expect(first.pagination).toMatchObject({ total: 100, total_capped: true, last_page: 7, next_page_url: '/api/probe/list?page=2' });
    const deep = await capped({ datum: 'SVE', sort: 'sid|asc', per_page: 15, page: 20 });
    expect(ids(deep.data)).toEqual(ids(expected().slice(285, 300)));
    expect(deep.pagination).toMatchObject({ current_page: 20, total_capped: true, next_page_url: '/api/probe/list?page=21' });
    const end = await capped({ datum: 'SVE', sort: 'sid|asc', per_page: 15, page: 134 });
    expect(end.pagination).toMatchObject({ total: 2000, current_page: 134, next_page_url: null });
    expect(end.pagination.total_capped).toBeUndefined();
  });

  it('counts at most COUNT_CAP rows, SEARCH_COUNT_CAP when searched, unless the list sets its own cap', async () => {
    const { countCap: _exact, ...spec } = probeSpec();
    const all = await runList(db, request({ datum: 'SVE', sort: 'sid|asc', per_page: 15 }), spec);
    expect(COUNT_CAP).toBeLessThan(2000);
    expect(all.pagination).toMatchObject({ total: COUNT_CAP, total_capped: true });
    const markos = ofSiteA().filter((row) => matchesFilter(row, 'marko')).length;
    expect(markos).toBeGreaterThan(SEARCH_COUNT_CAP);
    const searched = await runList(db, request({ datum: 'SVE', filter: 'marko', sort: 'sid|asc', per_page: 15 }), spec);
    expect(searched.pagination).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
  });

  it('lists only the rows of the site it is asked for', async () => {
    const answer = await list({ datum: 'SVE', per_page: 0 }, { siteId: siteB });
    expect(answer.pagination.total).toBe(1000);
    expect(answer.data.every((row) => row.id % 3 === 0)).toBe(true);
  });
});

describe('runList over a join', () => {
  it('sorts, filters, counts and pages a joined select', async () => {
    const joined = () => db.select({ id: probe.id, prezime: probe.prezime, note: probeNote.note, noteId: probeNote.id })
      .from(probe).innerJoin(probeNote, eq(probeNote.probeId, probe.id)).$dynamic();
    const listRequest = request({ datum: 'SVE', filter: 'bilj', sort: 'note|desc', per_page: 20, page: 2 });
    const answer = await runList(db, listRequest, {
      site: probe.siteId,
      query: joined,
      sortable: { note: probeNote.note, prezime: probe.prezime },
      primaryKey: probe.id,
      filter: [{ expression: probeNote.note, match: 'contains' }],
      date: probe.datum,
      countCap: 5_000,
    });
    const expected = ofSiteA().filter((row) => row.id % 2 === 0)
      .map((row) => ({ id: row.id, note: `biljeska ${row.id}` }))
      .sort((a, b) => (a.note < b.note ? 1 : a.note > b.note ? -1 : b.id - a.id));
    expect(answer.pagination.total).toBe(expected.length);
    expect(answer.data.map((row) => row.note)).toEqual(expected.slice(20, 40).map((row) => row.note));
    expect(answer.data[0]?.noteId).toBe(answer.data[0]?.id);
    const contains = await runList(db, request({ datum: 'SVE', filter: 'ska 14', per_page: 0 }), {
      site: probe.siteId, query: joined, sortable: {}, primaryKey: probe.id,
      filter: [{ expression: probeNote.note, match: 'contains' }, probe.sid],
    });
    expect(contains.data.length).toBeGreaterThan(1);
    expect(contains.data.every((row) => row.note.includes('14'))).toBe(true);
    expect(contains.data.map((row) => row.id)).toContain(14);
  });
});

/** EXPLAIN of the page query, with plain scans ruled out so the plan shows which index can serve it. */
async function planOf(listRequest: ListRequest<unknown>): Promise<string> {
  const { sql: text, params } = listPageQuery(listRequest, probeSpec()).toSQL();
  const parts = text.split(/\$(\d+)/);
  const statement: SQL = sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)));
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<Record<string, string>>(tx, sql`explain ${statement}`);
    return rows.map((row) => Object.values(row).join(' ')).join('\n');
  });
}

describe('indexes serve the list queries', () => {
  it('uses the lower(col) text_pattern_ops indexes for the filter words', async () => {
    const plan = await planOf(request({ datum: 'SVE', filter: 'hodz', sort: 'score|asc' }));
    expect(plan).toContain('list_probe_ime_search_idx');
    expect(plan).toContain('list_probe_prezime_search_idx');
    expect(plan).toContain('list_probe_sid_search_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('reads newest rows of a day preset straight from the (site, date, id) index', async () => {
    const plan = await planOf(request({ datum: 'MJESEC' }));
    expect(plan).toMatch(/Index Scan Backward using list_probe_list_idx/);
    expect(plan).not.toContain('Sort');
  });
});

describe('listRoute', () => {
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    app = await buildApp({
      db, logger: false,
      config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
    });
    const extra = z.object({ status: z.enum(STATUSI).optional() });
    const probeList = defineCall({
      method: 'GET', path: '/probe/list', permission: 'authenticated',
      querystring: listQuerySchema.extend(extra.shape), response: { 200: z.unknown() },
    });
    await app.register((api) => new Promise<void>((resolve) => {
      registerCall(api, probeList, { tags: ['probe'], summary: 'A probe list' }, listRoute(db, (listRequest) => runList(db, listRequest, {
        ...probeSpec(),
        where: listRequest.extra.status ? eq(probe.status, listRequest.extra.status) : undefined,
      })));
      resolve();
    }), { prefix: '/api' });
    await app.ready();
    token = (await signIn(app, 'admin@demo.lab')).token;
    // Rows of this very moment, for DANAS as the route computes it.
    await db.execute(sql`insert into list_probe select 20000 + n, ${siteA}::uuid, 'DANAS', 'DANAS', 'D' || n, 'ODOBREN', now(), n from generate_series(1, 3) as n`);
  });

  afterAll(async () => {
    await app?.close();
  });

  type ProbeListAnswer = ListAnswer<{ id: number }> & { success: boolean };
  const get = (query: string) => app.inject({ method: 'GET', url: `/api/probe/list?${query}` });

  it('answers a page with the pagination and links without the token', async () => {
    const response = await get(`token=${token}&site=${siteA}&sort=score|desc,id|asc&page=2&per_page=15&datum=SVE&status=ODOBREN`);
    expect(response.statusCode).toBe(200);
    const body = response.json<ProbeListAnswer>();
    expect(body.success).toBe(true);
    const odobren = [...ofSiteA().filter((row) => row.status === 'ODOBREN'), ...[1, 2, 3].map((n) => ({ id: 20000 + n, score: n } as Probe))];
    expect(body.data.map((row) => row.id)).toEqual(ids(referenceSort(odobren, [
      { field: 'score', direction: 'desc' }, { field: 'id', direction: 'asc' },
    ]).slice(15, 30)));
    expect(body.pagination).toMatchObject({ total: odobren.length, per_page: 15, current_page: 2, from: 16, to: 30 });
    expect(body.pagination.next_page_url).toContain('/api/probe/list?');
    expect(body.pagination.next_page_url).toContain('page=3');
    expect(body.pagination.next_page_url).toContain('status=ODOBREN');
    expect(body.pagination.next_page_url).not.toContain('token');
  });

  it('selects today in the site\'s zone', async () => {
    const response = await get(`token=${token}&site=${siteA}&datum=DANAS&sort=id|asc&filter=danas`);
    expect(response.json<ProbeListAnswer>().data.map((row) => row.id)).toEqual([20001, 20002, 20003]);
  });

  it('answers 400 naming the field for bad input, never 500', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page'], ['page=x', 'page'], ['per_page=5000', 'per_page'], ['per_page=-1', 'per_page'],
      ['sort=nope|asc', 'sort'], ['sort=id', 'sort'], ['sort=id|asc&sort=id|desc', 'sort'], ['datum=NEKAD', 'datum'],
      [`filter=${'x'.repeat(201)}`, 'filter'], ['dateRangeMin=juce', 'dateRangeMin'], ['status=GOTOVO', 'status'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`token=${token}&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ success: false, code: 'form.invalid', field });
    }
  });

  it('answers dateRange.invalid with the spec message for a half or reversed range', async () => {
    const half = await get(`token=${token}&dateRangeMin=2024-06-01`);
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ success: false, code: 'dateRange.invalid', message: 'Invalid date range.', field: 'dateRangeMax' });
    const reversed = await get(`token=${token}&dateRangeMin=2024-06-05T00:00:00Z&dateRangeMax=2024-06-01T00:00:00Z`);
    expect(reversed.json()).toMatchObject({ code: 'dateRange.invalid' });
  });

  it('needs a session', async () => {
    expect((await get('datum=SVE')).statusCode).toBe(401);
  });
});

describe('listBaseUrl', () => {
  it('drops the token and the page and keeps the rest', () => {
    expect(listBaseUrl('/api/x/list?token=abc&page=3&sort=a%7Casc&filter=ana%20b')).toBe('/api/x/list?sort=a%7Casc&filter=ana+b');
    expect(listBaseUrl('/api/x/list?token=abc')).toBe('/api/x/list');
  });
});
