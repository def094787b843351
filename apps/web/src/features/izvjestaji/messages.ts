/**
 * Strings of Izvještaji (/reports) in Bosnian (default), English and German;
 * merged into the app catalogues under `izvjestaji.` (app/catalogues.ts).
 *
 * The reports' own words (title, description, column and figure names, what a
 * blank text cell means) are REPORT_DEFINITIONS' in @lis/domain, because the
 * server prints them in its PDF and XLSX exports too; they are registered here
 * under `izvjestaji.reports.<flag>.`, so the screen reads them through i18next
 * like all its text and a column is still named once.
 */
import { REPORT_DEFINITIONS, REPORT_FLAGS, type Language, type ReportFlag } from '@lis/domain';

type ReportTexts = {
  title: string;
  description: string;
  /** A blank text cell: the report's own word ('Bez lokacije') or a dash. */
  blank: string;
  /** Every column and summary figure by its key. */
  columns: Record<string, string>;
};

function reportTexts(language: Language): Record<ReportFlag, ReportTexts> {
  return Object.fromEntries(REPORT_FLAGS.map((flag) => {
    const definition = REPORT_DEFINITIONS[flag];
    const columns = Object.fromEntries([...definition.columns, ...definition.summary].map((column) => [column.key, column.label[language]]));
    return [flag, { title: definition.title[language], description: definition.description[language], blank: definition.blank?.[language] ?? '–', columns }];
  })) as Record<ReportFlag, ReportTexts>;
}

const bs = {
  title: 'Izvještaji',
  hint: 'Izvještaji sajta za izabrani period; uzorci se broje po danu registracije.',
  report: 'Izvještaj',
  range: 'Period',
  chooseRange: 'Unesite opseg datuma',
  loading: 'Računanje izvještaja…',
  exporting: 'Izrada datoteke {{format}}…',
  failed: 'Izvještaj se nije mogao izračunati.',
  empty: 'Nema podataka u izabranom periodu.',
  exportPdf: 'Izvoz u PDF',
  exportXlsx: 'Izvoz u Excel (XLSX)',
  chart: 'Grafikon: {{title}} po danima',
  rows: 'Redova: {{count}}',
  pageOf: 'Stranica {{page}} od {{pages}}',
  none: 'Vaša sesija nema nijedan izvještaj.',
  reports: reportTexts('bs'),
};

const en: typeof bs = {
  title: 'Reports',
  hint: "The site's reports for the chosen period; samples count by their day of registration.",
  report: 'Report',
  range: 'Period',
  chooseRange: 'Enter the date range',
  loading: 'Computing the report…',
  exporting: 'Producing the {{format}} file…',
  failed: 'The report could not be computed.',
  empty: 'No data in the chosen period.',
  exportPdf: 'Export to PDF',
  exportXlsx: 'Export to Excel (XLSX)',
  chart: 'Chart: {{title}} by day',
  rows: 'Rows: {{count}}',
  pageOf: 'Page {{page}} of {{pages}}',
  none: 'Your session has no reports.',
  reports: reportTexts('en'),
};

const de: typeof bs = {
  title: 'Berichte',
  hint: 'Berichte des Standorts für den gewählten Zeitraum; Proben zählen nach dem Tag ihrer Registrierung.',
  report: 'Bericht',
  range: 'Zeitraum',
  chooseRange: 'Datumsbereich eingeben',
  loading: 'Bericht wird berechnet…',
  exporting: '{{format}}-Datei wird erstellt…',
  failed: 'Der Bericht konnte nicht berechnet werden.',
  empty: 'Keine Daten im gewählten Zeitraum.',
  exportPdf: 'Export als PDF',
  exportXlsx: 'Export als Excel (XLSX)',
  chart: 'Diagramm: {{title}} pro Tag',
  rows: 'Zeilen: {{count}}',
  pageOf: 'Seite {{page}} von {{pages}}',
  none: 'Ihre Sitzung hat keine Berichte.',
  reports: reportTexts('de'),
};

export const reportMessages = { bs, en, de };
