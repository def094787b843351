import { ADULT } from './ages.ts';
import type { AssayDefinition, RangeDefinition } from './types.ts';

const NEGATIVAN: RangeDefinition[] = [{ tekst: 'Negativan' }];
const NEMA: RangeDefinition[] = [{ tekst: 'Nema' }];

/** A strip pad that reads negative, or positive graded by the colour's intensity. */
const STRIP_GRADES = ['+', '++', '+++'];

function dipstick(sifra: string, naziv: string, analit: string, ranges: RangeDefinition[], decimals = 0): AssayDefinition {
  const graded = ranges === NEGATIVAN ? { opcije: STRIP_GRADES } : {};
  return { sifra, naziv, analit, sekcija: 'URI', uzorak: 'URIN', jedinica: '', price: '0.50', decimals, ranges, ...graded };
}

function sediment(sifra: string, naziv: string, analit: string, ranges: RangeDefinition[], jedinica = ''): AssayDefinition {
  return { sifra, naziv, analit, sekcija: 'URI', uzorak: 'URIN', jedinica, price: '0.50', decimals: 0, manual: true, ranges };
}

/**
 * Urine: test strip (read by a strip reader), appearance and microscopic
 * sediment (read by hand, per high-power field), and albuminuria. Strip and
 * sediment items are priced so that a complete urine examination comes to 9.50 KM.
 */
export const URIN: readonly AssayDefinition[] = [
  { ...dipstick('U-BOJA', 'Boja urina', 'Boja', [{ tekst: 'Žuta; Svijetložuta' }]), manual: true },
  { ...dipstick('U-IZG', 'Izgled urina', 'Izgled', [{ tekst: 'Bistar' }]), manual: true },
  dipstick('U-SG', 'Specifična težina urina', 'Specifična težina', [{ low: 1.005, high: 1.03 }], 3),
  dipstick('U-PH', 'pH urina', 'pH', [{ low: 5.0, high: 8.0 }], 1),
  dipstick('U-PRO', 'Proteini u urinu', 'Proteini', NEGATIVAN),
  dipstick('U-GLU', 'Glukoza u urinu', 'Glukoza', NEGATIVAN),
  dipstick('U-KET', 'Ketoni u urinu', 'Ketoni', NEGATIVAN),
  dipstick('U-BIL', 'Bilirubin u urinu', 'Bilirubin', NEGATIVAN),
  dipstick('U-UBG', 'Urobilinogen u urinu', 'Urobilinogen', [{ tekst: 'Normalan' }]),
  dipstick('U-KRV', 'Krv (hemoglobin) u urinu', 'Krv', NEGATIVAN),
  dipstick('U-NIT', 'Nitriti u urinu', 'Nitriti', NEGATIVAN),
  dipstick('U-LEU', 'Leukocitna esteraza u urinu', 'Leukociti (test traka)', NEGATIVAN),
  sediment('SED-ERI', 'Eritrociti u sedimentu urina', 'Sediment: eritrociti', [{ low: 0, high: 2 }], '/VP'),
  sediment('SED-LEU', 'Leukociti u sedimentu urina', 'Sediment: leukociti', [{ low: 0, high: 5 }], '/VP'),
  sediment('SED-EPI', 'Pločaste epitelne ćelije u sedimentu urina', 'Sediment: epitelne ćelije', [{ tekst: 'Nema; Pojedinačne' }]),
  sediment('SED-BAK', 'Bakterije u sedimentu urina', 'Sediment: bakterije', NEMA),
  sediment('SED-CIL', 'Cilindri u sedimentu urina', 'Sediment: cilindri', NEMA),
  sediment('SED-KRI', 'Kristali u sedimentu urina', 'Sediment: kristali', NEMA),
  sediment('SED-GLJ', 'Gljivice u sedimentu urina', 'Sediment: gljivice', NEMA),
  {
    sifra: 'U-ALB', naziv: 'Albumin u urinu', analit: 'Albumin u urinu', sekcija: 'URI', uzorak: 'URIN', jedinica: 'mg/L', price: '8.00', decimals: 1,
    ranges: [{ ...ADULT, high: 20 }],
  },
  {
    sifra: 'U-KREA', naziv: 'Kreatinin u urinu', analit: 'Kreatinin u urinu', sekcija: 'URI', uzorak: 'URIN', jedinica: 'mmol/L', price: '4.00', decimals: 2,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', low: 3.54, high: 24.6 },
      { ...ADULT, spol: 'ŽENSKI', low: 2.47, high: 19.2 },
    ],
  },
  {
    // KDIGO: below 3 mg/mmol is normal to mildly increased albuminuria (A1).
    sifra: 'ACR', naziv: 'Omjer albumin/kreatinin u urinu (ACR)', analit: 'Albumin/kreatinin (urin)', sekcija: 'URI', uzorak: 'URIN',
    jedinica: 'mg/mmol', price: '12.00', decimals: 1,
    formula: '[U-ALB] / [U-KREA]',
    ranges: [{ ...ADULT, high: 3.0 }],
  },
];
