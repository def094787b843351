import { and, eq, inArray, sql } from 'drizzle-orm';
import { UNCOMPLETED_STATUSES } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { accessLog } from '../../db/shared-tables.ts';
import { patients } from './tables.ts';
import { sampleTests, samples } from '../samples/tables.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { runList, type ListRequest } from '../../db/list-query.ts';

export type PatientRow = typeof patients.$inferSelect;
export type NewPatient = typeof patients.$inferInsert;
export type PatientChanges = Partial<Omit<NewPatient, 'id' | 'createdAt' | 'createdBy'>>;

export async function findPatientById(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<PatientRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(patients).where(eq(patients.id, id)).limit(1);
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** The patients with these ids, in one read (an id no patient has is left out). */
export async function findPatientsByIds(db: Db, ids: readonly string[]): Promise<PatientRow[]> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return [];
  return db.select().from(patients).where(inArray(patients.id, wanted));
}

export async function findPatientByJmbg(db: Db, jmbg: string): Promise<PatientRow | null> {
  const rows = await db.select().from(patients).where(eq(patients.jmbg, jmbg)).limit(1);
  return rows[0] ?? null;
}

export async function findPatientsByJmbg(db: Db, jmbgs: readonly string[]): Promise<PatientRow[]> {
  if (jmbgs.length === 0) return [];
  return db.select().from(patients).where(inArray(patients.jmbg, [...jmbgs]));
}

/** Inserts patients in one statement; one whose jmbg is taken (registered meanwhile) is skipped, not returned. */
export async function insertPatientsIfAbsent(db: Db, values: readonly NewPatient[]): Promise<PatientRow[]> {
  if (values.length === 0) return [];
  return db.insert(patients).values([...values]).onConflictDoNothing({ target: patients.jmbg }).returning();
}

/** Inserts a patient; a taken jmbg raises the database's unique violation (patients_jmbg_key). */
export async function insertPatient(db: Db, values: NewPatient): Promise<PatientRow> {
  const [row] = await db.insert(patients).values(values).returning();
  if (!row) throw new Error('insert returned no patient');
  return row;
}

export async function updatePatient(db: Db, id: string, changes: PatientChanges): Promise<PatientRow> {
  const [row] = await db.update(patients).set({ ...changes, updatedAt: sql`now()` }).where(eq(patients.id, id)).returning();
  if (!row) throw new Error('update found no patient');
  return row;
}

/** Who looked at which patient's record, and from which site. */
export async function logPatientAccess(db: Db, ctx: RequestContext, patientId: string): Promise<void> {
  await db.insert(accessLog).values({ userId: ctx.userId, siteId: ctx.siteId, entity: 'patient', entityId: patientId, requestId: ctx.requestId });
}

const uncompletedList = sql.join(UNCOMPLETED_STATUSES.map((status) => sql`${status}`), sql`, `);

/**
 * Uncompleted samples of the patient at this site (a correlated count, served
 * by samples_patient_idx). Written with an alias and a qualified outer column:
 * drizzle leaves columns of a one-table select unqualified, and inside the
 * subquery a bare "id" would mean the sample's.
 */
function uncompletedCount(siteId: string) {
  return sql<number>`(select count(*)::int from ${samples} as s where s.patient_id = ${patients}.id
    and s.site_id = ${siteId} and s.status in (${uncompletedList}))`;
}

/**
 * The patients list: every patient of the lab; 'Pretraga' matches the start
 * of prezime, ime or jmbg; the day presets and date range select on the
 * registration time; each row counts the patient's uncompleted samples at
 * the calling site.
 */
export function listPatients(db: Db, list: ListRequest<unknown>) {
  return runList(db, list, {
    // Patients belong to the lab: every site lists all of them (the count of uncompleted samples is the site's).
    site: 'lab-wide',
    query: () => db.select({
      _id: patients.id,
      jmbg: patients.jmbg,
      ime: patients.ime,
      prezime: patients.prezime,
      spol: patients.spol,
      godiste: patients.godiste,
      datum_rodjenja: patients.datumRodjenja,
      adresa: patients.adresa,
      telefon: patients.telefon,
      lokacija: patients.lokacija,
      created_at: patients.createdAt,
      nezavrseni: uncompletedCount(list.siteId),
    }).from(patients).$dynamic(),
    // Names sort by their Bosnian sort keys (Č after C, Ž after Z) on every database collation.
    sortable: {
      prezime: patients.prezimeSort, ime: patients.imeSort, jmbg: patients.jmbg, godiste: patients.godiste, created_at: patients.createdAt,
    },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    primaryKey: patients.id,
    // The folded names let a word typed without diacritics ('colic') find Čolić; one typed with them matches the name itself.
    filter: [patients.prezime, patients.ime, patients.jmbg, patients.prezimeSearch, patients.imeSearch],
    date: patients.createdAt,
  });
}

/** A patient's uncompleted samples at this site, newest first (the patient's partial-samples dialog). */
export function listUncompletedSamples(db: Db, list: ListRequest<unknown>, patientId: string) {
  return runList(db, list, {
    site: samples.siteId,
    query: () => db.select({
      _id: samples.id,
      code: samples.code,
      status: samples.status,
      hitan: samples.hitan,
      tip: samples.tip,
      datum: samples.datum,
      created_at: samples.createdAt,
      testova: sql<number>`(select count(*)::int from ${sampleTests} as st where st.sample_id = ${samples}.id)`,
    }).from(samples).$dynamic(),
    where: and(eq(samples.patientId, patientId), sql`${samples.status} in (${uncompletedList})`),
    sortable: { created_at: samples.createdAt, datum: samples.datum, code: samples.code, status: samples.status },
    defaultSort: [{ field: 'created_at', direction: 'desc' }],
    primaryKey: samples.id,
    filter: [samples.code],
    date: samples.createdAt,
  });
}
