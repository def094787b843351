import { toIsoDate } from '@lis/domain';
import type { Db } from '../../client.ts';
import { patients } from '../../schema.ts';
import { type DemoPerson, demoPeople, type demoRandom } from './context.ts';

/**
 * `count` made-up patients (demoPeople, `region` keeping each part's JMBGs apart), registered in one statement;
 * answers their patient ids in the same order.
 */
export async function registerDemoPatients(
  db: Db, random: ReturnType<typeof demoRandom>, count: number, region: string, adresa: string,
): Promise<string[]> {
  const people: DemoPerson[] = demoPeople(random, count, region);
  const rows = await db.insert(patients).values(people.map((person) => ({
    jmbg: person.jmbg, ime: person.ime, prezime: person.prezime, spol: person.spol, datumRodjenja: toIsoDate(person.birth), godiste: person.birth.year,
    adresa, telefon: '', email: '', language: ['Bosanski jezik'], symptoms: {}, lokacija: '', note: '',
  }))).returning({ id: patients.id, jmbg: patients.jmbg });
  const idOf = new Map(rows.map((row) => [row.jmbg, row.id]));
  return people.map((person) => idOf.get(person.jmbg)!);
}
