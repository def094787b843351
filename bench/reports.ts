/**
 * Times the result reports.
 *
 *   npm run bench:reports                                   # PGlite in memory with the demo seed
 *   BENCH_DATABASE_URL=postgres://… npm run bench:reports   # a PostgreSQL server (use an empty database)
 *   BENCH_REPORT_SECONDS=10 BENCH_ITERATIONS=50 npm run bench:reports
 *
 * 1. Rendering: one-page reports (15 results in two sections, the patient's
 *    name with diacritics) drawn back to back in this one process, which runs
 *    JavaScript on one core: reports per second.
 * 2. Verify to PDF: for samples with results entered and approved, the time
 *    from POST /api/rezultati/verifikuj (which issues the report in its
 *    transaction, one PDF per language the patient asked for) until
 *    GET /api/nalazi/pdf/{sid} has answered the PDF, through the real app
 *    (app.inject: routing, authentication, validation, SQL), p50/p95/p99.
 * Results are printed and written to bench/results/reports-<database>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildReportContent, type LoginAnswer, type ReportInput } from '@lis/domain';
import { buildApp } from '@lis/server/src/app.ts';
import { openDatabase, queryRows } from '@lis/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '@lis/server/src/db/seed/index.ts';
import { renderReportPdf } from '@lis/server/src/modules/reports/pdf.ts';

const seconds = Number(process.env.BENCH_REPORT_SECONDS ?? 10);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
const here = import.meta.dirname;
const log = (line: string) => console.log(`[bench] ${line}`);

// 1. Rendering, one core.
const section = (naziv: string, nazivEn: string, redoslijed: number) => ({ naziv, nazivEn, nazivDe: '', redoslijed });
const chemistry = section('Biohemija', 'Clinical chemistry', 1);
const haematology = section('Hematologija', 'Haematology', 2);
const onePage: ReportInput = {
  jezik: 'bs',
  timeZone: 'Europe/Sarajevo',
  letterhead: {
    labName: 'Medicinsko-biohemijski laboratorij', address: 'Zmaja od Bosne 1, 71000 Sarajevo',
    header: 'Akreditovan prema BAS EN ISO 15189\nTel. 033 000 000', footer: 'Tumačenje rezultata daje ljekar.', siteName: 'Sarajevo (SA)',
  },
  patient: { ime: 'ĐURĐA', prezime: 'ČOLIĆ-ŠEHOVIĆ', jmbg: '0101990175007', godiste: 1990, spol: 'ŽENSKI' },
  sample: {
    code: '2611240001', type: 'Serum, Puna krv (K2EDTA)', lokacija: 'Dom zdravlja Centar', doktor: '', komentar: 'Uzorak blago hemolizovan.',
    collectedAt: new Date(), receivedAt: new Date(),
  },
  reportedAt: new Date(),
  approved: { name: 'Tarik Tehničar', at: new Date() },
  verified: { name: 'Selma Specijalista', at: new Date() },
  verzija: 1,
  correction: null,
  tests: Array.from({ length: 15 }, (_, index) => ({
    section: index < 10 ? chemistry : haematology,
    name: { naziv: `Pretraga broj ${index + 1} (čćžšđ)`, nazivEn: `Test number ${index + 1}`, nazivDe: '' },
    redoslijed: index,
    rezultat: index % 4 === 0 ? '7,4' : '5,1',
    jedinica: 'mmol/L',
    range: { low: 3.9, high: 6.1, text: null },
    flag: index % 4 === 0 ? 'H' as const : 'N' as const,
    calculated: index === 7,
  })),
};
const content = buildReportContent(onePage);
for (let i = 0; i < 50; i += 1) await renderReportPdf(content, new Date()); // warm-up: fonts, JIT
// Counted per second of this process's CPU time as well as of the wall clock: on a shared machine the wall
// clock also counts the time other processes had the core, while the CPU time is what the reports cost.
let rendered = 0;
const renderStart = performance.now();
const cpuStart = process.cpuUsage();
while (performance.now() - renderStart < seconds * 1000) {
  await renderReportPdf(content, new Date());
  rendered += 1;
}
const wallSeconds = (performance.now() - renderStart) / 1000;
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const perSecond = rendered / wallSeconds;
const perCpuSecond = rendered / cpuSeconds;
log(`rendering: ${perCpuSecond.toFixed(0)} one-page reports per CPU second (one core), ${perSecond.toFixed(0)} per wall-clock second (${rendered} in ${seconds} s)`);

// 2. Verify to PDF served.
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
await seedDemo(database.db);
const app = await buildApp({
  db: database.db, logger: false,
  config: { acmeDir: undefined, sessionMaxHours: 12, webDist: '/nonexistent', logLevel: 'silent' },
});
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/login/users', payload: { email: 'specijalista@demo.lab', password: DEMO_PASSWORD } });
const session = login.json<LoginAnswer>().data;
const auth = { authorization: `Bearer ${session.idToken}`, 'x-site': session.site };

// Patients with one, two and three report languages, and the same 15 assays (no sex-specific range, no critical value to acknowledge).
// Adults (born in the 1900s: the ID's fifth digit is 9), so every test is offered to them.
const patients = await queryRows<{ id: string }>(database.db, sql`select id from patients where jmbg like '____9%' order by jmbg limit 6`);
const assays = (await queryRows<{ id: string }>(database.db, sql`select a.id from lab_assays a where not a.calculated and not a.disabled and a.vrsta = 'numeric'
  and a.critical_low is null and a.critical_high is null
  and not exists (select 1 from reference_ranges r where r.labassay_id = a.id and (r.spol is not null or r.trudnica is not null or r.menopauza is not null))
  order by a.sifra limit 15`)).map((row) => row.id);

async function approvedSample(index: number): Promise<string> {
  const pid = patients[index % patients.length]!.id;
  const created = await app.inject({ method: 'POST', url: '/api/uzorci/save', headers: auth, payload: { pid, testovi: assays } });
  if (created.statusCode !== 201) throw new Error(`sample not created: ${created.body}`);
  const sid = created.json<{ uzorak: { _id: string } }>().uzorak._id;
  const shown = (await app.inject({ method: 'GET', url: `/api/rezultati/${sid}`, headers: auth })).json<{ version: number; tests: { _id: string }[] }>();
  const saved = await app.inject({
    method: 'POST', url: '/api/rezultati/save', headers: auth,
    payload: { sid, version: shown.version, rezultati: shown.tests.map((test) => ({ test: test._id, rezultat: '5,1' })) },
  });
  if (saved.statusCode !== 200) throw new Error(`results not saved: ${saved.body}`);
  const approved = await app.inject({ method: 'POST', url: '/api/rezultati/odobri', headers: auth, payload: { sid } });
  if (approved.statusCode !== 200) throw new Error(`not approved: ${approved.body}`);
  return sid;
}

const times: number[] = [];
for (let i = 0; i < iterations + 5; i += 1) {
  const sid = await approvedSample(i);
  const t0 = performance.now();
  const verified = await app.inject({ method: 'POST', url: '/api/rezultati/verifikuj', headers: auth, payload: { sid } });
  const served = await app.inject({ method: 'GET', url: `/api/nalazi/pdf/${sid}`, headers: auth });
  const elapsed = performance.now() - t0;
  if (verified.statusCode !== 200 || served.statusCode !== 200 || served.headers['content-type'] !== 'application/pdf') {
    throw new Error(`verify ${verified.statusCode}, pdf ${served.statusCode}: the figures would not measure what they name`);
  }
  if (i >= 5) times.push(elapsed); // the first few warm up plans and caches
}
times.sort((a, b) => a - b);
const percentile = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
const verifyToPdf = { p50: percentile(50), p95: percentile(95), p99: percentile(99), max: times.at(-1)! };
log(`verify to PDF served: p50 ${verifyToPdf.p50.toFixed(1)} ms, p95 ${verifyToPdf.p95.toFixed(1)} ms, p99 ${verifyToPdf.p99.toFixed(1)} ms`);

const report = {
  at: new Date().toISOString(),
  database: database.kind,
  rendering: { reportsPerCpuSecond: Math.round(perCpuSecond), reportsPerWallSecond: Math.round(perSecond), seconds, pages: 1, results: onePage.tests.length },
  verifyToPdf: { iterations, ...Object.fromEntries(Object.entries(verifyToPdf).map(([key, value]) => [key, +value.toFixed(2)])) },
};
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', `reports-${database.kind}.json`), `${JSON.stringify(report, null, 2)}\n`);
await app.close();
await database.close();
