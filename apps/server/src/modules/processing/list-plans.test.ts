import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WORKLIST_STATUSES, listQuerySchema, processingListQuery, type ListQueryInput } from '@lis/domain';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { listPageQuery, type ListRequest } from '../../db/list-query.ts';
import { explainStatement, planTestDatabase } from '../../test/explain.ts';
import { sampleListSpec, type SampleListExtra, type SampleListScope } from '../samples/repository.ts';
import { processingRepository } from './repository.ts';

// The processing lists must stay fast with a million samples: the worklist ('RADNA LISTA', Mikrobiologija)
// and the results check (/protokol) read their newest rows straight from partial indexes that hold only
// the samples they can show, and the result summary reads the tests of the page's samples only. Checked
// with EXPLAIN on a site with many verified samples and few in work, as a lab has after a few years.

const VERIFIED = 10_000;
const IN_WORK = 300;

let database: Database;
let db: Db;
let siteId: string;
let pageIds: string[];

beforeAll(async () => {
  ({ database, db, siteId } = await planTestDatabase());
  // Mostly verified; every 67th not yet approved (every third of those with a microbiology test), every 71st carrying a comment.
  await db.execute(sql`
    insert into samples (site_id, patient_id, code, rbr, status, komentar, created_at, datum, mikrobiologija)
    select ${siteId}::uuid, (select id from patients where jmbg = '0101990170007'), 'P' || lpad(g::text, 9, '0'), g,
      case when g % 67 = 0 then (array['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN'])[1 + (g / 67) % 3]
           when g % 89 = 0 then 'ODOBREN' else 'VERIFICIRAN' end,
      case when g % 71 = 0 then 'Napomena' else '' end,
      now() - make_interval(mins => g), now() - make_interval(mins => g), g % 201 = 0
    from generate_series(1, ${VERIFIED + IN_WORK}) as g`);
  await db.execute(sql`
    insert into sample_tests (sample_id, labassay_id, rezultat, flag)
    select s.id, a.id, '5.0', 'N' from samples s cross join (select id from lab_assays order by sifra limit 3) as a
    where s.code like 'P%'`);
  await db.execute(sql`analyze samples`);
  await db.execute(sql`analyze sample_tests`);
  const newest = await queryRows<{ id: string }>(db, sql`select id from samples where site_id = ${siteId} order by created_at desc limit 15`);
  pageIds = newest.map((row) => row.id);
});

afterAll(async () => {
  await database?.close();
});

function request(input: ListQueryInput): ListRequest<SampleListExtra> {
  const query = processingListQuery.parse(input);
  return {
    query: listQuerySchema.parse(input), extra: query, siteId, timeZone: 'Europe/Sarajevo', baseUrl: '/api/obrada/list', now: new Date(), accessLevel: 0, language: 'bs',
  };
}

/** EXPLAIN of a statement as the database plans it for the call's own values. */
function explain(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  return explainStatement(db, statement);
}

const planOfPage = (input: ListQueryInput, scope: SampleListScope = 'all') => {
  const list = request(input);
  return explain(listPageQuery(list, sampleListSpec(db, list, scope)));
};

describe('the processing lists read their rows from partial indexes', () => {
  it('reads the newest worklist rows from samples_worklist_idx without sorting', async () => {
    const plan = await planOfPage({ datum: 'RADNA LISTA', per_page: 15 });
    expect(plan).toMatch(/Index Scan Backward using samples_worklist_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).not.toContain('Seq Scan on samples');
  });

  it('reads the microbiology worklist from samples_microbiology_idx without looking into the tests', async () => {
    const plan = await planOfPage({ datum: 'Mikrobiologija', per_page: 15 });
    expect(plan).toMatch(/Index Scan Backward using samples_microbiology_idx/);
    expect(plan).not.toContain('Seq Scan on samples');
    expect(plan).not.toMatch(/Scan (using \S+ )?on sample_tests mst/);
  });

  it('reads the results check from samples_protocol_idx, newest first without sorting over all days', async () => {
    const plan = await planOfPage({ datum: 'SVE', per_page: 15 }, 'protocol');
    expect(plan).toMatch(/Index Scan Backward using samples_protocol_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
    // One day is a short range of the same index (the planner may sort the day's few rows).
    const today = await planOfPage({ datum: 'DANAS', per_page: 15 }, 'protocol');
    expect(today).toMatch(/using samples_protocol_idx/);
    expect(today).not.toContain('Seq Scan on samples');
  });

  it('has the worklist index hold exactly the statuses the domain calls the worklist', async () => {
    const [row] = await queryRows<{ definition: string }>(db, sql`select pg_get_indexdef('samples_worklist_idx'::regclass) as definition`);
    for (const status of WORKLIST_STATUSES) expect(row?.definition).toContain(`'${status}'`);
    for (const status of ['ODOBREN', 'VERIFICIRAN']) expect(row?.definition).not.toContain(`'${status}'`);
  });
});

describe('the result summary of a page', () => {
  it("reads only the page's samples and their tests through their keys", async () => {
    const plan = await explain(processingRepository(db, siteId).resultSummariesQuery(pageIds));
    expect(plan).toMatch(/Index (Only )?Scan using (samples_pkey|sample_tests_sample_assay_key)|Bitmap Index Scan on (samples_pkey|sample_tests_sample_assay_key)/);
    expect(plan).not.toContain('Seq Scan on sample_tests');
    expect(plan).not.toContain('Seq Scan on samples');
  });
});
