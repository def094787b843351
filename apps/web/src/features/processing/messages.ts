/**
 * Strings of /obrada/pregled (Obrada uzoraka) and /protokol (Provjera nalaza)
 * in Bosnian (default), English and German; merged into the app catalogues
 * under `processing.` (src/i18n).
 */
const bs = {
  title: 'Obrada uzoraka',
  caption: 'Uzorci u obradi',
  protocolTitle: 'Provjera nalaza',
  protocolCaption: 'Uzorci koji čekaju provjeru ili imaju napomenu',
  protocolHint: 'Uzorci koji čekaju odobravanje (REALIZOVAN) ili verifikaciju (ODOBREN), i neverificirani uzorci s komentarom.',
  col_code: 'Kod',
  col_hitan: 'Hitno',
  col_patient: 'Pacijent',
  col_status: 'Status',
  col_results: 'Rezultati',
  col_flags: 'Nalaz',
  col_time: 'Vrijeme',
  openResults: 'Rezultati uzorka {{code}}',
  openDetails: 'Detalji uzorka {{code}}',
  results: '{{done}}/{{total}}',
  resultsLabel: '{{done}} od {{total}} testova ima rezultat',
  critical: 'Kritična vrijednost',
  abnormal: 'Van referentnog opsega: {{count}}',
  correction: 'Ispravka',
  correctionHint: 'Uzorak je već bio verificiran i ponovo je otključan.',
  comment: 'Komentar: {{text}}',
  saveResults: 'Unos rezultata',
  print: 'Ispis naljepnice',
  delete: 'Obriši uzorak',
  deleteMessage: 'Obrisati uzorak {{code}}? Brišu se i svi rezultati ovog uzorka.',
};

export type ProcessingMessageKey = keyof typeof bs;
type Catalogue = Record<ProcessingMessageKey, string>;

const en: Catalogue = {
  title: 'Sample processing',
  caption: 'Samples in processing',
  protocolTitle: 'Results check',
  protocolCaption: 'Samples waiting for a check or carrying a note',
  protocolHint: 'Samples waiting for approval (REALIZOVAN) or verification (ODOBREN), and unverified samples with a comment.',
  col_code: 'Code',
  col_hitan: 'Urgent',
  col_patient: 'Patient',
  col_status: 'Status',
  col_results: 'Results',
  col_flags: 'Findings',
  col_time: 'Time',
  openResults: 'Results of sample {{code}}',
  openDetails: 'Details of sample {{code}}',
  results: '{{done}}/{{total}}',
  resultsLabel: '{{done}} of {{total}} tests have a result',
  critical: 'Critical value',
  abnormal: 'Outside the reference range: {{count}}',
  correction: 'Correction',
  correctionHint: 'The sample was verified before and has been unlocked.',
  comment: 'Comment: {{text}}',
  saveResults: 'Enter results',
  print: 'Print label',
  delete: 'Delete sample',
  deleteMessage: 'Delete sample {{code}}? All results of this sample are deleted too.',
};

const de: Catalogue = {
  title: 'Probenbearbeitung',
  caption: 'Proben in Bearbeitung',
  protocolTitle: 'Befundprüfung',
  protocolCaption: 'Proben, die auf eine Prüfung warten oder einen Vermerk tragen',
  protocolHint: 'Proben, die auf Freigabe (REALIZOVAN) oder Verifizierung (ODOBREN) warten, und nicht verifizierte Proben mit Kommentar.',
  col_code: 'Code',
  col_hitan: 'Dringend',
  col_patient: 'Patient',
  col_status: 'Status',
  col_results: 'Ergebnisse',
  col_flags: 'Befund',
  col_time: 'Uhrzeit',
  openResults: 'Ergebnisse der Probe {{code}}',
  openDetails: 'Details der Probe {{code}}',
  results: '{{done}}/{{total}}',
  resultsLabel: '{{done}} von {{total}} Tests haben ein Ergebnis',
  critical: 'Kritischer Wert',
  abnormal: 'Außerhalb des Referenzbereichs: {{count}}',
  correction: 'Korrektur',
  correctionHint: 'Die Probe war bereits verifiziert und wurde wieder entsperrt.',
  comment: 'Kommentar: {{text}}',
  saveResults: 'Ergebnisse eingeben',
  print: 'Etikett drucken',
  delete: 'Probe löschen',
  deleteMessage: 'Probe {{code}} löschen? Alle Ergebnisse dieser Probe werden ebenfalls gelöscht.',
};

export const processingMessages = { bs, en, de } as const;
