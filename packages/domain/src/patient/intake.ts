import type { MessageCode } from '../messages.ts';
import { isSpol } from '../spol.ts';
import { isValidJmbg } from './personal-id.ts';
import { hasSymptomAnswer } from './symptoms.ts';

/** Report languages a patient can be given (spec section 1). */
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

/** ime and prezime are sent trimmed and upper-cased (spec section 5). */
export function normaliseName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

export interface IntakeForm {
  jmbg: string;
  ime: string;
  prezime: string;
  spol: string;
  adresa: string;
  telefon: string;
  email?: string;
  symptoms: Partial<Record<string, boolean>>;
}

export interface IntakeProblem {
  field: keyof IntakeForm;
  code: MessageCode;
}

/**
 * Why the intake form cannot be saved yet (spec section 5): a valid ID, a
 * symptom answer, and ime, prezime, spol, adresa and telefon filled; an e-mail,
 * when given, must look like one. Empty means save is enabled.
 */
export function intakeProblems(form: IntakeForm): IntakeProblem[] {
  const problems: IntakeProblem[] = [];
  if (!isValidJmbg(form.jmbg.trim())) problems.push({ field: 'jmbg', code: 'patient.jmbgInvalid' });
  for (const field of ['ime', 'prezime', 'adresa', 'telefon'] as const) {
    if (form[field].trim() === '') problems.push({ field, code: 'form.required' });
  }
  if (!isSpol(form.spol.trim())) problems.push({ field: 'spol', code: 'form.required' });
  if (!hasSymptomAnswer(form.symptoms)) problems.push({ field: 'symptoms', code: 'form.required' });
  const email = form.email?.trim() ?? '';
  if (email !== '' && !isValidEmail(email)) problems.push({ field: 'email', code: 'patient.emailInvalid' });
  return problems;
}

export function canSaveIntake(form: IntakeForm): boolean {
  return intakeProblems(form).length === 0;
}
