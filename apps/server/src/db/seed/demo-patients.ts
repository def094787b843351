import { inArray } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE, addDays, calendarDateOf, describeJmbg, formatSampleCode, fromMinorUnits, normaliseSymptoms, reconcileTests,
  sampleCodeDay, startOfDay, toIsoDate, toMinorUnits, type ReportLanguage, type SampleStatus, type Spol,
} from '@lis/domain';
import type { Db } from '../client.ts';
import { labAssays, patients, sampleTests, samples, sites } from '../schema.ts';
import { allocateDayCounter } from '../../modules/samples/repository.ts';

interface DemoSample {
  site: 'SA' | 'TZ';
  daysAgo: number;
  /** Minutes after 07:00 local time. */
  minute: number;
  status: SampleStatus;
  tests: string[];
  /** Results by assay sifra, as the analyser would send them. */
  results?: Record<string, string>;
  hitan?: boolean;
  trudnica?: boolean;
  doktor?: string;
  lokacija?: string;
  komentar?: string;
}

interface DemoPatient {
  jmbg: string;
  ime: string;
  prezime: string;
  spol: Spol;
  godiste?: number;
  adresa: string;
  telefon: string;
  email?: string;
  language: ReportLanguage[];
  symptoms: Record<string, boolean>;
  lokacija?: string;
  note?: string;
  samples: DemoSample[];
}

/** Fictitious people (made-up surnames), IDs in the real format with made-up serials. */
const DEMO_PATIENTS: DemoPatient[] = [
  {
    jmbg: '1503978175002', ime: 'LEJLA', prezime: 'DEMIĆ', spol: 'ŽENSKI', adresa: 'Ferhadija 12, Sarajevo', telefon: '061 111 201',
    email: 'lejla.demic@example.ba', language: ['Bosanski jezik'], symptoms: { pacijentbezsimptoma: true }, lokacija: 'Dom zdravlja Stari Grad',
    samples: [
      { site: 'SA', daysAgo: 0, minute: 35, status: 'ZAPRIMLJEN', tests: ['GLU', 'LDL', 'KREA', 'EGFR'], doktor: 'dr. Amela Primjer' },
      {
        site: 'SA', daysAgo: 7, minute: 80, status: 'VERIFICIRAN', tests: ['GLU', 'CRP'], results: { GLU: '5.4', CRP: '2.1' },
        doktor: 'dr. Amela Primjer',
      },
    ],
  },
  {
    jmbg: '2207965170015', ime: 'EMIR', prezime: 'PRIMJEROVIĆ', spol: 'MUŠKI', adresa: 'Titova 40, Sarajevo', telefon: '062 222 302',
    language: ['Bosanski jezik', 'Engleski jezik'], symptoms: { umor: true, glavobolja: true },
    samples: [
      { site: 'SA', daysAgo: 0, minute: 50, status: 'U OBRADI', tests: ['PSA', 'TSH', 'HGB', 'WBC', 'PLT'], hitan: true, doktor: 'dr. Haris Ogled' },
      {
        site: 'SA', daysAgo: 1, minute: 120, status: 'REALIZOVAN', tests: ['CHOL', 'HDL', 'TG', 'LDL'],
        results: { CHOL: '6.2', HDL: '1.1', TG: '2.0', LDL: '4.19' }, komentar: 'Pacijent nije bio natašte.',
      },
    ],
  },
  {
    jmbg: '0311990185129', ime: 'AMINA', prezime: 'UZORKOVIĆ', spol: 'ŽENSKI', adresa: 'Turalibegova 3, Tuzla', telefon: '061 333 403',
    email: 'amina.uzorkovic@example.ba', language: ['Bosanski jezik', 'Njemački jezik'], symptoms: { pacijentbezsimptoma: true },
    lokacija: 'Dom zdravlja Tuzla', note: 'Trudnoća, 12. sedmica.',
    samples: [
      { site: 'TZ', daysAgo: 0, minute: 20, status: 'ZAPRIMLJEN', tests: ['BHCG', 'TSH', 'FT4', 'HGB'], trudnica: true, doktor: 'dr. Selma Proba' },
      {
        site: 'TZ', daysAgo: 3, minute: 45, status: 'ODOBREN', tests: ['GLU', 'HGB'], results: { GLU: '4.8', HGB: '121' }, trudnica: true,
      },
    ],
  },
  {
    jmbg: '1106015170049', ime: 'KENAN', prezime: 'PROBIĆ', spol: 'MUŠKI', adresa: 'Zmaja od Bosne 77, Sarajevo', telefon: '063 444 504',
    language: ['Bosanski jezik'], symptoms: { 'povišenatjelesnatemperatura': true, grlobolja: true, 'suhikašalj': true },
    lokacija: 'Dječija poliklinika', note: 'Dijete, dolazi s roditeljem.',
    samples: [
      { site: 'SA', daysAgo: 0, minute: 65, status: 'ZAPRIMLJEN', tests: ['CRP', 'WBC', 'HGB', 'PLT'], hitan: true, doktor: 'dr. Lana Fiktivić' },
    ],
  },
  {
    // Registered by birth year only (placeholder ID).
    jmbg: '000094852417P', ime: 'HALIMA', prezime: 'OGLEDIĆ', spol: 'ŽENSKI', adresa: 'Mejdan bb, Tuzla', telefon: '035 555 605',
    language: ['Bosanski jezik'], symptoms: { bolovi: true, umor: true },
    samples: [
      { site: 'TZ', daysAgo: 2, minute: 15, status: 'U OBRADI', tests: ['KREA', 'EGFR', 'UREA', 'FSH'], doktor: 'dr. Edin Testić' },
    ],
  },
  {
    // Registered by date of birth (placeholder ID).
    jmbg: '240797263158P', ime: 'DAVOR', prezime: 'FIKTIVIĆ', spol: 'MUŠKI', adresa: 'Maršala Tita 9, Sarajevo', telefon: '061 666 706',
    email: 'davor.fiktivic@example.ba', language: ['Engleski jezik'], symptoms: { pacijentbezsimptoma: true },
    samples: [
      { site: 'SA', daysAgo: 4, minute: 95, status: 'ODOBREN', tests: ['ALT', 'AST', 'GGT'], results: { ALT: '32', AST: '28', GGT: '41' } },
    ],
  },
];

/**
 * A few patients with samples in every status on both demo sites, so the
 * intake, sample and label screens have something to show. Codes come from
 * the same day counters as real samples, so later samples never collide.
 * Needs the catalogue (seeded before it); does nothing if the catalogue lacks
 * an assay it names.
 */
export async function seedDemoPatients(db: Db): Promise<void> {
  const siteRows = await db.select({ id: sites.id, sifra: sites.sifra, timeZone: sites.timeZone }).from(sites);
  const siteOf = new Map(siteRows.map((site) => [site.sifra, site]));
  const wanted = [...new Set(DEMO_PATIENTS.flatMap((patient) => patient.samples.flatMap((sample) => sample.tests)))];
  const assayRows = await db.select({ id: labAssays.id, sifra: labAssays.sifra, price: labAssays.price, calculated: labAssays.calculated, calculatedTests: labAssays.calculatedTests })
    .from(labAssays).where(inArray(labAssays.sifra, wanted));
  if (assayRows.length !== wanted.length) return;
  const components = [...new Set(assayRows.flatMap((row) => row.calculatedTests))];
  const componentRows = components.length === 0 ? [] : await db.select({
    id: labAssays.id, sifra: labAssays.sifra, price: labAssays.price, calculated: labAssays.calculated, calculatedTests: labAssays.calculatedTests,
  }).from(labAssays).where(inArray(labAssays.id, components));
  const catalogue = new Map([...assayRows, ...componentRows].map((row) => [row.id, row]));
  const idOf = new Map([...catalogue.values()].map((row) => [row.sifra, row.id]));
  const lookup = (id: string) => {
    const row = catalogue.get(id);
    return row && { _id: row.id, price: toMinorUnits(row.price) ?? 0, calculated: row.calculated, calculatedTests: row.calculatedTests };
  };

  const patientRows = await db.insert(patients).values(DEMO_PATIENTS.map((patient) => {
    const facts = describeJmbg(patient.jmbg);
    return {
      jmbg: patient.jmbg, ime: patient.ime, prezime: patient.prezime, spol: patient.spol,
      datumRodjenja: facts?.birthDate ? toIsoDate(facts.birthDate) : null, godiste: facts?.birthYear ?? patient.godiste ?? null,
      adresa: patient.adresa, telefon: patient.telefon, email: patient.email ?? '', language: patient.language,
      symptoms: normaliseSymptoms(patient.symptoms), lokacija: patient.lokacija ?? '', note: patient.note ?? '',
    };
  })).returning({ id: patients.id, jmbg: patients.jmbg });
  const patientId = new Map(patientRows.map((row) => [row.jmbg, row.id]));

  // Oldest first, so each day's running numbers follow the time of day.
  const planned = DEMO_PATIENTS.flatMap((patient) => patient.samples.map((sample) => ({ patient, sample })))
    .sort((a, b) => b.sample.daysAgo - a.sample.daysAgo || a.sample.minute - b.sample.minute);
  for (const { patient, sample } of planned) {
    const site = siteOf.get(sample.site);
    if (!site) continue;
    const timeZone = site.timeZone || DEFAULT_TIME_ZONE;
    const day = addDays(calendarDateOf(new Date(), timeZone), -sample.daysAgo);
    const usual = new Date(startOfDay(day, timeZone).getTime() + (7 * 60 + sample.minute) * 60_000);
    // Seeded before 07:00, today's samples would lie in the future: move them just before now, in the same order.
    const latest = new Date(Date.now() - (180 - sample.minute) * 60_000);
    const datum = usual > latest && sample.daysAgo === 0 ? new Date(Math.max(latest.getTime(), startOfDay(day, timeZone).getTime())) : usual;
    const codeDay = sampleCodeDay(day);
    const rbr = await allocateDayCounter(db, codeDay);
    const outcome = reconcileTests([], sample.tests.map((sifra) => idOf.get(sifra) ?? ''), lookup, 'new');
    if (!outcome.ok) continue;
    const [row] = await db.insert(samples).values({
      siteId: site.id, patientId: patientId.get(patient.jmbg) ?? '', code: formatSampleCode(codeDay, rbr), rbr, status: sample.status,
      hitan: sample.hitan ?? false, trudnica: sample.trudnica ?? false, lokacija: sample.lokacija ?? patient.lokacija ?? '',
      doktor: sample.doktor ?? '', komentar: sample.komentar ?? '', datum, createdAt: datum, updatedAt: datum,
      receivedAt: sample.status === 'ZAPRIMLJEN' ? null : new Date(datum.getTime() + 20 * 60_000),
      // Released samples carry when they were approved and verified (the delta check reads the verification time).
      approvedAt: sample.status === 'ODOBREN' || sample.status === 'VERIFICIRAN' ? new Date(datum.getTime() + 120 * 60_000) : null,
      verifiedAt: sample.status === 'VERIFICIRAN' ? new Date(datum.getTime() + 180 * 60_000) : null,
      verifiedOnce: sample.status === 'VERIFICIRAN',
    }).returning({ id: samples.id });
    if (!row) continue;
    await db.insert(sampleTests).values(outcome.selection.map((test) => {
      const sifra = catalogue.get(test.labassay)?.sifra ?? '';
      const rezultat = sample.results?.[sifra] ?? null;
      return {
        sampleId: row.id, labassayId: test.labassay, price: fromMinorUnits(test.price), componentOf: test.component_of,
        statusT: rezultat === null ? sample.status === 'ZAPRIMLJEN' ? 'ZAPRIMLJEN' : 'U OBRADI' : sample.status,
        rezultat, rezultatF: rezultat,
      };
    }));
  }
}
