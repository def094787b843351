/** German catalogue: every key of bs.ts (TypeScript checks the shape). */
import type { Catalogue } from './bs.ts';
import { listTableMessages } from '../components/list-table/messages.ts';
import { dateRangeMessages } from '../components/date-range/messages.ts';
import { jsonEditorMessages } from '../components/json-editor/messages.ts';
import { patientMessages } from '../features/patients/messages.ts';
import { sampleMessages } from '../features/samples/messages.ts';
import { labelMessages } from '../features/labels/messages.ts';
import { chatMessages } from '../features/chat/messages.ts';
import { processingMessages } from '../features/processing/messages.ts';
import { nalaziMessages } from '../features/nalazi/messages.ts';
import { evaluationMessages } from '../features/evaluation/messages.ts';
import { resultMessages } from '../features/results/messages.ts';
import { catalogueMessages } from '../features/catalogue/messages.ts';
import { settingsMessages } from '../features/postavke/messages.ts';
import { invoiceMessages } from '../features/invoice/messages.ts';
import { reportMessages } from '../features/izvjestaji/messages.ts';
import { outboxMessages } from '../features/outbox/messages.ts';
import { loggerMessages } from '../features/logger/messages.ts';
import { inventoryMessages } from '../features/inventory/messages.ts';
import { qcMessages } from '../features/qc/messages.ts';
import { partnerMessages } from '../features/partners/messages.ts';
import { importMessages } from '../features/import/messages.ts';
import { integrationMessages } from '../features/integration/messages.ts';
import { statisticsMessages } from '../features/statistics/messages.ts';
import { microbiologyMessages } from '../features/microbiology/messages.ts';
import { surveillanceMessages } from '../features/microbiology/surveillance/messages.ts';

export const de: Catalogue = {
  app: {
    name: 'LIS',
    fullName: 'Laborinformationssystem',
  },
  common: {
    save: 'SPEICHERN',
    close: 'SCHLIESSEN',
    confirm: 'BESTÄTIGEN',
    cancel: 'ABBRECHEN',
    back: 'ZURÜCK',
    admit: 'Aufnahme',
    loading: 'Wird geladen…',
    closeDialog: 'Dialog schließen',
  },
  language: {
    bs: 'Bosnisch',
    en: 'Englisch',
    de: 'Deutsch',
  },
  auth: {
    title: 'Anmeldung',
    subtitle: 'Melden Sie sich mit Ihrem Benutzerkonto an.',
    email: 'E-Mail',
    password: 'Passwort',
    submit: 'Anmelden',
    restoring: 'Anmeldung wird geprüft…',
    togglePassword: 'Passwort anzeigen oder verbergen',
    sessionEnded: 'Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.',
  },
  shell: {
    navigation: 'Hauptmenü',
    openNavigation: 'Menü öffnen',
    closeNavigation: 'Menü schließen',
    site: 'Standort',
    currentSite: 'Aktueller Standort: {{site}}',
    userMenu: 'Benutzermenü',
    changePassword: 'Passwort ändern',
    logout: 'Abmelden',
    skipToContent: 'Zum Inhalt springen',
  },
  welcome: {
    greeting: 'Willkommen, {{name}}',
    site: 'Standort',
    role: 'Rolle',
    today: 'Heute',
    readOnly: 'Ihr Konto darf Daten nur ansehen.',
    dateFormat: 'dddd, D. MMMM YYYY',
  },
  roles: {
    admin: 'Administrator',
    specialist: 'Facharzt',
    technician: 'Laborant',
    viewer: 'Nur Ansicht',
  },
  password: {
    title: 'Passwort ändern',
    staraSifra: 'Aktuelles Passwort',
    novaSifra: 'Neues Passwort',
    potvrdaSifra: 'Neues Passwort bestätigen',
    rule: 'Mindestens {{min}} Zeichen, kein häufig verwendetes Passwort. Leerzeichen zählen; Ziffern und Sonderzeichen sind nicht nötig.',
    initialTitle: 'Anfangspasswort ändern',
    initialHint: 'Ihr Passwort wurde von einem Administrator gesetzt. Bitte wählen Sie vor dem Fortfahren ein eigenes Passwort.',
  },
  notifications: {
    title: 'Benachrichtigungen',
    open: 'Benachrichtigungen ({{count}})',
    alarms: 'Alarme',
    messages: 'Meldungen',
    empty: 'Keine neuen Benachrichtigungen.',
    sample: 'Probe {{id}}',
    dismiss: 'Benachrichtigung für Probe {{id}} entfernen',
  },
  confirmDelete: {
    title: 'Löschen bestätigen',
    prompt: 'Geben Sie „{{answer}}“ ein, um zu bestätigen.',
    answer: 'Ja',
    label: 'Bestätigung',
  },
  errors: {
    network: 'Der Server ist nicht erreichbar. Prüfen Sie die Netzwerkverbindung.',
    unexpected: 'Ein unerwarteter Fehler ist aufgetreten.',
    screenFailed: 'Diese Ansicht konnte nicht angezeigt werden.',
    reload: 'Neu laden',
    databaseTitle: 'Die Datenbank ist derzeit nicht erreichbar',
    databaseBody: 'Der Server versucht weiter, die Verbindung herzustellen. Dieser Hinweis verschwindet von selbst, sobald die Datenbank wieder antwortet; wiederholen Sie dann Ihre letzte Aktion, falls sie nicht gespeichert wurde.',
  },
  status: {
    ZAPRIMLJEN: 'EINGEGANGEN',
    U_OBRADI: 'IN BEARBEITUNG',
    REALIZOVAN: 'ABGESCHLOSSEN',
    ODOBREN: 'FREIGEGEBEN',
    VERIFICIRAN: 'VERIFIZIERT',
  },
  menu: {
    statistika: 'Statistik',
    protokol: 'Befundprüfung',
    assays: 'Assays',
    analysers: 'Analysegeräte',
    postavke: 'Einstellungen',
    analize: 'Analysen',
    integracija: 'Integration',
    integracijaPregled: 'Integrationsübersicht',
    integracijaPostavke: 'Integrationseinstellungen',
    prijem: 'Aufnahme',
    pacijenti: 'Patienten',
    barcode: 'Probenaufnahme',
    naljepnice: 'Proben in Bearbeitung',
    obrada: 'Probenbearbeitung',
    nalazi: 'Befunde',
    outbox: 'E-Mail-Postausgang',
    reports: 'Berichte',
    kontrole: 'Kontrollen',
    kontroleUnos: 'Erfassung',
    kontroleCharts: 'Diagramme',
    kontroleObrada: 'Bearbeitung',
    kontroleDefinicija: 'Definition',
    mikrobiologijaPaneli: 'Antibiogramm-Panels',
    mikrobiologijaReferentni: 'Referenzdaten',
    inventar: 'Inventar',
    loger: 'Temperatur',
    logerPregled: 'Übersicht',
    logerPostavke: 'Einstellungen',
    logerStatistika: 'Statistik',
    inventarStanje: 'Bestand',
    inventarUlaz: 'Wareneingang',
    inventarIzlaz: 'Warenausgang',
    inventarProdukti: 'Produkte',
    inventarPostavke: 'Einstellungen',
    inventarUgovori: 'Verträge',
    inventarNarudzbe: 'Bestellungen',
    mikrobiologija: 'Mikrobiologie',
    mikrobiologijaKumulativni: 'Kumulatives Antibiogramm',
    import: 'Excel-Import',
    partneri: 'Partner',
    sifarnici: 'Stammdaten',
    narucioci: 'Gruppen-E-Mail',
  },
  /** Shared list table and date-range dialog: their catalogues live beside them (src/components). */
  listTable: listTableMessages.de,
  dateRange: dateRangeMessages.de,
  jsonEditor: jsonEditorMessages.de,
  /** Feature screens: their catalogues live beside them (src/features). */
  patients: patientMessages.de,
  samples: sampleMessages.de,
  labels: labelMessages.de,
  processing: processingMessages.de,
  nalazi: nalaziMessages.de,
  evaluation: evaluationMessages.de,
  results: resultMessages.de,
  catalogue: catalogueMessages.de,
  postavke: settingsMessages.de,
  invoice: invoiceMessages.de,
  izvjestaji: reportMessages.de,
  outbox: outboxMessages.de,
  logger: loggerMessages.de,
  inventory: inventoryMessages.de,
  qc: qcMessages.de,
  partners: partnerMessages.de,
  import: importMessages.de,
  integration: integrationMessages.de,
  statistics: statisticsMessages.de,
  chat: chatMessages.de,
  microbiology: microbiologyMessages.de,
  microSurveillance: surveillanceMessages.de,
};
