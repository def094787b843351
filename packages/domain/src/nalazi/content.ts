import { referenceRangeText, withDecimalMark, type ReferenceRangeLimits } from '../assays/reference-range-text.ts';
import { resultTextIn } from '../assays/result-text.ts';
import { standardAnswerIn } from '../assays/standard-answers.ts';
import type { ResultFlag } from '../assays/result-flags.ts';
import { toLocalDateText } from '../calendar-date.ts';
import { calendarDateOf, wallClockText } from '../time-zone.ts';
import { REPORT_LABELS, fillLabel, type ReportLabels } from './labels.ts';
import { nameIn, type ReportJezik, type TranslatedName } from './languages.ts';
import { buildMicrobiologyReport, type ReportMicrobiology, type ReportMicrobiologyInput } from '../microbiology/report.ts';

// What a printed result report says, decided once from plain data: the letterhead, the patient and sample
// blocks, the results grouped by section in report order with their range texts and flag marks, the
// correction notice, the signatures and the footer. The server only draws it (pdfkit); these rules are the
// report's content, so a test can read them without a PDF.

/** A person and when they acted (approval, verification). */
export interface ReportActor {
  name: string;
  at: Date;
}

/** One test of the sample as the report needs it. */
export interface ReportTestInput {
  section: TranslatedName & { redoslijed: number };
  name: TranslatedName;
  /** Report order of the test within its section. */
  redoslijed: number;
  /** The result exactly as entered or received; null when there is none. */
  rezultat: string | null;
  jedinica: string;
  /** The range that applied to this patient (sex, age at the sample date, pregnancy, menopause), or null. */
  range: ReferenceRangeLimits | null;
  /** The flag against that range and the assay's critical limits (N within range), or null. */
  flag: ResultFlag | null;
  calculated: boolean;
}

export interface ReportInput {
  jezik: ReportJezik;
  timeZone: string;
  letterhead: {
    labName: string;
    /** The lab's address from the general options, else the performing site's. */
    address: string;
    /** Further header lines as written (accreditation, phone ...), one per line. */
    header: string;
    footer: string;
    siteName: string;
  };
  patient: { ime: string; prezime: string; jmbg: string; godiste: number | null; spol: string };
  sample: {
    code: string;
    /** Sample material(s), as stored (the Bosnian names). */
    type: string;
    /**
     * The same material(s) in English and German, where the catalogue names them. Absent on versions issued
     * before sample types had those names: they print `type` as stored in every language.
     */
    typeNames?: { nazivEn: string; nazivDe: string };
    lokacija: string;
    doktor: string;
    komentar: string;
    collectedAt: Date;
    receivedAt: Date | null;
  };
  /** When the report was issued (the verification). */
  reportedAt: Date;
  approved: ReportActor | null;
  verified: ReportActor | null;
  /**
   * Set when the autoverification rules released the sample: the rule set and version that did, and the
   * specialist the site names responsible for such reports (null: none named). Absent on versions a person verified.
   */
  autoverified?: { ruleSet: string; responsible: string | null } | null;
  /**
   * A partial report: only the sections the autoverification rules released while the sample's other results were
   * still missing or waiting for a person (a later version is the final report). Absent: a whole sample's report.
   */
  partial?: boolean;
  verzija: number;
  /** Set on a corrected report (version 2 and later): the unlock's reason and the replaced version with its issue time. */
  correction: { reason: string; replacesVerzija: number; replacesIssuedAt: Date } | null;
  tests: readonly ReportTestInput[];
  /** The sample's cultures (isolates, antibiograms), printed after the results; absent or null: none. */
  microbiology?: ReportMicrobiologyInput | null;
}

/** How a result stands out: not at all, out of range (bold with its flag) or critical (LL/HH, bold and red). */
export type ReportEmphasis = 'normal' | 'abnormal' | 'critical';

export interface ReportRow {
  name: string;
  /** The result exactly as entered; the 'none' mark when missing. */
  value: string;
  unit: string;
  range: string;
  /** L, H, LL, HH, A or ''. */
  flag: string;
  emphasis: ReportEmphasis;
  calculated: boolean;
}

export interface ReportSection {
  title: string;
  rows: ReportRow[];
}

export interface ReportField {
  label: string;
  value: string;
}

export interface ReportContent {
  jezik: ReportJezik;
  title: string;
  /** `site`: the performing site, printed beside the lab's name ('' when the site's name is the heading itself). */
  letterhead: { name: string; address: string; lines: string[]; site: string };
  /** The corrected report's notice: its heading and lines (what it replaces, why). */
  correction: { title: string; lines: string[] } | null;
  patientFields: ReportField[];
  sampleFields: ReportField[];
  columns: { test: string; result: string; unit: string; reference: string; flag: string };
  continued: string;
  sections: ReportSection[];
  /** The cultures with their isolates and antibiograms, after the results table; null without a culture. */
  microbiology: ReportMicrobiology | null;
  legend: string[];
  comment: ReportField | null;
  signatures: ReportField[];
  footer: string[];
  /** 'Page x of y' for a page. */
  pageText: (page: number, pages: number) => string;
  /** The document's title (PDF metadata). */
  documentTitle: string;
}

/** An instant as the report prints it: dd.mm.yyyy HH:mm on the site's wall clock. */
export function reportDateTime(instant: Date, timeZone: string): string {
  return `${toLocalDateText(calendarDateOf(instant, timeZone))} ${wallClockText(instant, timeZone).slice(11, 16)}`;
}

const FLAG_EMPHASIS: Readonly<Record<ResultFlag, ReportEmphasis>> = { N: 'normal', L: 'abnormal', H: 'abnormal', A: 'abnormal', LL: 'critical', HH: 'critical' };

/** The flag printed beside a result (N, within range, prints nothing) and how the row stands out. */
export function reportFlag(flag: ResultFlag | null): { flag: string; emphasis: ReportEmphasis } {
  if (flag === null || flag === 'N') return { flag: '', emphasis: 'normal' };
  return { flag, emphasis: FLAG_EMPHASIS[flag] };
}

function lines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
}

/** Report order of a sample's tests: by section (its order, then its name), then the test's order in its section. */
export function compareReportTests(a: ReportTestInput, b: ReportTestInput): number {
  return a.section.redoslijed - b.section.redoslijed || a.section.naziv.localeCompare(b.section.naziv) || a.redoslijed - b.redoslijed;
}

/** The key that tells one section of a report from the next (its order and Bosnian name). */
export function reportSectionKey(test: ReportTestInput): string {
  return `${test.section.redoslijed}\u0000${test.section.naziv}`;
}

/** One test as a report prints it in `jezik`: its name, value, unit, range text, flag mark and emphasis. */
export function reportRowOf(test: ReportTestInput, jezik: ReportJezik): ReportRow {
  const mark = jezik === 'en' ? '.' : ',';
  const rezultat = test.rezultat?.trim() ? test.rezultat : null;
  const { flag, emphasis } = rezultat === null ? { flag: '', emphasis: 'normal' as const } : reportFlag(test.flag);
  return {
    name: nameIn(test.name, jezik),
    // Every number prints with the report language's decimal mark like the ranges beside it (3,30 in Bosnian
    // and German, 3.30 in English), whichever mark it was typed or stored with; a standard answer (Negativan) in
    // the report's language, other text as it was entered.
    value: rezultat === null ? REPORT_LABELS[jezik].none : resultTextIn(rezultat, jezik),
    unit: test.jedinica,
    range: test.range ? referenceRangeText(test.range, (value) => withDecimalMark(String(value), mark), (answer) => standardAnswerIn(answer, jezik)) : '',
    flag,
    emphasis,
    calculated: test.calculated,
  };
}

/** The sections in report order, each with its tests in report order; a section without tests is left out. */
function sectionsOf(input: ReportInput): ReportSection[] {
  const ordered = [...input.tests].sort(compareReportTests);
  const sections: ReportSection[] = [];
  const keys: string[] = [];
  for (const test of ordered) {
    const key = reportSectionKey(test);
    if (keys.at(-1) !== key) {
      keys.push(key);
      sections.push({ title: nameIn(test.section, input.jezik), rows: [] });
    }
    sections[sections.length - 1]!.rows.push(reportRowOf(test, input.jezik));
  }
  return sections;
}

/** The letterhead a report prints: the lab's name (else the site's), its address, header lines, and the performing site beside the lab's name. */
export function reportLetterhead(letterhead: ReportInput['letterhead']): ReportContent['letterhead'] {
  return {
    name: letterhead.labName.trim() || letterhead.siteName,
    address: letterhead.address.trim(),
    lines: lines(letterhead.header),
    // The performing site beside the lab's name; without a lab name the site's name heads the report alone.
    site: letterhead.labName.trim() ? letterhead.siteName : '',
  };
}

/** The patient block of a report: name, personal ID, birth year and sex in `jezik`. */
export function reportPatientFields(patient: ReportInput['patient'], jezik: ReportJezik): ReportField[] {
  const labels = REPORT_LABELS[jezik];
  const spol = patient.spol === 'MUŠKI' || patient.spol === 'ŽENSKI' ? labels.sexValues[patient.spol] : labels.none;
  return [
    { label: labels.patient, value: `${patient.prezime} ${patient.ime}`.trim() },
    { label: labels.jmbg, value: patient.jmbg },
    { label: labels.birthYear, value: patient.godiste === null ? labels.none : String(patient.godiste) },
    { label: labels.sex, value: spol },
  ];
}

/** The lab's footer text as lines (blank lines left out). */
export function reportFooterLines(letterhead: ReportInput['letterhead']): string[] {
  return lines(letterhead.footer);
}

/** The whole content of one report in its language. */
/**
 * Who verified: the person, or the rules' account with the rule set that released the sample and, on its own
 * line, the specialist the site names responsible for what the rules release.
 */
function verifiedLine(
  verified: ReportActor, autoverified: { ruleSet: string; responsible: string | null } | null, labels: ReportLabels, at: (instant: Date) => string,
): string {
  if (!autoverified) return `${verified.name}, ${at(verified.at)}`;
  const released = `${verified.name} (${autoverified.ruleSet}), ${at(verified.at)}`;
  return autoverified.responsible ? `${released}\n${labels.responsibleSpecialist}: ${autoverified.responsible}` : released;
}

export function buildReportContent(input: ReportInput): ReportContent {
  const labels = REPORT_LABELS[input.jezik];
  const at = (instant: Date) => reportDateTime(instant, input.timeZone);
  const sections = sectionsOf(input);
  const rows = sections.flatMap((section) => section.rows);
  const { patient, sample } = input;
  const referral = [sample.lokacija, sample.doktor].map((part) => part.trim()).filter(Boolean).join(', ');

  const sampleFields: ReportField[] = [
    { label: labels.sampleCode, value: sample.code },
    { label: labels.sampleType, value: nameIn({ naziv: sample.type, ...(sample.typeNames ?? { nazivEn: '', nazivDe: '' }) }, input.jezik).trim() || labels.none },
    { label: labels.collected, value: at(sample.collectedAt) },
    { label: labels.received, value: sample.receivedAt ? at(sample.receivedAt) : labels.none },
    { label: labels.reported, value: at(input.reportedAt) },
  ];
  const patientFields: ReportField[] = [
    ...reportPatientFields(patient, input.jezik),
    ...(referral ? [{ label: labels.referredBy, value: referral }] : []),
  ];
  const signatures: ReportField[] = [
    { label: labels.approvedBy, value: input.approved ? `${input.approved.name}, ${at(input.approved.at)}` : labels.none },
    { label: labels.verifiedBy, value: input.verified ? verifiedLine(input.verified, input.autoverified ?? null, labels, at) : labels.none },
  ];
  const legend = [
    ...(input.partial ? [labels.partialNote] : []), labels.legend, ...(rows.some((row) => row.calculated) ? [labels.calculatedLegend] : []),
  ];
  const correction = input.correction
    ? {
      title: labels.correctedTitle,
      lines: [
        fillLabel(labels.correctedReplaces, { verzija: input.correction.replacesVerzija, date: at(input.correction.replacesIssuedAt) }),
        `${labels.correctionReason}: ${input.correction.reason.trim() || labels.none}`,
      ],
    }
    : null;

  // A correction says so first; a partial report that is not one is headed as partial.
  const title = correction ? labels.correctedTitle : input.partial ? labels.partialTitle : labels.title;
  return {
    jezik: input.jezik,
    title,
    letterhead: reportLetterhead(input.letterhead),
    correction,
    patientFields,
    sampleFields,
    columns: { test: labels.test, result: labels.result, unit: labels.unit, reference: labels.reference, flag: labels.flag },
    continued: labels.continued,
    sections,
    microbiology: buildMicrobiologyReport(input.microbiology, input.jezik),
    legend,
    comment: sample.komentar.trim() ? { label: labels.comment, value: sample.komentar.trim() } : null,
    signatures,
    footer: reportFooterLines(input.letterhead),
    pageText: (page, pages) => `${fillLabel(labels.page, { page, pages })} · ${labels.sampleCode} ${sample.code} · ${labels.version} ${input.verzija}`,
    documentTitle: `${title} ${sample.code} (${labels.version} ${input.verzija})`,
  };
}
