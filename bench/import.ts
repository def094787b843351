/**
 * Times the Excel import (/import) of a 10,000-row file through the real API: the preview (the file uploaded
 * and every row checked) and the import in parts of IMPORT_CHUNK_ROWS one after another, as the screen sends
 * them; then the same file again, which must create nothing (every row 'postoji').
 *
 *   npm run import -w bench                                   # PGlite in bench/.data (with BENCH_SAMPLES samples)
 *   BENCH_DATABASE_URL=postgres://… npm run import -w bench   # a PostgreSQL server
 *   IMPORT_ROWS=2000 BENCH_SAMPLES=1000 npm run import -w bench
 *
 * The file has the template's columns (IMPORT_COLUMNS): a new patient per row (JMBG with its control digit),
 * a sample reference unique to the run, three of the catalogue's tests, every tenth row a partner and every
 * twentieth urgent. Results are printed and written to bench/results/import-<database>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  IMPORT_CHUNK_ROWS, XLSX_MEDIA_TYPE, jmbgControlDigit, type ImportAnswer, type ImportPreviewAnswer, type ImportRow,
} from '@lis/domain';
import { queryRows } from '@lis/server/src/db/client.ts';
import { importFile, type FileRow } from '@lis/server/src/modules/import/test-fixtures.ts';
import { benchDir, log, startBench } from './setup.ts';

const rows = Number(process.env.IMPORT_ROWS ?? 10_000);
const { database, app, auth } = await startBench(1);

const codes = (await queryRows<{ sifra: string }>(database.db, sql`
  select sifra from lab_assays where not calculated and not disabled and not manual
    and not exists (select 1 from reference_ranges r where r.labassay_id = lab_assays.id and (r.spol is not null or r.trudnica is not null or r.menopauza is not null))
  order by sifra limit 30`)).map((row) => row.sifra);
const partnerName = `Bench partner ${Date.now().toString(36)}`;
const partnerSaved = await app.inject({ method: 'POST', url: '/api/partneri/save', headers: auth, payload: { naziv: partnerName, vrste: ['narucilac'] } });
if (partnerSaved.statusCode >= 300) throw new Error(`partner not saved: ${partnerSaved.body}`);

// A run's JMBGs: birth dates in 1940-1999, the register number from a run offset, so a new run registers new patients.
const run = Date.now().toString(36).toUpperCase();
const offset = Math.floor(Math.random() * 400) * 1000;
function jmbg(i: number): string {
  const n = offset + i;
  const day = String(1 + (n % 28)).padStart(2, '0');
  const month = String(1 + (Math.floor(n / 28) % 12)).padStart(2, '0');
  const year = `9${String(40 + (Math.floor(n / 336) % 60)).padStart(2, '0')}`;
  const serial = Math.floor(n / 20_160);
  const region = String(10 + (serial % 80)).padStart(2, '0');
  // The register number says the sex (000-499 male, 500-999 female): even rows are men, odd rows women.
  const number = String((n % 2 === 0 ? 0 : 500) + (Math.floor(serial / 80) % 500)).padStart(3, '0');
  const twelve = `${day}${month}${year}${region}${number}`;
  return `${twelve}${jmbgControlDigit(twelve) ?? 0}`;
}

const fileRows: FileRow[] = [];
for (let i = 0; i < rows; i += 1) {
  fileRows.push({
    jmbg: jmbg(i), ime: 'UVOZ', prezime: `BENCHIĆ ${i % 100}`, spol: i % 2 === 0 ? 'MUŠKI' : 'ŽENSKI', adresa: `Ulica ${i % 300}`,
    telefon: `061 ${String(i % 1000).padStart(3, '0')} ${String(i % 997).padStart(3, '0')}`, email: '',
    referenca: `B${run}-${i + 1}`, testovi: [0, 7, 13].map((k) => codes[(i + k) % codes.length]).join(', '), datum: '',
    partner: i % 10 === 0 ? partnerName : '', hitan: i % 20 === 0 ? 'DA' : 'NE',
  });
}
const file = await importFile(fileRows); // the template's columns (IMPORT_COLUMNS), as the tests build their files
log(`file: ${rows.toLocaleString('en')} rows, ${(file.length / 1024).toFixed(0)} KiB`);

async function importOnce(): Promise<{ previewMs: number; importMs: number; outcomes: Record<string, number>; chunkMs: number[] }> {
  const t0 = performance.now();
  const previewed = await app.inject({ method: 'POST', url: '/api/import/pregled', headers: { ...auth, 'content-type': XLSX_MEDIA_TYPE }, payload: file });
  if (previewed.statusCode !== 200) throw new Error(`preview failed: ${previewed.body.slice(0, 500)}`);
  const preview = previewed.json<ImportPreviewAnswer>();
  const previewMs = performance.now() - t0;
  if (preview.ispravnih !== rows) throw new Error(`${rows - preview.ispravnih} rows refused: ${JSON.stringify(preview.rows.find((row) => row.problems.length > 0))}`);
  const outcomes: Record<string, number> = {};
  const chunkMs: number[] = [];
  const t1 = performance.now();
  for (let from = 0; from < preview.rows.length; from += IMPORT_CHUNK_ROWS) {
    const part: ImportRow[] = preview.rows.slice(from, from + IMPORT_CHUNK_ROWS).map(({ problems: _problems, ...row }) => row);
    const c0 = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/import/uvoz', headers: auth, payload: { rows: part } });
    chunkMs.push(performance.now() - c0);
    if (response.statusCode !== 200) throw new Error(`import failed: ${response.body.slice(0, 500)}`);
    for (const result of response.json<ImportAnswer>().results) outcomes[result.status] = (outcomes[result.status] ?? 0) + 1;
  }
  return { previewMs, importMs: performance.now() - t1, outcomes, chunkMs };
}

const first = await importOnce();
log(`first run: preview ${(first.previewMs / 1000).toFixed(1)} s, import ${(first.importMs / 1000).toFixed(1)} s, total ${((first.previewMs + first.importMs) / 1000).toFixed(1)} s ${JSON.stringify(first.outcomes)}`);
const again = await importOnce();
log(`same file again: preview ${(again.previewMs / 1000).toFixed(1)} s, import ${(again.importMs / 1000).toFixed(1)} s ${JSON.stringify(again.outcomes)}`);
if ((first.outcomes.kreiran ?? 0) !== rows || (again.outcomes.postoji ?? 0) !== rows) throw new Error('the import did not create every row once');

const counts = await queryRows<{ samples: number }>(database.db, sql`select count(*)::int as samples from samples`);
const seconds = (ms: number) => +(ms / 1000).toFixed(2);
const summary = {
  at: new Date().toISOString(),
  database: database.kind,
  samplesInDatabase: counts[0]?.samples,
  rows,
  chunkRows: IMPORT_CHUNK_ROWS,
  first: { previewS: seconds(first.previewMs), importS: seconds(first.importMs), totalS: seconds(first.previewMs + first.importMs), outcomes: first.outcomes,
    slowestChunkS: seconds(Math.max(...first.chunkMs)) },
  again: { previewS: seconds(again.previewMs), importS: seconds(again.importMs), totalS: seconds(again.previewMs + again.importMs), outcomes: again.outcomes },
};
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
writeFileSync(path.join(benchDir, 'results', `import-${database.kind}.json`), `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary, null, 2));
await app.close();
await database.close();
