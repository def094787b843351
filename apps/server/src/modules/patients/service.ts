import {
  type Patient, type SampleStatus, isReportLanguage, isSampleStatus, isSpol, type PatientSaveRequest, type PatientUpdateRequest,
  describeJmbg, isPlaceholderJmbg, isPossibleBirthYear, jmbgProblem, newPlaceholderTail, normaliseSymptoms, toIsoDate,
  type RandomSource,
} from '@lis/domain';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListRequest } from '../../db/list-query.ts';
import { siteToday } from '../sites/service.ts';
import { assertReferralChoices } from '../catalogue/service.ts';
import * as repo from './repository.ts';

/** A patient as every call answers it (the `Patient` contract): the spec's field names, `_id` and `id` both the uuid. */
export function patientAnswer(row: repo.PatientRow): Patient {
  return {
    _id: row.id,
    id: row.id,
    jmbg: row.jmbg,
    ime: row.ime,
    prezime: row.prezime,
    spol: isSpol(row.spol) ? row.spol : '',
    datum_rodjenja: row.datumRodjenja,
    godiste: row.godiste,
    adresa: row.adresa,
    telefon: row.telefon,
    email: row.email,
    passport: row.passport,
    language: row.language.filter(isReportLanguage),
    symptoms: normaliseSymptoms(row.symptoms),
    note: row.note,
    lokacija: row.lokacija,
    duhan: row.duhan,
    dijabetes: row.dijabetes,
    portal_consent: row.portalConsent,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type PatientAnswer = Patient;

/** Birth date and year as the ID tells them; a typed birth year only where the ID has none. */
function birthFields(jmbg: string, typedYear: number | null | undefined): { datumRodjenja: string | null; godiste: number | null } {
  const facts = describeJmbg(jmbg);
  return {
    datumRodjenja: facts?.birthDate ? toIsoDate(facts.birthDate) : null,
    godiste: facts?.birthYear ?? typedYear ?? null,
  };
}

async function assertPossibleJmbg(db: Db, ctx: RequestContext, jmbg: string): Promise<void> {
  const problem = jmbgProblem(jmbg, await siteToday(db, ctx.siteId));
  if (problem) throw AppError.badRequest(problem, 'jmbg');
}

/** A typed birth year may not be after the site's current year (the site's zone decides when the year turns). */
async function assertPossibleBirthYear(db: Db, ctx: RequestContext, godiste: number | null | undefined): Promise<void> {
  if (godiste === null || godiste === undefined) return;
  if (!isPossibleBirthYear(godiste, await siteToday(db, ctx.siteId))) throw AppError.badRequest('patient.birthYearInvalid', 'godiste');
}

/** The intake form's existence check; the record it answers is a view of the patient, so it is logged like one. */
export async function findByJmbg(db: Db, ctx: RequestContext, jmbg: string): Promise<PatientAnswer | null> {
  const row = await repo.findPatientByJmbg(db, jmbg);
  if (!row) return null;
  await repo.logPatientAccess(db, ctx, row.id);
  return patientAnswer(row);
}

export type SaveOutcome = { kind: 'saved'; pacijent: PatientAnswer } | { kind: 'duplicate'; pacijent: PatientAnswer };

const MAX_SAVE_ATTEMPTS = 5;

/**
 * A random placeholder (date-of-birth, birth-year or no-data mode) can meet
 * another person's by chance: then it gets a new random tail. The same
 * placeholder with the same name is the same registration sent twice, and
 * answers as a duplicate like a real JMBG does.
 */
function placeholderForAnotherPerson(existing: repo.PatientRow, input: { jmbg: string; ime: string; prezime: string }, random: RandomSource): string | null {
  if (!isPlaceholderJmbg(input.jmbg)) return null;
  if (existing.ime === input.ime && existing.prezime === input.prezime) return null;
  return `${input.jmbg.slice(0, 7)}${newPlaceholderTail(random)}`;
}

/**
 * Registers a patient (intake). The UNIQUE jmbg constraint is the guard: when
 * two saves of one ID race, the loser's insert fails inside its own
 * transaction, and it answers the duplicate with the winner's patient.
 */
export async function register(db: Db, ctx: RequestContext, input: PatientSaveRequest, random: RandomSource = Math.random): Promise<SaveOutcome> {
  await assertPossibleJmbg(db, ctx, input.jmbg);
  await assertPossibleBirthYear(db, ctx, input.godiste);
  await assertReferralChoices(db, { lokacija: input.lokacija });
  let jmbg = input.jmbg;
  for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt += 1) {
    const existing = await repo.findPatientByJmbg(db, jmbg);
    if (existing) {
      const another = placeholderForAnotherPerson(existing, { ...input, jmbg }, random);
      if (another === null) return { kind: 'duplicate', pacijent: patientAnswer(existing) };
      jmbg = another;
      continue;
    }
    try {
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertPatient(tx, {
          jmbg, ime: input.ime, prezime: input.prezime, spol: input.spol, ...birthFields(jmbg, input.godiste),
          adresa: input.adresa, telefon: input.telefon, email: input.email, passport: input.passport, language: input.language,
          symptoms: input.symptoms, note: input.note, lokacija: input.lokacija, duhan: input.duhan, dijabetes: input.dijabetes,
          portalConsent: input.portal_consent ?? false, createdBy: ctx.userId, updatedBy: ctx.userId,
        });
        const { created_at: _created, updated_at: _updated, ...snapshot } = patientAnswer(created);
        await writeAudit(tx, ctx, { action: 'patient.create', entity: 'patient', entityId: created.id, newValue: snapshot });
        return created;
      });
      return { kind: 'saved', pacijent: patientAnswer(row) };
    } catch (error) {
      // Lost the race for this jmbg: the next round finds the winner's row.
      if (!isUniqueViolation(error, 'patients_jmbg_key')) throw error;
    }
  }
  throw new AppError(500, 'save.failed');
}

/** The patient record, and a row in the access log saying who looked at it from which site. */
export async function detail(db: Db, ctx: RequestContext, id: string): Promise<PatientAnswer> {
  const row = await repo.findPatientById(db, id);
  if (!row) throw AppError.notFound();
  await repo.logPatientAccess(db, ctx, row.id);
  return patientAnswer(row);
}

type EditableField = 'jmbg' | 'ime' | 'prezime' | 'spol' | 'adresa' | 'telefon' | 'email' | 'passport' | 'language'
  | 'symptoms' | 'note' | 'lokacija' | 'duhan' | 'dijabetes' | 'godiste' | 'datumRodjenja' | 'portalConsent';

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The columns that change, from the fields the call sent. */
function changesOf(current: repo.PatientRow, input: PatientUpdateRequest): Partial<Pick<repo.PatientRow, EditableField>> {
  const next: Partial<Pick<repo.PatientRow, EditableField>> = {};
  const plain = ['jmbg', 'ime', 'prezime', 'spol', 'adresa', 'telefon', 'email', 'passport', 'language', 'note', 'lokacija', 'duhan', 'dijabetes'] as const;
  for (const field of plain) {
    const value = input[field];
    if (value !== undefined && !sameValue(value, current[field])) Object.assign(next, { [field]: value });
  }
  if (input.symptoms !== undefined && !sameValue(input.symptoms, normaliseSymptoms(current.symptoms))) next.symptoms = input.symptoms;
  if (input.portal_consent !== undefined && input.portal_consent !== current.portalConsent) next.portalConsent = input.portal_consent;
  const jmbg = next.jmbg ?? current.jmbg;
  const birth = birthFields(jmbg, input.godiste === undefined ? current.godiste : input.godiste);
  if (birth.datumRodjenja !== current.datumRodjenja) next.datumRodjenja = birth.datumRodjenja;
  if (birth.godiste !== current.godiste) next.godiste = birth.godiste;
  return next;
}

const COLUMN_NAMES: Record<EditableField, string> = {
  jmbg: 'jmbg', ime: 'ime', prezime: 'prezime', spol: 'spol', adresa: 'adresa', telefon: 'telefon', email: 'email', passport: 'passport',
  language: 'language', symptoms: 'symptoms', note: 'note', lokacija: 'lokacija', duhan: 'duhan', dijabetes: 'dijabetes', godiste: 'godiste',
  datumRodjenja: 'datum_rodjenja', portalConsent: 'portal_consent',
};

/** Edits a patient; one audit row per changed field. A jmbg another patient has answers the duplicate. */
export async function update(db: Db, ctx: RequestContext, id: string, input: PatientUpdateRequest): Promise<SaveOutcome> {
  if (input.jmbg !== undefined) await assertPossibleJmbg(db, ctx, input.jmbg);
  await assertPossibleBirthYear(db, ctx, input.godiste);
  try {
    return await db.transaction(async (tx): Promise<SaveOutcome> => {
      const current = await repo.findPatientById(tx, id, { forUpdate: true });
      if (!current) throw AppError.notFound();
      await assertReferralChoices(tx, { lokacija: input.lokacija }, { lokacija: current.lokacija });
      const changes = changesOf(current, input);
      if (changes.jmbg !== undefined) {
        const holder = await repo.findPatientByJmbg(tx, changes.jmbg);
        if (holder && holder.id !== current.id) return { kind: 'duplicate', pacijent: patientAnswer(holder) };
      }
      const fields = Object.keys(changes) as EditableField[];
      if (fields.length === 0) return { kind: 'saved', pacijent: patientAnswer(current) };
      const updated = await repo.updatePatient(tx, current.id, { ...changes, updatedBy: ctx.userId });
      const entries: AuditEntry[] = fields.map((field) => ({
        action: 'patient.update', entity: 'patient', entityId: current.id, field: COLUMN_NAMES[field], oldValue: current[field], newValue: updated[field],
      }));
      await writeAudit(tx, ctx, entries);
      return { kind: 'saved', pacijent: patientAnswer(updated) };
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'patients_jmbg_key') || input.jmbg === undefined) throw error;
    // Another save took this jmbg between our check and our update.
    const holder = await repo.findPatientByJmbg(db, input.jmbg);
    if (!holder) throw error;
    return { kind: 'duplicate', pacijent: patientAnswer(holder) };
  }
}

/** GET /pacijenti/list: every patient of the lab, with the count of their uncompleted samples at the calling site. */
export async function list(db: Db, listRequest: ListRequest<unknown>) {
  const answer = await repo.listPatients(db, listRequest);
  return { ...answer, data: answer.data.map((row) => ({ ...row, spol: isSpol(row.spol) ? row.spol : ('' as const) })) };
}

/** GET /pacijenti/{id}/uzorci: the patient's samples at the calling site that are not VERIFICIRAN; an unknown patient is 404. */
export async function uncompletedSamples(db: Db, listRequest: ListRequest<unknown>, id: string) {
  if (!(await repo.findPatientById(db, id))) throw AppError.notFound();
  const answer = await repo.listUncompletedSamples(db, listRequest, id);
  return { ...answer, data: answer.data.map((row) => ({ ...row, status: sampleStatusOf(row.status) })) };
}

function sampleStatusOf(value: string): SampleStatus {
  if (!isSampleStatus(value)) throw new Error(`unknown sample status in the database: ${value}`);
  return value;
}

export {
  PORTAL_TOKEN_PREFIX, type IssuedPortalCode, type PortalCaller, type PortalSession, endPortalSession, issuePortalCode, logPortalRead,
  portalSignIn, portalSession, revokePortalAccess,
} from './portal.ts';

// Other modules (samples) reach the lab's patients through these, never through the patients repository.

export type PatientRecord = repo.PatientRow;

/** The patient with this id, or null. Not a logged view: a caller that shows the record logs it with `logPatientView`. */
export function patientById(db: Db, id: string): Promise<PatientRecord | null> {
  return repo.findPatientById(db, id);
}

/** The patients with these ids, by id, in one read; not a logged view either. */
export async function patientsByIds(db: Db, ids: readonly string[]): Promise<Map<string, PatientRecord>> {
  return new Map((await repo.findPatientsByIds(db, ids)).map((patient) => [patient.id, patient]));
}

/** The patient with this personal ID, or null; not a logged view either. */
export function patientByJmbg(db: Db, jmbg: string): Promise<PatientRecord | null> {
  return repo.findPatientByJmbg(db, jmbg);
}

/** The access-log row of a view of the patient's record: who, from which site, in which request. */
export function logPatientView(db: Db, ctx: RequestContext, patientId: string): Promise<void> {
  return repo.logPatientAccess(db, ctx, patientId);
}

/**
 * The Excel import's patients, in the caller's transaction: each JMBG not yet registered is registered as
 * intake registers it (birth from the ID, audited), all in one statement; a JMBG registered meanwhile is
 * left as it is. Answers every given JMBG's patient id, and which of them this call registered.
 */
export async function registerImported(tx: Tx, ctx: RequestContext, inputs: readonly PatientSaveRequest[]): Promise<{ ids: Map<string, string>; created: Set<string> }> {
  const jmbgs = [...new Set(inputs.map((input) => input.jmbg))];
  const ids = new Map((await repo.findPatientsByJmbg(tx, jmbgs)).map((row) => [row.jmbg, row.id]));
  const fresh = [...new Map(inputs.filter((input) => !ids.has(input.jmbg)).map((input) => [input.jmbg, input])).values()];
  const inserted = await repo.insertPatientsIfAbsent(tx, fresh.map((input) => ({
    jmbg: input.jmbg, ime: input.ime, prezime: input.prezime, spol: input.spol, ...birthFields(input.jmbg, input.godiste),
    adresa: input.adresa, telefon: input.telefon, email: input.email, passport: input.passport, language: input.language,
    symptoms: input.symptoms, note: input.note, lokacija: input.lokacija, duhan: input.duhan, dijabetes: input.dijabetes,
    createdBy: ctx.userId, updatedBy: ctx.userId,
  })));
  await writeAudit(tx, ctx, inserted.map((row) => {
    const { created_at: _created, updated_at: _updated, ...snapshot } = patientAnswer(row);
    return { action: 'patient.create', entity: 'patient', entityId: row.id, newValue: snapshot };
  }));
  for (const row of inserted) ids.set(row.jmbg, row.id);
  const missing = jmbgs.filter((jmbg) => !ids.has(jmbg));
  for (const row of await repo.findPatientsByJmbg(tx, missing)) ids.set(row.jmbg, row.id);
  return { ids, created: new Set(inserted.map((row) => row.jmbg)) };
}
