/** Report languages a patient can be given. */
export const REPORT_LANGUAGES = ['Bosanski jezik', 'Engleski jezik', 'Njemački jezik'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export function isReportLanguage(value: string): value is ReportLanguage {
  return (REPORT_LANGUAGES as readonly string[]).includes(value);
}

export const PATIENT_LIMITS = {
  ime: 100, prezime: 100, adresa: 300, telefon: 40, email: 254, passport: 40, note: 2000, lokacija: 200,
} as const;

/** local@domain.tld: no spaces, one @, a dot in the domain (what a mail server will accept for delivery). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= PATIENT_LIMITS.email && EMAIL_PATTERN.test(value);
}

/** ime and prezime are sent trimmed and upper-cased. */
export function normaliseName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}
