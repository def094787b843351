import type { FastifyInstance } from 'fastify';
import { REPORT_EXPORT_MAX_ROWS, languageFromSession, reportContracts, type ReportFlag, type ReportQuery } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { DEFAULT_PDF_FONT_DIR } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { siteLetterhead } from '../sites/service.ts';
import { fileDay, renderReportPdf, renderReportXlsx, type ExportLanguage } from './export.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['izvjestaji'];
const REPORTS = '`report`: fpodanu (finances per day: samples, tests, sum of prices in KM), ppodanu (patients per day), ppomjestu '
  + "(patients per town: the first of the site's towns the patient's address names), ppolokaciji (patients per referring location: "
  + "the sample's, else the patient's), protokol (the protocol book of samples), tatpopacijentu (turnaround time received -> verified "
  + 'per patient and sample, with median and 90th percentile), worklists (pending tests per lab section). Each needs its flag in the '
  + "session's `reports` (the login answer), else `403 izvjestaji.forbidden`. ";
const RANGE = '`dateRangeMin`, `dateRangeMax` (required): ISO instants (the end inclusive) or days (whole days at the site), from '
  + '2019-09-01; missing or reversed: `400` naming the field. Samples count by their registration at the caller\'s site.';

async function exportOf(db: Db, ctx: RequestContext, flag: ReportFlag, query: ReportQuery) {
  const [result, letterhead] = await Promise.all([service.reportForExport(db, ctx, flag, query), siteLetterhead(db, ctx.siteId)]);
  const language: ExportLanguage = query.jezik ?? languageFromSession(ctx.language);
  const name = `${flag}-${fileDay(result.window.from, result.timeZone)}-${fileDay(new Date(result.window.before.getTime() - 1), result.timeZone)}`;
  return { result, letterhead, language, name };
}

export function reportRoutes(app: FastifyInstance, { db, config }: AppOptions): Promise<void> {
  const fontDir = config.pdfFontDir ?? DEFAULT_PDF_FONT_DIR;

  registerCall(app, reportContracts.show, {
    tags: TAGS,
    summary: "A report of 'Izvještaji' (/reports)",
    description: `${REPORTS}${RANGE} \`page\`, \`per_page\` (1-500, default 100) page the per-sample reports (protokol, `
      + 'tatpopacijentu, worklists); the others answer every row.\n\n`200 { success: true, izvjestaj, od, do, rows, sazetak, '
      + 'pagination: { page, per_page, total } }`: rows keyed by the columns of the report (days YYYY-MM-DD at the site, instants ISO, '
      + 'money exact decimal text in KM, minutes with one decimal), `sazetak` the figures over the whole range.',
  }, async (request) => service.report(db, request.ctx, request.params.report, request.query));

  registerCall(app, reportContracts.pdf, {
    tags: TAGS,
    summary: 'A report as PDF',
    description: `${REPORTS}${RANGE} \`jezik\` (bs, en, de) names the headings' language, else the user's. \`application/pdf\`, A4 with `
      + `the letterhead, the period, the summary and every row, page x of y. More than ${REPORT_EXPORT_MAX_ROWS} rows: \`400 `
      + 'izvjestaji.tooManyRows` (dateRangeMax).',
  }, async (request, reply) => {
    const { result, letterhead, language, name } = await exportOf(db, request.ctx, request.params.report, request.query);
    const pdf = await renderReportPdf(request.params.report, result, letterhead, language, result.timeZone, fontDir);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).header('cache-control', 'no-store').send(pdf);
  });

  registerCall(app, reportContracts.xlsx, {
    tags: TAGS,
    summary: 'A report as an Excel workbook (XLSX)',
    description: `${REPORTS}${RANGE} \`jezik\` as for the PDF. One sheet: the title, the period, the summary, then a header row and every `
      + `row (counts, KM and minutes as numbers). More than ${REPORT_EXPORT_MAX_ROWS} rows: \`400 izvjestaji.tooManyRows\` (dateRangeMax).`,
  }, async (request, reply) => {
    const { result, letterhead, language, name } = await exportOf(db, request.ctx, request.params.report, request.query);
    const xlsx = await renderReportXlsx(request.params.report, result, letterhead, language, result.timeZone);
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}.xlsx"`).header('cache-control', 'no-store').send(xlsx);
  });
  return Promise.resolve();
}
