import type { FastifyInstance } from 'fastify';
import { message, patientContracts, portalContracts, type Patient, type PatientDuplicateAnswer } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import { listRoute } from '../../lib/list-route.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['pacijenti'];
const SESSION = 'Token and site as on every call: `Authorization: Bearer`, or `token`/`site` in the query or body.';
const PATIENT_FIELDS = '`_id`, `id`, `jmbg`, `ime`, `prezime`, `spol`, `datum_rodjenja` (YYYY-MM-DD or null), `godiste`, `adresa`, `telefon`, '
  + '`email`, `passport`, `language` (list), `symptoms` (the 14 flags), `note`, `lokacija`, `duhan`, `dijabetes`, `portal_consent` (the patient portal: a verification mails a one-time code), `created_at`, `updated_at`';

/** 409 with the patient who already has the ID, so the form can offer 'Prijem' for them. */
function duplicateAnswer(pacijent: Patient): PatientDuplicateAnswer {
  return { success: false, message: message('patient.duplicate'), code: 'patient.duplicate', field: 'jmbg', pacijent };
}

export function patientRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  registerCall(app, patientContracts.find, {
    tags: TAGS,
    summary: 'Is a personal ID registered?',
    description: `Intake form check by jmbg. ${SESSION} A found patient is a view of the record: an access_log row is written.\n\n`
      + 'Found: `200 { success: true, exists: true, message: "Pacijent postoji", code: "patient.exists", pacijent }`.\n\n'
      + 'Not found: `200 { success: true, exists: false, pacijent: null }`.\n\n'
      + 'Invalid jmbg: `400 { success: false, message: "Matični broj nije validan.", code: "patient.jmbgInvalid", field: "jmbg" }`.\n\n'
      + `Patient fields: ${PATIENT_FIELDS}.`,
  }, async (request) => {
    const pacijent = await service.findByJmbg(db, request.ctx, request.body.jmbg);
    if (!pacijent) return { success: true as const, exists: false as const, pacijent: null };
    return { success: true as const, exists: true as const, message: message('patient.exists'), code: 'patient.exists' as const, pacijent };
  });

  registerCall(app, patientContracts.save, {
    tags: TAGS,
    summary: 'Register a patient (intake)',
    description: `${SESSION} ime and prezime are trimmed and upper-cased; datum_rodjenja and godiste are derived from the ID `
      + '(godište is taken from the body only when the ID carries no birth data).\n\n'
      + 'Saved: `201 { success: true, pacijent }` (`pacijent._id` is the new id).\n\n'
      + 'ID already registered (also when two saves race): `409 { success: false, message: "Uneseni Matični broj je već registriran!", '
      + 'code: "patient.duplicate", field: "jmbg", pacijent }` with the registered patient. A random placeholder ID (ending in P) that '
      + 'happens to belong to someone else gets a new random tail instead; read the saved `pacijent.jmbg`.\n\n'
      + 'Missing required field: `400 { message: "Unesite obavezna polja.", code: "form.required", field }` '
      + '(jmbg, ime, prezime, spol, adresa, telefon, symptoms). Bad ID / birth: `patient.jmbgInvalid`, `patient.birthDateInvalid`, '
      + '`patient.birthYearInvalid`; bad e-mail: `patient.emailInvalid`. An unexpected failure: `500 save.failed` ("Greška prilikom upisa!").\n\n'
      + 'Example body: `{ "jmbg": "0101985170003", "ime": "Amir", "prezime": "Hodžić", "spol": "MUŠKI", "adresa": "Titova 1", '
      + '"telefon": "061 111 222", "email": "", "passport": "", "language": ["Bosanski jezik"], "symptoms": { "pacijentbezsimptoma": true }, '
      + '"note": "" }`',
  }, async (request, reply) => {
    const outcome = await answeringFailureAs(request, 'save.failed', () => service.register(db, request.ctx, request.body));
    if (outcome.kind === 'duplicate') return reply.status(409).send(duplicateAnswer(outcome.pacijent));
    return reply.status(201).send({ success: true, pacijent: outcome.pacijent });
  });

  registerCall(app, patientContracts.detail, {
    tags: TAGS,
    summary: 'Patient record (logged in the access log)',
    description: `${SESSION} Patients belong to the lab: every site sees them. Each call writes an access_log row `
      + '(user, site, patient, request id).\n\n'
      + `\`200 { success: true, pacijent }\` with ${PATIENT_FIELDS}. Unknown id: \`404 { code: "notFound" }\`.`,
  }, async (request) => {
    return { success: true as const, pacijent: await service.detail(db, request.ctx, request.params.id) };
  });

  registerCall(app, patientContracts.update, {
    tags: TAGS,
    summary: 'Edit a patient (edit dialog, patient-data dialog)',
    description: `${SESSION} Every field is optional: a field left out keeps its value, a field sent is checked as on intake `
      + '(required ones cannot be emptied). The patient-data dialog sends `godiste`, `adresa`, `lokacija`, `note`. One audit row per changed field.\n\n'
      + '`200 { success: true, pacijent }`; a jmbg another patient has: `409 { code: "patient.duplicate", pacijent }` with that patient; '
      + 'unknown id: `404`.',
  }, async (request, reply) => {
    const outcome = await service.update(db, request.ctx, request.params.id, request.body);
    if (outcome.kind === 'duplicate') return reply.status(409).send(duplicateAnswer(outcome.pacijent));
    return reply.status(200).send({ success: true, pacijent: outcome.pacijent });
  });

  registerCall(app, patientContracts.list, {
    tags: TAGS,
    summary: 'Patients list',
    description: `${SESSION} The list query contract: \`sort\` (\`field|asc\`, repeatable; fields prezime, ime, jmbg, godiste, created_at; `
      + 'default created_at desc), `page`, `per_page` (0 = all, at most 1000), `filter` (every word must match the start of prezime, ime or jmbg), '
      + '`datum` (DANAS, JUČER, SEDMICA, MJESEC, SVE: on the registration time; send SVE to search every patient), `dateRangeMin`/`dateRangeMax`.\n\n'
      + '`200 { success: true, data: [{ _id, jmbg, ime, prezime, spol, godiste, datum_rodjenja, adresa, telefon, lokacija, created_at, '
      + 'nezavrseni }], pagination }`; `nezavrseni` counts the patient\'s uncompleted samples (not VERIFICIRAN) at this site.',
  }, listRoute(db, (list) => service.list(db, list)));

  registerCall(app, patientContracts.uncompletedSamples, {
    tags: TAGS,
    summary: "A patient's uncompleted samples at this site",
    description: `${SESSION} Samples of the patient at the calling site whose status is not VERIFICIRAN, newest first, with the list query `
      + 'contract (sort fields created_at, datum, code, status; filter on code).\n\n'
      + '`200 { success: true, data: [{ _id, code, status, hitan, tip, datum, created_at, testova }], pagination }`. Unknown patient: `404`.',
  }, async (request) => {
    const { id } = request.params;
    return listRoute(db, (list) => service.uncompletedSamples(db, list, id))(request);
  });
  registerCall(app, portalContracts.revoke, {
    tags: TAGS,
    summary: "Revoke a patient's portal access",
    description: `${SESSION} Every unused portal code of the patient and every open portal session ends now; the patient signs in `
      + 'again only with a code mailed at a later verification. Audited as `patient.portalRevoke` with the counts.\n\n'
      + '`200 { success: true, message, code: "portal.revoked", codes, sessions }`. Unknown patient: `404`.',
  }, async (request) => {
    const revoked = await service.revokePortalAccess(db, request.ctx, request.params.id);
    return { success: true as const, message: message('portal.revoked'), code: 'portal.revoked' as const, ...revoked };
  });
  return Promise.resolve();
}
