/**
 * One implementation of the list call for every list
 * screen: sort, 'Pretraga' filter, day presets, date range and paging, all in
 * SQL, answering `{ data, pagination }`.
 *
 * A feature repository describes its list once and runs it:
 *
 *   export function listSamples(db: Db, list: ListRequest) {
 *     return runList(db, list, {
 *       site: samples.siteId,
 *       query: () => db.select({ id: samples.id, sid: samples.sid, ime: patients.ime, prezime: patients.prezime,
 *                                 datum: samples.createdAt })
 *         .from(samples).innerJoin(patients, eq(patients.id, samples.patientId)).$dynamic(),
 *       sortable: { sid: samples.sid, ime: patients.ime, prezime: patients.prezime, datum: samples.createdAt },
 *       defaultSort: [{ field: 'datum', direction: 'desc' }],
 *       primaryKey: samples.id,
 *       filter: [samples.sid, patients.ime, patients.prezime],
 *       date: samples.createdAt,
 *     });
 *   }
 *
 * and its route is one line:
 *
 *   api.get('/uzorci/list', { config: { permission: 'samples.read' }, schema: { ...sampleContracts.list } },
 *     listRoute(db, (list) => listSamples(db, list)));
 *
 * Indexes a list on a big table should have (declare them in schema.ts):
 * - the date column with the site first and the primary key last, serving the
 *   day presets, the date range and the default sort by date without sorting
 *   (a backward scan serves descending order, because the tie-breaker follows
 *   the direction of the last sort key):
 *     index('samples_list_idx').on(t.siteId, t.createdAt, t.id)
 * - each filter column, lower-cased, with text_pattern_ops so the prefix
 *   match below can use it whatever the database collation:
 *     index('patients_prezime_search_idx').on(t.siteId, sql`lower(${t.prezime}) text_pattern_ops`)
 *   (a filter column marked `match: 'contains'` needs a pg_trgm GIN index on
 *   lower(col) instead; without one it scans, so keep it for small tables);
 * - other sortable columns that people sort big lists by: (site_id, col, id).
 */
import { and, asc, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  datumWindow, filterWords, isDatePreset, pageSize, paginate, resolveDateRange,
  type ListAnswer, type ListQuery, type SortSpec, type TimeWindow,
} from '@lis/domain';
import type { Db } from './client.ts';
import { AppError } from '../lib/errors.ts';

/** A column, or an SQL expression over the list's tables. */
export type ListExpression = AnyColumn | SQL;

export interface ListFilterColumn {
  expression: ListExpression;
  /**
   * 'prefix' (default): the column starts with the word; served by a btree
   * index on lower(col) text_pattern_ops. 'contains': the word anywhere in the
   * column; needs a pg_trgm index to be fast.
   */
  match: 'prefix' | 'contains';
}

export interface ListSpec<Q extends PgSelect> {
  /**
   * The column that holds each row's site. The list itself adds "this column = the calling site",
   * so a list of site data cannot be written without it; `'lab-wide'` for rows every site sees
   * (patients, the catalogue).
   */
  site: AnyColumn | 'lab-wide';
  /**
   * A fresh select each call: `() => db.select({...}).from(t).innerJoin(...).$dynamic()`.
   * Leave out `.where()`: put base conditions in `where`, since the list sets the query's WHERE.
   */
  query: () => Q;
  /** Conditions every row must meet whatever the user asks: a status, a parent id (the site is `site`). */
  where?: SQL | undefined;
  /** The only names `sort` may use, each the column or expression it sorts by. */
  sortable: Readonly<Record<string, ListExpression>>;
  /** Order when the call names none (after it, the primary key). */
  defaultSort?: readonly SortSpec[];
  /** Last sort key of every query, so rows with equal sort values keep one order across pages. */
  primaryKey: ListExpression;
  /** Columns the 'Pretraga' text searches: every word must match one of them, case-insensitively. */
  filter?: readonly (ListExpression | ListFilterColumn)[];
  /** The timestamptz column the day presets and dateRangeMin/Max select on. Without it they select nothing. */
  date?: ListExpression;
  /** Presets beyond DANAS, JUČER, SEDMICA, MJESEC and SVE this list knows (e.g. 'RADNA LISTA'), as conditions. */
  presets?: Readonly<Record<string, SQL>>;
  /** Rows counted at most before the total becomes a lower bound; COUNT_CAP unless a list needs otherwise. */
  countCap?: number;
}

/** What a list call asked for, with the site it runs on. */
export interface ListRequest<Extra = Record<string, never>> {
  query: ListQuery;
  /** The list's own query parameters (see listRoute's `extra`). */
  extra: Extra;
  siteId: string;
  /** The site's zone: its days are what DANAS and JUČER mean. */
  timeZone: string;
  /** Path and query of the call without token and page; the page links are built from it. */
  baseUrl: string;
  now: Date;
  /** The caller's access level from the session (never the `access` parameter). */
  accessLevel: number;
  /** The caller's interface language (bs, en, de): a column of catalogue names sorts by the name the reader sees. */
  language: string;
}

export type ListRow<Q extends PgSelect> = Q['_']['result'][number];

/** `\`, `%` and `_` are LIKE wildcards or the escape; a user's word must match them literally. */
export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function filterColumn(column: ListExpression | ListFilterColumn): ListFilterColumn {
  return typeof column === 'object' && 'match' in column && 'expression' in column ? column : { expression: column, match: 'prefix' };
}

/**
 * Every word must match some filter column. lower(col) LIKE lower('word%')
 * rather than ILIKE: a btree index on lower(col) text_pattern_ops serves it,
 * and both sides are lower-cased by the same database function, so letters
 * such as Č and Ž compare as the database's locale knows them.
 */
function filterCondition(filter: string, columns: readonly (ListExpression | ListFilterColumn)[]): SQL | undefined {
  const words = filterWords(filter);
  if (words.length === 0 || columns.length === 0) return undefined;
  return and(...words.map((word) => or(...columns.map(filterColumn).map(({ expression, match }) => {
    const pattern = match === 'prefix' ? `${escapeLike(word)}%` : `%${escapeLike(word)}%`;
    return sql`lower(${expression}::text) like lower(${pattern})`;
  }))));
}

function windowCondition(date: ListExpression, window: TimeWindow): SQL {
  return sql`(${date} >= ${window.from.toISOString()}::timestamptz and ${date} < ${window.before.toISOString()}::timestamptz)`;
}

function dateCondition(list: ListRequest<unknown>, spec: ListSpec<PgSelect>): SQL | undefined {
  const { query } = list;
  const range = resolveDateRange(query.dateRangeMin, query.dateRangeMax, list.timeZone);
  if (range.kind === 'invalid') throw new AppError(400, 'dateRange.invalid', range.field);
  const datum = query.datum;
  if (datum !== undefined && !isDatePreset(datum) && !(spec.presets && Object.hasOwn(spec.presets, datum))) {
    throw AppError.badRequest('form.invalid', 'datum');
  }
  // A chosen range is more precise than the dropdown's preset, so it wins.
  if (range.kind === 'window') return spec.date ? windowCondition(spec.date, range.window) : undefined;
  if (datum === undefined) return undefined;
  if (isDatePreset(datum)) {
    const window = datumWindow(datum, list.now, list.timeZone);
    return window && spec.date ? windowCondition(spec.date, window) : undefined;
  }
  return spec.presets?.[datum];
}

function orderBy(sorts: readonly SortSpec[], spec: ListSpec<PgSelect>): SQL[] {
  const chosen = sorts.length > 0 ? sorts : (spec.defaultSort ?? []);
  const keys = chosen.map((sort) => {
    if (!Object.hasOwn(spec.sortable, sort.field)) throw AppError.badRequest('form.invalid', 'sort');
    const expression = spec.sortable[sort.field] as ListExpression;
    return sort.direction === 'asc' ? asc(expression) : desc(expression);
  });
  // The tie-breaker follows the last key's direction so one index (…, col, id) serves both directions.
  const lastDirection = chosen.at(-1)?.direction ?? 'asc';
  keys.push(lastDirection === 'asc' ? asc(spec.primaryKey) : desc(spec.primaryKey));
  return keys;
}

/** The WHERE of a list call: base conditions, filter words, date preset or range. Throws a 400 naming the field. */
export function listWhere<Q extends PgSelect>(list: ListRequest<unknown>, spec: ListSpec<Q>): SQL | undefined {
  return and(
    spec.site === 'lab-wide' ? undefined : eq(spec.site, list.siteId),
    spec.where,
    filterCondition(list.query.filter, spec.filter ?? []),
    dateCondition(list, spec),
  );
}

/** The page of rows the call asked for, as a query not yet run (tests explain it). */
export function listPageQuery<Q extends PgSelect>(list: ListRequest<unknown>, spec: ListSpec<Q>, page: number = list.query.page): Q {
  const size = pageSize(list.query.per_page);
  return spec.query()
    .where(listWhere(list, spec))
    .orderBy(...orderBy(list.query.sort, spec))
    .limit(size)
    .offset((page - 1) * size);
}

/**
 * Rows counted at most: beyond this a list answers "COUNT_CAP+" instead of an
 * exact total. Nobody pages through a thousand rows, 67 pages of 15: they
 * narrow the filter or the date range. The count is most of a list call's
 * time when many rows match: at 10 M samples and 2.5 M patients on the bench
 * machine, counting 10,000 took 45 to 90 ms on the sample and report lists and
 * 370 ms for a surname prefix that 5 % of patients share (a scan evaluating the
 * prefix on every row until enough match); a thousand, a tenth of that. The
 * cap moves out with the page asked for, so paging forward always works.
 */
export const COUNT_CAP = 1_000;

/**
 * Rows counted at most when the list is searched ('Pretraga' has words): a search that matches hundreds is
 * narrowed by typing more, not paged, and its count tests the words on row after row until enough match (a
 * surname prefix that 5 % of 2.5 M patients share: 42 ms to count a thousand, 18 ms for three hundred).
 */
export const SEARCH_COUNT_CAP = 300;

async function countRows<Q extends PgSelect>(db: Db, list: ListRequest<unknown>, spec: ListSpec<Q>, limit: number): Promise<number> {
  // Counting over the list's own select keeps joins and conditions identical; the planner drops the unused columns.
  const filtered = spec.query().where(listWhere(list, spec)).limit(limit);
  const rows = await db.select({ total: sql<number>`count(*)::int` }).from(sql`(${filtered}) as list_rows`);
  return rows[0]?.total ?? 0;
}

/**
 * Runs a list call. A page that comes back short tells the total without a
 * second query (most filtered or day-limited lists); otherwise a count with
 * the same conditions runs, over at most COUNT_CAP rows (or a few pages past
 * the one asked for). Measured on PostgreSQL 15 here: the page itself takes
 * under 1 ms through the (site, date, id) index, an uncapped count about 80 ms
 * per million matching rows (SVE without a filter). Estimates
 * (pg_class.reltuples, EXPLAIN) would be faster but are wrong after every
 * insert, and a list must not offer a last page that is not there: a capped
 * total is a true lower bound and says so (`total_capped`).
 * A page past the end answers the last page, so a list that shrank under a
 * user still shows rows.
 */
export async function runList<Q extends PgSelect>(db: Db, list: ListRequest<unknown>, spec: ListSpec<Q>): Promise<ListAnswer<ListRow<Q>>> {
  const size = pageSize(list.query.per_page);
  const offset = (list.query.page - 1) * size;
  let rows: ListRow<Q>[] = await listPageQuery(list, spec);
  const totalFromPage = rows.length < size && (rows.length > 0 || offset === 0);
  const cap = spec.countCap ?? (filterWords(list.query.filter).length > 0 ? SEARCH_COUNT_CAP : COUNT_CAP);
  const countLimit = Math.max(cap, offset + size * 3) + 1;
  const counted = totalFromPage ? offset + rows.length : await countRows(db, list, spec, countLimit);
  const capped = counted >= countLimit;
  const total = capped ? countLimit - 1 : counted;
  const lastPage = Math.max(1, Math.ceil(total / size));
  if (rows.length === 0 && list.query.page > lastPage && total > 0) {
    rows = await listPageQuery(list, spec, lastPage);
  }
  return { data: rows, pagination: paginate(total, list.query.page, list.query.per_page, list.baseUrl, capped) };
}

