import { describe, expect, it } from 'vitest';
import { buildCumulativeReportContent, rangeAndUnit, type CumulativeReportInput } from './cumulative.ts';
import type { ReportTestInput } from './content.ts';

const chemistry = { naziv: 'Biohemija', nazivEn: 'Clinical chemistry', nazivDe: 'Klinische Chemie', redoslijed: 1 };
const haematology = { naziv: 'Hematologija', nazivEn: 'Haematology', nazivDe: '', redoslijed: 2 };

function test(name: string, rezultat: string | null, flag: ReportTestInput['flag'], extra: Partial<ReportTestInput> = {}): ReportTestInput {
  return {
    section: chemistry, name: { naziv: name, nazivEn: `${name} EN`, nazivDe: '' }, redoslijed: 1, rezultat, jedinica: 'mmol/L',
    range: { low: 3.9, high: 6.1, text: null }, flag, calculated: false, ...extra,
  };
}

function input(overrides: Partial<CumulativeReportInput> = {}): CumulativeReportInput {
  return {
    jezik: 'bs',
    timeZone: 'Europe/Sarajevo',
    letterhead: { labName: 'Laboratorij Čaršija', address: 'Ferhadija 1', header: '', footer: 'Napomena', siteName: 'Sarajevo (SA)' },
    patient: { ime: 'ĐURĐA', prezime: 'ČOLIĆ', jmbg: '0101990175007', godiste: 1990, spol: 'ŽENSKI' },
    period: { od: { year: 2026, month: 1, day: 1 }, do: { year: 2026, month: 11, day: 28 } },
    printedAt: new Date('2026-11-28T10:00:00Z'),
    samples: [
      // Newest first on purpose: the columns come out oldest first whatever the order given.
      {
        code: 'S2', collectedAt: new Date('2026-06-02T07:15:00Z'), tests: [
          test('Glukoza', '7.2', 'H'),
          test('Kalij', '6,5', 'HH', { redoslijed: 2, range: { low: 3.5, high: 5.1, text: null } }),
          test('Hemoglobin', '95', 'L', { section: haematology, jedinica: 'g/L', range: { low: 120, high: 160, text: null } }),
        ],
      },
      { code: 'S1', collectedAt: new Date('2026-03-01T08:00:00Z'), tests: [test('Glukoza', '5,4', 'N', { range: { low: 4, high: 6, text: null } }), test('CRP', null, null, { redoslijed: 3 })] },
      { code: 'S0', collectedAt: new Date('2026-02-01T08:00:00Z'), tests: [test('CRP', '', null, { redoslijed: 3 })] },
    ],
    ...overrides,
  };
}

describe('the cumulative report', () => {
  it('puts the samples with a result in columns, oldest first, headed by day, time and code in the site zone', () => {
    const content = buildCumulativeReportContent(input());
    expect(content.columns).toEqual([
      { date: '01.03.2026', time: '09:00', code: 'S1' },
      { date: '02.06.2026', time: '09:15', code: 'S2' },
    ]);
  });

  it('groups the assays by section in report order, each value with its own flag, the latest range and unit beside it', () => {
    const content = buildCumulativeReportContent(input());
    expect(content.sections.map((section) => section.title)).toEqual(['Biohemija', 'Hematologija']);
    const [glucose, potassium] = content.sections[0]!.rows;
    expect(glucose).toMatchObject({ name: 'Glukoza', unit: 'mmol/L', range: '3,9 – 6,1' });
    expect(glucose!.cells).toEqual([{ value: '5,4', flag: '', emphasis: 'normal' }, { value: '7,2', flag: 'H', emphasis: 'abnormal' }]);
    expect(potassium!.cells).toEqual([null, { value: '6,5', flag: 'HH', emphasis: 'critical' }]);
    // An assay without a value in the period has no row.
    expect(content.sections[0]!.rows.map((row) => row.name)).toEqual(['Glukoza', 'Kalij']);
    expect(content.sections[1]!.rows[0]).toMatchObject({ name: 'Hemoglobin', unit: 'g/L', cells: [null, { value: '95', flag: 'L' }] });
  });

  it('prints the names, decimal marks and texts of the language asked for', () => {
    const content = buildCumulativeReportContent(input({ jezik: 'en' }));
    expect(content.title).toBe('CUMULATIVE REPORT');
    expect(content.sections.map((section) => section.title)).toEqual(['Clinical chemistry', 'Haematology']);
    expect(content.sections[0]!.rows[0]).toMatchObject({ name: 'Glukoza EN', range: '3.9 – 6.1' });
    expect(content.sections[0]!.rows[0]!.cells[1]).toMatchObject({ value: '7.2' });
    expect(content.pageText(2, 3)).toBe('Page 2 of 3 · CUMULATIVE REPORT');
    const german = buildCumulativeReportContent(input({ jezik: 'de' }));
    // A blank translation prints the Bosnian name.
    expect(german.sections.map((section) => section.title)).toEqual(['Klinische Chemie', 'Hematologija']);
    expect(german.periodFields[0]).toEqual({ label: 'Zeitraum', value: '01.01.2026 – 28.11.2026' });
  });

  it('heads every further page with the lab, the patient and the period', () => {
    const content = buildCumulativeReportContent(input());
    expect(content.runningHeader).toEqual({ left: 'Laboratorij Čaršija', right: 'ČOLIĆ ĐURĐA · 0101990175007 · Period 01.01.2026 – 28.11.2026' });
    expect(content.patientFields[0]).toEqual({ label: 'Pacijent', value: 'ČOLIĆ ĐURĐA' });
  });

  it('writes the range and unit together', () => {
    expect(rangeAndUnit('3,5–5,1', 'mmol/L')).toBe('3,5–5,1 (mmol/L)');
    expect(rangeAndUnit('', 'g/L')).toBe('(g/L)');
    expect(rangeAndUnit('Negativan', '')).toBe('Negativan');
    expect(rangeAndUnit('', '')).toBe('');
  });
});
