import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listQuerySchema, type ListQueryInput } from '@lis/domain';
import type { Database, Db } from '../../db/client.ts';
import { listPageQuery, type ListRequest } from '../../db/list-query.ts';
import { explainStatement, planTestDatabase } from '../../test/explain.ts';
import { reportListSpec } from './repository.ts';

// The report list (/nalazi/pregled) must stay fast when a lab has issued a million reports: its newest
// page and its day presets read reports_site_issued_idx backwards, never sorting the site's reports.
// Checked with EXPLAIN on a site with many reports, as a lab has after a few years.

const REPORTS = 10_000;

let database: Database;
let db: Db;
let siteId: string;

beforeAll(async () => {
  ({ database, db, siteId } = await planTestDatabase());
  await db.execute(sql`
    insert into samples (site_id, patient_id, code, rbr, status, created_at, datum, verified_at, pdf_exists)
    select ${siteId}::uuid, (select id from patients where jmbg = '0101990170007'), 'R' || lpad(g::text, 9, '0'), g, 'VERIFICIRAN',
      now() - make_interval(mins => g), now() - make_interval(mins => g), now() - make_interval(mins => g), true
    from generate_series(1, ${REPORTS}) as g`);
  await db.execute(sql`
    insert into reports (site_id, sample_id, verzija, jezici, first_issued_at, issued_at, withdrawn_at)
    select s.site_id, s.id, 1, array['bs'], s.verified_at, s.verified_at, case when s.rbr % 97 = 0 then now() end
    from samples s where s.code like 'R%'`);
  await db.execute(sql`analyze samples`);
  await db.execute(sql`analyze reports`);
});

afterAll(async () => {
  await database?.close();
});

function request(input: ListQueryInput): ListRequest<unknown> {
  return { query: listQuerySchema.parse(input), extra: {}, siteId, timeZone: 'Europe/Sarajevo', baseUrl: '/api/nalazi/list', now: new Date(), accessLevel: 0, language: 'bs' };
}

/** EXPLAIN of a statement as the database plans it for the call's own values. */
function explain(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  return explainStatement(db, statement);
}

const planOfPage = (input: ListQueryInput) => {
  const list = request(input);
  return explain(listPageQuery(list, reportListSpec(db)));
};

describe('the report list reads its rows from reports_site_issued_idx', () => {
  it('reads the newest page of all days backwards, without sorting the site\'s reports', async () => {
    const plan = await planOfPage({ datum: 'SVE', per_page: 15 });
    expect(plan).toMatch(/Index Scan Backward using reports_site_issued_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).not.toContain('Seq Scan on reports');
    expect(plan).not.toContain('Seq Scan on samples');
  });

  it('reads one day (DANAS) as a short range of the same index', async () => {
    const plan = await planOfPage({ datum: 'DANAS', per_page: 15 });
    expect(plan).toMatch(/using reports_site_issued_idx/);
    expect(plan).not.toContain('Seq Scan on reports');
  });
});
