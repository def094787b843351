import type { FastifyInstance } from 'fastify';
import { message, sampleContracts, type MessageCode } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import { listRoute } from '../../lib/list-route.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['uzorci'];
const SESSION = 'Token and site as on every call: `Authorization: Bearer`, or `token`/`site` in the query or body. '
  + "Samples belong to a site: another site's sample answers 404 exactly like a missing one.";
const UZORAK = 'The sample answer is `{ uzorak, rezultat: { rezultati: [{ labassay, rezultat, rezultat_f }] } }` with `uzorak` = '
  + '`{ _id, id, sid, code, pacijentRBr, pid, status, hitan, tip, type, pdf_exists, komentar, datum, vrijeme, tags, created_at, updated_at, '
  + 'received_at, patient: { _id, ime, prezime, jmbg, spol, godiste }, jmbgObj: { years, months, days }, starost_dana, lokacija: { lokacija }, '
  + 'doktor, trudnica, menstc, anticoag, menopauza, sekcija: [{ _id, naziv }], tests: [{ _id, labassay, ime_testa, sifra, analit, jedinica, '
  + 'sekcija, sekcija_naziv, manual, calculated, klasa, disable, price, status_t, component_of }], ukupno, actions }`. '
  + 'Prices are exact decimal text ("4.50"); `ukupno` is their sum; `disable` marks a test that cannot be removed; `actions` lists what '
  + 'the status allows (delete, comment, note, sender, barcode, save, retest, check, edit, undo, verify, unlock, pdf).';

export function sampleRoutes(app: FastifyInstance, { db, realtime }: AppOptions): Promise<void> {
  registerCall(app, sampleContracts.patient, {
    tags: TAGS,
    summary: 'The patient of the sample-entry screen',
    description: `${SESSION} By \`jmbg\` (spec) or \`pid\` (patient id).\n\n`
      + '`200 { success: true, pacijent: { _id, id, ime, prezime, jmbg, spol, godiste, datum_rodjenja, jmbgObj, starost_dana } }` '
      + '(age from the ID on today\'s date at the site; null when unknown). Unknown patient: `404`.',
  }, async (request) => {
    return { success: true as const, pacijent: await service.patientForSampleEntry(db, request.ctx, request.body) };
  });

  registerCall(app, sampleContracts.picker, {
    tags: TAGS,
    summary: 'Tests the picker offers, by section, filtered for the patient',
    description: `${SESSION} \`sekcija\`: section id or sifra ('' = all); \`tip\`: assay kind ('' = all); the patient by \`pid\` or \`jmbg\` `
      + '(age and sex from the record), or `spol` alone; `trudnica`, `menopauza` from the sample being entered.\n\n'
      + 'A test is offered when it has no reference ranges, or when one of its ranges fits the patient\'s age in days, sex, pregnancy and '
      + 'menopause (unknown age or sex excludes nothing).\n\n'
      + '`200 { success: true, testovi: [{ _id, sifra, naziv, price, analit, jedinica, sekcija, manual, calculated, calculatedTests, disabled, '
      + 'tip, klasa }], sekcije: [{ _id, sifra, naziv, redoslijed }], starost_dana, spol }` in section and report order; the screen shows them '
      + '100 per row group. `klasa` is Lab, Man or Calc. Disabled tests are listed (greyed) but cannot be ordered.',
  }, async (request) => {
    return { success: true as const, ...(await service.pickerTests(db, request.ctx, request.body)) };
  });

  registerCall(app, sampleContracts.save, {
    tags: TAGS,
    summary: 'Create a sample (status ZAPRIMLJEN) with its tests',
    description: `${SESSION} The spec leaves this call's path out; this is it. The patient by \`pid\` or \`jmbg\`; \`testovi\` lists `
      + 'lab assay ids (or `{ labassay }` objects) the person picked; a calculated test brings its components at price 0. Prices come '
      + 'from the catalogue. The code is yymmdd + the day\'s running number (2405170001), unique in the lab and never reused.\n\n'
      + `\`201 { success: true, message: "Uzorak uspješno sačuvan!", code: "sample.saved", uzorak, rezultat }\`. ${UZORAK}\n\n`
      + 'Refusals: no tests `400 form.required (testovi)`; a test that is disabled or not offered to this patient `400 sample.testUnavailable` '
      + '("Test nije dostupan za ovog pacijenta: {naziv}."); pregnancy/menopause for a man `400 sample.flagsNeedFemale`; both `sample.flagsConflict`; '
      + 'a date in the future or before 2019-09-01 `400 sample.datumInvalid`; unknown patient `404`; an unexpected failure '
      + '`500 save.failed` ("Greška prilikom upisa!").\n\n'
      + 'Example body: `{ "pid": "…", "testovi": ["…", "…"], "hitan": false, "trudnica": false, "menstc": "", "anticoag": false, '
      + '"menopauza": false, "lokacija": "Dom zdravlja Centar", "doktor": "dr. Test", "komentar": "" }`',
  }, async (request, reply) => {
    const answer = await answeringFailureAs(request, 'save.failed', () => service.create(db, request.ctx, request.body));
    return reply.status(201).send({ success: true, message: message('sample.saved'), code: 'sample.saved', ...answer });
  });

  registerCall(app, sampleContracts.update, {
    tags: TAGS,
    summary: 'Edit a sample (sample edit dialog)',
    description: `${SESSION} \`sid\` names the sample. \`testovi\`, when sent, is the sample's whole list of tests: new ones are added `
      + '(with components at 0), left-out ones removed; pulled components need not be listed. Other fields left out keep their values; '
      + '`jmbg`, `spol` and `jmbgObj` of the spec payload are accepted and ignored (the server derives age and sex from the patient). '
      + 'An edit of the tests, `datum`, `trudnica` or `menopauza` settles the results as `POST /api/rezultati/save` does: calculated tests '
      + 'are recomputed from their components, flags judged for the sample as edited, and the status follows (a test without a result '
      + 'reopens a REALIZOVAN sample; removing the last test waiting makes it REALIZOVAN, announced as `result:completed` to the site). '
      + 'Every edit that changes something adds one to the sample\'s `version`.\n\n'
      + '`200 { success: true, message: "Uzorak uspješno izmijenjen!", code: "sample.updated", uzorak, rezultat }`.\n\n'
      + 'Refusals: ODOBREN or VERIFICIRAN `409 sample.locked` ("Uzorak je odobren ili verificiran i ne može se mijenjati."); removing the last '
      + 'test `409 sample.lastTest` ("Test nije moguće ukloniti. Zatvorite prozor i obrišite uzorak."); removing a test with a result or one a '
      + 'calculated test needs `409 sample.testLocked` ("Test nije moguće ukloniti!"); picker refusals as on save; an unexpected failure '
      + '`500 sample.updateFailed` ("Greška prilikom izmjene uzorka!").',
  }, async (request) => {
    const answer = await answeringFailureAs(request, 'sample.updateFailed', () => service.update(db, request.ctx, request.body, realtime));
    return { success: true as const, message: message('sample.updated'), code: 'sample.updated' as const, ...answer };
  });

  registerCall(app, sampleContracts.show, {
    tags: TAGS,
    summary: 'A sample with its tests and results',
    description: `${SESSION}\n\n\`200 { success: true, uzorak, rezultat }\`. ${UZORAK}`,
  }, async (request) => {
    return { success: true as const, ...(await service.show(db, request.ctx, request.params.sid)) };
  });

  registerCall(app, sampleContracts.delete, {
    tags: TAGS,
    summary: 'Delete a sample (only while ZAPRIMLJEN)',
    description: `${SESSION} Deletes the sample, its tests and any results (the confirmation 'Da' warns of that). Its code is never given again. `
      + 'The audit row keeps what was deleted.\n\n'
      + '`200 { success: true, message: "Zapis uspješno obrisan!", code: "delete.ok" }`. Not ZAPRIMLJEN: `409 sample.deleteNotAllowed` '
      + '("Uzorak se može obrisati samo dok je ZAPRIMLJEN."); unknown: `404`; unexpected failure: `500 delete.failed` ("Greška prilikom brisanja!").',
  }, async (request) => {
    const { id } = request.body;
    await answeringFailureAs(request, 'delete.failed', () => service.remove(db, request.ctx, id));
    return { success: true as const, message: message('delete.ok'), code: 'delete.ok' as const };
  });

  registerCall(app, sampleContracts.comment, {
    tags: TAGS,
    summary: "A sample's comment",
    description: `${SESSION}\n\n\`200 { success: true, komentar }\`; unknown: \`404\`.`,
  }, async (request) => {
    return { success: true as const, komentar: await service.comment(db, request.ctx, request.params.id) };
  });

  registerCall(app, sampleContracts.setComment, {
    tags: TAGS,
    summary: "Set a sample's comment",
    description: `${SESSION} Body \`{ komentar }\` (at most 2000 characters; '' clears it).\n\n`
      + '`200 { success: true, komentar, message: "Komentar sačuvan.", code: "sample.commentSaved" }`; ODOBREN/VERIFICIRAN: `409 sample.locked`; unknown: `404`.',
  }, async (request) => {
    const saved = await service.setComment(db, request.ctx, request.params.id, request.body.komentar);
    return { success: true as const, komentar: saved, message: message('sample.commentSaved'), code: 'sample.commentSaved' as const };
  });

  registerCall(app, sampleContracts.urgent, {
    tags: TAGS,
    summary: 'Set or clear the urgent star',
    description: `${SESSION} \`{ id, hitan: true }\` sets the star, \`false\` clears it (the same value twice changes nothing).\n\n`
      + '`200 { success: true, hitan }`; ODOBREN/VERIFICIRAN: `409 sample.locked`; unknown: `404`.',
  }, async (request) => {
    const { id, hitan } = request.body;
    return { success: true as const, hitan: await service.setUrgent(db, request.ctx, id, hitan) };
  });

  registerCall(app, sampleContracts.reception, {
    tags: TAGS,
    summary: 'Receive a sample by its scanned code (/barcode)',
    description: `${SESSION} A scanner types the code and Enter; send \`{ code }\`. ZAPRIMLJEN becomes U OBRADI with the time of receipt.\n\n`
      + '`200 { success: true, received: true, message: "Uzorak zaprimljen u obradu.", code: "sample.received", uzorak: { _id, code, status, hitan, '
      + 'pacijentRBr, received_at, pid } }`. Already past ZAPRIMLJEN: `200 { success: true, received: false, message: "Uzorak je već zaprimljen.", '
      + 'code: "sample.alreadyReceived", uzorak }` (nothing changes). A code of another site or none: `404`.',
  }, async (request) => {
    const outcome = await service.receive(db, request.ctx, request.body.code);
    const answer: MessageCode = outcome.received ? 'sample.received' : 'sample.alreadyReceived';
    return { success: true as const, received: outcome.received, message: message(answer), code: answer, uzorak: outcome.uzorak };
  });

  registerCall(app, sampleContracts.label, {
    tags: TAGS,
    summary: 'Label data of a sample',
    description: `${SESSION} Works in every status (label reprint).\n\n`
      + '`200 { success: true, pacijentRBr, godiste, datum (dd.mm.yyyy, site zone), code, ime, prezime, hitan }`. '
      + 'Printable labels: `/api/uzorci/barcode/{id}/pdf` and `/api/uzorci/barcode/{id}/zpl`.',
  }, async (request) => {
    return { success: true as const, ...(await service.labelData(db, request.ctx, request.params.id)) };
  });

  registerCall(app, sampleContracts.list, {
    tags: TAGS,
    summary: "The site's samples (sample table, /naljepnice)",
    description: `${SESSION} The list query contract: \`sort\` (created_at, datum, code, status, hitan, prezime, ime; default created_at desc), `
      + '`page`, `per_page`, `filter` (every word must match the start of the code, prezime, ime or jmbg), `datum` (DANAS, JUČER, SEDMICA, '
      + 'MJESEC, SVE on the registration time, or RADNA LISTA = not yet approved), `dateRangeMin`/`dateRangeMax`; plus `status` (repeatable: '
      + '`status=ZAPRIMLJEN&status=U%20OBRADI` for samples in processing) and `hitan` (true/false).\n\n'
      + '`200 { success: true, data: [{ _id, code, pacijentRBr, status, hitan, tip, type, datum, lokacija, doktor, komentar, pdf_exists, '
      + 'created_at, updated_at, pid, ime, prezime, jmbg, godiste, testova, ukupno }], pagination }`.',
  }, listRoute(db, (list) => service.list(db, list)));
  return Promise.resolve();
}
