import type { FastifyInstance } from 'fastify';
import { SETTING_RECORD_KIND_NAMES, SETTING_RECORD_KINDS, catalogueContracts, referralContracts, settingRecordContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { answeringFailureAs } from '../../lib/failure-answer.ts';
import { listRoute } from '../../lib/list-route.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const SESSION = 'Token and site as on every call. The catalogue is the lab\'s: every site reads and edits the same records.';
const EDIT = 'An object with `_id` updates that record (`404` when there is none), one without creates a new one. The record is '
  + 'checked against its own schema: a bad field answers `400 { success: false, message, code, field }` naming it (`<body field>.<field>`), '
  + 'and nothing is saved. Each change writes an audit row with the record before and after, in the same transaction.';

export function catalogueRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {

  for (const kind of SETTING_RECORD_KIND_NAMES) {
    const spec = SETTING_RECORD_KINDS[kind];
    const contracts = settingRecordContracts(kind);
    const tags = ['postavke'];

    registerCall(app, contracts.list, {
      tags,
      summary: `Setting records: ${kind}`,
      description: `${SESSION} The list query contract; sort and 'Pretraga' on ${spec.listFields.join(', ')}.\n\n`
        + '`200 { success: true, data: [record with _id], pagination }`.',
    }, listRoute(db, (list) => service.listRecords(db, kind, list)));

    registerCall(app, contracts.edit, {
      tags,
      summary: `Create or update a setting record: ${kind}`,
      description: `${SESSION} Body \`{ ${spec.bodyField} }\`. ${EDIT}\n\n\`200 { success: true, ${spec.bodyField} }\` with the saved record.`,
    }, async (request) => {
      const record = request.body[spec.bodyField] as Record<string, unknown>;
      const saved = await answeringFailureAs(request, 'save.failed', () => service.editRecord(db, request.ctx, kind, record));
      return { success: true as const, [spec.bodyField]: saved };
    });

    registerCall(app, contracts.history, {
      tags,
      summary: `History of a setting record: ${kind}`,
      description: `${SESSION}\n\n\`200 { success: true, historija: [{ at, korisnik, akcija, staro, novo }] }\`, newest first.`,
    }, async (request) => ({ success: true as const, historija: await service.history(db, service.auditEntity(kind), request.params.id) }));
  }

  registerCall(app, catalogueContracts.labAssayList, {
    tags: ['assays'],
    summary: 'Lab assays',
    description: `${SESSION} The list query contract plus \`sekcija\` (a section id) and \`disabled\` (true/false); sorts sekcija, sifra, `
      + 'naziv, analit, price, redoslijed (default: section order, then the assay\'s order and name); \'Pretraga\' on naziv, sifra, analit.\n\n'
      + '`200 { success: true, data: [{ _id, sifra, naziv, analit, sekcija, sekcija_naziv, jedinica, price, manual, calculated, disabled, '
      + 'tip, vrsta, redoslijed, referenci }], pagination }`.',
  }, listRoute(db, (list) => service.listAssays(db, list)));

  registerCall(app, catalogueContracts.labAssayShow, {
    tags: ['assays'],
    summary: 'A lab assay with its reference ranges',
    description: `${SESSION}\n\n\`200 { success: true, labassay }\`: the record \`assays/lab/edit\` takes. Unknown id: \`404\`.`,
  }, async (request) => ({ success: true as const, labassay: await service.showAssay(db, request.params.id) }));

  registerCall(app, catalogueContracts.labAssayEdit, {
    tags: ['assays'],
    summary: 'Create or update a lab assay and its reference ranges',
    description: `${SESSION} Body \`{ labassay }\`. ${EDIT} Reference ranges of the same sex, pregnancy and menopause must follow one `
      + 'another in age without a gap or an overlap (`catalogue.rangeGap`, `catalogue.rangeOverlap` at `labassay.reference.{i}.age_min_days`); '
      + 'a calculated test\'s formula must parse and name existing assays (`labassay.formula`); `calculatedTests` is derived from it. '
      + 'A code already used: `409 catalogue.duplicateCode`.\n\n`200 { success: true, labassay }`.',
  }, async (request) => ({
    success: true as const,
    labassay: await answeringFailureAs(request, 'save.failed', () => service.editAssay(db, request.ctx, request.body.labassay)),
  }));

  registerCall(app, catalogueContracts.labAssayDelete, {
    tags: ['assays'],
    summary: 'Delete a lab assay no sample uses',
    description: `${SESSION} Body \`{ id }\`. Refused (\`409 catalogue.assayInUse\`) while any sample has the test (disable it instead, `
      + 'so it never vanishes from results), or while a calculated test reads it (`409 catalogue.assayIsComponent`).\n\n`200 { success: true }`.',
  }, async (request) => {
    await answeringFailureAs(request, 'delete.failed', () => service.deleteAssay(db, request.ctx, request.body.id));
    return { success: true as const };
  });

  registerCall(app, catalogueContracts.labAssayHistory, {
    tags: ['assays'],
    summary: 'History of a lab assay',
    description: `${SESSION}\n\n\`200 { success: true, historija: [{ at, korisnik, akcija, staro, novo }] }\`, newest first.`,
  }, async (request) => ({ success: true as const, historija: await service.history(db, 'lab_assay', request.params.id) }));

  registerCall(app, referralContracts.choices, {
    tags: ['postavke'],
    summary: 'Doctors and referring locations sample entry offers',
    description: `${SESSION}\n\n\`200 { success: true, doktori: [{ _id, naziv }], lokacije: [{ _id, naziv }], slobodan_unos: { doktor, lokacija } }\`: `
      + 'the active records by name; `slobodan_unos` says whether the field also takes a name typed freely (true without a saved choice).',
  }, async () => ({ success: true as const, ...(await service.referralChoices(db)) }));

  registerCall(app, referralContracts.edit, {
    tags: ['postavke'],
    summary: 'Whether sample entry takes a doctor or location typed freely',
    description: `${SESSION} Body \`{ opcije: { doktor, lokacija } }\` (booleans). Audited.\n\n\`200 { success: true, opcije }\`.`,
  }, async (request) => ({
    success: true as const,
    opcije: await answeringFailureAs(request, 'save.failed', () => service.editReferralOptions(db, request.ctx, request.body.opcije)),
  }));

  return Promise.resolve();
}
