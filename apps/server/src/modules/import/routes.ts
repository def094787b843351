import type { FastifyInstance } from 'fastify';
import { IMPORT_CHUNK_ROWS, IMPORT_COLUMNS, MAX_IMPORT_ROWS, XLSX_MEDIA_TYPE, importContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { AppError } from '../../lib/errors.ts';
import * as service from './service.ts';
import { resultXlsx, templateXlsx } from './workbook.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['import'];
const SESSION = 'Token and site as on every call. Samples are created at the site worked on; patients are the lab\'s.';
/** A file of MAX_IMPORT_ROWS rows is a few megabytes; the app's 1 MB body limit is for JSON calls. */
const FILE_LIMIT = 25 * 1_048_576;
const COLUMNS = IMPORT_COLUMNS.map((column) => column.header).join(', ');

export function importRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {
  // The file travels as its own bytes (this plugin only): the workbook's type, or any binary a browser labels it with.
  // No parser-wide limit: each route's own bodyLimit applies, so only the routes that take a file accept a large body
  // (and the auth hook checks their token before reading it).
  for (const type of [XLSX_MEDIA_TYPE, 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) => { done(null, body); });
  }

  registerCall(app, importContracts.template, {
    tags: TAGS,
    summary: 'The import template (.xlsx)',
    description: `${SESSION} One sheet 'Pacijenti' with the columns ${COLUMNS} and an example row.`,
  }, async (_request, reply) => reply.type(XLSX_MEDIA_TYPE).header('content-disposition', 'attachment; filename="uvoz-pacijenata.xlsx"')
    .header('cache-control', 'no-store').send(await templateXlsx()));

  registerCall(app, importContracts.preview, {
    tags: TAGS,
    summary: 'Read a filled-in file and check every row (the preview)',
    description: `${SESSION} The body is the .xlsx file itself (\`Content-Type: ${XLSX_MEDIA_TYPE}\` or \`application/octet-stream\`). `
      + `The first row names the columns (${COLUMNS}; case ignored, any order). Nothing is saved.\n\n`
      + '`200 { success: true, rows: [{ red, jmbg, ime, prezime, spol, adresa, telefon, email, referenca, testovi, datum, partner, hitan, '
      + 'problems: [{ field, code, message }] }], ukupno, ispravnih }`: a row is checked by the intake rules (JMBG and its date, names, sex, '
      + 'address, phone, e-mail), a required sample reference once in the file, known enabled test codes, a date (dd.mm.yyyy) not in the '
      + 'future nor before 01.09.2019, a known active partner, Hitno DA/NE.\n\n'
      + `Not a workbook: \`415 import.unsupportedStatus\` ("415: Unsupported Format"); no JMBG column: \`400 import.unreadable\`; more than ${MAX_IMPORT_ROWS} rows: \`400 import.tooManyRows\`.`,
    bodyLimit: FILE_LIMIT,
  }, async (request) => {
    if (!Buffer.isBuffer(request.body)) throw new AppError(415, 'import.unsupportedStatus');
    return { success: true as const, ...(await service.preview(db, request.ctx, request.body)) };
  });

  registerCall(app, importContracts.import, {
    tags: TAGS,
    summary: 'Import a part of the file\'s rows',
    description: `${SESSION} \`rows\`: at most ${IMPORT_CHUNK_ROWS} rows as the preview answered them; the screen sends the file in parts and shows `
      + 'the progress. Each row is checked again; a refused row is answered with its problems and the others are imported in one transaction. '
      + 'A patient is found by JMBG or registered (without symptoms, audited); a sample is found by its reference at this site or created '
      + '(ZAPRIMLJEN, the day\'s next code, tests priced as on save with the partner\'s price list, audited), so importing a file twice creates '
      + 'nothing twice.\n\n`200 { success: true, results: [{ red, referenca, jmbg, status: kreiran | postoji | greska, code, noviPacijent, poruka }] }`.',
  }, async (request) => ({ success: true as const, results: await service.importRows(db, request.ctx, request.body.rows) }));

  registerCall(app, importContracts.resultFile, {
    tags: TAGS,
    summary: 'The per-row results as a workbook (.xlsx)',
    description: `${SESSION} Body \`{ results }\` as the import answered them; answers the .xlsx with a row per file row (refused ones in red).`,
    bodyLimit: FILE_LIMIT,
  }, async (request, reply) => reply.type(XLSX_MEDIA_TYPE).header('content-disposition', 'attachment; filename="rezultat-uvoza.xlsx"')
    .header('cache-control', 'no-store').send(await resultXlsx(request.body.results)));
  return Promise.resolve();
}
