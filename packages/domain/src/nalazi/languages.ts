import type { REPORT_LANGUAGES } from '../patient/intake.ts';

/** The languages a result report is printed in: Bosnian, English, German (the report's `jezik`). */
export const REPORT_JEZICI = ['bs', 'en', 'de'] as const;
export type ReportJezik = (typeof REPORT_JEZICI)[number];

export function isReportJezik(value: string): value is ReportJezik {
  return (REPORT_JEZICI as readonly string[]).includes(value);
}

/** The patient's report-language choice ('Bosanski jezik', ...) and the report language it stands for. */
const JEZIK_OF_CHOICE: Readonly<Record<(typeof REPORT_LANGUAGES)[number], ReportJezik>> = {
  'Bosanski jezik': 'bs',
  'Engleski jezik': 'en',
  'Njemački jezik': 'de',
};

/**
 * The reports a verified sample gets: one per language the patient asked for
 * (`patients.language`), always in the order bs, en, de; a patient who asked
 * for none (or only for languages the lab does not print) gets the Bosnian one.
 */
export function reportJeziciOf(patientLanguages: readonly string[]): ReportJezik[] {
  const asked = new Set(patientLanguages.map((choice) => JEZIK_OF_CHOICE[choice as keyof typeof JEZIK_OF_CHOICE]).filter(Boolean));
  const jezici = REPORT_JEZICI.filter((jezik) => asked.has(jezik));
  return jezici.length > 0 ? jezici : ['bs'];
}

/** A name kept in three languages (a test or a lab section): the translation, or the Bosnian name when it is blank. */
export interface TranslatedName {
  naziv: string;
  nazivEn: string;
  nazivDe: string;
}

export function nameIn(name: TranslatedName, jezik: ReportJezik): string {
  const translated = jezik === 'en' ? name.nazivEn : jezik === 'de' ? name.nazivDe : '';
  return translated.trim() === '' ? name.naziv : translated;
}

/**
 * The web's address suffix of a report in one language: `/nalazi/pregled/{id}_German`
 * opens the German report (the spec's route), `_English` the English one; none the Bosnian one.
 */
export const REPORT_ROUTE_SUFFIX: Readonly<Record<ReportJezik, string>> = { bs: '', en: '_English', de: '_German' };

/** The sample id and report language of a `/nalazi/pregled/{id}` address part. */
export function parseReportRouteId(value: string): { sid: string; jezik: ReportJezik | null } {
  for (const jezik of REPORT_JEZICI) {
    const suffix = REPORT_ROUTE_SUFFIX[jezik];
    if (suffix !== '' && value.endsWith(suffix)) return { sid: value.slice(0, -suffix.length), jezik };
  }
  return { sid: value, jezik: null };
}
