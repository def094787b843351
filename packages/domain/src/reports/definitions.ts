import type { ReportFlag } from '../settings/general-options.ts';

/**
 * The reports of 'Izvještaji' (/reports), one per session report flag: what
 * each shows, its columns and summary figures with their names in the three
 * languages. The server's answers, its PDF and XLSX exports and the web's
 * tables and charts all read these, so a column is named once.
 */

export type ReportTextLanguage = 'bs' | 'en' | 'de';
export type Labels = Record<ReportTextLanguage, string>;

/**
 * How a cell is given and shown: `day` 'YYYY-MM-DD' (a day at the site),
 * `instant` an ISO instant (shown in the site's zone), `count` a whole number,
 * `money` exact decimal text in KM, `minutes` a number of minutes (one
 * decimal), `status` a sample status, `text` as it is.
 */
export type ReportCellKind = 'day' | 'instant' | 'count' | 'money' | 'minutes' | 'status' | 'text';
export type ReportCell = string | number | null;

export interface ReportColumn {
  key: string;
  kind: ReportCellKind;
  label: Labels;
}

export interface ReportDefinition {
  flag: ReportFlag;
  title: Labels;
  description: Labels;
  columns: readonly ReportColumn[];
  /** Figures over the whole range, above the table and in the exports. */
  summary: readonly ReportColumn[];
  /** One row per sample (or sample and section): the screen pages them; the others have a row per day, town or location. */
  paged: boolean;
  /** A chart over days: the day column and the figures drawn for it. */
  chart: { x: string; series: readonly string[] } | null;
  /** What a null text cell means in this report (a patient without a matching town, a sample without a location). */
  blank?: Labels;
}

const L = (bs: string, en: string, de: string): Labels => ({ bs, en, de });

const DAY = { key: 'dan', kind: 'day', label: L('Dan', 'Day', 'Tag') } as const;
const PATIENTS = { key: 'pacijenata', kind: 'count', label: L('Pacijenata', 'Patients', 'Patienten') } as const;
const SAMPLES = { key: 'uzoraka', kind: 'count', label: L('Uzoraka', 'Samples', 'Proben') } as const;
const TESTS = { key: 'testova', kind: 'count', label: L('Testova', 'Tests', 'Tests') } as const;
const AMOUNT = { key: 'iznos', kind: 'money', label: L('Iznos (KM)', 'Amount (KM)', 'Betrag (KM)') } as const;
const CODE = { key: 'code', kind: 'text', label: L('Šifra uzorka', 'Sample code', 'Probencode') } as const;
const PATIENT = { key: 'pacijent', kind: 'text', label: L('Pacijent', 'Patient', 'Patient') } as const;
const REGISTERED = { key: 'registrovan', kind: 'instant', label: L('Registrovan', 'Registered', 'Registriert') } as const;

export const REPORT_DEFINITIONS: Record<ReportFlag, ReportDefinition> = {
  fpodanu: {
    flag: 'fpodanu',
    title: L('Finansije po danu', 'Finances per day', 'Finanzen pro Tag'),
    description: L(
      'Uzorci registrovani tog dana, njihovi testovi i zbir cijena testova (komponente izračunatih testova su uključene, bez cijene).',
      'Samples registered that day, their tests and the sum of the test prices (components of calculated tests are included at no charge).',
      'An diesem Tag registrierte Proben, ihre Tests und die Summe der Testpreise (Komponenten berechneter Tests sind ohne Preis enthalten).',
    ),
    columns: [DAY, SAMPLES, TESTS, AMOUNT],
    summary: [SAMPLES, TESTS, AMOUNT],
    paged: false,
    chart: { x: 'dan', series: ['iznos'] },
  },
  ppodanu: {
    flag: 'ppodanu',
    title: L('Pacijenti po danu', 'Patients per day', 'Patienten pro Tag'),
    description: L(
      'Različiti pacijenti s uzorkom registrovanim tog dana i broj uzoraka; ukupno broji svakog pacijenta jednom.',
      'Distinct patients with a sample registered that day and the number of samples; the total counts each patient once.',
      'Verschiedene Patienten mit einer an diesem Tag registrierten Probe und die Zahl der Proben; die Summe zählt jeden Patienten einmal.',
    ),
    columns: [DAY, PATIENTS, SAMPLES],
    summary: [PATIENTS, SAMPLES],
    paged: false,
    chart: { x: 'dan', series: ['pacijenata', 'uzoraka'] },
  },
  ppomjestu: {
    flag: 'ppomjestu',
    title: L('Pacijenti po mjestu', 'Patients per town', 'Patienten pro Ort'),
    description: L(
      'Mjesto je prvo od mjesta sajta koje se kao riječ pojavljuje u adresi pacijenta (bez obzira na velika slova i kvačice).',
      "The town is the first of the site's towns that appears as a word in the patient's address (case and diacritics ignored).",
      'Der Ort ist der erste Ort des Standorts, der als Wort in der Adresse des Patienten vorkommt (ohne Groß-/Kleinschreibung und Akzente).',
    ),
    columns: [{ key: 'mjesto', kind: 'text', label: L('Mjesto', 'Town', 'Ort') }, PATIENTS, SAMPLES],
    summary: [PATIENTS, SAMPLES],
    paged: false,
    chart: null,
    blank: L('Drugo ili nepoznato mjesto', 'Other or unknown town', 'Anderer oder unbekannter Ort'),
  },
  ppolokaciji: {
    flag: 'ppolokaciji',
    title: L('Pacijenti po lokaciji', 'Patients per referring location', 'Patienten pro Einsender'),
    description: L(
      'Lokacija koja je uputila uzorak, a bez nje lokacija upisana kod pacijenta.',
      "The location that referred the sample, else the location recorded with the patient.",
      'Der Einsender der Probe, sonst der beim Patienten eingetragene.',
    ),
    columns: [{ key: 'lokacija', kind: 'text', label: L('Lokacija', 'Referring location', 'Einsender') }, PATIENTS, SAMPLES],
    summary: [PATIENTS, SAMPLES],
    paged: false,
    chart: null,
    blank: L('Bez lokacije', 'No location', 'Ohne Einsender'),
  },
  protokol: {
    flag: 'protokol',
    title: L('Protokol uzoraka', 'Sample protocol book', 'Probenprotokoll'),
    description: L(
      'Svaki uzorak registrovan u periodu, redom registracije, s testovima i statusom.',
      'Every sample registered in the period, in order of registration, with its tests and status.',
      'Jede im Zeitraum registrierte Probe in der Reihenfolge der Registrierung, mit Tests und Status.',
    ),
    columns: [
      REGISTERED, CODE, PATIENT, { key: 'godiste', kind: 'count', label: L('Godište', 'Birth year', 'Geburtsjahr') },
      { key: 'testovi', kind: 'text', label: L('Testovi', 'Tests', 'Tests') }, { key: 'status', kind: 'status', label: L('Status', 'Status', 'Status') },
    ],
    summary: [SAMPLES],
    paged: true,
    chart: null,
  },
  tatpopacijentu: {
    flag: 'tatpopacijentu',
    title: L('Vrijeme obrade po pacijentu', 'Turnaround time per patient', 'Bearbeitungszeit pro Patient'),
    description: L(
      'Od prijema uzorka u laboratoriju (skeniranje; bez njega registracija) do verifikacije, za verificirane uzorke registrovane u periodu.',
      'From the sample reaching the lab (its scan; without one, its registration) to verification, for verified samples registered in the period.',
      'Vom Eingang der Probe im Labor (Scan; ohne ihn die Registrierung) bis zur Verifizierung, für verifizierte Proben des Zeitraums.',
    ),
    columns: [
      PATIENT, CODE, { key: 'zaprimljen', kind: 'instant', label: L('Zaprimljen', 'Received', 'Eingegangen') },
      { key: 'verificiran', kind: 'instant', label: L('Verificiran', 'Verified', 'Verifiziert') },
      { key: 'minuta', kind: 'minutes', label: L('Minuta', 'Minutes', 'Minuten') },
    ],
    summary: [
      SAMPLES, { key: 'medijan', kind: 'minutes', label: L('Medijan (min)', 'Median (min)', 'Median (min)') },
      { key: 'p90', kind: 'minutes', label: L('90. percentil (min)', '90th percentile (min)', '90. Perzentil (min)') },
    ],
    paged: true,
    chart: null,
  },
  worklists: {
    flag: 'worklists',
    title: L('Radne liste po sekcijama', 'Work lists per section', 'Arbeitslisten pro Bereich'),
    description: L(
      'Testovi bez rezultata na uzorcima koji još nisu odobreni, po sekciji laboratorije.',
      'Tests without a result on samples not yet approved, by lab section.',
      'Tests ohne Ergebnis auf noch nicht freigegebenen Proben, nach Laborbereich.',
    ),
    columns: [
      { key: 'sekcija', kind: 'text', label: L('Sekcija', 'Section', 'Bereich') }, REGISTERED, CODE, PATIENT,
      { key: 'testovi', kind: 'text', label: L('Testovi na čekanju', 'Pending tests', 'Ausstehende Tests') }, TESTS,
    ],
    summary: [SAMPLES, TESTS],
    paged: true,
    chart: null,
  },
};

/** A report's title in a language (Bosnian for anything else). */
export function reportLabel(labels: Labels, language: string): string {
  return language === 'en' || language === 'de' ? labels[language] : labels.bs;
}
