import { describe, expect, it } from 'vitest';
import { buildReportContent, type ReportInput } from './content.ts';
import { freezeReportInput, thawReportInput, type FrozenReportInput } from './frozen.ts';
import { REPORT_JEZICI } from './languages.ts';

const version: Omit<ReportInput, 'jezik'> = {
  timeZone: 'Europe/Sarajevo',
  letterhead: { labName: 'Laboratorij Čaršija', address: 'Ferhadija 1', header: 'Tel. 033 000 000', footer: 'Napomena', siteName: 'Sarajevo (SA)' },
  patient: { ime: 'ĐURĐA', prezime: 'ČOLIĆ', jmbg: '0101990175007', godiste: 1990, spol: 'ŽENSKI' },
  sample: { code: '261124001', type: 'Serum', lokacija: 'DZ Centar', doktor: 'dr. Žarković', komentar: 'Hemoliza', collectedAt: new Date('2026-11-24T06:30:00Z'), receivedAt: new Date('2026-11-24T07:10:00Z') },
  reportedAt: new Date('2026-11-24T10:05:00Z'),
  approved: { name: 'Tarik Tehničar', at: new Date('2026-11-24T09:00:00Z') },
  verified: { name: 'Selma Specijalista', at: new Date('2026-11-24T10:05:00Z') },
  verzija: 2,
  correction: { reason: 'Pogrešan kalij', replacesVerzija: 1, replacesIssuedAt: new Date('2026-11-23T23:30:00Z') },
  tests: [
    { section: { naziv: 'Biohemija', nazivEn: 'Clinical chemistry', nazivDe: 'Klinische Chemie', redoslijed: 1 }, name: { naziv: 'Kalij', nazivEn: 'Potassium', nazivDe: 'Kalium' }, redoslijed: 1, rezultat: '6,5', jedinica: 'mmol/L', range: { low: 3.5, high: 5.1, text: null }, flag: 'HH', calculated: false },
  ],
  microbiology: null,
};

describe('a frozen report version', () => {
  it('prints the same report in every language after a trip through JSON as the original input does', () => {
    const stored = JSON.parse(JSON.stringify(freezeReportInput(version))) as FrozenReportInput;
    const thawed = thawReportInput(stored);
    expect(thawed).toEqual(version);
    for (const jezik of REPORT_JEZICI) {
      expect(JSON.stringify(buildReportContent({ ...thawed, jezik }))).toBe(JSON.stringify(buildReportContent({ ...version, jezik })));
    }
  });

  it('keeps missing instants missing and refuses a broken one rather than printing a wrong date', () => {
    const plain = { ...version, sample: { ...version.sample, receivedAt: null }, approved: null, correction: null };
    expect(thawReportInput(JSON.parse(JSON.stringify(freezeReportInput(plain))) as FrozenReportInput)).toEqual(plain);
    const broken = { ...freezeReportInput(version), reportedAt: 'jučer' };
    expect(() => thawReportInput(broken)).toThrow(/broken instant/);
  });
});
