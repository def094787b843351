/** English catalogue: every key of bs.ts (TypeScript checks the shape). */
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

export const en: Catalogue = {
  app: {
    name: 'LIS',
    fullName: 'Laboratory information system',
  },
  common: {
    save: 'SAVE',
    close: 'CLOSE',
    confirm: 'CONFIRM',
    cancel: 'CANCEL',
    back: 'BACK',
    admit: 'Admit',
    loading: 'Loading…',
    closeDialog: 'Close the dialog',
  },
  language: {
    bs: 'Bosnian',
    en: 'English',
    de: 'German',
  },
  auth: {
    title: 'Sign in',
    subtitle: 'Sign in with your user account.',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    restoring: 'Checking your sign-in…',
    togglePassword: 'Show or hide the password',
    sessionEnded: 'Your session has ended. Please sign in again.',
  },
  shell: {
    navigation: 'Main menu',
    openNavigation: 'Open menu',
    closeNavigation: 'Close menu',
    site: 'Site',
    currentSite: 'Current site: {{site}}',
    userMenu: 'User menu',
    changePassword: 'Change password',
    logout: 'Log out',
    skipToContent: 'Skip to content',
  },
  welcome: {
    greeting: 'Welcome, {{name}}',
    site: 'Site',
    role: 'Role',
    today: 'Today',
    readOnly: 'Your account may only view data.',
    dateFormat: 'dddd, D MMMM YYYY',
  },
  roles: {
    admin: 'Administrator',
    specialist: 'Specialist',
    technician: 'Technician',
    viewer: 'Viewer',
  },
  password: {
    title: 'Change password',
    staraSifra: 'Current password',
    novaSifra: 'New password',
    potvrdaSifra: 'Confirm new password',
    rule: 'At least {{min}} characters, not one of the commonly used passwords. Spaces count; digits and symbols are not required.',
    initialTitle: 'Change your initial password',
    initialHint: 'An administrator set your password. Choose your own password before you continue.',
  },
  notifications: {
    title: 'Notifications',
    open: 'Notifications ({{count}})',
    alarms: 'Alarms',
    messages: 'Messages',
    empty: 'No new notifications.',
    sample: 'Sample {{id}}',
    dismiss: 'Dismiss the notification for sample {{id}}',
  },
  confirmDelete: {
    title: 'Confirm deletion',
    prompt: 'Type “{{answer}}” to confirm.',
    answer: 'Yes',
    label: 'Confirmation',
  },
  errors: {
    network: 'The server cannot be reached. Check the network connection.',
    unexpected: 'An unexpected error occurred.',
    screenFailed: 'This screen could not be shown.',
    reload: 'Reload',
    databaseTitle: 'The database is unreachable at the moment',
    databaseBody: 'The server keeps trying to reconnect. This notice goes away by itself as soon as the database answers again; then repeat your last action if it was not saved.',
  },
  status: {
    ZAPRIMLJEN: 'RECEIVED',
    U_OBRADI: 'IN PROCESS',
    REALIZOVAN: 'COMPLETED',
    ODOBREN: 'APPROVED',
    VERIFICIRAN: 'VERIFIED',
  },
  menu: {
    statistika: 'Statistics',
    protokol: 'Results check',
    assays: 'Assays',
    analysers: 'Analysers',
    postavke: 'Settings',
    analize: 'Analyses',
    integracija: 'Integration',
    integracijaPregled: 'Integration overview',
    integracijaPostavke: 'Integration settings',
    prijem: 'Intake',
    pacijenti: 'Patients',
    barcode: 'Sample intake',
    naljepnice: 'Samples in process',
    obrada: 'Sample processing',
    nalazi: 'Result reports',
    outbox: 'E-mail outbox',
    reports: 'Reports',
    kontrole: 'Controls',
    kontroleUnos: 'Entry',
    kontroleCharts: 'Charts',
    kontroleObrada: 'Processing',
    kontroleDefinicija: 'Definition',
    mikrobiologijaPaneli: 'Antibiogram panels',
    mikrobiologijaReferentni: 'Reference data',
    inventar: 'Inventory',
    loger: 'Temperature',
    logerPregled: 'Overview',
    logerPostavke: 'Settings',
    logerStatistika: 'Statistics',
    inventarStanje: 'Stock',
    inventarUlaz: 'Goods in',
    inventarIzlaz: 'Goods out',
    inventarProdukti: 'Products',
    inventarPostavke: 'Settings',
    inventarUgovori: 'Contracts',
    inventarNarudzbe: 'Purchase orders',
    mikrobiologija: 'Microbiology',
    mikrobiologijaKumulativni: 'Cumulative antibiogram',
    import: 'Excel import',
    partneri: 'Partners',
    sifarnici: 'Code lists',
    narucioci: 'Group e-mail',
  },
  /** Shared list table and date-range dialog: their catalogues live beside them (src/components). */
  listTable: listTableMessages.en,
  dateRange: dateRangeMessages.en,
  jsonEditor: jsonEditorMessages.en,
  /** Feature screens: their catalogues live beside them (src/features). */
  patients: patientMessages.en,
  samples: sampleMessages.en,
  labels: labelMessages.en,
  processing: processingMessages.en,
  nalazi: nalaziMessages.en,
  evaluation: evaluationMessages.en,
  results: resultMessages.en,
  catalogue: catalogueMessages.en,
  postavke: settingsMessages.en,
  invoice: invoiceMessages.en,
  izvjestaji: reportMessages.en,
  outbox: outboxMessages.en,
  logger: loggerMessages.en,
  inventory: inventoryMessages.en,
  qc: qcMessages.en,
  partners: partnerMessages.en,
  import: importMessages.en,
  integration: integrationMessages.en,
  statistics: statisticsMessages.en,
  chat: chatMessages.en,
  microbiology: microbiologyMessages.en,
  microSurveillance: surveillanceMessages.en,
};
