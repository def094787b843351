/**
 * Bosnian core catalogue: the text of the shell and of the shared components
 * (sign-in, menu, errors, list table, date-range dialog …), the default
 * language and the source of every core key. Each feature's screens keep their
 * own catalogue beside them (features/<name>/messages.ts); app/catalogues.ts
 * joins them to these when the app starts, so this folder imports no feature.
 *
 * Adding a string: add the key here, then the same key to en.ts and de.ts
 * (TypeScript refuses a missing or extra key there, and i18n.test.ts checks
 * the three key sets once more). Use it with `const { t } = useTranslation();
 * t('group.key')`. Server messages are not here: they come from MESSAGES in
 * @lis/domain (see `serverMessage` in src/i18n/index.ts).
 * Sidebar titles arrive from the server as keys under `menu.` (e.g. 'menu.prijem').
 */
import { listTableMessages } from '../components/list-table/messages.ts';
import { dateRangeMessages } from '../components/date-range/messages.ts';
import { jsonEditorMessages } from '../components/json-editor/messages.ts';

export const bs = {
  app: {
    name: 'LIS',
    fullName: 'Laboratorijski informacioni sistem',
  },
  common: {
    save: 'SAČUVAJ',
    close: 'ZATVORI',
    confirm: 'POTVRDI',
    cancel: 'ODUSTANI',
    back: 'POVRATAK',
    admit: 'Prijem',
    loading: 'Učitavanje…',
    closeDialog: 'Zatvori prozor',
    dialogWide: 'Prikaži prozor široko',
    dialogNarrow: 'Vrati prozor na uobičajenu širinu',
  },
  language: {
    bs: 'Bosanski jezik',
    en: 'Engleski jezik',
    de: 'Njemački jezik',
  },
  auth: {
    title: 'Prijava',
    subtitle: 'Prijavite se svojim korisničkim računom.',
    email: 'E-mail',
    password: 'Šifra',
    submit: 'Prijava',
    restoring: 'Provjera prijave…',
    togglePassword: 'Prikaži ili sakrij šifru',
    sessionEnded: 'Vaša sesija je završena. Prijavite se ponovo.',
  },
  shell: {
    noteCount: 'Čeka provjeru: {{n}}',
    navigation: 'Glavni meni',
    openNavigation: 'Otvori meni',
    closeNavigation: 'Zatvori meni',
    site: 'Sajt',
    currentSite: 'Trenutni sajt: {{site}}',
    userMenu: 'Korisnički meni',
    changePassword: 'Promjena šifre',
    logout: 'Odjava',
    skipToContent: 'Preskoči na sadržaj',
    interfaceLanguage: 'Jezik sučelja',
    languageName_bs: 'Bosanski',
    languageName_en: 'English',
    languageName_de: 'Deutsch',
  },
  welcome: {
    greeting: 'Dobro došli, {{name}}',
    site: 'Sajt',
    role: 'Uloga',
    today: 'Danas',
    readOnly: 'Vaš račun ima pravo samo na pregled podataka.',
    dateFormat: 'dddd, D. MMMM YYYY.',
  },
  roles: {
    admin: 'Administrator',
    specialist: 'Specijalista',
    technician: 'Tehničar',
    viewer: 'Pregled',
  },
  password: {
    title: 'Promjena šifre',
    staraSifra: 'Trenutna šifra',
    novaSifra: 'Nova šifra',
    potvrdaSifra: 'Potvrda nove šifre',
    rule: 'Najmanje {{min}} znakova, ne neka od često korištenih šifri. Razmaci se računaju; cifre i simboli nisu obavezni.',
    initialTitle: 'Promjena početne šifre',
    initialHint: 'Vašu šifru je postavio administrator. Prije nastavka rada izaberite svoju šifru.',
  },
  notifications: {
    critical: 'kritična vrijednost: {{values}}',
    title: 'Obavještenja',
    open: 'Obavještenja ({{count}})',
    alarms: 'Alarmi',
    messages: 'Poruke',
    empty: 'Nema novih obavještenja.',
    sample: 'Uzorak {{id}}',
    dismiss: 'Ukloni obavještenje: {{what}}',
  },
  confirmDelete: {
    title: 'Potvrda brisanja',
    prompt: 'Za potvrdu upišite „{{answer}}”.',
    answer: 'Da',
    label: 'Potvrda',
  },
  errors: {
    network: 'Server nije dostupan. Provjerite mrežnu vezu.',
    unexpected: 'Došlo je do neočekivane greške.',
    screenFailed: 'Ekran se nije mogao prikazati.',
    reload: 'Ponovo učitaj',
    databaseTitle: 'Baza podataka trenutno nije dostupna',
    databaseBody: 'Server pokušava ponovo uspostaviti vezu. Ova poruka nestaje sama čim baza ponovo odgovori; nakon toga ponovite posljednju radnju ako nije sačuvana.',
  },
  status: {
    ZAPRIMLJEN: 'ZAPRIMLJEN',
    U_OBRADI: 'U OBRADI',
    REALIZOVAN: 'REALIZOVAN',
    ODOBREN: 'ODOBREN',
    VERIFICIRAN: 'VERIFICIRAN',
  },
  menu: {
    statistika: 'Statistika',
    protokol: 'Provjera nalaza',
    assays: 'Analize i aparati',
    analysers: 'Analizatori',
    postavke: 'Postavke',
    analize: 'Analize po sekcijama',
    autoverifikacija: 'Autoverifikacija',
    refleksniTestovi: 'Refleksni testovi',
    integracija: 'Integracija',
    integracijaPregled: 'Pregled integracije',
    integracijaPostavke: 'Postavke integracije',
    prijem: 'Prijem',
    pacijenti: 'Pacijenti',
    barcode: 'Prijem uzorka',
    naljepnice: 'Uzorci u obradi',
    obrada: 'Obrada uzoraka',
    nalazi: 'Pregled nalaza',
    outbox: 'Odlazna e-pošta',
    hl7: 'Odlazne HL7 poruke',
    reports: 'Izvještaji',
    kontrole: 'Kontrole',
    kontroleUnos: 'Unos',
    kontroleCharts: 'Grafikoni',
    kontroleObrada: 'Obrada',
    kontroleDefinicija: 'Definicija',
    mikrobiologijaPaneli: 'Antibiogram paneli',
    mikrobiologijaReferentni: 'Referentni podaci',
    inventar: 'Inventar',
    loger: 'Temperatura',
    logerPregled: 'Pregled',
    logerPostavke: 'Postavke',
    logerStatistika: 'Statistika',
    inventarStanje: 'Stanje',
    inventarUlaz: 'Ulaz',
    inventarIzlaz: 'Izlaz',
    inventarProdukti: 'Produkti',
    inventarPostavke: 'Postavke',
    inventarUgovori: 'Ugovori',
    inventarNarudzbe: 'Narudžbe',
    mikrobiologija: 'Mikrobiologija',
    mikrobiologijaKumulativni: 'Kumulativni antibiogram',
    import: 'Excel import',
    partneri: 'Partneri',
    sifarnici: 'Šifarnici',
    narucioci: 'Naručioci',
  },
  /** Shared list table and date-range dialog: their catalogues live beside them (src/components). */
  listTable: listTableMessages.bs,
  dateRange: dateRangeMessages.bs,
  jsonEditor: jsonEditorMessages.bs,
};

/** The shape every core catalogue has: the Bosnian keys, each with a string. */
export type CoreCatalogue = typeof bs;
