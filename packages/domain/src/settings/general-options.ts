import { z } from 'zod';
import { ROLES, type Role } from '../permissions.ts';
import { CHAT_MAX_FILE_MB_LIMIT, DEFAULT_CHAT_MAX_FILE_MB } from '../chat/files.ts';
import { DEFAULT_PORTAL_CODE_DAYS, MAX_PORTAL_CODE_DAYS } from '../portal/code.ts';

/**
 * The lab's general options: a `setting_records` row of this type, lab-wide
 * (site_id null) with an optional row per site whose fields win over the
 * lab-wide ones. Result reports read the letterhead from here (lab name and
 * address, the site's header lines, the footer); the settings screens edit it.
 * Every field has a default, so a lab that never saved its options still gets
 * a complete, valid value.
 *
 * Beside the letterhead the lab-wide row holds what sign-in reads: the idle
 * time a new user starts with, the report flags each role's session carries
 * and the sidebar entries each role does not see. A site's own row may only
 * change the letterhead (its text fields); the rest is the lab's.
 */
export const GENERAL_OPTIONS_TYPE = 'general_options';

/** The JMBG's identifier system in the FHIR API when the lab has set none. */
export const DEFAULT_JMBG_SYSTEM = 'urn:lis:jmbg';

/** The session's report flags: one per report of 'Izvještaji', each shown only when its flag is set. */
export const REPORT_FLAGS = ['fpodanu', 'ppodanu', 'ppomjestu', 'ppolokaciji', 'protokol', 'tatpopacijentu', 'worklists'] as const;
export type ReportFlag = (typeof REPORT_FLAGS)[number];
export type ReportFlags = Record<ReportFlag, boolean>;

/**
 * The report flags of a role when the lab has set none: specialists and
 * administrators see every report; technicians the protocol and worklists;
 * viewers none of the three.
 */
export function defaultReportFlags(role: Role): ReportFlags {
  const full = role === 'admin' || role === 'specialist';
  return {
    fpodanu: full, ppodanu: full, ppomjestu: full, ppolokaciji: full,
    protokol: role !== 'viewer', tatpopacijentu: full, worklists: role !== 'viewer',
  };
}

/** Idle time (seconds) a new user gets when the lab has set none: 8 hours, the spec's default. */
export const DEFAULT_IDLE_SECONDS = 28_800;
/** A user's idle time is between one minute and one day. */
export const MIN_IDLE_SECONDS = 60;
export const MAX_IDLE_SECONDS = 86_400;

export const idleTimeSchema = z.number({ error: 'settings.idleTimeInvalid' }).int({ error: 'settings.idleTimeInvalid' })
  .min(MIN_IDLE_SECONDS, { error: 'settings.idleTimeInvalid' }).max(MAX_IDLE_SECONDS, { error: 'settings.idleTimeInvalid' });

const roleKey = z.enum(ROLES);
const reportFlagOverrides = z.partialRecord(z.enum(REPORT_FLAGS), z.boolean());

export const generalOptionsSchema = z.object({
  /** The laboratory's name at the head of every result report and invoice. */
  labName: z.string().trim().max(200).default(''),
  /** The laboratory's address under its name; empty means the performing site's address. */
  labAddress: z.string().trim().max(300).default(''),
  /** Further header lines (accreditation, phone, e-mail), printed as written. */
  reportHeader: z.string().trim().max(1000).default(''),
  /** Footer of every report page (e.g. the legal note on result interpretation). */
  reportFooter: z.string().trim().max(1000).default(''),
  /** Seconds of inactivity before a new user's session ends (the registration dialog's default). */
  defaultIdleTime: idleTimeSchema.default(DEFAULT_IDLE_SECONDS),
  /** Per role, report flags that differ from `defaultReportFlags`; what is not named keeps the default. */
  reportFlags: z.partialRecord(roleKey, reportFlagOverrides).default({}),
  /**
   * Per role, sidebar paths that role does not see. Hiding only takes an entry out of the menu; what a role
   * may open is still its permissions, and nothing hidden here can grant what a permission forbids.
   */
  hiddenMenu: z.partialRecord(roleKey, z.array(z.string().max(200)).max(100)).default({}),
  /** The largest file (whole megabytes) a chat message may carry, up to the server's own limit. */
  chatMaxFileMb: z.number({ error: 'settings.chatMaxFileInvalid' }).int({ error: 'settings.chatMaxFileInvalid' })
    .min(1, { error: 'settings.chatMaxFileInvalid' }).max(CHAT_MAX_FILE_MB_LIMIT, { error: 'settings.chatMaxFileInvalid' })
    .default(DEFAULT_CHAT_MAX_FILE_MB),
  /** The identifier system the FHIR API gives the JMBG (Patient.identifier.system); a hospital may expect its national URI. */
  fhirJmbgSystem: z.string().trim().min(1, { error: 'settings.identifierSystemInvalid' }).max(200, { error: 'settings.identifierSystemInvalid' })
    .regex(/^(urn:[A-Za-z0-9][A-Za-z0-9-]{0,31}:\S+|https?:\/\/\S+)$/, { error: 'settings.identifierSystemInvalid' })
    .default(DEFAULT_JMBG_SYSTEM),
  /** Days a patient-portal code mailed at a verification stays usable (unused, not revoked). */
  portalCodeDays: z.number({ error: 'settings.portalCodeDaysInvalid' }).int({ error: 'settings.portalCodeDaysInvalid' })
    .min(1, { error: 'settings.portalCodeDaysInvalid' }).max(MAX_PORTAL_CODE_DAYS, { error: 'settings.portalCodeDaysInvalid' })
    .default(DEFAULT_PORTAL_CODE_DAYS),
});
export type GeneralOptions = z.output<typeof generalOptionsSchema>;
export type GeneralOptionsInput = z.input<typeof generalOptionsSchema>;

/** The letterhead fields a site's own record may set (each wins over the lab's when not blank). */
export const SITE_OPTION_FIELDS = ['labName', 'labAddress', 'reportHeader', 'reportFooter'] as const;

function sourceOf(stored: unknown): Record<string, unknown> {
  return stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
}

/** A stored record (any JSON) read field by field: a malformed field falls back to its default without taking the others with it. */
export function generalOptionsFrom(stored: unknown): GeneralOptions {
  const source = sourceOf(stored);
  const defaults = generalOptionsSchema.parse({});
  const shape = generalOptionsSchema.shape;
  const field = <K extends keyof GeneralOptions>(key: K): GeneralOptions[K] => {
    const parsed = shape[key].safeParse(source[key]);
    return (parsed.success ? parsed.data : defaults[key]) as GeneralOptions[K];
  };
  return {
    labName: field('labName'), labAddress: field('labAddress'), reportHeader: field('reportHeader'), reportFooter: field('reportFooter'),
    defaultIdleTime: field('defaultIdleTime'), reportFlags: field('reportFlags'), hiddenMenu: field('hiddenMenu'),
    chatMaxFileMb: field('chatMaxFileMb'), fhirJmbgSystem: field('fhirJmbgSystem'), portalCodeDays: field('portalCodeDays'),
  };
}

/** The options in force for a site: the site's own record over the lab-wide one, field by field (a blank site field does not hide the lab's). */
export function effectiveGeneralOptions(labWide: unknown, siteOwn: unknown): GeneralOptions {
  const merged = generalOptionsFrom(labWide);
  const site = generalOptionsFrom(siteOwn);
  for (const key of SITE_OPTION_FIELDS) {
    if (site[key] !== '') merged[key] = site[key];
  }
  return merged;
}

/** The report flags a role's session carries: the lab's choice where it made one, else the default. */
export function reportFlagsFor(options: Pick<GeneralOptions, 'reportFlags'>, role: Role): ReportFlags {
  return { ...defaultReportFlags(role), ...options.reportFlags[role] };
}

/** Every role's report flags in force (the options screen shows and saves all of them). */
export function allReportFlags(options: Pick<GeneralOptions, 'reportFlags'>): Record<Role, ReportFlags> {
  return Object.fromEntries(ROLES.map((role) => [role, reportFlagsFor(options, role)])) as Record<Role, ReportFlags>;
}

/** The sidebar paths a role does not see. */
export function hiddenMenuFor(options: Pick<GeneralOptions, 'hiddenMenu'>, role: Role): readonly string[] {
  return options.hiddenMenu[role] ?? [];
}
