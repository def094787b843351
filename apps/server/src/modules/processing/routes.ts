import type { FastifyInstance } from 'fastify';
import { processingContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { listRoute } from '../../lib/list-route.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const SESSION = 'Token and site as on every call: `Authorization: Bearer`, or `token`/`site` in the query or body. '
  + "Samples belong to a site: another site's sample answers 404 exactly like a missing one.";
const ROW = '`200 { success: true, data: [{ _id, code, pacijentRBr, status, hitan, tip, type, datum, lokacija, doktor, komentar, pdf_exists, '
  + 'created_at, updated_at, pid, ime, prezime, jmbg, godiste, testova, ukupno, rezultata, kriticni, abnormalni, verified_once, retest, refleks }], pagination }`: '
  + 'the sample list row, plus `rezultata` (tests with a result), `kriticni` (a result beyond a critical limit, flag LL or HH), '
  + '`abnormalni` (results flagged L, H, A, LL or HH), `verified_once` (verified before: an unlocked sample is a correction) and '
  + '`retest` (results taken back for a retest and not yet given again), `refleks` (tests a reflex rule added, waiting for their result).';
const LIST = 'The list query contract: `sort` (created_at, datum, code, status, hitan, prezime, ime; default created_at desc), `page`, '
  + '`per_page`, `filter` (every word must match the start of the code, prezime, ime or jmbg), `dateRangeMin`/`dateRangeMax`, and `datum`: '
  + 'DANAS, JUČER, SEDMICA, MJESEC, SVE on the registration time, RADNA LISTA (every sample not yet approved, whatever its day) or '
  + 'Mikrobiologija (those of them with a test of a microbiology section).';

export function processingRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {

  registerCall(app, processingContracts.list, {
    tags: ['obrada'],
    summary: "The site's samples to process (/obrada/pregled)",
    description: `${SESSION} ${LIST} Without \`datum\` the list is RADNA LISTA. Also \`status\` (repeatable) and \`hitan\` (true/false).\n\n${ROW}`,
  }, listRoute(db, (list) => service.processingList(db, list)));

  registerCall(app, processingContracts.protocol, {
    tags: ['obrada'],
    summary: "Samples waiting for a check ('Provjera nalaza', /protokol)",
    description: `${SESSION} Samples REALIZOVAN (awaiting approval) or ODOBREN (awaiting verification), or carrying a comment and not yet `
      + `VERIFICIRAN. ${LIST} Without \`datum\` every day is listed (SVE).\n\n${ROW}`,
  }, listRoute(db, (list) => service.protocolList(db, list)));

  registerCall(app, processingContracts.protocolCount, {
    tags: ['obrada'],
    summary: "How many samples wait for a check ('Provjera nalaza' badge)",
    description: `${SESSION}\n\n\`200 { success: true, count }\`: the total of \`GET /protokol/list\` over every day (SVE) at this site, `
      + "shown as the badge of the sidebar item whose `note` flag is set ('Provjera nalaza').",
  }, async (request) => ({ success: true as const, count: await service.protocolCount(db, request.ctx) }));

  registerCall(app, processingContracts.barcodes, {
    tags: ['rezultati'],
    summary: 'Labels of the approval screen: every sample the patient gave that day',
    description: `${SESSION} \`sampleId\` names a sample, \`id\` its patient; \`date\` (dd-mm-yyyy, the dots of dd.mm.yyyy replaced by dashes) `
      + 'names the day, else the day the sample was taken, in the site\'s time zone.\n\n'
      + '`200 { success: true, results: [{ patient: { jmbg, ime, prezime }, id, created_at, sample: { pid, datum (dd.mm.yyyy), code } }] }`: '
      + 'the named sample first, then the patient\'s other samples taken that day at this site in the order they were taken. '
      + 'A sample of another site, or a patient that is not the sample\'s: `404`; a day that does not exist: `400 form.invalid (date)`.',
  }, async (request) => {
    const { sampleId, id } = request.params;
    return { success: true as const, results: await service.approvalBarcodes(db, request.ctx, sampleId, id, request.query.date) };
  });

  registerCall(app, processingContracts.assaySettings, {
    tags: ['rezultati'],
    summary: 'Assay settings: the predefined comments',
    description: `${SESSION} One record for the whole lab.\n\n\`200 { success: true, settings: [{ komentari: [text] }] }\`: `
      + "`settings[0].komentari` are the comments offered under 'Izaberite željeni komentar'; `settings` is empty when the lab has none.",
  }, async () => ({ success: true as const, settings: await service.assaySettings(db) }));

  registerCall(app, processingContracts.patientResults, {
    tags: ['rezultati'],
    summary: "A patient's results at this site over time (/evaluation, the result-multi dialog)",
    description: `${SESSION} Patients belong to the lab, their results to the site that measured them: only this site's samples count. `
      + '`assay` (an assay sifra, repeatable) narrows the answer. The read is logged in the access log.\n\n'
      + '`200 { success: true, pacijent: { _id, ime, prezime, jmbg, spol, datum_rodjenja }, assays: [{ sifra, naziv, analit, jedinica, decimals, '
      + 'vrsta, referenca: { low, high, text }, points: [{ sid, code, datum, rezultat, value, flag, status }] }] }`: assays in report order '
      + '(section, then assay), each with the reference range that applies to the patient today (sex and age; pregnancy and menopause '
      + 'unknown), results oldest first: `rezultat` the exact text, `value` its number when it is an exact number (not "<0.5" or text), '
      + '`flag` L, H, LL, HH, A or null (within range, or not judged). Unknown patient: `404`.',
  }, async (request) => service.patientResults(db, request.ctx, request.params.id, request.query.assay));
  return Promise.resolve();
}
