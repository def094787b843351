import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { MOST_MODULES, qrModules } from '../../lib/pdf/qr.ts';
import { type CertificateSummary, type PdfSigner, SigningIdentityError, makeSelfSignedIdentity, openPdfSigner } from '../../lib/pdf/signature.ts';
import { keepFirstIdentity, labNameForCertificate, replaceIdentity, storedIdentity } from './signing-repository.ts';

// Which certificate signs the lab's reports. A PKCS#12 file named by the environment (REPORT_SIGNING_P12 and
// REPORT_SIGNING_PASSWORD) wins; else the one an administrator installed in the settings; else a self-signed
// one the server made at its first start and keeps among the lab's secrets. An opened identity is kept in
// memory (opening a PKCS#12 file takes a tenth of a second; signing with it, a millisecond or two).

export interface SigningSettings {
  /** Path of a PKCS#12 file (REPORT_SIGNING_P12) and its password (REPORT_SIGNING_PASSWORD). */
  p12Path?: string | undefined;
  password?: string | undefined;
  /** Where the lab's web app is reached from outside (PUBLIC_URL): the QR codes point there. */
  publicUrl?: string | undefined;
}

export type CertificateSource = 'environment' | 'uploaded' | 'self-signed';

let settings: SigningSettings = {};
let fromEnvironment: { path: string; signer: PdfSigner } | null = null;
const opened = new Map<string, PdfSigner>();

/** Called when the routes are registered: the environment's certificate, if any, is opened now, so a wrong password stops the start. */
export function configureReportSigning(next: SigningSettings): void {
  settings = next;
  fromEnvironment = null;
  if (next.p12Path) fromEnvironment = { path: next.p12Path, signer: openPdfSigner(readFileSync(next.p12Path), next.password ?? '') };
}

function openStored(text: string, p12: Buffer, password: string): PdfSigner {
  const known = opened.get(text);
  if (known) return known;
  const signer = openPdfSigner(p12, password);
  // Tests build many databases in one process: keep a few, never an unbounded list.
  if (opened.size > 8) opened.clear();
  opened.set(text, signer);
  return signer;
}

/**
 * The address a version's QR code holds: PUBLIC_URL + /provjera/{token}, the token in capitals. A QR code
 * holds capitals and digits in its alphanumeric mode at 5.5 bits a character against 8 for any byte, so the
 * 32 digits take 22 bytes instead of 32, and a usual address fits a code of 33 × 33 modules, which still reads
 * when the page is printed or photographed at 150 dpi (lib/pdf/qr.ts). The server reads the token in either case.
 */
export function verificationUrl(token: string, publicUrl = settings.publicUrl): string {
  const base = (publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
  return `${base}/provjera/${token.toUpperCase()}`;
}

/**
 * Whether the QR code of a verification address of this PUBLIC_URL fits MOST_MODULES (lib/pdf/qr.ts): up to
 * about 45 characters of PUBLIC_URL it does; a longer one prints a denser code, which may not read.
 */
export function verificationQrReadable(publicUrl = settings.publicUrl): boolean {
  return qrModules(verificationUrl('0'.repeat(32), publicUrl)).pixx <= MOST_MODULES;
}

/** The patient portal's address as its mails give it (PUBLIC_URL/portal). */
export function portalUrl(): string {
  return `${(settings.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '')}/portal`;
}

/** A new version's verification token: 128 random bits, hex. */
export function newVerificationToken(): string {
  return randomBytes(16).toString('hex');
}

/** The signer of the lab's reports and where its certificate came from; makes the self-signed one when there is none yet. */
export async function reportSigner(db: Db): Promise<{ signer: PdfSigner; source: CertificateSource }> {
  if (settings.p12Path && fromEnvironment) return { signer: fromEnvironment.signer, source: 'environment' };
  const stored = (await storedIdentity(db))
    ?? await keepFirstIdentity(db, { ...makeSelfSignedIdentity(await labNameForCertificate(db)), source: 'self-signed' });
  return { signer: openStored(stored.text, stored.identity.p12, stored.identity.password), source: stored.identity.source };
}

/** At start-up: the lab has a signing certificate from then on (made now when none is set or stored). */
export async function ensureReportSigning(db: Db): Promise<void> {
  await reportSigner(db);
}

/** What the settings screen shows about the certificate in use: never its key or password. */
export async function signingCertificate(db: Db): Promise<CertificateSummary & { source: CertificateSource }> {
  const { signer, source } = await reportSigner(db);
  return { ...signer.certificate, source };
}

/**
 * Installs an administrator's PKCS#12 file, checked by opening it first (a wrong password or a file without
 * key and certificate: 400 naming `p12`); audited with the fingerprints, never the file or its password.
 * Reports issued from then on are signed with it; those issued before keep their signature.
 */
export async function installCertificate(db: Db, ctx: RequestContext, p12: Buffer, password: string): Promise<CertificateSummary> {
  let signer: PdfSigner;
  try {
    signer = openPdfSigner(p12, password);
  } catch (error) {
    if (error instanceof SigningIdentityError) throw AppError.badRequest('nalazi.certificateInvalid', 'p12');
    throw error;
  }
  const stored = await storedIdentity(db);
  const previous = stored ? openStored(stored.text, stored.identity.p12, stored.identity.password).certificate.fingerprint256 : null;
  await db.transaction(async (tx) => {
    await replaceIdentity(tx, { p12, password, source: 'uploaded' });
    await writeAudit(tx, ctx, {
      action: 'report.certificate', entity: 'report_signing', entityId: 'lab', field: 'certificate',
      oldValue: previous, newValue: { fingerprint: signer.certificate.fingerprint256, subject: signer.certificate.subject },
    });
  });
  return signer.certificate;
}
