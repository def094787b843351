import { toLocalDateText, type CalendarDate } from '../calendar-date.ts';
import { calendarDateOf, wallClockText } from '../time-zone.ts';
import {
  compareReportTests, reportFooterLines, reportLetterhead, reportPatientFields, reportRowOf, reportSectionKey,
  type ReportContent, type ReportEmphasis, type ReportField, type ReportInput, type ReportTestInput,
} from './content.ts';
import { REPORT_LABELS, fillLabel } from './labels.ts';
import { nameIn, type ReportJezik } from './languages.ts';

// The cumulative report: one table of a patient's verified results over a period, the assays as rows (grouped
// by section in report order, as the result report groups them) and the samples as columns, oldest first.
// It is built from what the issued reports say (each sample's latest report version, as frozen when it was
// verified: a corrected value as corrected), so it never prints a value a report did not. Each value carries
// the flag its own report printed (judged against the range that applied that day); the range and unit column
// shows the latest sample's. The server only draws it, splitting the columns over blocks that fit a page.

/** One verified sample as its latest report version printed it. */
export interface CumulativeReportSampleInput {
  code: string;
  collectedAt: Date;
  tests: readonly ReportTestInput[];
}

export interface CumulativeReportInput {
  jezik: ReportJezik;
  timeZone: string;
  letterhead: ReportInput['letterhead'];
  patient: ReportInput['patient'];
  /** The chosen days, both included (the site's calendar). */
  period: { od: CalendarDate; do: CalendarDate };
  /** The samples in any order; those without a result are left out. */
  samples: readonly CumulativeReportSampleInput[];
  /** When the report was printed. */
  printedAt: Date;
}

/** A column: one sample, headed by its collection day, time and code. */
export interface CumulativeReportColumn {
  date: string;
  time: string;
  code: string;
}

/** A value as its report printed it: the text, the flag mark (L, H, LL, HH, A or '') and how it stands out. */
export interface CumulativeReportCell {
  value: string;
  flag: string;
  emphasis: ReportEmphasis;
}

export interface CumulativeReportRow {
  name: string;
  /** The unit and the reference range of the assay's latest result. */
  unit: string;
  range: string;
  calculated: boolean;
  /** One cell per column, null where the sample had no result of the assay. */
  cells: (CumulativeReportCell | null)[];
}

export interface CumulativeReportSection {
  title: string;
  rows: CumulativeReportRow[];
}

export interface CumulativeReportContent {
  jezik: ReportJezik;
  title: string;
  letterhead: ReportContent['letterhead'];
  patientFields: ReportField[];
  /** The period and when it was printed, as label and value. */
  periodFields: ReportField[];
  headings: { test: string; reference: string };
  continued: string;
  columns: CumulativeReportColumn[];
  sections: CumulativeReportSection[];
  legend: string[];
  footer: string[];
  /** What heads every page after the first: the lab's name left, the patient and period right. */
  runningHeader: { left: string; right: string };
  /** 'Page x of y' for a page, with the title. */
  pageText: (page: number, pages: number) => string;
  documentTitle: string;
}

export interface CumulativeReportLabels {
  title: string;
  period: string;
  printed: string;
  referenceAndUnit: string;
  sourceNote: string;
}

export const CUMULATIVE_REPORT_LABELS: Readonly<Record<ReportJezik, CumulativeReportLabels>> = {
  bs: {
    title: 'KUMULATIVNI NALAZ',
    period: 'Period',
    printed: 'Ispisano',
    referenceAndUnit: 'Ref. interval (jedinica)',
    sourceNote: 'Vrijednosti iz verificiranih nalaza ove lokacije (korigovane kako su korigovane). Referentni interval i jedinica: iz posljednjeg rezultata; svaka oznaka prema intervalu koji je važio na taj dan.',
  },
  en: {
    title: 'CUMULATIVE REPORT',
    period: 'Period',
    printed: 'Printed',
    referenceAndUnit: 'Ref. range (unit)',
    sourceNote: 'Values from the verified reports of this site (corrected values as corrected). Reference range and unit: from the latest result; each flag against the range that applied on its day.',
  },
  de: {
    title: 'KUMULATIVBEFUND',
    period: 'Zeitraum',
    printed: 'Gedruckt',
    referenceAndUnit: 'Ref.-Bereich (Einheit)',
    sourceNote: 'Werte aus den verifizierten Befunden dieses Standorts (korrigierte Werte wie korrigiert). Referenzbereich und Einheit: aus dem letzten Ergebnis; jede Kennzeichnung nach dem Bereich, der an jenem Tag galt.',
  },
};

/** The range and unit as the column prints them: '3,5–5,1 (mmol/L)', the unit alone or the range alone. */
export function rangeAndUnit(range: string, unit: string): string {
  if (range && unit) return `${range} (${unit})`;
  return range || (unit ? `(${unit})` : '');
}

/** A row's identity: the section, the assay's Bosnian name and its unit (a unit changed in the catalogue starts a new row). */
function rowKey(test: ReportTestInput): string {
  return `${reportSectionKey(test)}\u0000${test.name.naziv}\u0000${test.jedinica}`;
}

export function buildCumulativeReportContent(input: CumulativeReportInput): CumulativeReportContent {
  const labels = REPORT_LABELS[input.jezik];
  const own = CUMULATIVE_REPORT_LABELS[input.jezik];
  const hasResult = (test: ReportTestInput) => Boolean(test.rezultat?.trim());
  // Oldest first, as the eye reads a trend; a sample without any result adds an empty column to nobody.
  const samples = input.samples.filter((sample) => sample.tests.some(hasResult))
    .sort((a, b) => a.collectedAt.getTime() - b.collectedAt.getTime() || a.code.localeCompare(b.code));
  const columns = samples.map((sample): CumulativeReportColumn => ({
    date: toLocalDateText(calendarDateOf(sample.collectedAt, input.timeZone)),
    time: wallClockText(sample.collectedAt, input.timeZone).slice(11, 16),
    code: sample.code,
  }));

  // Each row takes its names, unit and range from the latest sample that has it: walked newest first.
  const rows = new Map<string, { test: ReportTestInput; cells: (CumulativeReportCell | null)[] }>();
  for (let index = samples.length - 1; index >= 0; index -= 1) {
    for (const test of samples[index]!.tests) {
      if (!hasResult(test)) continue;
      const key = rowKey(test);
      let row = rows.get(key);
      if (!row) {
        row = { test, cells: columns.map(() => null) };
        rows.set(key, row);
      }
      const printed = reportRowOf(test, input.jezik);
      // Two results of one assay in one sample cannot be told apart in one cell: the report's first stays.
      row.cells[index] ??= { value: printed.value, flag: printed.flag, emphasis: printed.emphasis };
    }
  }

  const sections: CumulativeReportSection[] = [];
  let lastKey: string | null = null;
  for (const { test, cells } of [...rows.values()].sort((a, b) => compareReportTests(a.test, b.test) || a.test.name.naziv.localeCompare(b.test.name.naziv))) {
    const key = reportSectionKey(test);
    if (key !== lastKey) {
      sections.push({ title: nameIn(test.section, input.jezik), rows: [] });
      lastKey = key;
    }
    const printed = reportRowOf(test, input.jezik);
    sections.at(-1)!.rows.push({ name: printed.name, unit: printed.unit, range: printed.range, calculated: printed.calculated, cells });
  }

  const patientFields = reportPatientFields(input.patient, input.jezik);
  const period = `${toLocalDateText(input.period.od)} – ${toLocalDateText(input.period.do)}`;
  const printedAt = `${toLocalDateText(calendarDateOf(input.printedAt, input.timeZone))} ${wallClockText(input.printedAt, input.timeZone).slice(11, 16)}`;
  const letterhead = reportLetterhead(input.letterhead);
  const patientName = patientFields[0]?.value ?? '';
  const calculated = sections.some((section) => section.rows.some((row) => row.calculated));
  return {
    jezik: input.jezik,
    title: own.title,
    letterhead,
    patientFields,
    periodFields: [{ label: own.period, value: period }, { label: own.printed, value: printedAt }],
    headings: { test: labels.test, reference: own.referenceAndUnit },
    continued: labels.continued,
    columns,
    sections,
    legend: [labels.legend, ...(calculated ? [labels.calculatedLegend] : []), own.sourceNote],
    footer: reportFooterLines(input.letterhead),
    runningHeader: { left: letterhead.name, right: `${patientName} · ${input.patient.jmbg} · ${own.period} ${period}` },
    pageText: (page, pages) => `${fillLabel(labels.page, { page, pages })} · ${own.title}`,
    documentTitle: `${own.title} ${patientName} ${period}`,
  };
}
