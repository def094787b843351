import type { FastifyInstance } from 'fastify';
import { calendarDateOf, invoiceContracts, toLocalDateText } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { DEFAULT_PDF_FONT_DIR } from '../../config.ts';
import { siteTimeZone } from '../sites/service.ts';
import { renderInvoicePdf } from './pdf.ts';
import * as service from './service.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['predracun'];
const SCOPE = 'The patient (`patient`, uuid) and the samples (`uzorci`: ids separated by commas, at most 50) at the caller\'s site. '
  + "A patient that does not exist, a sample of another site, a missing one or one of another patient: `404`; `uzorci` missing, "
  + 'empty or not ids: `400` naming `uzorci`. Each test at its price on the sample; a component pulled in by a calculated test '
  + 'is included in it at 0. Amounts are exact decimal text in KM.';

export function invoiceRoutes(app: FastifyInstance, { db, config }: AppOptions): Promise<void> {
  const fontDir = config.pdfFontDir ?? DEFAULT_PDF_FONT_DIR;

  registerCall(app, invoiceContracts.pdf, {
    tags: TAGS,
    summary: 'Pro-forma invoice (predračun) as PDF',
    description: `\`application/pdf\` (A4, Bosnian): the letterhead (general options and site), 'PREDRAČUN' with its number and date, `
      + `the patient, each sample with its code, date, tests and subtotal, the total in KM, page x of y. ${SCOPE}`,
  }, async (request, reply) => {
    const invoice = await service.invoice(db, request.ctx, request.params.patient, request.query.uzorci);
    const timeZone = await siteTimeZone(db, request.ctx.siteId);
    const pdf = await renderInvoicePdf(invoice, (instant) => toLocalDateText(calendarDateOf(new Date(instant), timeZone)), fontDir);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="predracun-${invoice.broj.replace(/[^A-Za-z0-9-]/g, '_')}.pdf"`)
      .header('cache-control', 'no-store').send(pdf);
  });

  registerCall(app, invoiceContracts.show, {
    tags: TAGS,
    summary: 'Pro-forma invoice as JSON (the screen /obrada/predracun/{id})',
    description: '`200 { success: true, predracun: { broj, datum, valuta, zaglavlje: { labName, labAddress, reportHeader, reportFooter, '
      + 'site: { sifra, naziv, adresa } }, pacijent: { _id, ime, prezime, jmbg, godiste, adresa }, uzorci: [{ _id, code, datum, '
      + 'testovi: [{ sifra, naziv, cijena, ukljuceno_u }], ukupno }], ukupno } }`: the same invoice as the PDF, from the same rule. '
      + SCOPE,
  }, async (request) => ({ success: true as const, predracun: await service.invoice(db, request.ctx, request.params.patient, request.query.uzorci) }));

  registerCall(app, invoiceContracts.candidates, {
    tags: TAGS,
    summary: "The patient's samples offered for a pro-forma invoice (the sample table dialog)",
    description: "`200 { success: true, uzorci: [{ _id, code, datum, updated_at, status, testova, ukupno }] }`: the patient's 30 newest "
      + 'samples at the caller\'s site, newest first, with the number of tests and the sum of their charged prices (KM). '
      + 'The dialog ticks those updated today (the site\'s day). An unknown patient: `404`.',
  }, async (request) => ({ success: true as const, uzorci: await service.candidates(db, request.ctx, request.params.patient) }));
  return Promise.resolve();
}
