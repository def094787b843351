/**
 * Times the result reports.
 *
 *   npm run bench:reports                                   # PGlite in memory with the demo seed
 *   BENCH_DATABASE_URL=postgres://… npm run bench:reports   # a PostgreSQL server (use an empty database)
 *   BENCH_REPORT_SECONDS=10 BENCH_ITERATIONS=50 npm run bench:reports
 *
 * 1. Rendering: one-page reports (15 results in two sections, the patient's
 *    name with diacritics) drawn back to back in this one process, which runs
 *    JavaScript on one core: reports per second; and in the same run, taking
 *    turns, a plain pdfkit page with the same embedded fonts and text (the
 *    library's own cost for such a page), so the ratio of the two is printed.
 * 2. Verify to PDF: for samples with results entered and approved, the time
 *    from POST /api/rezultati/verifikuj (which issues the report in its
 *    transaction, one PDF per language the patient asked for) until
 *    GET /api/nalazi/pdf/{sid} has answered the PDF, through the real app
 *    (app.inject: routing, authentication, validation, SQL), p50/p95/p99.
 * Results are printed and written to bench/results/reports-<database>.json.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { buildReportContent, type LoginAnswer, type ReportContent, type ReportInput } from '@lis/domain';
import { DEFAULT_PDF_FONT_DIR } from '@lis/server/src/config.ts';
import { buildApp } from '@lis/server/src/app.ts';
import { openDatabase, queryRows } from '@lis/server/src/db/client.ts';
import { DEMO_PASSWORD, seedDemo } from '@lis/server/src/db/seed/index.ts';
import { renderReportPdf } from '@lis/server/src/modules/reports/pdf.ts';
import { verificationUrl } from '@lis/server/src/modules/reports/signing.ts';
import { makeSelfSignedIdentity, openPdfSigner } from '@lis/server/src/lib/pdf/signature.ts';

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

/**
 * The yardstick: a plain pdfkit page with the same embedded font (DejaVu Sans and its bold, parsed once per
 * process, as pdfkit's documentation passes a parsed font) and the same text in the same sizes, each text drawn
 * with doc.text at its place, no layout of our own: what the library costs for such a page.
 */
const rawFonts = {
  regular: fontkit.create(readFileSync(path.join(DEFAULT_PDF_FONT_DIR, 'DejaVuSans.ttf'))),
  bold: fontkit.create(readFileSync(path.join(DEFAULT_PDF_FONT_DIR, 'DejaVuSans-Bold.ttf'))),
};
type Item = [font: 'r' | 'b', size: number, text: string, x: number];
function plainItems(report: ReportContent): Item[][] {
  const lines: Item[][] = [];
  lines.push([['b', 13, report.letterhead.name, 42], ['b', 9, report.letterhead.site, 400]]);
  lines.push([['r', 8.5, report.letterhead.address, 42]]);
  for (const line of report.letterhead.lines) lines.push([['r', 7.5, line, 42]]);
  lines.push([['b', 14, report.title, 260]]);
  report.patientFields.forEach((field, index) => {
    const sample = report.sampleFields[index];
    lines.push([['r', 7.5, field.label, 42], [index === 0 ? 'b' : 'r', 9, field.value, 120],
      ...(sample ? [['r', 7.5, sample.label, 310], ['r', 9, sample.value, 390]] as Item[] : [])]);
  });
  const { columns } = report;
  lines.push([['b', 7.5, columns.test, 46], ['b', 7.5, columns.result, 260], ['b', 7.5, columns.unit, 350], ['b', 7.5, columns.reference, 416], ['b', 7.5, columns.flag, 530]]);
  for (const section of report.sections) {
    lines.push([['b', 9.5, section.title, 46]]);
    for (const row of section.rows) {
      const value: 'r' | 'b' = row.emphasis === 'normal' ? 'r' : 'b';
      lines.push([['r', 8.5, row.calculated ? `${row.name} †` : row.name, 46], [value, 8.5, row.value, 260], ['r', 8.5, row.unit, 350],
        ['r', 8.5, row.range, 416], ...(row.flag ? [['b', 8.5, row.flag, 540]] as Item[] : [])]);
    }
  }
  for (const line of report.legend) lines.push([['r', 7, line, 42]]);
  if (report.comment) lines.push([['b', 8, report.comment.label, 48]], [['r', 8.5, report.comment.value, 48]]);
  lines.push(report.signatures.map((field, index): Item => ['r', 7.5, field.label, 42 + index * 268]));
  lines.push(report.signatures.map((field, index): Item => ['b', 8.5, field.value, 42 + index * 268]));
  lines.push([...report.footer.map((line): Item => ['r', 7, line, 42]), ['r', 7.5, report.pageText(1, 1), 420]]);
  return lines.map((line) => line.filter((item) => item[2] !== ''));
}
const plainLines = plainItems(content);
function renderPlainPage(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', font: '', margins: { top: 40, left: 42, right: 42, bottom: 40 } });
  doc.registerFont('r', rawFonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('b', rawFonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  let y = 40;
  for (const line of plainLines) {
    for (const [font, size, text, x] of line) doc.font(font).fontSize(size).text(text, x, y, { lineBreak: false });
    y += 16;
  }
  doc.end();
  return done;
}

/** Renders back to back for `seconds`; counted per second of this process's CPU time and of the wall clock. */
async function rate(render: () => Promise<Buffer>): Promise<{ perCpuSecond: number; perWallSecond: number; rendered: number }> {
  for (let i = 0; i < 50; i += 1) await render(); // warm-up: fonts, JIT
  // On a shared machine the wall clock also counts the time other processes had the core; the CPU time is what
  // the reports cost.
  let rendered = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  while (performance.now() - start < seconds * 1000) {
    await render();
    rendered += 1;
  }
  const cpu = process.cpuUsage(cpuStart);
  return { perCpuSecond: rendered / ((cpu.user + cpu.system) / 1e6), perWallSecond: rendered / ((performance.now() - start) / 1000), rendered };
}

// Alternated, half the time each at a time, so both see the same machine.
const ours = { perCpuSecond: 0, perWallSecond: 0, rendered: 0 };
const plain = { perCpuSecond: 0, perWallSecond: 0, rendered: 0 };
for (let round = 0; round < 2; round += 1) {
  for (const [total, render] of [[ours, () => renderReportPdf(content, new Date())], [plain, renderPlainPage]] as const) {
    const measured = await rate(render);
    total.perCpuSecond += measured.perCpuSecond / 2;
    total.perWallSecond += measured.perWallSecond / 2;
    total.rendered += measured.rendered;
  }
}
const ratio = ours.perCpuSecond / plain.perCpuSecond;
log(`rendering: ${ours.perCpuSecond.toFixed(0)} one-page reports per CPU second (one core), ${ours.perWallSecond.toFixed(0)} per wall-clock second (${ours.rendered} in ${2 * seconds} s)`);
log(`plain pdfkit page, same fonts and text: ${plain.perCpuSecond.toFixed(0)} per CPU second, ${plain.perWallSecond.toFixed(0)} per wall-clock second (${plain.rendered} in ${2 * seconds} s); ours ${(100 * ratio).toFixed(0)} % of it`);

// 1b. As issued: with the QR code of the verification page on the page, and signed with the lab's certificate.
const identity = makeSelfSignedIdentity('Bench');
const signer = openPdfSigner(identity.p12, identity.password);
const qrUrl = verificationUrl('0123456789abcdef'.repeat(2), 'https://lab.example.ba');
const issued = await rate(async () => signer.sign(await renderReportPdf(content, new Date(), qrUrl), new Date()));
log(`rendering with QR code and signature: ${issued.perCpuSecond.toFixed(0)} one-page reports per CPU second (one core), `
  + `${(1000 / issued.perCpuSecond - 1000 / ours.perCpuSecond).toFixed(1)} ms of CPU more per report than rendering alone`);

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
  commit: execSync('git rev-parse --short HEAD', { cwd: here }).toString().trim(),
  loadAverage: os.loadavg().map((value) => +value.toFixed(2)),
  rendering: {
    reportsPerCpuSecond: Math.round(ours.perCpuSecond), reportsPerWallSecond: Math.round(ours.perWallSecond), seconds: 2 * seconds, pages: 1, results: onePage.tests.length,
    plainPagePerCpuSecond: Math.round(plain.perCpuSecond), plainPagePerWallSecond: Math.round(plain.perWallSecond), ratioToPlainPage: +ratio.toFixed(3),
  },
  renderingIssued: { reportsPerCpuSecond: Math.round(issued.perCpuSecond), withQrCode: true, signed: true },
  verifyToPdf: { iterations, ...Object.fromEntries(Object.entries(verifyToPdf).map(([key, value]) => [key, +value.toFixed(2)])) },
};
mkdirSync(path.join(here, 'results'), { recursive: true });
writeFileSync(path.join(here, 'results', `reports-${database.kind}.json`), `${JSON.stringify(report, null, 2)}\n`);
await app.close();
await database.close();
