import type { ReportJezik } from './languages.ts';

/** The fixed texts of a printed result report, in each report language. */
export interface ReportLabels {
  title: string;
  correctedTitle: string;
  /** The heading of a partial report: the sections the autoverification rules released before the rest of the sample. */
  partialTitle: string;
  /** Under the results of a partial report: the sample's other results are still to come. */
  partialNote: string;
  /** '{{verzija}}', '{{date}}': the version this one replaces and when that was issued. */
  correctedReplaces: string;
  correctionReason: string;
  version: string;
  patient: string;
  jmbg: string;
  birthYear: string;
  sex: string;
  sexValues: { MUŠKI: string; ŽENSKI: string };
  referredBy: string;
  sampleCode: string;
  sampleType: string;
  collected: string;
  received: string;
  reported: string;
  test: string;
  result: string;
  unit: string;
  reference: string;
  flag: string;
  continued: string;
  comment: string;
  approvedBy: string;
  verifiedBy: string;
  /** Under the verifier on a report released by the autoverification rules: the specialist the site names responsible. */
  responsibleSpecialist: string;
  legend: string;
  calculatedLegend: string;
  /** '{{page}}', '{{pages}}'. */
  page: string;
  /** Printed where a value is unknown. */
  none: string;
}

export const REPORT_LABELS: Readonly<Record<ReportJezik, ReportLabels>> = {
  bs: {
    title: 'NALAZ',
    correctedTitle: 'KORIGOVANI NALAZ',
    partialTitle: 'DJELIMIČNI NALAZ',
    partialNote: 'Djelimični nalaz: ostali rezultati uzorka slijede u konačnom nalazu.',
    correctedReplaces: 'Zamjenjuje nalaz verzije {{verzija}} izdat {{date}}.',
    correctionReason: 'Razlog korekcije',
    version: 'Verzija',
    patient: 'Pacijent',
    jmbg: 'JMBG',
    birthYear: 'Godište',
    sex: 'Spol',
    sexValues: { MUŠKI: 'Muški', ŽENSKI: 'Ženski' },
    referredBy: 'Uputio',
    sampleCode: 'Šifra uzorka',
    sampleType: 'Vrsta uzorka',
    collected: 'Uzorkovano',
    received: 'Zaprimljeno',
    reported: 'Nalaz izdat',
    test: 'Pretraga',
    result: 'Rezultat',
    unit: 'Jedinica',
    reference: 'Referentni interval',
    flag: 'Oznaka',
    continued: 'nastavak',
    comment: 'Komentar',
    approvedBy: 'Odobrio (tehnička validacija)',
    verifiedBy: 'Verificirao (medicinska validacija)',
    responsibleSpecialist: 'Odgovorni specijalista',
    legend: 'L / H: ispod / iznad referentnog intervala; LL / HH: kritična vrijednost; A: odstupa od očekivanog nalaza.',
    calculatedLegend: '† izračunata vrijednost',
    page: 'Stranica {{page}} od {{pages}}',
    none: '—',
  },
  en: {
    title: 'LABORATORY REPORT',
    correctedTitle: 'Corrected report',
    partialTitle: 'PARTIAL REPORT',
    partialNote: 'Partial report: the sample\'s other results follow in the final report.',
    correctedReplaces: 'Replaces the report of version {{verzija}} issued {{date}}.',
    correctionReason: 'Reason for correction',
    version: 'Version',
    patient: 'Patient',
    jmbg: 'Personal ID',
    birthYear: 'Year of birth',
    sex: 'Sex',
    sexValues: { MUŠKI: 'Male', ŽENSKI: 'Female' },
    referredBy: 'Referred by',
    sampleCode: 'Sample code',
    sampleType: 'Sample type',
    collected: 'Collected',
    received: 'Received',
    reported: 'Reported',
    test: 'Test',
    result: 'Result',
    unit: 'Unit',
    reference: 'Reference range',
    flag: 'Flag',
    continued: 'continued',
    comment: 'Comment',
    approvedBy: 'Approved by (technical validation)',
    verifiedBy: 'Verified by (medical validation)',
    responsibleSpecialist: 'Responsible specialist',
    legend: 'L / H: below / above the reference range; LL / HH: critical value; A: differs from the expected finding.',
    calculatedLegend: '† calculated value',
    page: 'Page {{page}} of {{pages}}',
    none: '—',
  },
  de: {
    title: 'LABORBEFUND',
    correctedTitle: 'Korrigierter Befund',
    partialTitle: 'TEILBEFUND',
    partialNote: 'Teilbefund: die übrigen Ergebnisse der Probe folgen im Endbefund.',
    correctedReplaces: 'Ersetzt den Befund der Version {{verzija}} vom {{date}}.',
    correctionReason: 'Grund der Korrektur',
    version: 'Version',
    patient: 'Patient',
    jmbg: 'Persönliche ID-Nr.',
    birthYear: 'Geburtsjahr',
    sex: 'Geschlecht',
    sexValues: { MUŠKI: 'Männlich', ŽENSKI: 'Weiblich' },
    referredBy: 'Einsender',
    sampleCode: 'Probennummer',
    sampleType: 'Probenart',
    collected: 'Entnahme',
    received: 'Eingang',
    reported: 'Befundet',
    test: 'Untersuchung',
    result: 'Ergebnis',
    unit: 'Einheit',
    reference: 'Referenzbereich',
    flag: 'Kennz.',
    continued: 'Fortsetzung',
    comment: 'Kommentar',
    approvedBy: 'Freigegeben (technische Validation)',
    verifiedBy: 'Verifiziert (medizinische Validation)',
    responsibleSpecialist: 'Verantwortlicher Facharzt',
    legend: 'L / H: unter / über dem Referenzbereich; LL / HH: kritischer Wert; A: weicht vom erwarteten Befund ab.',
    calculatedLegend: '† berechneter Wert',
    page: 'Seite {{page}} von {{pages}}',
    none: '—',
  },
};

/** A label with its `{{name}}` placeholders filled in. */
export function fillLabel(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
