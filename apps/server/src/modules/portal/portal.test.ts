import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalOverviewAnswer } from '@lis/domain';
import { accessLog, auditLog, outboxMessages, patientPortalCodes, settingRecords } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { fileMailer } from '../outbox/mailer.ts';
import { OutboxWorker } from '../outbox/worker.ts';
import { portalSignIn as signInAt } from '../patients/service.ts';
import { approvedSample, reportFixture, reportPatient, reportPdf, verify, type ReportFixture } from '../reports/test-fixtures.ts';

// The patient portal through the real app: a verification of a consenting patient with an e-mail address
// queues a one-time code (stored as its hash only); the code opens the portal once, until it expires, and
// only with its address; five wrong codes lock the address; staff revoke; a portal session sees only its
// patient's reports (another's is 404), is refused on staff calls, and a staff token is refused here.
// Every sign-in and read is in the access log. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let f: ReportFixture;
const mailDir = mkdtempSync(path.join(tmpdir(), 'lis-portal-mail-'));

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
});
afterAll(async () => {
  await t.close();
  rmSync(mailDir, { recursive: true, force: true });
});

let addressCount = 0;
/** A fresh client address per test, so the per-address rate limit of one test never touches another's. */
function freshAddress(): string {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
}

async function consentingPatient(email: string, consent = true): Promise<string> {
  const id = await reportPatient(f, ['Bosanski jezik']);
  const response = await f.client.post(f.admin, `/pacijenti/detalji/update/${id}`, { email, portal_consent: consent });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

/** Verifies a new sample of the patient: its report is issued (and, for a consenting patient, a code mailed). */
async function verifiedSample(patientId: string): Promise<string> {
  const sample = await approvedSample(f, patientId);
  await verify(f, sample._id);
  return sample._id;
}

/** The code in the portal mail queued for a sample, read from the outbox body as the mail carries it. */
async function mailedCode(sid: string): Promise<string> {
  const rows = await t.database.db.select({ body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.sampleId, sid));
  const code = rows.map((row) => /kodom: ([A-Z0-9]{5}-[A-Z0-9]{5})/.exec(row.body)?.[1]).find(Boolean);
  if (!code) throw new Error('no portal code was mailed');
  return code;
}

function portalSignIn(email: string, kod: string, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/portal/prijava', payload: { email, kod }, remoteAddress });
}

async function portalToken(email: string, kod: string): Promise<string> {
  const response = await portalSignIn(email, kod);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

function portalGet(token: string, url: string) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, remoteAddress: '192.0.2.50' });
}

async function logRows(entity: string, entityId?: string) {
  return t.database.db.select().from(accessLog)
    .where(entityId === undefined ? eq(accessLog.entity, entity) : and(eq(accessLog.entity, entity), eq(accessLog.entityId, entityId)));
}

describe('consent and the mailed code', () => {
  it('mails no code to a patient without consent', async () => {
    const patientId = await consentingPatient('bez.pristanka@example.ba', false);
    const sid = await verifiedSample(patientId);
    const mails = await t.database.db.select({ body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.sampleId, sid));
    expect(mails).toHaveLength(1);
    expect(await t.database.db.select().from(patientPortalCodes).where(eq(patientPortalCodes.patientId, patientId))).toHaveLength(0);
  });

  it('audits the consent like any patient change, and keeps only the hash of the code it mails', async () => {
    const patientId = await consentingPatient('amra.portal@example.ba');
    const consent = await t.database.db.select().from(auditLog)
      .where(and(eq(auditLog.entity, 'patient'), eq(auditLog.entityId, patientId), eq(auditLog.field, 'portal_consent')));
    expect(consent.map((row) => [row.action, row.oldValue, row.newValue])).toEqual([['patient.update', false, true]]);

    const sid = await verifiedSample(patientId);
    const code = await mailedCode(sid);
    const [row] = await t.database.db.select().from(patientPortalCodes).where(eq(patientPortalCodes.patientId, patientId));
    expect(row?.codeHash).toBe(hashToken(code.replace('-', '')));
    expect(JSON.stringify(row)).not.toContain(code.replace('-', ''));
    // Valid for the lab's default 30 days.
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const issued = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'patient.portalCode'), eq(auditLog.entityId, patientId)));
    expect(issued).toHaveLength(1);
    expect(JSON.stringify(issued[0]?.newValue)).not.toContain(code.replace('-', ''));

    // Once the mail server accepts the mail, the code is masked in the stored body; the .eml carries it.
    const worker = new OutboxWorker({ db: t.database.db, mailer: fileMailer(mailDir), from: 'lab@example.ba' });
    await worker.drain();
    const sent = readdirSync(mailDir).map((file) => readFileSync(path.join(mailDir, file), 'utf8')).join('\n');
    expect(sent).toContain(code);
    const [stored] = await t.database.db.select({ body: outboxMessages.body, secret: outboxMessages.secret }).from(outboxMessages)
      .where(and(eq(outboxMessages.sampleId, sid), sql`${outboxMessages.body} like '%portal%'`));
    expect(stored?.body).not.toContain(code);
    expect(stored?.body).toContain('*****-*****');
    expect(stored?.secret).toBeNull();
  });

  it('takes the code lifetime from the general options', async () => {
    const saved = await t.database.db.select().from(settingRecords).where(eq(settingRecords.type, 'general_options'));
    const response = await f.client.get(f.admin, '/postavke/opcije');
    expect(response.statusCode, response.body).toBe(200);
    const current = response.json<{ options: Record<string, unknown>; label: Record<string, unknown> }>();
    const put = await f.client.post(f.admin, '/postavke/opcije', { options: { ...current.options, portalCodeDays: 2 }, label: current.label });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const patientId = await consentingPatient('kratki.kod@example.ba');
      await verifiedSample(patientId);
      const [row] = await t.database.db.select().from(patientPortalCodes).where(eq(patientPortalCodes.patientId, patientId));
      expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000)).toBe(2);
      const refused = await f.client.post(f.admin, '/postavke/opcije', { options: { ...current.options, portalCodeDays: 0 }, label: current.label });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ code: string }>().code).toBe('settings.portalCodeDaysInvalid');
    } finally {
      await f.client.post(f.admin, '/postavke/opcije', { options: current.options, label: current.label });
      expect(saved.length).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the code lifecycle', () => {
  it('opens the portal once, with its address only, and logs the sign-in', async () => {
    const email = 'lejla.jednom@example.ba';
    const patientId = await consentingPatient(email);
    const code = await mailedCode(await verifiedSample(patientId));

    const wrongAddress = await portalSignIn('neko.drugi@example.ba', code);
    expect(wrongAddress.statusCode).toBe(401);
    expect(wrongAddress.json<{ code: string }>().code).toBe('portal.codeInvalid');

    const first = await portalSignIn(` ${email.toUpperCase()} `, code.toLowerCase(), '203.0.113.99');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ token: string }>().token).toMatch(/^ptl_/);
    const logged = await logRows('portal_sign_in', patientId);
    expect(logged.map((row) => [row.ip, row.userId])).toEqual([['203.0.113.99', null]]);

    const again = await portalSignIn(email, code);
    expect(again.statusCode).toBe(401);
    expect(again.json<{ code: string }>().code).toBe('portal.codeInvalid');
  });

  it('refuses an expired code', async () => {
    const email = 'istekao.kod@example.ba';
    const patientId = await consentingPatient(email);
    const code = await mailedCode(await verifiedSample(patientId));
    await t.database.db.update(patientPortalCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(patientPortalCodes.patientId, patientId));
    const response = await portalSignIn(email, code);
    expect(response.statusCode).toBe(401);
    expect(response.json<{ code: string }>().code).toBe('portal.codeInvalid');
  });

  it('locks an address after five wrong codes, even for the right one, with a clear message, and opens it again later', async () => {
    const email = 'zakljucan@example.ba';
    const patientId = await consentingPatient(email);
    const code = await mailedCode(await verifiedSample(patientId));
    const wrong = code.startsWith('2') ? `3${code.slice(1)}` : `2${code.slice(1)}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await portalSignIn(email, wrong);
      expect(response.statusCode).toBe(401);
    }
    const locked = await portalSignIn(email, code);
    expect(locked.statusCode).toBe(429);
    const answer = locked.json<{ code: string; message: string; params: { minutes: string } }>();
    expect(answer.code).toBe('portal.locked');
    expect(answer.message).toBe('Previše pogrešnih kodova za ovu adresu. Prijava je zaključana 15 min; pokušajte kasnije.');
    const addressKey = hashToken(`portal-email:${email}`);
    expect(await logRows('portal_sign_in_failed', addressKey)).toHaveLength(5);
    expect(await logRows('portal_sign_in_locked', addressKey)).toHaveLength(1);
    // Another address is not locked by these failures.
    const other = await portalSignIn('drugi.pacijent@example.ba', wrong);
    expect(other.statusCode).toBe(401);

    // Sixteen minutes later (the access log is append-only: the sign-in is asked with a later clock), the right code opens the portal.
    const later = new Date(Date.now() + 16 * 60_000);
    const opened = await signInAt(t.database.db, { email, kod: code }, { ip: '192.0.2.9', requestId: 'later' }, later);
    expect(opened.token).toMatch(/^ptl_/);
  });

  it('revokes: staff end every unused code and open session, audited', async () => {
    const email = 'opozvan@example.ba';
    const patientId = await consentingPatient(email);
    const used = await mailedCode(await verifiedSample(patientId));
    const unused = await mailedCode(await verifiedSample(patientId));
    const token = await portalToken(email, used);
    expect((await portalGet(token, '/portal/pregled')).statusCode).toBe(200);

    const revoked = await f.client.post(f.tech, `/pacijenti/portal/opozovi/${patientId}`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ success: true, code: 'portal.revoked', codes: 1, sessions: 1 });
    expect((await portalGet(token, '/portal/pregled')).statusCode).toBe(401);
    expect((await portalSignIn(email, unused)).statusCode).toBe(401);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'patient.portalRevoke'), eq(auditLog.entityId, patientId)));
    expect(audit.map((row) => row.newValue)).toEqual([{ codes: 1, sessions: 1 }]);
    expect((await f.client.post(f.tech, '/pacijenti/portal/opozovi/00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404);
  });

  it('closes an open session when the patient withdraws consent', async () => {
    const email = 'povukao.pristanak@example.ba';
    const patientId = await consentingPatient(email);
    const token = await portalToken(email, await mailedCode(await verifiedSample(patientId)));
    expect((await portalGet(token, '/portal/pregled')).statusCode).toBe(200);
    await f.client.post(f.admin, `/pacijenti/detalji/update/${patientId}`, { portal_consent: false });
    expect((await portalGet(token, '/portal/pregled')).statusCode).toBe(401);
  });

  it('takes at most ten sign-ins a minute from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await portalSignIn(`niko${attempt}@example.ba`, 'AAAAA-AAAAA', '192.0.2.200')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('what a portal session reads', () => {
  let token: string;
  let patientId: string;
  let sid: string;
  let othersSid: string;

  beforeAll(async () => {
    const email = 'citanje@example.ba';
    patientId = await consentingPatient(email);
    sid = await verifiedSample(patientId);
    token = await portalToken(email, await mailedCode(sid));
    const other = await consentingPatient('neko.drugi.pacijent@example.ba');
    othersSid = await verifiedSample(other);
  });

  it("shows the patient's reports and results over time, with plain words, and logs the read", async () => {
    const response = await portalGet(token, '/portal/pregled');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<PortalOverviewAnswer>();
    expect(answer.pacijent).toEqual({ ime: 'ĐURĐA', prezime: 'ČOLIĆ-ŠEHOVIĆ' });
    expect(answer.nalazi.map((report) => [report.sid, report.verzija, report.jezici])).toEqual([[sid, 1, ['bs']]]);
    const glucose = answer.trendovi.find((trend) => trend.naziv === 'GLU test');
    expect(glucose?.points.map((point) => [point.rezultat, point.value, point.standing])).toEqual([['7.2', 7.2, 'high']]);
    expect(JSON.stringify(answer)).not.toContain(othersSid);
    expect(await logRows('portal_view', patientId)).toHaveLength(1);
  });

  it('downloads the stored report as issued, and logs it', async () => {
    const response = await portalGet(token, `/portal/nalaz/${sid}?jezik=bs`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const staff = await reportPdf(f, f.specialist, sid, '?jezik=bs');
    expect(response.headers['x-report-sha256']).toBe(staff.sha256);
    expect(Buffer.compare(response.rawPayload, staff.bytes)).toBe(0);
    expect((await logRows('portal_report')).length).toBeGreaterThan(0);
    // A language the report was not issued in: 404.
    expect((await portalGet(token, `/portal/nalaz/${sid}?jezik=de`)).statusCode).toBe(404);
  });

  it("never reaches another patient's report: 404 like a missing one", async () => {
    const response = await portalGet(token, `/portal/nalaz/${othersSid}`);
    expect(response.statusCode).toBe(404);
    expect((await portalGet(token, '/portal/nalaz/not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses a staff token on the portal, and the portal token on staff calls', async () => {
    expect((await portalGet(f.admin.token, '/portal/pregled')).statusCode).toBe(401);
    expect((await portalGet(f.admin.token, `/portal/nalaz/${sid}`)).statusCode).toBe(401);
    expect((await portalGet('', '/portal/pregled')).statusCode).toBe(401);
    const staffCall = await t.app.inject({ method: 'GET', url: `/api/pacijenti/detalji/${patientId}`, headers: { authorization: `Bearer ${token}` } });
    expect(staffCall.statusCode).toBe(401);
    const staffPdf = await t.app.inject({ method: 'GET', url: `/api/nalazi/pdf/${sid}`, headers: { authorization: `Bearer ${token}` } });
    expect(staffPdf.statusCode).toBe(401);
  });

  it('ends the session at sign-out', async () => {
    const email = 'odjava@example.ba';
    const own = await consentingPatient(email);
    const ownToken = await portalToken(email, await mailedCode(await verifiedSample(own)));
    const out = await t.app.inject({ method: 'POST', url: '/api/portal/odjava', headers: { authorization: `Bearer ${ownToken}` } });
    expect(out.statusCode, out.body).toBe(200);
    expect((await portalGet(ownToken, '/portal/pregled')).statusCode).toBe(401);
  });
});
