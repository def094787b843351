/** Answers of the result calls as the server gives them, for the component tests of this feature. */
import type { ResultTest, ResultsShowAnswer } from '@lis/domain';
import type { Uzorak } from '@lis/domain';

export const SID = '0b6c3f1e-2a4d-4c4e-9a51-1f2d3c4b5a60';
export const PID = 'p-1';

const BIO = { _id: 'sec-bio', naziv: 'Biohemija', naziv_en: 'Clinical chemistry', naziv_de: 'Klinische Chemie', redoslijed: 1 };
const URIN = { _id: 'sec-urin', naziv: 'Urin', naziv_en: 'Urinalysis', naziv_de: 'Urindiagnostik', redoslijed: 2 };

function test(id: string, extra: Partial<ResultTest>): ResultTest {
  return {
    _id: id, sifra: id.toUpperCase(), naziv: id, naziv_en: '', naziv_de: '', analit: id, sekcija: BIO, vrsta: 'numeric', opcije: [], decimals: 1, calculated: false,
    rezultat: null, jedinica: 'mmol/L', referenca: { low: null, high: null, text: null }, kriticno: { low: null, high: null }, flag: null, kriticni: false, delta: null,
    status_t: '', unio: null, unio_at: null, ...extra,
  };
}

/** Test entry ids are uuids on the server (the save contract checks them). */
export const TEST_IDS = {
  uro: '00000000-0000-4000-8000-000000000001',
  glu: '00000000-0000-4000-8000-000000000002',
  chol: '00000000-0000-4000-8000-000000000003',
  ldl: '00000000-0000-4000-8000-000000000004',
  k: '00000000-0000-4000-8000-000000000005',
  boja: '00000000-0000-4000-8000-000000000006',
} as const;

/** In the answer's order, the urine section first: the screen orders sections by `redoslijed`. */
export function fixtureTests(overrides: Partial<Record<keyof typeof TEST_IDS, Partial<ResultTest>>> = {}): ResultTest[] {
  return [
    test(TEST_IDS.uro, {
      sifra: 'URO', naziv: 'Urobilinogen', analit: 'UBG', sekcija: URIN, vrsta: 'qualitative', opcije: ['+', '++', '+++'],
      jedinica: '', referenca: { low: null, high: null, text: 'Negativan' }, ...overrides.uro,
    }),
    test(TEST_IDS.boja, {
      sifra: 'BOJA', naziv: 'Boja urina', analit: 'Boja', sekcija: URIN, vrsta: 'text', jedinica: '',
      referenca: { low: null, high: null, text: 'Žuta;Svijetlo žuta' }, ...overrides.boja,
    }),
    test(TEST_IDS.glu, {
      sifra: 'GLU', naziv: 'Glukoza', naziv_en: 'Glucose', naziv_de: 'Glukose', analit: 'GLU', referenca: { low: 3.9, high: 6.1, text: null }, kriticno: { low: 2.2, high: 25 }, ...overrides.glu,
    }),
    test(TEST_IDS.chol, {
      sifra: 'CHOL', naziv: 'Holesterol', naziv_en: 'Total cholesterol', naziv_de: 'Gesamtcholesterin', analit: 'CHOL', referenca: { low: null, high: 5.2, text: null },
      rezultat: '6,3', flag: 'H', unio: 'Tarik Tehničar', unio_at: '2026-03-10T07:15:00Z',
      delta: { previous: '4,1', previousAt: '2026-01-12T09:00:00Z', exceeded: true }, ...overrides.chol,
    }),
    test(TEST_IDS.k, { sifra: 'K', naziv: 'Kalij', analit: 'K', referenca: { low: 3.5, high: 5.1, text: null }, ...overrides.k }),
    test(TEST_IDS.ldl, {
      sifra: 'LDL', naziv: 'LDL holesterol', analit: 'LDL', calculated: true, rezultat: '4.10', referenca: { low: null, high: 3, text: null },
      flag: 'H', ...overrides.ldl,
    }),
  ];
}

export function fixtureUzorak(extra: Partial<Uzorak> = {}): Uzorak {
  return {
    _id: SID, id: SID, sid: SID, code: '2603100004', pacijentRBr: 4, pid: PID, status: 'U OBRADI', hitan: true, tip: 'Standard', type: 'Serum',
    pdf_exists: false, komentar: '', datum: '2026-03-10T07:05:00Z', vrijeme: '08:05', tags: [], created_at: '2026-03-10T07:05:00Z',
    updated_at: '2026-03-10T07:15:00Z', received_at: '2026-03-10T07:10:00Z',
    patient: { _id: PID, ime: 'LEJLA', prezime: 'DEMIĆ', jmbg: '1503978175002', spol: 'ŽENSKI', godiste: 1978 },
    jmbgObj: { years: 47, months: 11, days: 23 }, starost_dana: 17_526, lokacija: { lokacija: '' }, doktor: '', partner: null, trudnica: false, menstc: '',
    anticoag: false, menopauza: false, sekcija: [], tests: [], ukupno: '20.00', actions: [], ...extra,
  };
}

export function fixtureAnswer(extra: Partial<ResultsShowAnswer> = {}, tests: ResultTest[] = fixtureTests()): ResultsShowAnswer {
  const status = extra.status ?? 'U OBRADI';
  const actions = extra.actions ?? (status === 'ODOBREN' ? ['undo', 'verify'] : status === 'VERIFICIRAN' ? ['unlock'] : ['comment', 'note', 'sender', 'barcode', 'save', 'retest', 'check', 'edit']);
  return { success: true, status, version: 3, actions, uzorak: fixtureUzorak({ status }), tests, obavijesten: null, ...extra };
}
