import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutoverificationAnswer, ReportListAnswer, ReportVersionsAnswer } from '@lis/domain';
import { auditLog, reportVersions, reports, samples } from '../../db/schema.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../test/harness.ts';
import { api, daysAgo, jmbgFor, registerPatient, type Api } from '../samples/test-fixtures.ts';
import { createResultCatalogue, resultCalls, type ResultCalls, type ResultCatalogue } from '../results/test-fixtures.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { autoverificationIdle } from './service.ts';

// A rule set that releases per section: a section all of whose results are in and pass is released ahead of the
// rest of the sample, with a partial report of what was released; the sample itself waits for its other results
// or a person. Section 'Prva' holds CRP, section 'Druga' K (the result fixtures' catalogue).

let t: TestApp;
let client: Api;
let calls: ResultCalls;
let cat: ResultCatalogue;
let specialist: SignedIn;
let tech: SignedIn;
let patient: { _id: string };

async function activate(perSection: boolean) {
  const off = { qc: { on: false }, delta: { on: false } };
  const saved = await client.post(specialist, '/autoverifikacija/nacrt', {
    naziv: 'Po sekcijama',
    pravila: {
      perSection,
      rules: [
        { labassay: cat.ids.CRP, conditions: { limits: { limits: [{ low: 0, high: 5 }] }, ...off } },
        { labassay: cat.ids.K, conditions: { limits: { limits: [{ low: 3.5, high: 5.1 }] }, ...off } },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const shown = (await client.get(specialist, '/autoverifikacija')).json<AutoverificationAnswer>();
  const activated = await client.post(specialist, '/autoverifikacija/aktiviraj', { verzija: shown.nacrt!.verzija, potvrda: true });
  expect(activated.statusCode, activated.body).toBe(200);
  return shown.nacrt!.verzija;
}

async function saved(sid: string, values: Parameters<ResultCalls['saved']>[2], options: { razlog?: string } = {}) {
  const answer = await calls.saved(tech, sid, values, options);
  await autoverificationIdle();
  return answer;
}

async function versionsOf(sid: string) {
  return t.database.db.select({ verzija: reportVersions.verzija, partial: reportVersions.partial, corrected: reportVersions.corrected, razlog: reportVersions.razlog })
    .from(reportVersions).where(and(eq(reportVersions.sampleId, sid), eq(reportVersions.jezik, 'bs'))).orderBy(asc(reportVersions.verzija));
}

async function statusOf(sid: string) {
  const [row] = await t.database.db.select({ status: samples.status, pdfExists: samples.pdfExists }).from(samples).where(eq(samples.id, sid));
  return row!;
}

async function reportText(sid: string, verzija: number) {
  const pdf = await client.get(specialist, `/nalazi/pdf/${sid}?verzija=${verzija}&jezik=bs`);
  expect(pdf.statusCode).toBe(200);
  return pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
}

async function auditActions(sid: string) {
  const rows = await t.database.db.select({ action: auditLog.action, field: auditLog.field, reason: auditLog.reason })
    .from(auditLog).where(eq(auditLog.entityId, sid)).orderBy(asc(auditLog.id));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  client = api(t);
  [specialist, tech] = await Promise.all(['specijalista@demo.lab', 'tehnicar@demo.lab'].map((email) => signIn(t.app, email))) as [SignedIn, SignedIn];
  cat = await createResultCatalogue(t.database.db);
  calls = resultCalls(client, cat);
  patient = await registerPatient(client, tech, jmbgFor(daysAgo(35 * 365 + 11), 'ŽENSKI'), { ime: 'Sekcija', prezime: 'Puštović', spol: 'ŽENSKI' });
  const on = await client.post(specialist, '/autoverifikacija/prekidac', { ukljuceno: true });
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(async () => { await t.close(); });

describe('release per section', () => {
  it('releases nothing of an incomplete sample under a rule set that releases whole samples only', async () => {
    await activate(false);
    const sample = await calls.createSample(tech, patient._id, ['CRP', 'K']);
    await saved(sample._id, { CRP: '2.0' });
    expect((await calls.tests(specialist, sample._id)).CRP?.pusten ?? null).toBeNull();
    // Complete with K failing: the sample waits for a person whole, its passing CRP section too.
    await saved(sample._id, { K: '5.9' });
    expect((await statusOf(sample._id)).status).toBe('REALIZOVAN');
    expect((await calls.tests(specialist, sample._id)).CRP?.pusten ?? null).toBeNull();
    expect(await versionsOf(sample._id)).toEqual([]);
  });

  it('releases a passing section with a partial report, asks a reason to change it, and issues the final report once the rest passes', async () => {
    const verzija = await activate(true);
    const ruleSet = `Po sekcijama v${verzija}`;
    const sample = await calls.createSample(tech, patient._id, ['CRP', 'K']);

    // CRP in, K still missing: the CRP section passes and is released on a partial report; the sample stays in work.
    await saved(sample._id, { CRP: '2.0' });
    const afterCrp = await calls.tests(specialist, sample._id);
    expect(afterCrp.CRP?.pusten).toMatchObject({ pravila: ruleSet });
    expect(afterCrp.K?.pusten ?? null).toBeNull();
    expect(await statusOf(sample._id)).toEqual({ status: 'U OBRADI', pdfExists: false });
    expect(await versionsOf(sample._id)).toEqual([{ verzija: 1, partial: true, corrected: false, razlog: null }]);
    const partial = await reportText(sample._id, 1);
    expect(partial).toContain('DJELIMIČNI NALAZ');
    expect(partial).toContain('CRP test');
    expect(partial).not.toContain('K test');
    expect(partial).toContain('ostali rezultati uzorka slijede u konačnom nalazu');
    expect(partial).toMatch(/Autoverifikacija \(Po sekcijama v\d+\)/);
    // The report list shows it as partial, the versions list too.
    const listed = (await client.get(specialist, `/nalazi/list?filter=${encodeURIComponent(sample.code)}`)).json<ReportListAnswer>();
    expect(listed.data.find((row) => row.samples === sample._id)).toMatchObject({ djelimican: true, final: false, final_pdf: false });
    const versions = (await client.get(specialist, `/nalazi/versions/${sample._id}`)).json<ReportVersionsAnswer>();
    expect(versions.versions.map((version) => [version.verzija, version.partial, version.corrected])).toEqual([[1, true, false]]);
    expect((await auditActions(sample._id)).filter((row) => row.action === 'result.release').map((row) => [row.field, row.reason]))
      .toEqual([[cat.sifra.CRP, ruleSet]]);

    // K in but out of the rule's limits: the sample is complete and waits for a person; nothing new is released.
    await saved(sample._id, { K: '5.9' });
    expect((await statusOf(sample._id)).status).toBe('REALIZOVAN');
    expect(await versionsOf(sample._id)).toHaveLength(1);

    // Changing the released CRP needs a reason; with one, its release is taken back (audited) and, passing again,
    // it is released again on a partial report that corrects the first.
    const refused = await calls.save(tech, sample._id, { CRP: '3.0' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ code: string; field: string }>()).toMatchObject({ code: 'results.reasonRequired', field: 'razlog' });
    await saved(sample._id, { CRP: '3.0' }, { razlog: 'Ponovljeno mjerenje' });
    expect((await auditActions(sample._id)).filter((row) => row.action === 'result.unrelease').map((row) => [row.field, row.reason]))
      .toEqual([[cat.sifra.CRP, 'Ponovljeno mjerenje']]);
    expect((await calls.tests(specialist, sample._id)).CRP?.pusten).toMatchObject({ pravila: ruleSet });
    expect(await versionsOf(sample._id)).toEqual([
      { verzija: 1, partial: true, corrected: false, razlog: null },
      { verzija: 2, partial: true, corrected: true, razlog: 'Ponovljeno mjerenje' },
    ]);
    expect(await reportText(sample._id, 2)).toContain('KORIGOVANI NALAZ');

    // A K within the limits: the whole sample passes and is verified by the rules; its report is the final one,
    // no correction of the partial one (nothing it carried changed since), with both sections.
    await saved(sample._id, { K: '4.4' });
    expect(await statusOf(sample._id)).toEqual({ status: 'VERIFICIRAN', pdfExists: true });
    expect((await versionsOf(sample._id)).at(-1)).toEqual({ verzija: 3, partial: false, corrected: false, razlog: null });
    const final = await reportText(sample._id, 3);
    expect(final).toContain('NALAZ');
    expect(final).not.toContain('DJELIMIČNI');
    expect(final).toContain('CRP test');
    expect(final).toContain('K test');
    const [listedReport] = await t.database.db.select({ partial: reports.partial }).from(reports).where(eq(reports.sampleId, sample._id));
    expect(listedReport).toEqual({ partial: false });
  });

  it('a person verifying a sample with a released section issues the final report, correcting the partial one only when a released result changed', async () => {
    await activate(true);
    const sample = await calls.createSample(tech, patient._id, ['CRP', 'K']);
    await saved(sample._id, { CRP: '1.5', K: '6.0' });
    // K fails: the CRP section alone is released with the complete sample left for a person.
    expect((await statusOf(sample._id)).status).toBe('REALIZOVAN');
    expect(await versionsOf(sample._id)).toEqual([{ verzija: 1, partial: true, corrected: false, razlog: null }]);
    await calls.moved(specialist, 'odobri', { sid: sample._id });
    await calls.moved(specialist, 'verifikuj', { sid: sample._id });
    expect((await versionsOf(sample._id)).at(-1)).toEqual({ verzija: 2, partial: false, corrected: false, razlog: null });
  });
});
