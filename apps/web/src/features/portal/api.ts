/**
 * The patient portal's calls. The portal's session token (from the sign-in) is kept in this tab only
 * (sessionStorage: closing the tab ends it here) and sent as the call's own bearer, never with the staff
 * session or its site.
 */
import { type PortalOverviewAnswer, type ReportJezik, portalContracts } from '@lis/domain';
import { ApiError, call } from '../../api/client.ts';

const STORAGE_KEY = 'lis.portal.token';

export const portalToken = {
  get: (): string | null => sessionStorage.getItem(STORAGE_KEY),
  set: (token: string) => sessionStorage.setItem(STORAGE_KEY, token),
  clear: () => sessionStorage.removeItem(STORAGE_KEY),
};

export async function portalSignIn(email: string, kod: string): Promise<void> {
  const answer = await call(portalContracts.signIn, { body: { email, kod } }, { anonymous: true });
  portalToken.set(answer.token);
}

/** The portal's overview; a 401 (session over, revoked) forgets the token, so the sign-in shows again. */
export async function portalOverview(token: string, signal?: AbortSignal): Promise<PortalOverviewAnswer> {
  try {
    return await call(portalContracts.overview, undefined, { signal, bearer: token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) portalToken.clear();
    throw error;
  }
}

export function portalReportPdf(token: string, sid: string, jezik: ReportJezik): Promise<Blob> {
  return call(portalContracts.pdf, { params: { sid }, query: { jezik } }, { bearer: token });
}

export async function portalSignOut(token: string): Promise<void> {
  try {
    await call(portalContracts.signOut, undefined, { bearer: token });
  } finally {
    portalToken.clear();
  }
}
