import { type Letterhead, type Order, formatKm, fromMinorUnits, toMinorUnits } from '@lis/domain';
import { BOLD, REGULAR, contentWidth, createDocument, drawLetterhead, drawTable, finish, rule, type TableRow } from '../../lib/pdf/document.ts';

/** 'dd.mm.yyyy' of an instant at the site. */
export type DayText = (instant: string) => string;

const STATUS_TEXT: Record<Order['status'], string> = {
  nacrt: 'Nacrt', poslana: 'Poslana', djelimicno: 'Djelimično primljena', primljena: 'Primljena', otkazana: 'Otkazana',
};

/**
 * A purchase order as an A4 PDF in Bosnian, for the supplier: the letterhead
 * like the lab's other documents, 'NARUDŽBENICA' with its number, date and
 * status, the supplier and the contract it is placed under, a table of the
 * products (LN, description, packages, unit price, amount) and the total of
 * the priced lines in KM; the footer of the general options and 'Stranica x
 * od y' on every page.
 */
export function renderOrderPdf(order: Order, letterhead: Letterhead, dayOf: DayText, fontDir: string): Promise<Buffer> {
  const printed = createDocument(`Narudžbenica ${order.broj}`, fontDir);
  const { doc } = printed;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  drawLetterhead(doc, letterhead);

  const top = doc.y;
  doc.font(BOLD).fontSize(16).text('NARUDŽBENICA', left, top, { width: width / 2 });
  doc.font(REGULAR).fontSize(9).text(`Broj: ${order.broj}`, left + width / 2, top, { width: width / 2, align: 'right' });
  doc.text(`Datum: ${dayOf(order.sent_at ?? order.created_at)}`, left + width / 2, doc.y, { width: width / 2, align: 'right' });
  doc.text(`Status: ${STATUS_TEXT[order.status]}`, left + width / 2, doc.y, { width: width / 2, align: 'right' });
  doc.y = Math.max(doc.y, top + 24) + 8;

  doc.font(BOLD).fontSize(10).text(`Dobavljač: ${order.dobavljac.naziv}`, left, doc.y, { width });
  doc.font(REGULAR).fontSize(9);
  if (order.ugovor) doc.text(`Ugovor: ${order.ugovor.broj}`, { width });
  doc.text(`Naručio: ${order.kreirao}`, { width });
  if (order.napomena) doc.text(`Napomena: ${order.napomena}`, { width });
  doc.y += 10;

  const rows: TableRow[] = order.stavke.map((line, index) => ({
    cells: [
      String(index + 1), line.LN, line.opis, String(line.kolicina),
      line.cijena === null ? '—' : formatKm(line.cijena),
      line.cijena === null ? '—' : formatKm(fromMinorUnits((toMinorUnits(line.cijena) ?? 0) * line.kolicina)),
    ],
  }));
  drawTable(doc, [
    { header: 'R. br.', weight: 0.6 }, { header: 'LN', weight: 1.6 }, { header: 'Opis', weight: 4 },
    { header: 'Pakovanja', weight: 1, align: 'right' }, { header: 'Cijena', weight: 1.4, align: 'right' }, { header: 'Iznos', weight: 1.5, align: 'right' },
  ], rows, 9);
  doc.y += 8;
  rule(doc, doc.y, '#000000');
  doc.y += 6;
  const totalTop = doc.y;
  doc.font(BOLD).fontSize(11).text('UKUPNO', left, totalTop, { width: width * 0.6 });
  doc.text(order.ukupno === null ? '—' : formatKm(order.ukupno), left + width * 0.6, totalTop, { width: width * 0.4, align: 'right' });
  doc.y += 12;
  doc.font(REGULAR).fontSize(8).fillColor('#4a5560')
    .text('Cijene su iskazane u konvertibilnim markama (KM) po pakovanju, prema ugovoru gdje je naveden.', left, doc.y, { width });
  doc.fillColor('black');
  return finish(printed, letterhead.reportFooter, (page, pages) => `Stranica ${page} od ${pages}`);
}
