import { type ReportVerification, verificationContracts } from '@lis/domain';
import { ApiError, call } from '../../api/client.ts';

/** A token no report version carries (or a malformed one): the page says 'not found' and nothing more. */
export class VerificationNotFound extends Error {}

/** GET /provjera/{token} without a session. */
export async function reportVerification(token: string, signal?: AbortSignal): Promise<ReportVerification> {
  try {
    return (await call(verificationContracts.verify, { params: { token } }, { signal, anonymous: true })).provjera;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new VerificationNotFound();
    throw error;
  }
}
