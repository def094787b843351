import {
  type Invoice, type InvoiceCandidate, calendarDateOf, invoiceLines, invoiceNumber, isSampleStatus, toIsoDate,
} from '@lis/domain';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { logPatientView, patientById } from '../patients/service.ts';
import { siteLetterhead, siteTimeZone } from '../sites/service.ts';
import * as repo from './repository.ts';

// The pro-forma invoice (predračun) of a patient's samples at the caller's site. Patients belong to the lab,
// samples to a site: a sample of another site, a missing one or one of another patient answers 404, as an
// unknown patient does. The prices are the tests' prices on the samples (components of a calculated test at 0).

/** Samples the sample table dialog offers for an invoice: the patient's newest at this site. */
const CANDIDATE_LIMIT = 30;

/** GET /predracun/{patient} and /predracun/{patient}/pregled: the invoice of the named samples, as the PDF and the screen show it. */
export async function invoice(db: Db, ctx: RequestContext, patientId: string, sampleIds: readonly string[], now: Date = new Date()): Promise<Invoice> {
  const patient = await patientById(db, patientId);
  if (!patient) throw AppError.notFound();
  const rows = await repo.invoiceRepository(db, ctx.siteId).invoiceSamples(sampleIds);
  if (rows.length !== sampleIds.length || rows.some((row) => row.patientId !== patientId)) throw AppError.notFound();
  const [tests, letterhead, timeZone] = await Promise.all([
    repo.invoiceRepository(db, ctx.siteId).invoiceTests(sampleIds), siteLetterhead(db, ctx.siteId), siteTimeZone(db, ctx.siteId),
  ]);
  const lines = invoiceLines(rows.map((row) => ({
    id: row.id, code: row.code, datum: row.datum.toISOString(),
    tests: tests.filter((test) => test.sampleId === row.id),
  })));
  await logPatientView(db, ctx, patientId);
  return {
    broj: invoiceNumber(letterhead.site.sifra, rows.map((row) => row.code)),
    datum: toIsoDate(calendarDateOf(now, timeZone)),
    valuta: 'KM',
    zaglavlje: letterhead,
    pacijent: {
      _id: patient.id, ime: patient.ime, prezime: patient.prezime, jmbg: patient.jmbg, godiste: patient.godiste, adresa: patient.adresa,
    },
    ...lines,
  };
}

/** GET /predracun/{patient}/uzorci: the patient's newest samples at this site with their totals; an unknown patient 404. */
export async function candidates(db: Db, ctx: RequestContext, patientId: string): Promise<InvoiceCandidate[]> {
  if (!(await patientById(db, patientId))) throw AppError.notFound();
  const rows = await repo.invoiceRepository(db, ctx.siteId).invoiceCandidates(patientId, CANDIDATE_LIMIT);
  return rows.map((row) => {
    if (!isSampleStatus(row.status)) throw new Error(`unknown sample status ${row.status}`);
    return {
      _id: row.id, code: row.code, datum: row.datum.toISOString(), updated_at: row.updatedAt.toISOString(), status: row.status,
      testova: row.testova, ukupno: row.ukupno,
    };
  });
}
