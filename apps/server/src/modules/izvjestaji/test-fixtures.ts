import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/**
 * Generated report data (tests and plans): patients with addresses naming the
 * site's towns in every spelling, referring locations on the sample or only on
 * the patient, samples registered across the change to summer time, in every
 * status, received or not, verified with turnaround times, with tests priced
 * from the catalogue, calculated tests' components at 0 and pending results.
 */
export const GENERATED_FROM = '2025-03-10T00:00:00Z';

const ADDRESSES = [
  'Ferhadija 12, Sarajevo', 'Butmirska cesta 5, ILIDZA', 'Jošanička 3, 71320 Vogošća', 'Bulevar 1, Zenica', '',
  'Sarajevska 4, Tuzla', 'Hadžići bb', 'Put života 9, Ilidža', 'Trg 1, Sarajevo-Ilidža',
];
const PATIENT_LOCATIONS = ['Dom zdravlja Čengić Vila', '', 'Opća bolnica', ''];
const SAMPLE_LOCATIONS = ['', 'Hitna pomoć', '', 'Dom zdravlja Ilidža', ' '];
const SURNAMES = ['ČOLIĆ', 'ĆATIĆ', 'DŽEKO', 'ĐOKIĆ', 'HASIĆ', 'ŠARIĆ', 'ŽUPAN', 'ADEMOVIĆ', 'LJUBIĆ', 'NJEGOŠ', 'CIGLAR', 'ZEC'];

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

export async function generateReportData(db: Db, samplesCount: number, patientsCount = 30, minutesApart = 97): Promise<void> {
  await db.execute(sql`
    insert into patients (jmbg, ime, prezime, spol, adresa, lokacija)
    select '9' || lpad(g::text, 11, '0') || 'P', (array['ANA', 'EMIR', 'ĐURĐA', 'IVAN'])[1 + g % 4],
      (${textArray(SURNAMES)})[1 + g % ${SURNAMES.length}], case when g % 2 = 0 then 'ŽENSKI' else 'MUŠKI' end,
      (${textArray(ADDRESSES)})[1 + g % ${ADDRESSES.length}], (${textArray(PATIENT_LOCATIONS)})[1 + g % ${PATIENT_LOCATIONS.length}]
    from generate_series(1, ${patientsCount}) as g`);
  await db.execute(sql`
    insert into samples (site_id, patient_id, code, rbr, status, lokacija, created_at, datum, received_at, verified_at)
    select case when g % 5 = 0 then (select id from sites where sifra = 'TZ') else (select id from sites where sifra = 'SA') end,
      (select id from patients where jmbg = '9' || lpad((1 + (g * 7) % ${patientsCount})::text, 11, '0') || 'P'),
      'R' || lpad(g::text, 9, '0'), g,
      (array['ZAPRIMLJEN', 'U OBRADI', 'REALIZOVAN', 'ODOBREN', 'VERIFICIRAN', 'VERIFICIRAN'])[1 + g % 6],
      (${textArray(SAMPLE_LOCATIONS)})[1 + g % ${SAMPLE_LOCATIONS.length}],
      ${GENERATED_FROM}::timestamptz + make_interval(mins => g * ${minutesApart}),
      ${GENERATED_FROM}::timestamptz + make_interval(mins => g * ${minutesApart} - 30),
      case when g % 3 = 0 then ${GENERATED_FROM}::timestamptz + make_interval(mins => g * ${minutesApart} + 11, secs => g % 59) end,
      case when g % 6 in (4, 5) then ${GENERATED_FROM}::timestamptz + make_interval(mins => g * ${minutesApart} + 40 + (g * 37) % 700, secs => g % 47) end
    from generate_series(1, ${samplesCount}) as g`);
  // Two to five plain tests per sample, and every fourth sample a calculated test with its components at 0.
  await db.execute(sql`
    with plain as (select id, price, row_number() over (order by sifra) as n from lab_assays where not calculated and not disabled),
    counted as (select count(*) as total from plain)
    insert into sample_tests (sample_id, labassay_id, price, rezultat, status_t)
    select s.id, plain.id, plain.price, case when (s.rbr + plain.n) % 3 = 0 then null else '5.0' end, 'ZAPRIMLJEN'
    from samples s cross join counted
    join plain on plain.n in (1 + s.rbr % counted.total, 1 + (s.rbr * 3 + 1) % counted.total, 1 + (s.rbr * 5 + 2) % counted.total)
    where s.code like 'R%'
    on conflict do nothing`);
  const [calculated] = await queryRows<{ id: string; components: string[] }>(db, sql`
    select id, calculated_tests as components from lab_assays where calculated and jsonb_array_length(calculated_tests) > 0 order by sifra limit 1`);
  if (!calculated) throw new Error('the catalogue has no calculated test');
  await db.execute(sql`
    insert into sample_tests (sample_id, labassay_id, price, component_of)
    select s.id, a.id, case when a.id = ${calculated.id}::uuid then a.price else 0 end,
      case when a.id = ${calculated.id}::uuid then null else ${calculated.id}::uuid end
    from samples s join lab_assays a on a.id = ${calculated.id}::uuid or a.id::text in (select jsonb_array_elements_text(${JSON.stringify(calculated.components)}::jsonb))
    where s.code like 'R%' and s.rbr % 4 = 0
    on conflict (sample_id, labassay_id) do update set price = 0, component_of = excluded.component_of`);
}
