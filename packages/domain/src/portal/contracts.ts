import { z } from 'zod';
import { failureResponses, fileAnswer, instantSchema, messageCodeSchema, pathParam, pdfBytesSchema, successAnswer } from '../answers.ts';
import { defineCall } from '../call.ts';
import { REPORT_JEZICI } from '../nalazi/languages.ts';
import { patientIdParams } from '../patient/contracts.ts';

/**
 * The patient portal's calls (/portal in the browser). Its calls take no staff session (permission 'public'
 * for the staff auth hook): the portal's own token (from POST /portal/prijava) rides in `Authorization:
 * Bearer` and is checked by the portal's guard, which knows only portal sessions. So a staff token never
 * opens a portal call, and a portal token is unknown to every staff call (401).
 */

export const portalSignInRequest = z.object({
  email: z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(200, { error: 'form.invalid' }),
  kod: z.string({ error: 'form.required' }).trim().min(1, { error: 'form.required' }).max(40, { error: 'form.invalid' }),
});
export type PortalSignInRequest = z.output<typeof portalSignInRequest>;

export const portalSignInAnswer = successAnswer({ token: z.string(), expires_at: instantSchema });

const standingSchema = z.enum(['within', 'high', 'low', 'abnormal']).nullable();

export const portalReportSchema = z.object({
  /** The sample id: the report's key in the portal's PDF call. */
  sid: z.string(),
  code: z.string(),
  /** When the sample was taken. */
  datum: instantSchema,
  /** The current version's number, when it was issued, whether it is a corrected report, and its languages. */
  verzija: z.number().int(),
  issued_at: instantSchema,
  corrected: z.boolean(),
  jezici: z.array(z.enum(REPORT_JEZICI)),
  site: z.string(),
});
export type PortalReport = z.output<typeof portalReportSchema>;

export const portalTrendSchema = z.object({
  naziv: z.string(),
  naziv_en: z.string(),
  naziv_de: z.string(),
  jedinica: z.string(),
  points: z.array(z.object({
    sid: z.string(), code: z.string(), datum: instantSchema, rezultat: z.string(), value: z.number().nullable(),
    low: z.number().nullable(), high: z.number().nullable(), standing: standingSchema,
  })),
});

export const portalOverviewAnswer = successAnswer({
  pacijent: z.object({ ime: z.string(), prezime: z.string() }),
  lab: z.string(),
  nalazi: z.array(portalReportSchema),
  trendovi: z.array(portalTrendSchema),
});
export type PortalOverviewAnswer = z.output<typeof portalOverviewAnswer>;
export type PortalTrendAnswer = z.output<typeof portalTrendSchema>;

export const portalPdfParams = z.object({ sid: pathParam('The sample id of one of the signed-in patient\'s reports') });
export const portalPdfQuery = z.object({ jezik: z.enum(REPORT_JEZICI, { error: 'form.invalid' }).optional() });

export const portalRevokeAnswer = successAnswer({
  message: z.string(), code: messageCodeSchema, codes: z.number().int(), sessions: z.number().int(),
});

export const portalContracts = {
  signIn: defineCall({
    method: 'POST', path: '/portal/prijava', permission: 'public',
    body: portalSignInRequest, response: { 200: portalSignInAnswer, ...failureResponses },
  }),
  overview: defineCall({
    method: 'GET', path: '/portal/pregled', permission: 'public',
    response: { 200: portalOverviewAnswer, ...failureResponses },
  }),
  pdf: defineCall({
    method: 'GET', path: '/portal/nalaz/:sid', permission: 'public',
    params: portalPdfParams, querystring: portalPdfQuery,
    response: { 200: fileAnswer('application/pdf', 'The report as issued (PDF).', pdfBytesSchema), ...failureResponses },
  }),
  signOut: defineCall({
    method: 'POST', path: '/portal/odjava', permission: 'public',
    response: { 200: successAnswer({}), ...failureResponses },
  }),
  /** Staff: every unused code and open portal session of the patient ends now (audited). */
  revoke: defineCall({
    method: 'POST', path: '/pacijenti/portal/opozovi/:id', permission: 'patients.write',
    params: patientIdParams, response: { 200: portalRevokeAnswer, ...failureResponses },
  }),
} as const;
