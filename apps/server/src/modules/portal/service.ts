import type { PortalOverviewAnswer, ReportJezik } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { labGeneralOptions } from '../general-options/service.ts';
import {
  type PortalCaller, type PortalSession, endPortalSession, logPortalRead, patientById, portalSession, portalSignIn,
} from '../patients/service.ts';
import { patientPortalPdf, patientPortalReports } from '../reports/service.ts';
import { AppError } from '../../lib/errors.ts';

// The patient portal (/portal): a patient signed in with a mailed one-time code reads their own verified
// reports and results over time. The credentials (codes, sessions, lockout, revocation) are the patients
// module's; the reports and their frozen contents the reports module's. Every read is logged in the access
// log with the caller's address.

export { portalSession, type PortalCaller, type PortalSession };

export function signIn(db: Db, input: { email: string; kod: string }, caller: PortalCaller) {
  return portalSignIn(db, input, caller);
}

export function signOut(db: Db, session: PortalSession): Promise<void> {
  return endPortalSession(db, session);
}

/** GET /portal/pregled: the patient's name, the lab, their reports and their results over time. */
export async function overview(db: Db, session: PortalSession, caller: PortalCaller): Promise<Omit<PortalOverviewAnswer, 'success'>> {
  const patient = await patientById(db, session.patientId);
  if (!patient) throw AppError.unauthorized();
  const [{ reports, trends }, options] = await Promise.all([patientPortalReports(db, patient.id), labGeneralOptions(db)]);
  await logPortalRead(db, { kind: 'view', entityId: patient.id, ...caller });
  return {
    pacijent: { ime: patient.ime, prezime: patient.prezime },
    lab: options.labName.trim() || (reports[0]?.site ?? ''),
    nalazi: reports,
    trendovi: trends,
  };
}

/** GET /portal/nalaz/{sid}: one of the patient's reports as issued; another patient's answers 404. */
export async function reportPdf(db: Db, session: PortalSession, sid: string, jezik: ReportJezik | undefined, caller: PortalCaller) {
  const found = await patientPortalPdf(db, session.patientId, sid, jezik);
  await logPortalRead(db, { kind: 'report', entityId: found.versionId, siteId: found.siteId, ...caller });
  return found;
}
