import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/harness.ts';
import * as repo from './repository.ts';
import { generateReportData } from './test-fixtures.ts';

// The reports must stay fast on a million samples: each reads the site's samples of its window as a range
// of samples_site_created_idx (the work lists: of samples_worklist_idx), never the whole table, and a
// sample's tests through their key. Checked with EXPLAIN on a year of samples with a month asked for.

let database: Database;
let db: Db;
let scope: repo.ReportScope;
const page = { limit: 100, offset: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // 20,000 samples 26 minutes apart: a year from 2025-03-10, four in five at SA.
  await generateReportData(db, 20_000, 400, 26);
  await db.execute(sql`analyze`);
  const [site] = await queryRows<{ id: string }>(db, sql`select id from sites where sifra = 'SA'`);
  scope = {
    siteId: site!.id, timeZone: 'Europe/Sarajevo',
    window: { from: new Date('2025-09-01T00:00:00+02:00'), before: new Date('2025-10-01T00:00:00+02:00') },
  };
}, 120_000);

afterAll(async () => {
  await database?.close();
});

async function plan(statement: SQL): Promise<string> {
  const rows = await queryRows<Record<string, string>>(db, sql`explain ${statement}`);
  return rows.map((row) => Object.values(row).join(' ')).join('\n');
}

const STATEMENTS: Record<string, () => SQL> = {
  'ppodanu': () => repo.izvjestajiRepository(db, scope.siteId).patientsPerDayQuery(scope),
  'patient totals': () => repo.izvjestajiRepository(db, scope.siteId).patientTotalsQuery(scope),
  'ppomjestu': () => repo.izvjestajiRepository(db, scope.siteId).patientsPerTownQuery(scope),
  'ppolokaciji': () => repo.izvjestajiRepository(db, scope.siteId).patientsPerLocationQuery(scope),
  'protokol page': () => repo.izvjestajiRepository(db, scope.siteId).protocolPageQuery(scope, page),
  'protokol count': () => repo.izvjestajiRepository(db, scope.siteId).sampleCountQuery(scope),
  'tatpopacijentu page': () => repo.izvjestajiRepository(db, scope.siteId).turnaroundPageQuery(scope, page),
  'tatpopacijentu totals': () => repo.izvjestajiRepository(db, scope.siteId).turnaroundTotalsQuery(scope),
};

describe('every report reads its window from an index', () => {
  it.each(Object.entries(STATEMENTS))('%s: a range of the site\'s samples by registration, no full scan of samples or sample_tests', async (_name, statement) => {
    const text = await plan(statement());
    // samples_site_status_idx (site_id, status, created_at, id) serves a window of one status (the verified samples) as well.
    expect(text).toMatch(/samples_site_created_idx|samples_site_status_idx/);
    expect(text).not.toContain('Seq Scan on samples');
    expect(text).not.toContain('Seq Scan on sample_tests');
  });

  it('fpodanu: a range of days sums the quarter-hour totals by their key and reads no sample or test', async () => {
    const text = await plan(repo.izvjestajiRepository(db, scope.siteId).financesPerDayQuery(scope));
    expect(text).toMatch(/(Bitmap Index|Index|Index Only) Scan (using|on) sample_totals_by_quarter_hour_site_id_quarter_hour_pk/);
    expect(text).not.toContain('Seq Scan');
    expect(text).not.toMatch(/ on samples| on sample_tests/);
  });

  it('fpodanu over a window that is not whole quarter hours: the quarter-hour totals and its edge minutes from samples_site_created_idx', async () => {
    const unaligned = { ...scope, window: { from: new Date('2025-09-01T00:07:00+02:00'), before: new Date('2025-09-30T23:52:30+02:00') } };
    const text = await plan(repo.izvjestajiRepository(db, unaligned.siteId).financesPerDayQuery(unaligned));
    expect(text).toMatch(/sample_totals_by_quarter_hour_site_id_quarter_hour_pk/);
    expect(text).toMatch(/samples_site_created_idx/);
    expect(text).not.toContain('Seq Scan');
    expect(text).not.toContain('sample_tests');
  });

  it.each([
    ['worklists page', () => repo.izvjestajiRepository(db, scope.siteId).worklistPageQuery(scope, page)],
    ['worklists totals', () => repo.izvjestajiRepository(db, scope.siteId).worklistTotalsQuery(scope)],
  ])('%s: the worklist samples from samples_worklist_idx, their tests through their key', async (_name, statement) => {
    const text = await plan(statement());
    expect(text).toMatch(/samples_worklist_idx|samples_site_created_idx/);
    expect(text).not.toContain('Seq Scan on samples');
    expect(text).not.toContain('Seq Scan on sample_tests');
  });
});
