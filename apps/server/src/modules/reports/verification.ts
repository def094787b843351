import { type ReportVerification, VERIFICATION_TOKEN, effectiveGeneralOptions, isReportJezik } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { reportRepository } from './repository.ts';
import { logVerification, nextVersionOf, versionByToken } from './verification-repository.ts';

/**
 * GET /provjera/{token}, without sign-in: what the QR code of a report version lets anyone check. The lab and
 * site, the sample code, the version, when it was issued, whether a corrected version replaced it (which,
 * when), and the SHA-256 of the signed PDF. Built field by field from what is not personal: no name, JMBG or
 * result can reach the answer. The token is read in either case (the QR code prints it in capitals). An unknown
 * or malformed token is a plain 404. Every lookup is written to
 * the access log with the caller's address: the version found, or 'not-found'.
 */
export async function verifyReport(db: Db, token: string, caller: { ip: string; requestId: string }): Promise<ReportVerification> {
  const version = VERIFICATION_TOKEN.test(token) ? await versionByToken(db, token.toLowerCase()) : null;
  if (!version) {
    // A miss is logged too (without the token): many misses from one address are someone guessing.
    await logVerification(db, { siteId: null, versionId: 'not-found', ip: caller.ip, requestId: caller.requestId });
    throw AppError.notFound();
  }
  if (!isReportJezik(version.jezik)) throw new Error(`unknown report language in the database: ${version.jezik}`);
  const [next, options] = await Promise.all([
    nextVersionOf(db, version.siteId, version.sampleId, version.verzija),
    reportRepository(db, version.siteId).generalOptionsData(),
  ]);
  await logVerification(db, { siteId: version.siteId, versionId: version.id, ip: caller.ip, requestId: caller.requestId });
  const general = effectiveGeneralOptions(options.labWide, options.siteOwn);
  return {
    lab: general.labName.trim() || version.siteName,
    site: version.siteName,
    code: version.code,
    verzija: version.verzija,
    jezik: version.jezik,
    issued_at: version.issuedAt.toISOString(),
    corrected: version.corrected,
    current: next === null,
    superseded_by: next ? { verzija: next.verzija, issued_at: next.issuedAt.toISOString() } : null,
    sha256: version.sha256,
  };
}
