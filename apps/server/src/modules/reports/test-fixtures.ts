import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ReportListAnswer, ReportVersionsAnswer } from '@lis/domain';
import { labAssays, labSections } from '../../db/schema.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';
import { createResultCatalogue, resultCalls, type ResultAssay, type ResultCatalogue, type ResultCalls } from '../results/test-fixtures.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';

/** The tests of the report fixtures' sample and their results: high, critical, normal, calculated and qualitative. */
export const REPORT_TESTS: readonly ResultAssay[] = ['GLU', 'K', 'CRP', 'CHOL', 'HDL', 'TG', 'LDL', 'HIV'];
export const REPORT_RESULTS: Partial<Record<ResultAssay, string>> = {
  GLU: '7,2', K: '6,5', CRP: '3,1', CHOL: '5,0', HDL: '1,2', TG: '1,1', HIV: 'Negativan',
};

/** English and German names the fixture catalogue gets, so each language's report prints its own. */
export const TRANSLATED: Partial<Record<ResultAssay, { en: string; de: string }>> = {
  GLU: { en: 'Glucose', de: 'Glukose' },
  K: { en: 'Potassium', de: 'Kalium' },
  CRP: { en: 'C-reactive protein', de: 'C-reaktives Protein' },
};

export interface ReportFixture {
  t: TestApp;
  client: Api;
  calls: ResultCalls;
  cat: ResultCatalogue;
  specialist: SignedIn;
  tech: SignedIn;
  admin: SignedIn;
}

export async function reportFixture(t: TestApp, signIn: (email: string) => Promise<SignedIn>): Promise<ReportFixture> {
  const client = api(t);
  const cat = await createResultCatalogue(t.database.db);
  for (const [name, names] of Object.entries(TRANSLATED)) {
    await t.database.db.update(labAssays).set({ nazivEn: names.en, nazivDe: names.de }).where(eq(labAssays.id, cat.ids[name as ResultAssay]));
  }
  await t.database.db.update(labSections).set({ nazivEn: 'First section', nazivDe: 'Erste Sektion' }).where(eq(labSections.id, cat.sections.first));
  const [specialist, tech, admin] = await Promise.all([signIn('specijalista@demo.lab'), signIn('tehnicar@demo.lab'), signIn('admin@demo.lab')]);
  return { t, client, calls: resultCalls(client, cat), cat, specialist, tech, admin };
}

/** A patient with a Bosnian name and the report languages given (all three by default). */
export async function reportPatient(fixture: ReportFixture, language: string[] = ['Bosanski jezik', 'Engleski jezik', 'Njemački jezik'], site?: string): Promise<string> {
  const jmbg = jmbgFor(daysAgo(45 * 365 + Math.floor(Math.random() * 3000)), 'ŽENSKI');
  const patient = await registerPatient(fixture.client, { ...fixture.admin, site: site ?? fixture.admin.site }, jmbg, {
    ime: 'Đurđa', prezime: 'Čolić-Šehović', spol: 'ŽENSKI', language,
  });
  return patient._id;
}

/** A sample with the report fixtures' tests, results entered and approved: ready to be verified. */
export async function approvedSample(fixture: ReportFixture, patientId: string, site = fixture.specialist.site): Promise<{ _id: string; code: string }> {
  const { calls, specialist } = fixture;
  const sample = await calls.createSample(specialist, patientId, REPORT_TESTS, { komentar: 'Uzorak blago hemolizovan' }, site);
  await calls.saved(specialist, sample._id, REPORT_RESULTS, { site });
  await calls.moved(specialist, 'odobri', { sid: sample._id }, site);
  return sample;
}

/** The critical potassium needs who was told and when. */
export const NOTIFIED = { ko: 'dr. Žarković', kada: new Date(Date.now() - 60_000).toISOString() };

export async function verify(fixture: ReportFixture, sid: string, site = fixture.specialist.site): Promise<void> {
  await fixture.calls.moved(fixture.specialist, 'verifikuj', { sid, obavijesten: NOTIFIED }, site);
}

export async function unlockAndReverify(fixture: ReportFixture, sid: string, razlog: string): Promise<void> {
  await fixture.calls.moved(fixture.specialist, 'verifikuj/undo', { sid, razlog });
  await verify(fixture, sid);
}

export async function reportList(fixture: ReportFixture, user: SignedIn, query = 'datum=SVE'): Promise<ReportListAnswer> {
  const response = await fixture.client.get(user, `/nalazi/list?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportListAnswer>();
}

export async function versionsOf(fixture: ReportFixture, user: SignedIn, sid: string): Promise<ReportVersionsAnswer> {
  const response = await fixture.client.get(user, `/nalazi/versions/${sid}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportVersionsAnswer>();
}

/** A report's PDF as served: its bytes and SHA-256. */
export async function reportPdf(fixture: ReportFixture, user: SignedIn, sid: string, query = ''): Promise<{ bytes: Buffer; sha256: string }> {
  const response = await fixture.client.get(user, `/nalazi/pdf/${sid}${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const bytes = response.rawPayload;
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The text of a PDF as poppler's pdftotext reads it (an independent reader of what was printed). */
export function pdfText(bytes: Buffer, layout = true): string {
  const result = spawnSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (result.error) throw new Error(`pdftotext is needed to read reports back (Debian: poppler-utils): ${result.error.message}`);
  expect(result.status, result.stderr.toString()).toBe(0);
  return result.stdout.toString('utf8');
}
