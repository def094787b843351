import {
  type AlarmAnswer, type RefrigeratorStatistics, type StatisticsDay, addDays, calendarDateOf, epochDay, toIsoDate, toLocalDateText, wallClockText,
} from '@lis/domain';
import { openPdf } from '../../lib/pdf/document.ts';
import type { MonthlyRecord } from './service.ts';

const MONTHS = ['januar', 'februar', 'mart', 'april', 'maj', 'juni', 'juli', 'august', 'septembar', 'oktobar', 'novembar', 'decembar'];
const MARGIN = 40;
const ROW = 13.2;

const decimal = (value: number | null, decimals = 1): string => (value === null ? '—' : value.toFixed(decimals).replace('.', ','));
const range = (limits: { min: number; max: number } | null, unit: string): string =>
  (limits ? `${decimal(limits.min)} – ${decimal(limits.max)} ${unit}` : 'ne prati se');

function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * The monthly temperature record a lab keeps for accreditation: one A4 page
 * per refrigerator with its allowed ranges, every day of the month (readings,
 * min/max/mean temperature, humidity, minutes out of range; a day without
 * readings printed as such), the month's totals, the alarms raised with their
 * acknowledgement notes, and the sign-off field of whoever reviewed it.
 */
export function renderMonthlyRecord(record: MonthlyRecord): Promise<Buffer> {
  const [year, month] = record.month.split('-').map(Number) as [number, number];
  const title = `Evidencija temperature – ${MONTHS[month - 1] ?? ''} ${year}.`;
  // The lab's shared PDF document (DejaVu Sans embedded, every Bosnian letter and °), its fonts under this file's names.
  const { doc, bytes: done } = openPdf({
    title: `${title} ${record.siteNaziv}`, margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    autoFirstPage: false, fontNames: { regular: 'body', bold: 'bold' },
  });
  const printed = `Ispisano: ${wallClockText(record.printedAt, record.timeZone).replace('T', ' ').slice(0, 16)}`;
  if (record.refrigerators.length === 0) {
    doc.addPage();
    doc.font('bold').fontSize(15).text(title);
    doc.font('body').fontSize(10).text(record.siteNaziv).moveDown().text('Sajt nema registrovanih frižidera.');
  }
  record.refrigerators.forEach((refrigerator, index) => {
    doc.addPage();
    refrigeratorPage(doc, record, refrigerator, title);
    doc.font('body').fontSize(7.5).fillColor('#555')
      .text(`${printed} · stranica ${index + 1} od ${record.refrigerators.length}`, MARGIN, doc.page.height - MARGIN - 10, { lineBreak: false });
    doc.fillColor('black');
  });
  doc.end();
  return done;
}

function refrigeratorPage(doc: PDFKit.PDFDocument, record: MonthlyRecord, refrigerator: RefrigeratorStatistics, title: string): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(14).text(title, MARGIN, MARGIN);
  doc.font('body').fontSize(9.5).text(record.siteNaziv);
  doc.moveDown(0.4);
  doc.font('bold').fontSize(12).text(refrigerator.naziv);
  doc.font('body').fontSize(9)
    .text(`Senzor (slave_id): ${refrigerator.slave_id}   ·   Dozvoljena temperatura: ${range(refrigerator.temperatura, '°C')}   ·   `
      + `Dozvoljena vlažnost: ${range(refrigerator.vlaznost, '%')}`);
  doc.moveDown(0.5);

  const columns = [
    { label: 'Datum', width: 70 }, { label: 'Očitanja', width: 52 }, { label: 'Min °C', width: 52 }, { label: 'Max °C', width: 52 },
    { label: 'Prosjek °C', width: 62 }, { label: 'Vlažnost %', width: 92 }, { label: 'Van opsega', width: width - 380 },
  ];
  let y = doc.y;
  const row = (cells: string[], options: { bold?: boolean; danger?: boolean; shade?: boolean } = {}) => {
    if (options.shade) doc.rect(MARGIN, y - 2, width, ROW).fill('#f1f3f5');
    doc.fillColor(options.danger ? '#c92a2a' : 'black').font(options.bold ? 'bold' : 'body').fontSize(8.5);
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      doc.text(cell, x + 3, y, { width: column.width - 6, lineBreak: false });
      x += column.width;
    });
    doc.fillColor('black');
    y += ROW;
  };
  row(columns.map((column) => column.label), { bold: true, shade: true });
  const byDay = new Map(refrigerator.dani.map((day) => [day.dan, day]));
  const first = record.range.od;
  const count = epochDay(record.range.do) - epochDay(first) + 1;
  const printedDay = epochDay(calendarDateOf(record.printedAt, record.timeZone));
  for (let offset = 0; offset < count; offset += 1) {
    const date = addDays(first, offset);
    const day: StatisticsDay | undefined = byDay.get(toIsoDate(date));
    if (!day && epochDay(date) > printedDay) {
      // A day still to come (the current month printed early) is left blank, not called a day without readings.
      row([toLocalDateText(date), '', '', '', '', '', ''], { shade: offset % 2 === 1 });
      continue;
    }
    if (!day) {
      row([toLocalDateText(date), '0', '—', '—', '—', '—', 'nema očitanja'], { shade: offset % 2 === 1 });
      continue;
    }
    const humidity = day.h_min === null ? '—' : `${decimal(day.h_min, 0)} – ${decimal(day.h_max, 0)} (Ø ${decimal(day.h_avg, 0)})`;
    row([
      toLocalDateText(date), String(day.n), decimal(day.t_min), decimal(day.t_max), decimal(day.t_avg),
      humidity, day.van_opsega_min > 0 ? durationText(day.van_opsega_min) : '—',
    ], { danger: day.van_opsega_min > 0, shade: offset % 2 === 1 });
  }
  const total = refrigerator.ukupno;
  row(['Mjesec', String(total.n), decimal(total.t_min), decimal(total.t_max), decimal(total.t_avg), '',
    total.van_opsega_min > 0 ? durationText(total.van_opsega_min) : '—'], { bold: true, shade: true, danger: total.van_opsega_min > 0 });

  doc.y = y + 6;
  doc.x = MARGIN;
  doc.font('bold').fontSize(9.5).text('Alarmi u mjesecu');
  doc.font('body').fontSize(8.5);
  if (refrigerator.alarmi.length === 0) doc.text('Nije bilo alarma.');
  const shown = refrigerator.alarmi.slice(0, 8);
  for (const alarm of shown) doc.text(alarmLine(alarm, record.timeZone), { width });
  if (refrigerator.alarmi.length > shown.length) doc.text(`… i još ${refrigerator.alarmi.length - shown.length} alarma (pregled u aplikaciji).`);

  const signTop = doc.page.height - MARGIN - 70;
  doc.font('bold').fontSize(9.5).text('Pregledao/la i potvrdio/la', MARGIN, signTop);
  doc.font('body').fontSize(9);
  const lineY = signTop + 36;
  const part = width / 3;
  for (const [index, label] of ['Ime i prezime', 'Datum', 'Potpis'].entries()) {
    const x = MARGIN + index * part;
    doc.moveTo(x, lineY).lineTo(x + part - 16, lineY).lineWidth(0.6).stroke();
    doc.text(label, x, lineY + 3, { lineBreak: false });
  }
}

function alarmLine(alarm: AlarmAnswer, timeZone: string): string {
  const at = (iso: string) => {
    const text = wallClockText(new Date(iso), timeZone);
    return `${toLocalDateText({ year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)), day: Number(text.slice(8, 10)) })} ${text.slice(11, 16)}`;
  };
  const kind = alarm.vrsta === 'opseg' ? `Van opsega (${decimal(alarm.vrijednost)} °C)` : 'Bez očitanja';
  const cleared = alarm.zavrsen ? `, završen ${at(alarm.zavrsen)}` : ', još traje';
  const acknowledged = alarm.potvrden ? `; potvrdio/la ${alarm.potvrdio ?? ''} ${at(alarm.potvrden)}: ${alarm.napomena ?? ''}` : '; nije potvrđen';
  return `• ${kind} od ${at(alarm.pocetak)}${cleared}${acknowledged}`;
}
