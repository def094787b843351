import type { FastifyInstance } from 'fastify';
import { resultContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['rezultati'];
const SESSION = 'Token and site as on every call: `Authorization: Bearer`, or `token`/`site` in the query or body. '
  + "Samples belong to a site: another site's sample answers 404 exactly like a missing one.";
const MOVE = 'Answers `200 { success: true, status, version }` with the new status and version (one higher). Runs on the locked sample '
  + 'row; a refusal changes nothing: a move the status does not allow is `409 results.transitionNotAllowed` ("Ova radnja nije dozvoljena '
  + 'za uzorak u statusu {status}."), missing input a `400` naming the field. Each move writes an audit row (`GET /api/uzorci/audit/{sid}`).';

export function resultRoutes(app: FastifyInstance, { db, realtime, outbox, hl7 }: AppOptions): Promise<void> {

  registerCall(app, resultContracts.show, {
    tags: TAGS,
    summary: "A sample's results for the result screen",
    description: `${SESSION}\n\n\`200 { success: true, status, version, actions, uzorak, tests }\`: \`version\` is what \`save\` must send `
      + 'back; `actions` what the status allows; `uzorak` as `GET /api/uzorci/show/{sid}` answers it; `tests` in report order (section '
      + '`redoslijed`, then assay), each `{ _id, sifra, naziv, analit, sekcija: { _id, naziv, redoslijed }, vrsta (numeric | text | '
      + 'qualitative), opcije (grades of a positive), decimals (display only), calculated, rezultat (exactly as stored), jedinica, '
      + 'referenca: { low, high, text } (the range for this patient: sex, age in days at the sample date, pregnancy, menopause), '
      + 'flag (L, H, LL, HH, A or null), kriticni, delta: { previous, previousAt, exceeded } | null (the same patient\'s latest verified '
      + 'result of the assay at this site, from a sample taken no later than this one), status_t, unio (who entered it, or the source such '
      + 'as "formula"), unio_at, aparat_flag (the flags the analyser sent with a result it entered, or null) }`.',
  }, async (request) => {
    return { success: true as const, ...(await service.show(db, request.ctx, request.params.sid)) };
  });

  registerCall(app, resultContracts.save, {
    tags: TAGS,
    summary: 'Save results of a sample',
    description: `${SESSION} Body \`{ sid, version, rezultati: [{ test, rezultat }], razlog? }\`: \`test\` is a test entry's \`_id\`, `
      + '`rezultat` the text exactly as entered or received (`""` or null clears it). Each result is stored as that text with its exact '
      + 'number and its flag; every calculated test is recomputed from the results (cleared when a component is missing); the status '
      + 'follows (first result: U OBRADI; every test: REALIZOVAN, announced as `result:completed` to the site).\n\n'
      + '`200 { success: true, status, version }`. Refusals, each changing nothing: another `version` than the sample\'s '
      + '`409 results.versionConflict`; a test not of this sample `400 results.unknownTest` (field `rezultati.{i}.test`); a calculated '
      + 'test `400 results.calculatedReadOnly`; a value the assay does not take `400 results.notNumeric | results.notAllowedValue | '
      + 'results.positiveNeedsGrade` (field `rezultati.{i}.rezultat`); ODOBREN or VERIFICIRAN `409 results.locked`; changing an entered '
      + 'result of a sample verified before and unlocked without `razlog` `400 results.reasonRequired` (field `razlog`).',
  }, async (request) => {
    const answer = await answeringFailureAs(request, 'save.failed', () => service.save(db, request.ctx, request.body, realtime));
    return { success: true as const, ...answer };
  });

  registerCall(app, resultContracts.approve, {
    tags: TAGS,
    summary: 'Approve the results (technical validation)',
    description: `${SESSION} REALIZOVAN -> ODOBREN, stamped with who and when; announces \`result:approved\` to the site. A sample `
      + `still waiting for results: \`409 results.incomplete\`. ${MOVE}`,
  }, async (request) => {
    const answer = await answeringFailureAs(request, 'save.failed', () => service.approve(db, request.ctx, request.body.sid, realtime));
    return { success: true as const, ...answer };
  });

  registerCall(app, resultContracts.unapprove, {
    tags: TAGS,
    summary: 'Remove the approval',
    description: `${SESSION} ODOBREN -> REALIZOVAN: the results can be changed again. ${MOVE}`,
  }, async (request) => {
    const answer = await answeringFailureAs(request, 'save.failed', () => service.unapprove(db, request.ctx, request.body.sid, realtime));
    return { success: true as const, ...answer };
  });

  registerCall(app, resultContracts.retest, {
    tags: TAGS,
    summary: 'Take a result back for a retest',
    description: `${SESSION} Body \`{ sid, version, test, razlog }\`: the entered result of \`test\` is marked for a retest with the `
      + 'reason (required, `400 results.reasonRequired`). The earlier value stays until the retest\'s value is saved through '
      + '`POST /rezultati/save`, which records it as `result.change` with this reason (even when the value is the same); until then '
      + 'the test counts as missing, so a REALIZOVAN sample goes back to U OBRADI and cannot be approved. Audited `result.retest`. '
      + 'A test not of the sample `400 results.unknownTest`, a calculated test `400 results.calculatedReadOnly`, a test without a result '
      + '`400 results.retestNoResult` (field `test`), another version `409 results.versionConflict`, an approved or verified sample '
      + `\`409 results.locked\`. ${MOVE}`,
  }, async (request) => {
    const answer = await answeringFailureAs(request, 'save.failed', () => service.retest(db, request.ctx, request.body, realtime));
    return { success: true as const, ...answer };
  });

  registerCall(app, resultContracts.verify, {
    tags: TAGS,
    summary: 'Verify the results (medical validation)',
    description: `${SESSION} ODOBREN -> VERIFICIRAN. Body \`{ sid, obavijesten?: { ko, kada } }\`: who was told of the critical values `
      + 'and when (ISO instant with offset). A sample with a critical result (LL or HH, computed afresh for this patient) needs it: '
      + '`400 results.notifiedRequired` (field `obavijesten`); a time in the future `400 results.notifiedInFuture`. The acknowledgement '
      + `is stored and audited as its own row (\`sample.acknowledge\`). ${MOVE}`,
  }, async (request) => {
    const { sid, obavijesten } = request.body;
    const answer = await answeringFailureAs(request, 'save.failed', () => service.verify(db, request.ctx, sid, obavijesten, realtime));
    // The verification has committed the patient's report mail (when they have an address): the outbox sends it now.
    outbox?.wake();
    hl7?.wake();
    return { success: true as const, ...answer };
  });

  registerCall(app, resultContracts.unverify, {
    tags: TAGS,
    summary: 'Remove the verification (unlock)',
    description: `${SESSION} VERIFICIRAN -> ODOBREN. Body \`{ sid, razlog }\`: the reason is required (\`400 results.reasonRequired\`) `
      + `and kept in the audit row. From then on, changing an entered result needs a reason too. ${MOVE}`,
  }, async (request) => {
    const { sid, razlog } = request.body;
    const answer = await answeringFailureAs(request, 'save.failed', () => service.unverify(db, request.ctx, sid, razlog, realtime));
    return { success: true as const, ...answer };
  });

  registerCall(app, resultContracts.correct, {
    tags: TAGS,
    summary: 'Correct a verified sample in one act',
    description: `${SESSION} VERIFICIRAN -> VERIFICIRAN through the long path's steps in one transaction. Body \`{ sid, version, `
      + 'rezultati: [{ test, rezultat }], razlog, obavijesten?: { ko, kada } }`: `version` the verified sample\'s, `razlog` the reason '
      + '(asked once; kept on the unlock and on each changed result), `obavijesten` who was told of a critical value and when. '
      + 'Runs unlock (`sample.unverify`), approval taken back (`sample.unapprove`), save (`result.change`), approval '
      + '(`sample.approve`) and verification (`sample.verify`, `sample.acknowledge`; the next report version is issued) as the separate '
      + 'calls do, with their refusals; any refusal rolls all of it back. Needs results.verify, results.approve and results.enter. '
      + 'A correction that changes no result: `400 results.correctionUnchanged` (field `rezultati`). '
      + 'Answers `200 { success: true, status, version }`.',
  }, async (request) => {
    const answer = await answeringFailureAs(request, 'save.failed', () => service.correct(db, request.ctx, request.body));
    // The verification has committed the corrected report's mail (when the patient has an address): the outbox sends it now.
    outbox?.wake();
    hl7?.wake();
    return { success: true as const, ...answer };
  });

  registerCall(app, resultContracts.audit, {
    tags: ['uzorci'],
    summary: "A sample's audit trail",
    description: `${SESSION}\n\n\`200 { success: true, audit: [{ korisnik, vrijeme, akcija, polje, staro, novo, razlog }] }\`, newest first. `
      + '`korisnik` is the display name of who did it (null for the system: a calculated result recomputed); `akcija` one of '
      + 'sample.create, sample.update, sample.tests, sample.receive, sample.status, result.enter, result.change, result.clear, '
      + 'result.calculate, result.retest, sample.approve, sample.unapprove, sample.verify, sample.acknowledge, sample.unverify; `polje` the field or '
      + 'the assay code; `staro`/`novo` text (a result exactly as entered, a status; other values as JSON text).',
  }, async (request) => {
    return { success: true as const, audit: await service.auditTrail(db, request.ctx, request.params.sid) };
  });
  return Promise.resolve();
}
