import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERAL_OPTIONS_TYPE, type ReportListAnswer } from '@lis/domain';
import { auditLog, reportContents, reportVersions, reports, samples, settingRecords } from '../../db/schema.ts';
import { createTestApp, signIn, siteId, type TestApp } from '../../test/harness.ts';
import { expectEveryRouteCovered, type RouteKey } from '../../test/site-scoping.ts';
import { reportRepository, type ReportRepository } from './repository.ts';
import { nalaziRoutes } from './routes.ts';
import { approvedSample, pdfText, reportFixture, reportPatient, verify, type ReportFixture } from './test-fixtures.ts';
import { toIsoDate, addDays, calendarDateOf } from '@lis/domain';

// Reports belong to the sample's site. With a session on site SA, every report call on a report of site TZ
// answers 404 exactly like a sample without a report, the list shows none of TZ's reports, and the TZ
// report stays as it was: same versions, bytes, list state and audit trail.

let t: TestApp;
let f: ReportFixture;
let sarajevo: string;
let tuzla: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
  sarajevo = siteId(f.admin, 'SA');
  tuzla = siteId(f.admin, 'TZ');
});
afterAll(async () => { await t.close(); });

/** The day `days` before today in Sarajevo (negative: after), as YYYY-MM-DD. */
function dayAgo(days: number): string {
  return toIsoDate(addDays(calendarDateOf(new Date(), 'Europe/Sarajevo'), -days));
}

/** A verified sample of site TZ with its report. */
async function tuzlaReport(): Promise<{ _id: string; code: string }> {
  const patient = await reportPatient(f, ['Bosanski jezik', 'Engleski jezik'], tuzla);
  const sample = await approvedSample(f, patient, tuzla);
  await verify(f, sample._id, tuzla);
  return sample;
}

/** The report as TZ has it: versions with their bytes, the list row and the audit rows. */
async function stateAtTuzla(sid: string) {
  const { db } = t.database;
  return {
    versions: await db.select().from(reportVersions).where(eq(reportVersions.sampleId, sid)),
    report: await db.select().from(reports).where(eq(reports.sampleId, sid)),
    sample: await db.select({ pdfExists: samples.pdfExists, version: samples.version }).from(samples).where(eq(samples.id, sid)),
    audit: (await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entityId, sid))).length,
  };
}

async function refusedAndUnchanged(call: (sid: string) => Promise<LightMyRequestResponse>): Promise<void> {
  const { _id: sid } = await tuzlaReport();
  const before = await stateAtTuzla(sid);
  const response = await call(sid);
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json()).toMatchObject({ success: false, code: 'notFound' });
  expect(await stateAtTuzla(sid)).toEqual(before);
}

const crossSiteCases: Record<RouteKey, () => Promise<void>> = {
  'GET /api/nalazi/list': async () => {
    const { _id: sid, code } = await tuzlaReport();
    const atTuzla = await f.client.get(f.specialist, `/nalazi/list?datum=SVE&filter=${code}`, tuzla);
    expect(atTuzla.json<ReportListAnswer>().data.map((row) => row._id)).toEqual([sid]);
    for (const user of [f.tech, f.specialist]) {
      const atSarajevo = await f.client.get(user, `/nalazi/list?datum=SVE&filter=${code}`, sarajevo);
      expect(atSarajevo.statusCode).toBe(200);
      expect(atSarajevo.json<ReportListAnswer>().data).toEqual([]);
    }
  },
  'GET /api/nalazi/pdf/:sid': async () => {
    await refusedAndUnchanged((sid) => f.client.get(f.tech, `/nalazi/pdf/${sid}`));
    await refusedAndUnchanged((sid) => f.client.get(f.specialist, `/nalazi/pdf/${sid}?jezik=en&verzija=1`, sarajevo));
  },
  'GET /api/samples/:file': async () => {
    await refusedAndUnchanged((sid) => f.client.get(f.tech, `/samples/${sid}.pdf`));
    // The spec's client sends token and site in the query: the site worked on is SA, the sample is TZ's.
    const query = `token=${encodeURIComponent(f.specialist.token)}&site=${encodeURIComponent(sarajevo)}`;
    await refusedAndUnchanged((sid) => t.app.inject({ method: 'GET', url: `/api/samples/${sid}.pdf?${query}&jezik=en` }));
  },
  'GET /api/pacijenti/:id/kumulativni': async () => {
    // Patients are the lab's, results the site's: a patient verified only at TZ has nothing to print at SA (404),
    // and a patient with reports at both sites gets SA's samples only.
    const { _id: sid, code } = await tuzlaReport();
    const [row] = await t.database.db.select({ patientId: samples.patientId }).from(samples).where(eq(samples.id, sid));
    const patientId = row!.patientId;
    const period = `od=${dayAgo(30)}&do=${dayAgo(-1)}`;
    const fromSarajevo = await f.client.get(f.tech, `/pacijenti/${patientId}/kumulativni?${period}`);
    expect(fromSarajevo.statusCode, fromSarajevo.body).toBe(404);
    expect(fromSarajevo.json()).toMatchObject({ success: false, code: 'nalazi.cumulativeEmpty' });
    const fromTuzla = await f.client.get(f.specialist, `/pacijenti/${patientId}/kumulativni?${period}`, tuzla);
    expect(fromTuzla.statusCode).toBe(200);
    expect(pdfText(fromTuzla.rawPayload)).toContain(code);

    const sarajevoSample = await approvedSample(f, patientId, sarajevo);
    await verify(f, sarajevoSample._id, sarajevo);
    const both = await f.client.get(f.tech, `/pacijenti/${patientId}/kumulativni?${period}`);
    expect(both.statusCode, both.body).toBe(200);
    const text = pdfText(both.rawPayload);
    expect(text).toContain(sarajevoSample.code);
    expect(text).not.toContain(code);
  },
  'GET /api/nalazi/versions/:sid': () => refusedAndUnchanged((sid) => f.client.get(f.tech, `/nalazi/versions/${sid}`)),
  'POST /api/nalazi/jezik': async () => {
    // The TZ report has bs and en: a German copy made from SA would be a new PDF of another site's patient.
    await refusedAndUnchanged((sid) => f.client.post(f.tech, '/nalazi/jezik', { idNalaza: sid, verzija: 1, jezik: 'de' }));
    await refusedAndUnchanged((sid) => f.client.post(f.specialist, '/nalazi/jezik', { idNalaza: sid, verzija: 1, jezik: 'de' }, sarajevo));
  },
  'POST /api/nalazi/posalji': async () => {
    await refusedAndUnchanged((sid) => f.client.post(f.specialist, '/nalazi/posalji', { idNalaza: sid }, sarajevo));
  },
  'GET /api/provjera/:token': async () => {
    // No session, no site: the token alone finds the version, whichever site issued it, and says which site that was.
    const { _id: sid, code } = await tuzlaReport();
    const [version] = await t.database.db.select({ token: reportVersions.verificationToken }).from(reportVersions).where(eq(reportVersions.sampleId, sid));
    const answer = await t.app.inject({ method: 'GET', url: `/api/provjera/${version?.token ?? ''}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ provjera: { code, site: expect.stringMatching(/Tuzla|TZ/) as unknown } });
    // A session of another site changes nothing, and a sample id is not a token.
    expect((await f.client.get(f.specialist, `/provjera/${sid}`, sarajevo)).statusCode).toBe(404);
  },
  // The signing certificate is the lab's, not a site's: the same for every site, and only for settings.write.
  'GET /api/postavke/potpis': async () => {
    const [atSarajevo, atTuzla] = await Promise.all([f.client.get(f.admin, '/postavke/potpis', sarajevo), f.client.get(f.admin, '/postavke/potpis', tuzla)]);
    expect(atSarajevo.json()).toEqual(atTuzla.json());
    expect((await f.client.get(f.tech, '/postavke/potpis')).statusCode).toBe(403);
  },
  'POST /api/postavke/potpis': async () => {
    expect((await f.client.post(f.tech, '/postavke/potpis', { p12: 'AAAA', password: '' })).statusCode).toBe(403);
  },
  'POST /api/nalazi/delete': async () => {
    // The technician may not withdraw at all (403 before the lookup); the specialist working at SA finds nothing of TZ.
    const { _id: sid } = await tuzlaReport();
    expect((await f.client.post(f.tech, '/nalazi/delete', { idNalaza: sid })).statusCode).toBe(403);
    await refusedAndUnchanged((other) => f.client.post(f.specialist, '/nalazi/delete', { idNalaza: other, status: 'VERIFICIRAN', flag: true }, sarajevo));
  },
};

describe('reports: a report of site TZ with a session on site SA', () => {
  it('has a case for every route of the module', async () => {
    expect(f.tech.sites.map((site) => site.sifra)).toEqual(['SA']);
    await expectEveryRouteCovered(nalaziRoutes, crossSiteCases);
  });

  it.each(Object.entries(crossSiteCases))('%s', async (_route, check) => {
    await check();
  });
});

interface RepositoryFixture {
  atSarajevo: ReportRepository;
  atTuzla: ReportRepository;
  sid: string;
}

/** The repository is the guard even when a service is wrong: with a TZ sample's id, the SA repository reads and changes nothing. */
const repositoryCases: Record<keyof ReportRepository, (fixture: RepositoryFixture) => Promise<void>> = {
  reportSample: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.reportSample(sid)).not.toBeNull();
    expect(await atSarajevo.reportSample(sid)).toBeNull();
  },
  testsOfSample: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.testsOfSample(sid)).not.toEqual([]);
    expect(await atSarajevo.testsOfSample(sid)).toEqual([]);
  },
  latestUnlockReason: async ({ atSarajevo, atTuzla, sid }) => {
    await f.calls.moved(f.specialist, 'verifikuj/undo', { sid, razlog: 'Tuzla' }, tuzla);
    expect(await atTuzla.latestUnlockReason(sid)).toBe('Tuzla');
    expect(await atSarajevo.latestUnlockReason(sid)).toBeNull();
  },
  releasedResultChangeSince: async ({ atSarajevo, atTuzla, sid }) => {
    const since = new Date(Date.now() - 60_000);
    await t.database.db.insert(auditLog).values({
      siteId: tuzla, action: 'result.unrelease', entity: 'sample', entityId: sid, field: 'GLU', reason: 'Tuzla',
    });
    expect(await atTuzla.releasedResultChangeSince(sid, since)).toBe('Tuzla');
    expect(await atSarajevo.releasedResultChangeSince(sid, since)).toBeNull();
  },
  findReport: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.findReport(sid)).not.toBeNull();
    expect(await atSarajevo.findReport(sid)).toBeNull();
  },
  nextVersion: async ({ atSarajevo, sid }) => {
    const before = await stateAtTuzla(sid);
    await expect(atSarajevo.nextVersion(sid, ['bs'])).rejects.toThrow();
    expect(await stateAtTuzla(sid)).toEqual(before);
  },
  insertVersions: async ({ atSarajevo, sid }) => {
    const before = await stateAtTuzla(sid);
    await expect(atSarajevo.insertVersions(sid, 99, f.tech.userId, null, [{ jezik: 'bs', pdf: Buffer.from('%PDF-x'), sha256: 'x', verificationToken: 'ab'.repeat(16) }])).rejects.toThrow();
    expect(await stateAtTuzla(sid)).toEqual(before);
  },
  markPdfExists: async ({ atSarajevo, sid }) => {
    await t.database.db.update(samples).set({ pdfExists: false }).where(eq(samples.id, sid));
    await atSarajevo.markPdfExists(sid);
    const [row] = await t.database.db.select({ pdfExists: samples.pdfExists }).from(samples).where(eq(samples.id, sid));
    expect(row?.pdfExists).toBe(false);
    await t.database.db.update(samples).set({ pdfExists: true }).where(eq(samples.id, sid));
  },
  versionsOf: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.versionsOf(sid)).toHaveLength(2);
    expect(await atSarajevo.versionsOf(sid)).toEqual([]);
  },
  pdfOf: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.pdfOf(sid, 1, 'bs')).not.toBeNull();
    expect(await atSarajevo.pdfOf(sid, 1, 'bs')).toBeNull();
  },
  withdraw: async ({ atSarajevo, sid }) => {
    const before = await stateAtTuzla(sid);
    expect(await atSarajevo.withdraw(sid, f.tech.userId)).toBe(false);
    expect(await stateAtTuzla(sid)).toEqual(before);
  },
  insertContent: async ({ atSarajevo, sid }) => {
    const before = await stateAtTuzla(sid);
    const content = await t.database.db.select().from(reportContents).where(eq(reportContents.sampleId, sid));
    await expect(atSarajevo.insertContent(sid, 7, content[0]!.sadrzaj)).rejects.toThrow();
    expect(await stateAtTuzla(sid)).toEqual(before);
    expect(await t.database.db.select().from(reportContents).where(eq(reportContents.sampleId, sid))).toEqual(content);
  },
  contentOf: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.contentOf(sid, 1)).not.toBeNull();
    expect(await atSarajevo.contentOf(sid, 1)).toBeNull();
  },
  lockReport: async ({ atSarajevo, atTuzla, sid }) => {
    expect(await atTuzla.lockReport(sid)).not.toBeNull();
    expect(await atSarajevo.lockReport(sid)).toBeNull();
  },
  insertLanguage: async ({ atSarajevo, sid }) => {
    const before = await stateAtTuzla(sid);
    await expect(atSarajevo.insertLanguage(sid, 1, f.tech.userId, { corrected: false, razlog: null, originalIssuedAt: null },
      { jezik: 'de', pdf: Buffer.from('%PDF-x'), sha256: 'x', verificationToken: 'ab'.repeat(16) })).rejects.toThrow();
    expect(await stateAtTuzla(sid)).toEqual(before);
  },
  addListedLanguage: async ({ atSarajevo, sid }) => {
    const before = await stateAtTuzla(sid);
    await atSarajevo.addListedLanguage(sid, 1, 'de');
    expect(await stateAtTuzla(sid)).toEqual(before);
  },
  cumulativeContents: async ({ atSarajevo, atTuzla, sid }) => {
    const [row] = await t.database.db.select({ patientId: samples.patientId }).from(samples).where(eq(samples.id, sid));
    const from = new Date(Date.now() - 30 * 86_400_000);
    const to = new Date(Date.now() + 86_400_000);
    expect((await atTuzla.cumulativeContents(row!.patientId, from, to)).map((content) => content.sample.code)).toHaveLength(1);
    expect(await atSarajevo.cumulativeContents(row!.patientId, from, to)).toEqual([]);
  },
  siteLetterhead: async ({ atSarajevo, atTuzla }) => {
    expect((await atTuzla.siteLetterhead())?.sifra).toBe('TZ');
    expect((await atSarajevo.siteLetterhead())?.sifra).toBe('SA');
  },
  generalOptionsData: async ({ atSarajevo, atTuzla }) => {
    // TZ's own general options are TZ's: SA's repository never answers them as its own.
    const [record] = await t.database.db.insert(settingRecords).values({ type: GENERAL_OPTIONS_TYPE, siteId: tuzla, data: { naslov: 'Tuzla' } }).returning();
    try {
      expect((await atTuzla.generalOptionsData()).siteOwn).toEqual({ naslov: 'Tuzla' });
      expect((await atSarajevo.generalOptionsData()).siteOwn).not.toEqual({ naslov: 'Tuzla' });
    } finally {
      await t.database.db.delete(settingRecords).where(eq(settingRecords.id, record!.id));
    }
  },
};

describe('reportRepository(db, SA) with the id of a TZ sample', () => {
  it('has a case for every method', () => {
    expect(Object.keys(reportRepository(t.database.db, sarajevo)).sort()).toEqual(Object.keys(repositoryCases).sort());
  });

  it.each(Object.entries(repositoryCases))('%s', async (_method, check) => {
    const { _id: sid } = await tuzlaReport();
    await check({ atSarajevo: reportRepository(t.database.db, sarajevo), atTuzla: reportRepository(t.database.db, tuzla), sid });
  });
});
