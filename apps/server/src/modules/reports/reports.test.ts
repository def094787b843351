import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessingListAnswer, ReportLanguageAnswer, ResultsShowAnswer } from '@lis/domain';
import { queryRows } from '../../db/client.ts';
import { auditLog, labAssays, outboxMessages, patients, referenceRanges, reportContents, reportVersions } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import {
  TRANSLATED, approvedSample, pdfText, reportFixture, reportList, reportPatient, reportPdf, unlockAndReverify, versionsOf, verify, type ReportFixture,
} from './test-fixtures.ts';

// Verifying a sample issues its report (one PDF per language the patient asked for) in the same
// transaction; an unlock and a new verification issue the next, corrected version; every version stays
// retrievable with the bytes it was issued with. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let f: ReportFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
});
afterAll(async () => { await t.close(); });

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function auditActions(sid: string): Promise<string[]> {
  const rows = await t.database.db.select({ action: auditLog.action, field: auditLog.field }).from(auditLog)
    .where(and(eq(auditLog.entity, 'report'), eq(auditLog.entityId, sid))).orderBy(auditLog.id);
  return rows.map((row) => `${row.action} ${row.field}`);
}

describe('verification issues the report', () => {
  it('stores one PDF per language the patient asked for, marks pdf_exists and audits each', async () => {
    const sample = await approvedSample(f, await reportPatient(f));
    const before = await f.calls.show(f.specialist, sample._id);
    expect(before.uzorak.pdf_exists).toBe(false);
    expect((await f.client.get(f.specialist, `/nalazi/pdf/${sample._id}`)).statusCode).toBe(404);

    await verify(f, sample._id);
    const shown: ResultsShowAnswer = await f.calls.show(f.specialist, sample._id);
    expect(shown.uzorak.pdf_exists).toBe(true);
    expect(shown.actions).toContain('pdf');
    const { versions, nalaz } = await versionsOf(f, f.specialist, sample._id);
    expect(nalaz).toMatchObject({ samples: sample._id, code: sample.code, status: 'VERIFICIRAN', final: true, withdrawn: false, pacijent: 'ČOLIĆ-ŠEHOVIĆ ĐURĐA' });
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ verzija: 1, jezici: ['bs', 'en', 'de'], corrected: false, razlog: null, original_issued_at: null, issued_by: 'Selma Specijalista' });
    expect(await auditActions(sample._id)).toEqual(['report.issue bs', 'report.issue en', 'report.issue de']);

    // Each language is served as stored: the bytes' SHA-256 is the one kept in the database.
    for (const jezik of ['bs', 'en', 'de']) {
      const served = await reportPdf(f, f.specialist, sample._id, `?jezik=${jezik}`);
      expect(served.sha256).toBe(versions[0]?.sha256[jezik]);
    }
    // Without jezik: Bosnian; without verzija: the latest.
    expect((await reportPdf(f, f.specialist, sample._id)).sha256).toBe(versions[0]?.sha256.bs);
  });

  it('prints only Bosnian for a patient who asked for no language, and for one who asked for English only, English', async () => {
    const none = await approvedSample(f, await reportPatient(f, []));
    await verify(f, none._id);
    expect((await versionsOf(f, f.specialist, none._id)).versions[0]?.jezici).toEqual(['bs']);
    expect((await f.client.get(f.specialist, `/nalazi/pdf/${none._id}?jezik=de`)).statusCode).toBe(404);

    const english = await approvedSample(f, await reportPatient(f, ['Engleski jezik']));
    await verify(f, english._id);
    expect((await versionsOf(f, f.specialist, english._id)).versions[0]?.jezici).toEqual(['en']);
    expect(pdfText((await reportPdf(f, f.specialist, english._id)).bytes)).toContain('LABORATORY REPORT');
  });

  it('lists the processing row with pdf_exists, for the page only', async () => {
    const sample = await approvedSample(f, await reportPatient(f, []));
    await verify(f, sample._id);
    const response = await f.client.get(f.specialist, `/obrada/list?datum=SVE&filter=${sample.code}`);
    const row = response.json<ProcessingListAnswer>().data.find((item) => item._id === sample._id);
    expect(row).toMatchObject({ status: 'VERIFICIRAN', pdf_exists: true });
  });
});

describe('corrected reports', () => {
  it('issues version 2 after an unlock and a new verification, headed as corrected with the reason and the original date; version 1 stays as it was', async () => {
    const sample = await approvedSample(f, await reportPatient(f));
    await verify(f, sample._id);
    const first = await versionsOf(f, f.specialist, sample._id);
    const v1 = await reportPdf(f, f.specialist, sample._id, '?jezik=bs');

    await f.calls.moved(f.specialist, 'verifikuj/undo', { sid: sample._id, razlog: 'Pogrešno unesen kalij' });
    // Unlocked: the report is no longer final, its row turns red; the stored version still opens.
    const unlocked = (await reportList(f, f.specialist, `datum=SVE&filter=${sample.code}`)).data[0];
    expect(unlocked).toMatchObject({ samples: sample._id, pdf: true, final: false, final_pdf: false, verzija: 1, status: 'ODOBREN' });
    expect((await reportPdf(f, f.specialist, sample._id)).sha256).toBe(v1.sha256);

    await verify(f, sample._id);
    const { versions } = await versionsOf(f, f.specialist, sample._id);
    expect(versions.map((version) => version.verzija)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({ corrected: true, razlog: 'Pogrešno unesen kalij', original_issued_at: first.versions[0]?.created_at, jezici: ['bs', 'en', 'de'] });
    expect(versions[1]).toEqual(first.versions[0]);
    expect(await auditActions(sample._id)).toEqual([
      'report.issue bs', 'report.issue en', 'report.issue de', 'report.correct bs', 'report.correct en', 'report.correct de',
    ]);
    const row = (await reportList(f, f.specialist, `datum=SVE&filter=${sample.code}`)).data[0];
    expect(row).toMatchObject({ final: true, final_pdf: true, verzija: 2, jezici: ['bs', 'en', 'de'] });

    // Both versions open; the first is byte for byte what was issued.
    expect((await reportPdf(f, f.specialist, sample._id, '?verzija=1&jezik=bs')).bytes.equals(v1.bytes)).toBe(true);
    const headings = { bs: 'KORIGOVANI NALAZ', en: 'Corrected report', de: 'Korrigierter Befund' };
    for (const [jezik, heading] of Object.entries(headings)) {
      const text = pdfText((await reportPdf(f, f.specialist, sample._id, `?jezik=${jezik}`)).bytes);
      expect(text).toContain(heading);
      expect(text).toContain('Pogrešno unesen kalij');
      expect(pdfText((await reportPdf(f, f.specialist, sample._id, `?jezik=${jezik}&verzija=1`)).bytes)).not.toContain(heading);
    }
    expect(pdfText((await reportPdf(f, f.specialist, sample._id, '?jezik=bs')).bytes)).toMatch(/Zamjenjuje nalaz verzije 1 izdat \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\./);
  });

  it('never changes a stored report when the catalogue changes later: same bytes, same SHA-256', async () => {
    const sample = await approvedSample(f, await reportPatient(f, ['Bosanski jezik']));
    await verify(f, sample._id);
    const before = await reportPdf(f, f.specialist, sample._id);
    const [stored] = await t.database.db.select({ sha256: reportVersions.sha256 }).from(reportVersions).where(eq(reportVersions.sampleId, sample._id));
    expect(stored?.sha256).toBe(before.sha256);

    await t.database.db.update(labAssays).set({ naziv: 'Glukoza (preimenovana)', jedinica: 'mg/dL' }).where(eq(labAssays.id, f.cat.ids.GLU));
    await t.database.db.update(referenceRanges).set({ low: '1', high: '2' }).where(eq(referenceRanges.labassayId, f.cat.ids.GLU));
    try {
      const after = await reportPdf(f, f.specialist, sample._id);
      expect(after.bytes.equals(before.bytes)).toBe(true);
      expect(after.sha256).toBe(before.sha256);
      expect(sha(after.bytes)).toBe(stored?.sha256);
      expect(pdfText(after.bytes)).not.toContain('preimenovana');
    } finally {
      await t.database.db.update(labAssays).set({ naziv: 'GLU test', jedinica: 'mmol/L' }).where(eq(labAssays.id, f.cat.ids.GLU));
      await t.database.db.update(referenceRanges).set({ low: '3.9', high: '6.1' }).where(eq(referenceRanges.labassayId, f.cat.ids.GLU));
    }
  });

  it('refuses to change or remove a stored version, whatever the code does (append-only table)', async () => {
    const sample = await approvedSample(f, await reportPatient(f, []));
    await verify(f, sample._id);
    await expect(t.database.db.update(reportVersions).set({ sha256: 'x' }).where(eq(reportVersions.sampleId, sample._id))).rejects.toThrow();
    await expect(t.database.db.delete(reportVersions).where(eq(reportVersions.sampleId, sample._id))).rejects.toThrow();
    expect((await versionsOf(f, f.specialist, sample._id)).versions).toHaveLength(1);
  });
});

describe('the report calls', () => {
  it('answers 404 for a sample without a report or an unknown id, and 400 naming jezik or verzija when they are bad', async () => {
    const pending = await approvedSample(f, await reportPatient(f, []));
    for (const url of [`/nalazi/pdf/${pending._id}`, `/nalazi/versions/${pending._id}`, '/nalazi/pdf/00000000-0000-4000-8000-000000000000', '/nalazi/pdf/nije-uuid']) {
      const response = await f.client.get(f.specialist, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'notFound' });
    }
    await verify(f, pending._id);
    for (const [query, field] of [['jezik=fr', 'jezik'], ['jezik=', 'jezik'], ['verzija=0', 'verzija'], ['verzija=dva', 'verzija'], ['verzija=1.5', 'verzija']]) {
      const response = await f.client.get(f.specialist, `/nalazi/pdf/${pending._id}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ success: false, field });
    }
    expect((await f.client.get(f.specialist, `/nalazi/pdf/${pending._id}?verzija=2`)).statusCode).toBe(404);
  });

  it('lists the site\'s reports newest first with the spec\'s row, gold when final, and filters by code and name', async () => {
    const sample = await approvedSample(f, await reportPatient(f, ['Njemački jezik']));
    await verify(f, sample._id);
    const list = await reportList(f, f.specialist, 'datum=DANAS&per_page=100');
    const row = list.data.find((item) => item.samples === sample._id);
    expect(row).toMatchObject({
      _id: sample._id, code: sample.code, pdf: true, final: true, final_pdf: true, pacijent: 'ČOLIĆ-ŠEHOVIĆ ĐURĐA', verzija: 1, status: 'VERIFICIRAN', jezici: ['de'],
    });
    const dates = list.data.map((item) => item.datum);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await reportList(f, f.specialist, `datum=SVE&filter=${sample.code}`)).data.map((item) => item._id)).toEqual([sample._id]);
    expect((await reportList(f, f.specialist, 'datum=SVE&filter=colic-seh&per_page=100')).data.length).toBe(0);
    expect((await reportList(f, f.specialist, 'datum=SVE&filter=čolić&per_page=100')).data.some((item) => item._id === sample._id)).toBe(true);
    expect((await reportList(f, f.specialist, 'datum=JUČER&per_page=100')).data.some((item) => item._id === sample._id)).toBe(false);
    // A viewer reads reports.
    const viewer = await signIn(t.app, 'pregled@demo.lab');
    expect((await f.client.get(viewer, '/nalazi/list?datum=SVE')).statusCode).toBe(200);
  });

  it('withdraws a report from the list (audited) while its versions stay retrievable; a new verification lists it again', async () => {
    const sample = await approvedSample(f, await reportPatient(f, []));
    await verify(f, sample._id);
    const issued = await reportPdf(f, f.specialist, sample._id);
    const payload = { email: 'specijalista@demo.lab', status: 'VERIFICIRAN', idNalaza: sample._id, flag: true };

    // The technician reads reports but may not withdraw them.
    expect((await f.client.post(f.tech, '/nalazi/delete', payload)).statusCode).toBe(403);
    expect((await f.client.post(f.specialist, '/nalazi/delete', { ...payload, idNalaza: 'x' })).json()).toMatchObject({ success: false, field: 'idNalaza' });

    const response = await f.client.post(f.specialist, '/nalazi/delete', payload);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Zapis uspješno obrisan!', code: 'delete.ok' });
    expect((await reportList(f, f.specialist, `datum=SVE&filter=${sample.code}`)).data).toEqual([]);
    expect((await reportPdf(f, f.specialist, sample._id)).bytes.equals(issued.bytes)).toBe(true);
    expect((await versionsOf(f, f.specialist, sample._id)).nalaz.withdrawn).toBe(true);
    expect(await auditActions(sample._id)).toEqual(['report.issue bs', 'report.withdraw withdrawn']);
    // Withdrawn already: nothing on the list to withdraw.
    expect((await f.client.post(f.specialist, '/nalazi/delete', payload)).statusCode).toBe(404);

    await unlockAndReverify(f, sample._id, 'Dopuna nalaza');
    expect((await reportList(f, f.specialist, `datum=SVE&filter=${sample.code}`)).data[0]).toMatchObject({ verzija: 2, final_pdf: true });
  });
});

describe("the spec's report path samples/{sample}.pdf", () => {
  it('answers the same stored PDF as /nalazi/pdf with the token in the query or the header; outside /api it redirects there, never to the page', async () => {
    const sample = await approvedSample(f, await reportPatient(f));
    await verify(f, sample._id);
    const latest = (await versionsOf(f, f.specialist, sample._id)).versions[0]!;
    const byHeader = await f.client.get(f.tech, `/samples/${sample._id}.pdf`);
    expect(byHeader.statusCode, byHeader.body.slice(0, 200)).toBe(200);
    expect(byHeader.headers['content-type']).toBe('application/pdf');
    expect(sha(byHeader.rawPayload)).toBe(latest.sha256.bs);
    expect(byHeader.headers['x-report-sha256']).toBe(latest.sha256.bs);
    const query = `token=${encodeURIComponent(f.tech.token)}&site=${encodeURIComponent(f.tech.site)}`;
    const byQuery = await t.app.inject({ method: 'GET', url: `/api/samples/${sample._id}.pdf?${query}&jezik=de` });
    expect(byQuery.statusCode, byQuery.body.slice(0, 200)).toBe(200);
    expect(sha(byQuery.rawPayload)).toBe(latest.sha256.de);

    const outside = await t.app.inject({ method: 'GET', url: `/samples/${sample._id}.pdf?${query}` });
    expect(outside.statusCode).toBe(302);
    expect(outside.headers.location).toBe(`/api/samples/${sample._id}.pdf?${query}`);
    const followed = await t.app.inject({ method: 'GET', url: String(outside.headers.location) });
    expect(sha(followed.rawPayload)).toBe(latest.sha256.bs);

    // Without a session: refused as every report call is; a sample without a report or a bad name: 404 / 400.
    expect((await t.app.inject({ method: 'GET', url: `/api/samples/${sample._id}.pdf` })).statusCode).toBe(401);
    expect((await f.client.get(f.tech, '/samples/00000000-0000-4000-8000-000000000000.pdf')).statusCode).toBe(404);
    const badName = await f.client.get(f.tech, `/samples/${sample._id}.txt`);
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({ field: 'file' });
  });
});

describe('a verified version in another language, and the report by mail again', () => {
  it("issues German for a version verified in Bosnian only, from its frozen content, not as a correction; audited 'language added'", async () => {
    const patientId = await reportPatient(f, ['Bosanski jezik']);
    const sample = await approvedSample(f, patientId);
    await verify(f, sample._id);
    const before = (await versionsOf(f, f.specialist, sample._id)).versions;
    expect(before.map((version) => version.jezici)).toEqual([['bs']]);
    expect((await f.client.get(f.tech, `/nalazi/pdf/${sample._id}?jezik=de`)).statusCode).toBe(404);
    const bsBefore = await reportPdf(f, f.tech, sample._id, '?jezik=bs');

    // The catalogue and the patient change after the verification: the German copy still says what was verified.
    await t.database.db.update(labAssays).set({ nazivDe: 'Kalium (neu)' }).where(eq(labAssays.id, f.cat.ids.K));
    await t.database.db.update(patients).set({ prezime: 'PROMIJENJENO' }).where(eq(patients.id, patientId));
    const added = await f.client.post(f.tech, '/nalazi/jezik', { idNalaza: sample._id, verzija: 1, jezik: 'de' })
      .finally(() => t.database.db.update(labAssays).set({ nazivDe: TRANSLATED.K!.de }).where(eq(labAssays.id, f.cat.ids.K)));
    expect(added.statusCode, added.body).toBe(200);
    const answer = added.json<ReportLanguageAnswer>();
    expect(answer).toMatchObject({ success: true, code: 'nalazi.languageAdded', verzija: 1, jezik: 'de', dodan: true });
    const de = await reportPdf(f, f.tech, sample._id, '?jezik=de&verzija=1');
    expect(de.sha256).toBe(answer.sha256);
    const text = pdfText(de.bytes);
    expect(text).toContain('LABORBEFUND');
    expect(text).toContain('Kalium');
    expect(text).not.toContain('Kalium (neu)');
    expect(text).toContain('ČOLIĆ-ŠEHOVIĆ');
    expect(text).not.toContain('PROMIJENJENO');

    const after = await versionsOf(f, f.specialist, sample._id);
    expect(after.versions).toHaveLength(1);
    expect(after.versions[0]).toMatchObject({ verzija: 1, jezici: ['bs', 'de'], corrected: false, created_at: before[0]!.created_at, issued_by: before[0]!.issued_by });
    expect(after.versions[0]!.sha256.de).toBe(answer.sha256);
    // The Bosnian PDF is untouched; the list shows the language.
    expect((await reportPdf(f, f.tech, sample._id, '?jezik=bs')).sha256).toBe(bsBefore.sha256);
    expect((await reportList(f, f.tech, `datum=SVE&filter=${sample.code}`)).data[0]?.jezici).toEqual(['bs', 'de']);
    const audit = await t.database.db.select().from(auditLog)
      .where(and(eq(auditLog.entity, 'report'), eq(auditLog.entityId, sample._id), eq(auditLog.action, 'report.language')));
    expect(audit).toEqual([expect.objectContaining({ field: 'de', reason: 'language added', newValue: { verzija: 1, jezik: 'de', sha256: answer.sha256 } })]);

    // Asked again: what is stored, nothing new.
    const again = await f.client.post(f.tech, '/nalazi/jezik', { idNalaza: sample._id, verzija: 1, jezik: 'de' });
    expect(again.json()).toMatchObject({ dodan: false, code: 'nalazi.languageExists', sha256: answer.sha256 });
    expect(await t.database.db.select({ id: reportVersions.id }).from(reportVersions).where(eq(reportVersions.sampleId, sample._id))).toHaveLength(2);
    // No such version; a bad language; the viewer may not.
    expect((await f.client.post(f.tech, '/nalazi/jezik', { idNalaza: sample._id, verzija: 2, jezik: 'en' })).statusCode).toBe(404);
    expect((await f.client.post(f.tech, '/nalazi/jezik', { idNalaza: sample._id, verzija: 1, jezik: 'fr' })).json()).toMatchObject({ field: 'jezik' });
  });

  it('adds a language to an older, corrected-away version, marked as that version is; a version without kept content is refused', async () => {
    const sample = await approvedSample(f, await reportPatient(f, ['Engleski jezik']));
    await verify(f, sample._id);
    await unlockAndReverify(f, sample._id, 'Pogrešan kalij');
    const added = await f.client.post(f.specialist, '/nalazi/jezik', { idNalaza: sample._id, verzija: 1, jezik: 'bs' });
    expect(added.statusCode, added.body).toBe(200);
    const { versions } = await versionsOf(f, f.specialist, sample._id);
    expect(versions.map((version) => [version.verzija, version.jezici, version.corrected])).toEqual([[2, ['en'], true], [1, ['bs', 'en'], false]]);
    const bosnian = pdfText((await reportPdf(f, f.specialist, sample._id, '?jezik=bs&verzija=1')).bytes);
    expect(bosnian).toContain('NALAZ');
    expect(bosnian).not.toContain('LABORATORY REPORT');
    expect(bosnian).not.toContain('KORIGOVANI NALAZ');
    // The list's languages are the latest version's.
    expect((await reportList(f, f.specialist, `datum=SVE&filter=${sample.code}`)).data[0]?.jezici).toEqual(['en']);

    await t.database.db.delete(reportContents).where(and(eq(reportContents.sampleId, sample._id), eq(reportContents.verzija, 2)));
    const unfrozen = await f.client.post(f.specialist, '/nalazi/jezik', { idNalaza: sample._id, verzija: 2, jezik: 'de' });
    expect(unfrozen.statusCode).toBe(409);
    expect(unfrozen.json()).toMatchObject({ code: 'nalazi.notFrozen', field: 'verzija' });
  });

  it('e-mails the report again through the outbox, or first once an address is added; without one it says so', async () => {
    const patientId = await reportPatient(f, ['Bosanski jezik']);
    const sample = await approvedSample(f, patientId);
    await verify(f, sample._id);
    const queued = () => t.database.db.select().from(outboxMessages).where(eq(outboxMessages.sampleId, sample._id));
    expect(await queued()).toEqual([]);
    const none = await f.client.post(f.tech, '/nalazi/posalji', { idNalaza: sample._id });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'nalazi.noEmail', field: 'email' });

    await t.database.db.update(patients).set({ email: 'durda@example.test' }).where(eq(patients.id, patientId));
    await f.client.post(f.tech, '/nalazi/jezik', { idNalaza: sample._id, verzija: 1, jezik: 'en' });
    const first = await f.client.post(f.tech, '/nalazi/posalji', { idNalaza: sample._id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, code: 'nalazi.mailQueued', outbox: expect.any(String) as unknown });
    const again = await f.client.post(f.tech, '/nalazi/posalji', { idNalaza: sample._id, verzija: 1 });
    expect(again.statusCode).toBe(200);
    const rows = await queued();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.recipient === 'durda@example.test' && row.status === 'queued' && row.attachmentIds.length === 2)).toBe(true);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'outbox.queue'), eq(auditLog.entityId, rows[0]!.id)));
    expect(audit).toHaveLength(1);
  });
});

describe('races', () => {
  it('issues one version when two verifications of one sample race: the other is refused and nothing is stored twice', async () => {
    const sample = await approvedSample(f, await reportPatient(f));
    const answers = await Promise.all([1, 2].map(() => f.calls.move(f.specialist, 'verifikuj', {
      sid: sample._id, obavijesten: { ko: 'dr. Žarković', kada: new Date(Date.now() - 60_000).toISOString() },
    })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await queryRows<{ verzija: number; jezik: string }>(t.database.db,
      sql`select verzija, jezik from report_versions where sample_id = ${sample._id} order by verzija, jezik`);
    expect(rows).toEqual([{ verzija: 1, jezik: 'bs' }, { verzija: 1, jezik: 'de' }, { verzija: 1, jezik: 'en' }]);
  });

  it('refuses a second copy of a version in one language (unique sample, verzija, jezik), even from concurrent writers', async () => {
    const sample = await approvedSample(f, await reportPatient(f, []));
    await verify(f, sample._id);
    const [stored] = await t.database.db.select().from(reportVersions).where(eq(reportVersions.sampleId, sample._id));
    if (!stored) throw new Error('no stored version');
    const copy = { ...stored, id: undefined, verzija: 2, verificationToken: undefined };
    const attempts = await Promise.allSettled([1, 2].map(() => t.database.db.transaction(async (tx) => {
      await tx.insert(reportVersions).values(copy);
    })));
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    const refused = attempts.find((attempt) => attempt.status === 'rejected');
    expect(isUniqueViolation(refused?.reason, 'report_versions_sample_verzija_jezik_key')).toBe(true);
  });
});

describe('what each language prints (read back with pdftotext)', () => {
  const expected = {
    bs: {
      title: 'NALAZ', glu: 'GLU test', k: 'K test', crp: 'CRP test', section: /Prva [0-9A-F]{6}/, range: '3,9 – 6,1', kRange: '3,5 – 5,1', mark: ',', negative: 'Negativan',
      labels: ['Pacijent', 'JMBG', 'Godište', 'Spol', 'Ženski', 'Šifra uzorka', 'Uzorkovano', 'Zaprimljeno', 'Nalaz izdat', 'Referentni interval', 'Komentar',
        'Odobrio (tehnička validacija)', 'Verificirao (medicinska validacija)', 'Stranica 1 od 1', 'kritična vrijednost', '† izračunata vrijednost'],
    },
    en: {
      title: 'LABORATORY REPORT', glu: 'Glucose', k: 'Potassium', crp: 'C-reactive protein', section: /First section/, range: '3.9 – 6.1', kRange: '3.5 – 5.1', mark: '.', negative: 'Negative',
      labels: ['Patient', 'Personal ID', 'Year of birth', 'Female', 'Sample code', 'Collected', 'Received', 'Reported', 'Reference range', 'Comment',
        'Approved by (technical validation)', 'Verified by (medical validation)', 'Page 1 of 1', 'critical value', '† calculated value'],
    },
    de: {
      title: 'LABORBEFUND', glu: 'Glukose', k: 'Kalium', crp: 'C-reaktives Protein', section: /Erste Sektion/, range: '3,9 – 6,1', kRange: '3,5 – 5,1', mark: ',', negative: 'Negativ',
      labels: ['Patient', 'Persönliche ID-Nr.', 'Geburtsjahr', 'Weiblich', 'Probennummer', 'Entnahme', 'Eingang', 'Befundet', 'Referenzbereich', 'Kommentar',
        'Freigegeben (technische Validation)', 'Verifiziert (medizinische Validation)', 'Seite 1 von 1', 'kritischer Wert', '† berechneter Wert'],
    },
  } as const;

  it.each(Object.keys(expected) as (keyof typeof expected)[])('%s: names, values, units, ranges, flags and diacritics', async (jezik) => {
    const sample = await approvedSample(f, await reportPatient(f));
    await verify(f, sample._id);
    const text = pdfText((await reportPdf(f, f.specialist, sample._id, `?jezik=${jezik}`)).bytes);
    const want = expected[jezik];
    const lineOf = (start: string) => text.split('\n').find((line) => line.trim().startsWith(start)) ?? `(no line starting with ${start})`;

    expect(text).toContain(want.title);
    expect(text).toContain('ČOLIĆ-ŠEHOVIĆ ĐURĐA');
    expect(text).toContain(sample.code);
    expect(text).toMatch(want.section);
    for (const label of want.labels) expect(text, label).toContain(label);
    // Value, unit, the patient's range and the flag on one line, the value and the range in the language's one
    // decimal mark (an English report never prints '7,2' beside '3.9 – 6.1').
    const mark = want.mark === '.' ? '\\.' : ',';
    expect(lineOf(want.glu)).toMatch(new RegExp(`${want.glu}\\s+7${mark}2\\s+mmol/L\\s+${want.range}\\s+H$`));
    expect(lineOf(`${want.k} `)).toMatch(new RegExp(`${want.k}\\s+6${mark}5\\s+mmol/L\\s+${want.kRange}\\s+HH$`));
    // pdftotext may close up the space after '≤' (a narrow gap); the report prints '≤ 5'.
    expect(lineOf(want.crp)).toMatch(new RegExp(`3${mark}1\\s+mg/L\\s+≤\\s?5$`));
    expect(lineOf('LDL test †')).toMatch(new RegExp(`LDL test †\\s+\\d${mark}\\d+\\s+mmol/L`));
    // The qualitative answer and its reference text in the report's language (stored as 'Negativan').
    expect(lineOf('HIV test')).toMatch(new RegExp(`HIV test\\s+${want.negative}\\s+${want.negative}$`));
    expect(text).toContain('Uzorak blago hemolizovan');
    expect(text).toContain('Selma Specijalista');
  });
});
