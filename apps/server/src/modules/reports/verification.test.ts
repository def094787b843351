import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportVerification, SigningCertificate } from '@lis/domain';
import { accessLog, patients, reportVersions } from '../../db/schema.ts';
import { qrModules } from '../../lib/pdf/qr.ts';
import { makeSelfSignedIdentity } from '../../lib/pdf/signature.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { verificationQrReadable, verificationUrl } from './signing.ts';
import { approvedSample, pdfText, reportFixture, reportPatient, reportPdf, unlockAndReverify, verify, type ReportFixture } from './test-fixtures.ts';

// Signed reports and their public verification: each issued PDF carries the lab's signature (checked by
// poppler's pdfsig, an independent reader) and on every page a QR code of its verification page, whose
// answer says whether the version is current and never carries a name, JMBG or result.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let f: ReportFixture;
const scratch = mkdtempSync(path.join(tmpdir(), 'lis-verify-'));

beforeAll(async () => {
  t = await createTestApp();
  f = await reportFixture(t, (email) => signIn(t.app, email));
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** What pdfsig says of a PDF: its output and exit status. */
function pdfsig(bytes: Buffer): { out: string; status: number | null } {
  const file = path.join(scratch, `r-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const result = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  if (result.error) throw new Error(`pdfsig is needed (Debian: poppler-utils): ${result.error.message}`);
  return { out: `${result.stdout}${result.stderr}`, status: result.status };
}

/** The QR codes poppler renders on each page, read by zbarimg: one verification URL per page. */
function qrCodes(bytes: Buffer): string[] {
  const base = path.join(scratch, `p-${Math.random().toString(36).slice(2)}`);
  writeFileSync(`${base}.pdf`, bytes);
  const render = spawnSync('pdftoppm', ['-r', '150', '-png', `${base}.pdf`, base]);
  expect(render.status, render.stderr?.toString()).toBe(0);
  const pages = spawnSync('sh', ['-c', `ls ${base}-*.png`], { encoding: 'utf8' }).stdout.trim().split('\n');
  return pages.map((page) => {
    const read = spawnSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', page], { encoding: 'utf8' });
    return read.stdout.trim();
  });
}

async function lookup(token: string, remoteAddress = '203.0.113.7') {
  return t.app.inject({ method: 'GET', url: `/api/provjera/${token}`, remoteAddress });
}

async function tokensOf(sid: string, verzija: number): Promise<Record<string, string>> {
  const rows = await t.database.db.select({ jezik: reportVersions.jezik, token: reportVersions.verificationToken }).from(reportVersions)
    .where(and(eq(reportVersions.sampleId, sid), eq(reportVersions.verzija, verzija)));
  return Object.fromEntries(rows.map((row) => [row.jezik, row.token]));
}

describe('signed reports', () => {
  let sid: string;
  let issued: Buffer;

  beforeAll(async () => {
    const sample = await approvedSample(f, await reportPatient(f, ['Engleski jezik']));
    sid = sample._id;
    await verify(f, sid);
    issued = (await reportPdf(f, f.specialist, sid)).bytes;
  });

  it('carries a signature pdfsig finds valid over the whole file, as stored (the stored SHA-256 is of the signed bytes)', async () => {
    const { out } = pdfsig(issued);
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Total document signed');
    expect(out).toContain('ETSI.CAdES.detached');
    expect(out).toContain('SHA-256');
    const [row] = await t.database.db.select({ sha256: reportVersions.sha256 }).from(reportVersions).where(eq(reportVersions.sampleId, sid));
    const served = await reportPdf(f, f.specialist, sid);
    expect(served.sha256).toBe(row?.sha256);
  });

  it('is found altered by pdfsig when one byte of the signed content changes', () => {
    // A byte of the page content (inside the first signed range), swapped for another letter.
    const tampered = Buffer.from(issued);
    const at = tampered.indexOf('endstream') - 5;
    tampered[at] = tampered[at] === 0x41 ? 0x42 : 0x41;
    const { out } = pdfsig(tampered);
    expect(out).not.toContain('Signature is Valid.');
    expect(out).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('prints on every page a QR code of its own verification page (PUBLIC_URL/provjera/{token})', async () => {
    const tokens = await tokensOf(sid, 1);
    const codes = qrCodes(issued);
    expect(codes.length).toBeGreaterThan(0);
    // The token in capitals (QR's alphanumeric mode), as the code holds it; the lookup reads either case.
    for (const code of codes) expect(code).toMatch(new RegExp(`/provjera/${tokens.en?.toUpperCase()}$`));
    const answer = await lookup(codes[0]!.split('/').pop()!);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ provjera: ReportVerification }>().provjera).toMatchObject({ jezik: 'en', verzija: 1 });
  });

  it('keeps the code at 33 modules, which read at 150 dpi, for an address of up to 45 characters', () => {
    // 37 modules (the token in small letters, error correction M) left zbar unable to read one code in two.
    for (const publicUrl of ['http://localhost:8080', 'https://laboratorij.bolnica-primjer-zenica.ba']) {
      expect(publicUrl.length).toBeLessThanOrEqual(45);
      expect(qrModules(verificationUrl('f'.repeat(32), publicUrl)).pixx, publicUrl).toBe(33);
      expect(verificationQrReadable(publicUrl)).toBe(true);
    }
    expect(verificationQrReadable('https://nalazi.laboratorij-kantonalne-bolnice-zenica.ba')).toBe(false);
  });

  it('the settings show the self-signed certificate in use: subject and expiry, where the QR codes lead, never the key', async () => {
    const response = await f.client.get(f.admin, '/postavke/potpis');
    expect(response.statusCode, response.body).toBe(200);
    const { certificate } = response.json<{ certificate: SigningCertificate }>();
    expect(certificate).toMatchObject({ source: 'self-signed', self_signed: true, verification_qr_readable: true });
    // Where the QR codes lead: the address the reports print, less the version's token.
    expect(certificate.verification_address).toBe(verificationUrl(''));
    expect(certificate.verification_address).toMatch(/^https?:\/\/.+\/provjera\/$/);
    expect(certificate.subject).toContain('CN=');
    expect(new Date(certificate.valid_to).getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    expect(response.body).not.toMatch(/PRIVATE|password|p12/i);
    expect((await f.client.get(f.tech, '/postavke/potpis')).statusCode).toBe(403);
  });

  it('signs with a certificate installed in the settings from then on; a wrong password is a 400 naming p12', async () => {
    const own = makeSelfSignedIdentity('Laboratorija Instalirana');
    const wrong = await f.client.post(f.admin, '/postavke/potpis', { p12: own.p12.toString('base64'), password: 'nije-ta' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'nalazi.certificateInvalid', field: 'p12' });
    const installed = await f.client.post(f.admin, '/postavke/potpis', { p12: own.p12.toString('base64'), password: own.password });
    expect(installed.statusCode, installed.body).toBe(200);
    expect(installed.json<{ certificate: SigningCertificate }>().certificate).toMatchObject({ source: 'uploaded' });
    const sample = await approvedSample(f, await reportPatient(f, ['Engleski jezik']));
    await verify(f, sample._id);
    const { out } = pdfsig((await reportPdf(f, f.specialist, sample._id)).bytes);
    expect(out).toContain('Laboratorija Instalirana');
    expect(out).toContain('Signature is Valid.');
  });
});

describe('the verification page', () => {
  it('names lab, site, code, version and hash; current until a correction supersedes it; never a name, JMBG or result', async () => {
    const patientId = await reportPatient(f, ['Bosanski jezik']);
    const sample = await approvedSample(f, patientId);
    await verify(f, sample._id);
    const [patient] = await t.database.db.select({ jmbg: patients.jmbg, ime: patients.ime, prezime: patients.prezime }).from(patients).where(eq(patients.id, patientId));
    const first = (await tokensOf(sample._id, 1)).bs ?? '';
    const bytes = (await reportPdf(f, f.specialist, sample._id)).bytes;

    const answer = await lookup(first);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { provjera } = answer.json<{ provjera: ReportVerification }>();
    expect(provjera).toMatchObject({ code: sample.code, verzija: 1, jezik: 'bs', current: true, superseded_by: null, corrected: false });
    expect(provjera.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(provjera.site).not.toBe('');
    expect(provjera.lab).not.toBe('');
    // What the page never shows: the patient's name, JMBG, or any result printed on the report.
    // The answer holds exactly these fields; the time and the hash are left out of the text search
    // because their digits can spell a result by chance ('…09:57.202Z' holds '7.2').
    expect(Object.keys(provjera).sort()).toEqual(
      ['code', 'corrected', 'current', 'issued_at', 'jezik', 'lab', 'sha256', 'site', 'superseded_by', 'verzija'],
    );
    const shown = JSON.stringify({ ...provjera, issued_at: undefined, sha256: undefined });
    for (const secret of [patient?.jmbg, patient?.ime, patient?.prezime, 'Đurđa', '7,2', '7.2', '6,5', 'Negativan', 'hemolizovan']) {
      expect(shown).not.toContain(secret);
    }
    expect(pdfText(bytes)).toContain('7,2');

    await unlockAndReverify(f, sample._id, 'Ispravka kalija');
    const again = (await lookup(first)).json<{ provjera: ReportVerification }>().provjera;
    expect(again).toMatchObject({ verzija: 1, current: false, superseded_by: { verzija: 2 } });
    expect(new Date(again.superseded_by?.issued_at ?? 0).getTime()).toBeGreaterThanOrEqual(new Date(provjera.issued_at).getTime());
    const second = (await lookup((await tokensOf(sample._id, 2)).bs ?? '')).json<{ provjera: ReportVerification }>().provjera;
    expect(second).toMatchObject({ verzija: 2, current: true, corrected: true, superseded_by: null });
    expect(second.sha256).not.toBe(provjera.sha256);
  });

  it('answers an unknown or malformed token with a plain 404, and logs the miss with the address', async () => {
    for (const token of ['0'.repeat(32), 'not-a-token', `${'a'.repeat(31)}Z`]) {
      const response = await lookup(token, '203.0.113.8');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'notFound' });
    }
    const misses = await t.database.db.select().from(accessLog).where(and(eq(accessLog.entity, 'report_verification'), eq(accessLog.ip, '203.0.113.8')));
    expect(misses.map((row) => row.entityId)).toEqual(['not-found', 'not-found', 'not-found']);
  });

  it('logs every lookup in the access log with the address, without a user', async () => {
    const sample = await approvedSample(f, await reportPatient(f, ['Bosanski jezik']));
    await verify(f, sample._id);
    const [version] = await t.database.db.select({ id: reportVersions.id, token: reportVersions.verificationToken }).from(reportVersions).where(eq(reportVersions.sampleId, sample._id));
    await lookup(version?.token ?? '', '198.51.100.23');
    await lookup(version?.token ?? '', '198.51.100.23');
    const rows = await t.database.db.select().from(accessLog).where(and(eq(accessLog.entity, 'report_verification'), eq(accessLog.entityId, version?.id ?? '')));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ userId: null, ip: '198.51.100.23' });
    expect(rows[0]?.requestId).toBeTruthy();
  });

  it('refuses more than 30 lookups a minute from one address with 429, while another address is still answered', async () => {
    const token = 'f'.repeat(32);
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) statuses.push((await lookup(token, '192.0.2.50')).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await lookup(token, '192.0.2.51')).statusCode).toBe(404);
  });
});
