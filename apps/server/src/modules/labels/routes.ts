import type { FastifyInstance } from 'fastify';
import { labelContracts } from '@lis/domain';
import type { AppOptions } from '../../app-options.ts';
import { renderLabelPdf } from './pdf.ts';
import { labelFor } from './service.ts';
import { renderLabelZpl } from './zpl.ts';
import { registerCall } from '../../lib/register-call.ts';

const TAGS = ['uzorci'];
const SIZE = 'Sized to the label stock: setting record type `label` with data `{ width, height, dpi }` (millimetres; the site\'s record, '
  + 'else the lab-wide one; default 50 x 25 mm, 203 dpi). Works in every status (reprint). Another site\'s sample: `404`.';

export function labelRoutes(app: FastifyInstance, { db }: AppOptions): Promise<void> {

  registerCall(app, labelContracts.pdf, {
    tags: TAGS,
    summary: 'Printable label (PDF)',
    description: `\`application/pdf\`, one page: patient name, birth year, date, day number (HITNO when urgent) and the sample code as a `
      + `Code128 barcode with the code below it. ${SIZE}`,
  }, async (request, reply) => {
    const { content, settings } = await labelFor(db, request.ctx, request.params.id);
    const pdf = await renderLabelPdf(content, settings);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="naljepnica-${content.code}.pdf"`)
      .header('cache-control', 'no-store').send(pdf);
  });

  registerCall(app, labelContracts.zpl, {
    tags: TAGS,
    summary: 'Printable label (ZPL II for Zebra printers)',
    description: `\`text/plain\` ZPL II: UTF-8 text (^CI28) and the code as ^BC Code128 (automatic subsets); send it to the printer's raw port `
      + `(9100) or through the print driver. ${SIZE}`,
  }, async (request, reply) => {
    const { content, settings } = await labelFor(db, request.ctx, request.params.id);
    return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="naljepnica-${content.code}.zpl"`)
      .header('cache-control', 'no-store').send(renderLabelZpl(content, settings));
  });
  return Promise.resolve();
}
