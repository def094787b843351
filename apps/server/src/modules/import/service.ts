import {
  type ImportOrder, type ImportPreviewAnswer, type ImportProblem, type ImportReading, type ImportResult, type ImportRow,
  looksLikeXlsx, message, readImportRows, startOfDay,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { activePartnersByName } from '../partners/service.ts';
import { registerImported } from '../patients/service.ts';
import { createImportedSamples, importedSamples, type ImportedSample } from '../samples/service.ts';
import { siteTimeZone, siteToday } from '../sites/service.ts';
import { orderableTestCodes } from './repository.ts';
import { readImportFile } from './workbook.ts';

// The Excel import (/import): a file of patients with their orders is read and every row checked by the
// intake rules (packages/domain import/rows.ts), then imported part by part. A patient is keyed by JMBG
// (found, or registered as intake registers), a sample by its reference within the site (found, or
// created as on save), so a file imported twice creates nothing the second time.

async function lab(db: Db, ctx: RequestContext) {
  const [today, testIds, partnerIds] = await Promise.all([siteToday(db, ctx.siteId), orderableTestCodes(db), activePartnersByName(db)]);
  return { context: { today, testCodes: new Set(testIds.keys()), partners: new Set(partnerIds.keys()) }, testIds, partnerIds };
}

function problemAnswers(problems: readonly ImportProblem[]) {
  return problems.map((problem) => ({ field: problem.field, code: problem.code, message: message(problem.code, 'bs', problem.params) }));
}

function problemsOf(reading: ImportReading | undefined): ImportProblem[] {
  return !reading || reading.ok ? [] : reading.problems;
}

/** POST /import/pregled: the file's rows with each row's problems. Not a workbook: 415 '415: Unsupported Format'. */
export async function preview(db: Db, ctx: RequestContext, bytes: Buffer): Promise<Omit<ImportPreviewAnswer, 'success'>> {
  if (!looksLikeXlsx(bytes)) throw new AppError(415, 'import.unsupportedStatus');
  const rows = await readImportFile(bytes);
  const { context } = await lab(db, ctx);
  const readings = readImportRows(rows, context);
  return {
    rows: rows.map((row, index) => ({ ...row, problems: problemAnswers(problemsOf(readings[index])) })),
    ukupno: rows.length,
    ispravnih: readings.filter((reading) => reading.ok).length,
  };
}

function refused(row: ImportRow, text: string): ImportResult {
  return { red: row.red, referenca: row.referenca.trim(), jmbg: row.jmbg.trim(), status: 'greska', code: null, noviPacijent: false, poruka: text };
}

/**
 * POST /import/uvoz: one part of the file (at most IMPORT_CHUNK_ROWS rows), in one transaction. Each row
 * is checked again; a refused row is named with its problems and the others are imported. A reference
 * the site has already is not created again ('postoji'), unless it belongs to another patient (refused).
 */
export async function importRows(db: Db, ctx: RequestContext, rows: readonly ImportRow[]): Promise<ImportResult[]> {
  const { context, testIds, partnerIds } = await lab(db, ctx);
  const readings = readImportRows(rows, context);
  const timeZone = await siteTimeZone(db, ctx.siteId);
  const results: (ImportResult | null)[] = rows.map((row, index) => {
    const reading = readings[index];
    if (reading?.ok) return null;
    return refused(row, problemAnswers(problemsOf(reading)).map((problem) => problem.message).join(' '));
  });
  const orders = readings.flatMap((reading) => (reading.ok ? [reading.order] : []));
  if (orders.length === 0) return results.filter((result) => result !== null);

  const settled = await db.transaction(async (tx) => {
    const patients = await registerImported(tx, ctx, orders.map((order) => order.patient));
    const existing = new Map((await importedSamples(tx, ctx, orders.map((order) => order.referenca)))
      .map((sample) => [sample.importRef ?? '', sample]));
    const outcome = new Map<number, ImportResult>();
    const fresh: { order: ImportOrder; sample: ImportedSample }[] = [];
    for (const order of orders) {
      const patientId = patients.ids.get(order.patient.jmbg);
      if (!patientId) throw new Error('imported patient not found');
      const base = { red: order.red, referenca: order.referenca, jmbg: order.patient.jmbg, noviPacijent: patients.created.has(order.patient.jmbg) };
      const found = existing.get(order.referenca);
      if (found) {
        outcome.set(order.red, found.patientId === patientId
          ? { ...base, status: 'postoji', code: found.code, poruka: message('import.exists', 'bs', { code: found.code }) }
          : { ...base, status: 'greska', code: null, poruka: message('import.otherPatient') });
        continue;
      }
      fresh.push({
        order,
        sample: {
          patientId, importRef: order.referenca, testIds: order.testovi.map((code) => testIds.get(code) ?? ''),
          partnerId: order.partner === null ? null : (partnerIds.get(order.partner.toLowerCase()) ?? null),
          datum: order.datum ? startOfDay(order.datum, timeZone) : new Date(), hitan: order.hitan,
        },
      });
    }
    const created = await createImportedSamples(tx, ctx, fresh.map((entry) => entry.sample));
    created.forEach((sample, index) => {
      const entry = fresh[index];
      if (!entry) return;
      outcome.set(entry.order.red, {
        red: entry.order.red, referenca: entry.order.referenca, jmbg: entry.order.patient.jmbg, status: 'kreiran', code: sample.code,
        noviPacijent: patients.created.has(entry.order.patient.jmbg), poruka: message('import.created', 'bs', { code: sample.code }),
      });
    });
    return outcome;
  });
  return rows.map((row, index) => results[index] ?? settled.get(row.red) ?? refused(row, message('save.failed')));
}
