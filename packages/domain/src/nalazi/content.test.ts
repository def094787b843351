import { describe, expect, it } from 'vitest';
import { buildReportContent, reportDateTime, reportFlag, type ReportInput } from './content.ts';
import { nameIn, parseReportRouteId, reportJeziciOf } from './languages.ts';
import { REPORT_LABELS } from './labels.ts';

const sectionA = { naziv: 'Biohemija', nazivEn: 'Clinical chemistry', nazivDe: 'Klinische Chemie', redoslijed: 1 };
const sectionB = { naziv: 'Hematologija', nazivEn: '', nazivDe: 'Hämatologie', redoslijed: 2 };

function input(overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    jezik: 'bs',
    timeZone: 'Europe/Sarajevo',
    letterhead: { labName: 'Laboratorij Čaršija', address: 'Ferhadija 1', header: 'Tel. 033 000 000\n\n  Akreditovan  ', footer: 'Napomena', siteName: 'Sarajevo (SA)' },
    patient: { ime: 'ĐURĐA', prezime: 'ČOLIĆ', jmbg: '0101990175007', godiste: 1990, spol: 'ŽENSKI' },
    sample: { code: '261124001', type: 'Serum', lokacija: 'DZ Centar', doktor: '', komentar: '  ', collectedAt: new Date('2026-11-24T06:30:00Z'), receivedAt: null },
    reportedAt: new Date('2026-11-24T10:05:00Z'),
    approved: { name: 'Tarik Tehničar', at: new Date('2026-11-24T09:00:00Z') },
    verified: { name: 'Selma Specijalista', at: new Date('2026-11-24T10:05:00Z') },
    verzija: 1,
    correction: null,
    tests: [
      { section: sectionB, name: { naziv: 'Hemoglobin', nazivEn: 'Haemoglobin', nazivDe: '' }, redoslijed: 1, rezultat: '95', jedinica: 'g/L', range: { low: 120, high: 160, text: null }, flag: 'L', calculated: false },
      { section: sectionA, name: { naziv: 'Kalij', nazivEn: 'Potassium', nazivDe: 'Kalium' }, redoslijed: 2, rezultat: '6,5', jedinica: 'mmol/L', range: { low: 3.5, high: 5.1, text: null }, flag: 'HH', calculated: false },
      { section: sectionA, name: { naziv: 'Glukoza', nazivEn: 'Glucose', nazivDe: 'Glukose' }, redoslijed: 1, rezultat: '5.4', jedinica: 'mmol/L', range: { low: 3.9, high: 6.1, text: null }, flag: 'N', calculated: false },
      { section: sectionA, name: { naziv: 'LDL', nazivEn: 'LDL', nazivDe: 'LDL' }, redoslijed: 3, rezultat: null, jedinica: 'mmol/L', range: { low: null, high: 3.4, text: null }, flag: null, calculated: true },
      { section: sectionA, name: { naziv: 'HIV', nazivEn: 'HIV', nazivDe: 'HIV' }, redoslijed: 4, rezultat: 'Pozitivan', jedinica: '', range: { low: null, high: null, text: 'Negativan;Neg.' }, flag: 'A', calculated: false },
    ],
    ...overrides,
  };
}

describe('report languages', () => {
  it('prints one report per language the patient asked for, in bs, en, de order, Bosnian when none', () => {
    expect(reportJeziciOf(['Njemački jezik', 'Bosanski jezik'])).toEqual(['bs', 'de']);
    expect(reportJeziciOf(['Engleski jezik'])).toEqual(['en']);
    expect(reportJeziciOf([])).toEqual(['bs']);
    expect(reportJeziciOf(['Klingonski'])).toEqual(['bs']);
  });

  it('prints the translated name, or the Bosnian one when the translation is blank', () => {
    expect(nameIn({ naziv: 'Kalij', nazivEn: 'Potassium', nazivDe: ' ' }, 'en')).toBe('Potassium');
    expect(nameIn({ naziv: 'Kalij', nazivEn: 'Potassium', nazivDe: ' ' }, 'de')).toBe('Kalij');
    expect(nameIn({ naziv: 'Kalij', nazivEn: 'Potassium', nazivDe: 'Kalium' }, 'bs')).toBe('Kalij');
  });

  it("prints the sample's material in the report's language where the catalogue names it, as stored otherwise", () => {
    const typeIn = (jezik: 'bs' | 'en' | 'de', typeNames?: { nazivEn: string; nazivDe: string }) => buildReportContent(input({
      jezik, sample: { ...input().sample, type: 'Puna krv (K2EDTA)', ...(typeNames ? { typeNames } : {}) },
    })).sampleFields.find((field) => field.label === REPORT_LABELS[jezik].sampleType)?.value;
    const names = { nazivEn: 'Whole blood (K2EDTA)', nazivDe: '' };
    expect([typeIn('bs', names), typeIn('en', names), typeIn('de', names)]).toEqual(['Puna krv (K2EDTA)', 'Whole blood (K2EDTA)', 'Puna krv (K2EDTA)']);
    // A version issued before sample types had translations prints what it stored.
    expect(typeIn('en')).toBe('Puna krv (K2EDTA)');
  });

  it('reads the language of a report address: {id}_German is the German report', () => {
    expect(parseReportRouteId('abc_German')).toEqual({ sid: 'abc', jezik: 'de' });
    expect(parseReportRouteId('abc_English')).toEqual({ sid: 'abc', jezik: 'en' });
    expect(parseReportRouteId('abc')).toEqual({ sid: 'abc', jezik: null });
  });
});

describe('report content', () => {
  it('groups the results by section in report order, each test in its order, with range texts in the language\'s decimal mark', () => {
    const bs = buildReportContent(input());
    expect(bs.sections.map((section) => section.title)).toEqual(['Biohemija', 'Hematologija']);
    expect(bs.sections[0]?.rows.map((row) => row.name)).toEqual(['Glukoza', 'Kalij', 'LDL', 'HIV']);
    expect(bs.sections[0]?.rows[0]).toMatchObject({ value: '5,4', unit: 'mmol/L', range: '3,9 – 6,1', flag: '', emphasis: 'normal' });
    const en = buildReportContent(input({ jezik: 'en' }));
    expect(en.sections.map((section) => section.title)).toEqual(['Clinical chemistry', 'Hematologija']);
    expect(en.sections[0]?.rows[0]).toMatchObject({ name: 'Glucose', value: '5.4', range: '3.9 – 6.1' });
    expect(buildReportContent(input({ jezik: 'de' })).sections[1]?.rows[0]).toMatchObject({ name: 'Hemoglobin', range: '120 – 160' });
  });

  it("writes every numeric result with the report language's decimal mark, whichever mark it was typed with, and text as typed", () => {
    const tests = input().tests.map((test) => (test.name.naziv === 'LDL' ? { ...test, rezultat: '3.30', flag: 'N' as const } : test));
    const valueIn = (jezik: 'bs' | 'en' | 'de', name: string) =>
      buildReportContent(input({ tests, jezik })).sections.flatMap((section) => section.rows).find((row) => row.name === name)?.value;
    expect(valueIn('bs', 'LDL')).toBe('3,30');
    expect(valueIn('de', 'LDL')).toBe('3,30');
    expect(valueIn('en', 'LDL')).toBe('3.30');
    // One mark in a row: 'HDL 1.1' never prints beside '5,2'.
    expect(valueIn('bs', 'Glukoza')).toBe('5,4');
    expect(valueIn('bs', 'Kalij')).toBe('6,5');
    expect(valueIn('en', 'Kalium')).toBeUndefined();
    expect(valueIn('en', 'Potassium')).toBe('6.5');
    expect(valueIn('en', 'Glucose')).toBe('5.4');
    // A standard answer and its reference text in the report's language; typed free text as it was entered.
    expect(valueIn('en', 'HIV')).toBe('Positive');
    expect(valueIn('de', 'HIV')).toBe('Positiv');
    expect(valueIn('bs', 'HIV')).toBe('Pozitivan');
    const hivRange = (jezik: 'bs' | 'en' | 'de') => buildReportContent(input({ jezik })).sections.flatMap((section) => section.rows).find((row) => row.name === 'HIV')?.range;
    expect([hivRange('bs'), hivRange('en'), hivRange('de')]).toEqual(['Negativan / Neg.', 'Negative / Neg.', 'Negativ / Neg.']);
  });

  it('marks out-of-range results bold with their flag and critical ones apart; a missing result prints a dash without a flag', () => {
    const rows = buildReportContent(input()).sections.flatMap((section) => section.rows);
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('Kalij')).toMatchObject({ flag: 'HH', emphasis: 'critical' });
    expect(byName.get('Hemoglobin')).toMatchObject({ flag: 'L', emphasis: 'abnormal' });
    expect(byName.get('HIV')).toMatchObject({ flag: 'A', emphasis: 'abnormal', range: 'Negativan / Neg.' });
    expect(byName.get('LDL')).toMatchObject({ value: '—', flag: '', range: '≤ 3,4', calculated: true });
    expect(reportFlag('N')).toEqual({ flag: '', emphasis: 'normal' });
    expect(reportFlag('LL')).toEqual({ flag: 'LL', emphasis: 'critical' });
  });

  it('prints the letterhead, patient, sample, signatures and times on the site\'s wall clock', () => {
    const content = buildReportContent(input());
    expect(content.title).toBe('NALAZ');
    expect(content.letterhead).toEqual({ name: 'Laboratorij Čaršija', address: 'Ferhadija 1', lines: ['Tel. 033 000 000', 'Akreditovan'], site: 'Sarajevo (SA)' });
    expect(content.patientFields).toEqual([
      { label: 'Pacijent', value: 'ČOLIĆ ĐURĐA' }, { label: 'JMBG', value: '0101990175007' }, { label: 'Godište', value: '1990' },
      { label: 'Spol', value: 'Ženski' }, { label: 'Uputio', value: 'DZ Centar' },
    ]);
    expect(content.sampleFields).toContainEqual({ label: 'Uzorkovano', value: '24.11.2026 07:30' });
    expect(content.sampleFields).toContainEqual({ label: 'Zaprimljeno', value: '—' });
    expect(content.signatures[1]).toEqual({ label: 'Verificirao (medicinska validacija)', value: 'Selma Specijalista, 24.11.2026 11:05' });
    expect(content.comment).toBeNull();
    expect(content.legend).toContain('† izračunata vrijednost');
    expect(content.pageText(2, 3)).toBe('Stranica 2 od 3 · Šifra uzorka 261124001 · Verzija 1');
    expect(reportDateTime(new Date('2026-07-01T22:30:00Z'), 'Europe/Sarajevo')).toBe('02.07.2026 00:30');
  });

  it('names the rule set that released a sample and, on its own line, the responsible specialist the site names', () => {
    const verified = { name: 'Autoverifikacija', at: new Date('2026-11-24T10:05:00Z') };
    const released = buildReportContent(input({ verified, autoverified: { ruleSet: 'Biohemija v3', responsible: 'Selma Specijalista' } }));
    expect(released.signatures[1]?.value).toBe('Autoverifikacija (Biohemija v3), 24.11.2026 11:05\nOdgovorni specijalista: Selma Specijalista');
    const english = buildReportContent(input({ jezik: 'en', verified, autoverified: { ruleSet: 'Biohemija v3', responsible: 'Selma Specijalista' } }));
    expect(english.signatures[1]?.value).toContain('\nResponsible specialist: Selma Specijalista');
    const noneNamed = buildReportContent(input({ verified, autoverified: { ruleSet: 'Biohemija v3', responsible: null } }));
    expect(noneNamed.signatures[1]?.value).toBe('Autoverifikacija (Biohemija v3), 24.11.2026 11:05');
  });

  it('heads a corrected report in each language with the reason and the replaced version\'s date', () => {
    const correction = { reason: 'Pogrešan kalij', replacesVerzija: 1, replacesIssuedAt: new Date('2026-11-24T10:05:00Z') };
    const titles = { bs: 'KORIGOVANI NALAZ', en: 'Corrected report', de: 'Korrigierter Befund' } as const;
    for (const [jezik, title] of Object.entries(titles) as [keyof typeof titles, string][]) {
      const content = buildReportContent(input({ jezik, verzija: 2, correction }));
      expect(content.title).toBe(title);
      expect(content.correction?.title).toBe(title);
      expect(content.correction?.lines.join(' ')).toContain('Pogrešan kalij');
      expect(content.correction?.lines.join(' ')).toContain('24.11.2026 11:05');
    }
    expect(buildReportContent(input({ verzija: 2, correction })).correction?.lines[0]).toBe('Zamjenjuje nalaz verzije 1 izdat 24.11.2026 11:05.');
  });

  it('heads a partial report as partial in each language and says the other results follow; a corrected partial one as corrected', () => {
    const titles = { bs: 'DJELIMIČNI NALAZ', en: 'PARTIAL REPORT', de: 'TEILBEFUND' } as const;
    for (const [jezik, title] of Object.entries(titles) as [keyof typeof titles, string][]) {
      const content = buildReportContent(input({ jezik, partial: true }));
      expect(content.title).toBe(title);
      expect(content.documentTitle.startsWith(title)).toBe(true);
      expect(content.legend[0]).toMatch(/konačnom nalazu|final report|Endbefund/);
    }
    expect(buildReportContent(input()).legend.join(' ')).not.toContain('konačnom nalazu');
    const correction = { reason: 'Ponovljeno', replacesVerzija: 1, replacesIssuedAt: new Date('2026-11-24T10:05:00Z') };
    const corrected = buildReportContent(input({ partial: true, verzija: 2, correction }));
    expect(corrected.title).toBe('KORIGOVANI NALAZ');
    expect(corrected.legend[0]).toContain('konačnom nalazu');
  });

  it('uses the site name when the lab has no name in its options', () => {
    const letterhead = buildReportContent(input({ letterhead: { ...input().letterhead, labName: '' } })).letterhead;
    expect(letterhead.name).toBe('Sarajevo (SA)');
    expect(letterhead.site).toBe('');
  });
});
