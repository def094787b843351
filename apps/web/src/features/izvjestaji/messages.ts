/**
 * Strings of Izvještaji (/reports) in Bosnian (default), English and German;
 * merged into the app catalogues under `izvjestaji.` (src/i18n). The reports'
 * titles, columns and figures come from REPORT_DEFINITIONS in @lis/domain.
 */
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
};

export const reportMessages = { bs, en, de };
