import { type Invoice, formatKm, fromIsoDate, toLocalDateText } from '@lis/domain';
import { BOLD, REGULAR, contentWidth, createDocument, drawLetterhead, drawTable, ensureSpace, finish, rule, type TableRow } from '../../lib/pdf/document.ts';

/** 'dd.mm.yyyy' of an instant at the site. */
export type DayText = (instant: string) => string;

/**
 * The pro-forma invoice as an A4 PDF in Bosnian: the letterhead, 'PREDRAČUN'
 * with its number and date, the patient, then per sample its code and date
 * and a table of its tests with their prices (a component of a calculated
 * test at 0, marked as included), the sample's subtotal, and the total in KM;
 * the footer of the general options and 'Stranica x od y' on every page.
 */
export function renderInvoicePdf(invoice: Invoice, dayOf: DayText, fontDir: string): Promise<Buffer> {
  const printed = createDocument(`Predračun ${invoice.broj}`, fontDir);
  const { doc } = printed;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  drawLetterhead(doc, invoice.zaglavlje);

  const top = doc.y;
  doc.font(BOLD).fontSize(16).text('PREDRAČUN', left, top, { width: width / 2 });
  doc.font(REGULAR).fontSize(9).text(`Broj: ${invoice.broj}`, left + width / 2, top, { width: width / 2, align: 'right' });
  const issued = fromIsoDate(invoice.datum);
  doc.text(`Datum: ${issued ? toLocalDateText(issued) : invoice.datum}`, left + width / 2, doc.y, { width: width / 2, align: 'right' });
  doc.y = Math.max(doc.y, top + 24) + 8;

  const { pacijent } = invoice;
  doc.font(BOLD).fontSize(10).text(`Pacijent: ${pacijent.prezime} ${pacijent.ime}`, left, doc.y, { width });
  doc.y += 2;
  doc.font(REGULAR).fontSize(9);
  const facts = [`JMBG: ${pacijent.jmbg}`, pacijent.godiste !== null ? `Godište: ${pacijent.godiste}` : '', pacijent.adresa ? `Adresa: ${pacijent.adresa}` : '']
    .filter((fact) => fact !== '');
  doc.text(facts.join('   '), { width });
  doc.y += 10;

  for (const uzorak of invoice.uzorci) {
    ensureSpace(doc, 70);
    doc.font(BOLD).fontSize(10).text(`Uzorak ${uzorak.code}`, left, doc.y, { continued: true })
      .font(REGULAR).text(`   ${dayOf(uzorak.datum)}`);
    doc.y += 3;
    const rows: TableRow[] = uzorak.testovi.map((test) => ({
      cells: [test.sifra, test.ukljuceno_u ? `${test.naziv} (uključeno u ${test.ukljuceno_u})` : test.naziv, formatKm(test.cijena)],
      muted: test.ukljuceno_u !== null,
    }));
    rows.push({ cells: ['', `Ukupno za uzorak ${uzorak.code}`, formatKm(uzorak.ukupno)], bold: true });
    drawTable(doc, [
      { header: 'Šifra', weight: 1.3 }, { header: 'Test', weight: 5 }, { header: 'Cijena', weight: 1.7, align: 'right' },
    ], rows, 9);
    doc.y += 10;
  }

  ensureSpace(doc, 40);
  rule(doc, doc.y, '#000000');
  doc.y += 6;
  const totalTop = doc.y;
  doc.font(BOLD).fontSize(12).text('UKUPNO ZA PLAĆANJE', left, totalTop, { width: width * 0.6 });
  doc.text(formatKm(invoice.ukupno), left + width * 0.6, totalTop, { width: width * 0.4, align: 'right' });
  doc.y += 14;
  doc.font(REGULAR).fontSize(8).fillColor('#4a5560')
    .text('Predračun nije fiskalni račun. Cijene su iskazane u konvertibilnim markama (KM).', left, doc.y, { width });
  doc.fillColor('black');
  return finish(printed, invoice.zaglavlje.reportFooter, (page, pages) => `Stranica ${page} od ${pages}`);
}
