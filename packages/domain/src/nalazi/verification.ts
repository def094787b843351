import { z } from 'zod';
import { failureResponses, instantSchema, pathParam, successAnswer } from '../answers.ts';
import { defineCall } from '../call.ts';
import { REPORT_JEZICI } from './languages.ts';

/**
 * A report's public verification (GET /api/provjera/{token}, no sign-in): what anyone holding a printed or
 * e-mailed report may learn from its QR code to tell whether it is genuine and current. It names the lab,
 * the site, the sample code, the version and its state, and the SHA-256 of the signed PDF as issued; it
 * never carries a name, a JMBG or a result, because the token may be read by anyone who sees the paper.
 */

/**
 * A verification token: 32 hex digits (128 random bits), stored in small letters. The QR code prints it in
 * capitals (see verificationUrl on the server), so it is read in either case.
 */
export const VERIFICATION_TOKEN = /^[0-9a-f]{32}$/i;

export const verificationParams = z.object({ token: pathParam('The token of the QR code (32 hex digits)') });

export const reportVerification = z.object({
  /** The lab's name as its reports print it. */
  lab: z.string(),
  /** The performing site's name. */
  site: z.string(),
  /** The sample's code (the lab's own number, no personal datum). */
  code: z.string(),
  verzija: z.number().int(),
  /** The language of this PDF: the page opens in it. */
  jezik: z.enum(REPORT_JEZICI),
  issued_at: instantSchema,
  /** A corrected report (a version after the first). */
  corrected: z.boolean(),
  /** True when no later version of the report has been issued. */
  current: z.boolean(),
  /** The version that replaced this one, and when it was issued; null while this one is current. */
  superseded_by: z.object({ verzija: z.number().int(), issued_at: instantSchema }).nullable(),
  /** SHA-256 of the signed PDF exactly as issued, hex. */
  sha256: z.string(),
});
export type ReportVerification = z.output<typeof reportVerification>;

export const reportVerificationAnswer = successAnswer({ provjera: reportVerification });

export const verificationContracts = {
  verify: defineCall({
    method: 'GET', path: '/provjera/:token', permission: 'public',
    params: verificationParams, response: { 200: reportVerificationAnswer, ...failureResponses },
  }),
} as const;

/** The certificate that signs the lab's reports, as the settings screen shows it (never its key). */
export const signingCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  valid_from: instantSchema,
  valid_to: instantSchema,
  /** SHA-256 fingerprint, hex pairs with colons. */
  fingerprint: z.string(),
  self_signed: z.boolean(),
  /** environment: REPORT_SIGNING_P12; uploaded: installed in the settings; self-signed: made by the server at its first start. */
  source: z.enum(['environment', 'uploaded', 'self-signed']),
  /** Where the reports' QR codes lead: PUBLIC_URL/provjera/ (the version's token follows). */
  verification_address: z.string(),
  /** False when that address is too long for a QR code that reads when printed (33 modules at most): PUBLIC_URL over about 45 characters. */
  verification_qr_readable: z.boolean(),
});
export type SigningCertificate = z.output<typeof signingCertificate>;
export const signingCertificateAnswer = successAnswer({ certificate: signingCertificate });

/** POST /postavke/potpis: a PKCS#12 file (base64) and its password. */
export const installCertificateRequest = z.object({
  p12: z.base64({ error: 'form.invalid' }).min(1, { error: 'form.required' }).max(200_000, { error: 'form.invalid' }),
  password: z.string({ error: 'form.required' }).max(500, { error: 'form.invalid' }),
});

export const signingContracts = {
  certificate: defineCall({
    method: 'GET', path: '/postavke/potpis', permission: 'settings.write',
    response: { 200: signingCertificateAnswer, ...failureResponses },
  }),
  install: defineCall({
    method: 'POST', path: '/postavke/potpis', permission: 'settings.write',
    body: installCertificateRequest, response: { 200: signingCertificateAnswer, ...failureResponses },
  }),
} as const;
