import { ADULT, CHILD, daysBand, years, yearsBand } from './ages.ts';
import type { AssayDefinition } from './types.ts';

/**
 * Clinical chemistry on serum. Adult intervals follow the manufacturers' inserts
 * used in the region (Roche cobas) and the Croatian harmonised intervals;
 * lipid limits are the desirable values of the ESC/EAS guidelines.
 */
export const BIOHEMIJA: readonly AssayDefinition[] = [
  {
    sifra: 'GLU', naziv: 'Glukoza', analit: 'Glukoza', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '3.00', decimals: 1,
    criticalLow: 2.2, criticalHigh: 25,
    ranges: [
      { ...daysBand(0, 29), low: 2.8, high: 4.5 },
      { ...daysBand(30, years(18) - 1), low: 3.3, high: 5.6 },
      { ...ADULT, low: 3.9, high: 6.1 },
    ],
  },
  {
    sifra: 'UREA', naziv: 'Urea', analit: 'Urea', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '3.00', decimals: 1,
    ranges: [
      { ...CHILD, low: 1.8, high: 6.4 },
      { ...ADULT, low: 2.8, high: 8.1 },
    ],
  },
  {
    sifra: 'KREA', naziv: 'Kreatinin (enzimski)', analit: 'Kreatinin', sekcija: 'BIO', uzorak: 'SER', jedinica: 'µmol/L', price: '3.00', decimals: 0,
    ranges: [
      { ...daysBand(0, 29), low: 27, high: 77 },
      { ...daysBand(30, years(1) - 1), low: 14, high: 34 },
      { ...yearsBand(1, 3), low: 15, high: 31 },
      { ...yearsBand(3, 7), low: 23, high: 42 },
      { ...yearsBand(7, 13), low: 28, high: 63 },
      { ...yearsBand(13, 18), low: 40, high: 72 },
      { ...ADULT, spol: 'MUŠKI', low: 59, high: 104 },
      { ...ADULT, spol: 'ŽENSKI', low: 45, high: 84 },
    ],
  },
  {
    sifra: 'EGFR', naziv: 'Procijenjena brzina glomerularne filtracije (eGFR, CKD-EPI 2021)', analit: 'eGFR (CKD-EPI 2021)',
    sekcija: 'BIO', uzorak: 'SER', jedinica: 'mL/min/1,73 m²', price: '3.00', decimals: 0,
    formula: 'ckd_epi_2021(KREA)',
    ranges: [{ ...ADULT, low: 90 }],
  },
  {
    sifra: 'UA', naziv: 'Mokraćna kiselina', analit: 'Mokraćna kiselina', sekcija: 'BIO', uzorak: 'SER', jedinica: 'µmol/L', price: '3.00', decimals: 0,
    ranges: [
      { ...CHILD, low: 120, high: 330 },
      { ...ADULT, spol: 'MUŠKI', low: 202, high: 416 },
      { ...ADULT, spol: 'ŽENSKI', low: 143, high: 339 },
    ],
  },
  {
    sifra: 'CHOL', naziv: 'Holesterol ukupni', analit: 'Holesterol', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '3.00', decimals: 2,
    ranges: [
      { ...CHILD, high: 4.4 },
      { ...ADULT, high: 5.0 },
    ],
  },
  {
    sifra: 'HDL', naziv: 'HDL holesterol', analit: 'HDL holesterol', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '4.00', decimals: 2,
    ranges: [
      { ...CHILD, low: 1.2 },
      { ...ADULT, spol: 'MUŠKI', low: 1.0 },
      { ...ADULT, spol: 'ŽENSKI', low: 1.2 },
    ],
  },
  {
    sifra: 'TG', naziv: 'Trigliceridi', analit: 'Trigliceridi', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '3.00', decimals: 2,
    ranges: [
      { ...yearsBand(1, 10), high: 0.85 },
      { ...yearsBand(10, 18), high: 1.02 },
      { ...ADULT, high: 1.7 },
    ],
  },
  {
    sifra: 'LDL', naziv: 'LDL holesterol (izračunat po Friedewaldu)', analit: 'LDL holesterol', sekcija: 'BIO', uzorak: 'SER',
    jedinica: 'mmol/L', price: '10.00', decimals: 2,
    formula: 'friedewald(CHOL, HDL, TG)',
    ranges: [
      { ...CHILD, high: 2.8 },
      { ...ADULT, high: 3.0 },
    ],
  },
  {
    sifra: 'NONHDL', naziv: 'Ne-HDL holesterol (izračunat)', analit: 'Ne-HDL holesterol', sekcija: 'BIO', uzorak: 'SER',
    jedinica: 'mmol/L', price: '7.00', decimals: 2,
    formula: 'CHOL - HDL',
    ranges: [{ ...ADULT, high: 3.8 }],
  },
  {
    sifra: 'AST', naziv: 'Aspartat aminotransferaza (AST)', analit: 'AST', sekcija: 'BIO', uzorak: 'SER', jedinica: 'U/L', price: '3.00', decimals: 0,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', high: 40 },
      { ...ADULT, spol: 'ŽENSKI', high: 32 },
    ],
  },
  {
    sifra: 'ALT', naziv: 'Alanin aminotransferaza (ALT)', analit: 'ALT', sekcija: 'BIO', uzorak: 'SER', jedinica: 'U/L', price: '3.00', decimals: 0,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', high: 41 },
      { ...ADULT, spol: 'ŽENSKI', high: 33 },
    ],
  },
  {
    sifra: 'GGT', naziv: 'Gama-glutamiltransferaza (GGT)', analit: 'GGT', sekcija: 'BIO', uzorak: 'SER', jedinica: 'U/L', price: '3.00', decimals: 0,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', low: 10, high: 71 },
      { ...ADULT, spol: 'ŽENSKI', low: 6, high: 42 },
    ],
  },
  {
    // Children's intervals after CALIPER: bone growth raises ALP up to puberty.
    sifra: 'ALP', naziv: 'Alkalna fosfataza (ALP)', analit: 'ALP', sekcija: 'BIO', uzorak: 'SER', jedinica: 'U/L', price: '3.00', decimals: 0,
    ranges: [
      { ...daysBand(0, 14), low: 90, high: 273 },
      { ...daysBand(15, years(1) - 1), low: 134, high: 518 },
      { ...yearsBand(1, 10), low: 156, high: 369 },
      { ...yearsBand(10, 13), low: 141, high: 460 },
      { ...yearsBand(13, 15), spol: 'MUŠKI', low: 127, high: 517 },
      { ...yearsBand(13, 15), spol: 'ŽENSKI', low: 62, high: 280 },
      { ...yearsBand(15, 18), spol: 'MUŠKI', low: 89, high: 365 },
      { ...yearsBand(15, 18), spol: 'ŽENSKI', low: 54, high: 128 },
      { ...ADULT, spol: 'MUŠKI', low: 40, high: 129 },
      { ...ADULT, spol: 'ŽENSKI', low: 35, high: 104 },
    ],
  },
  {
    // Term neonates: physiological jaundice peaks on days 3–5.
    sifra: 'BIL-T', naziv: 'Bilirubin ukupni', analit: 'Bilirubin ukupni', sekcija: 'BIO', uzorak: 'SER', jedinica: 'µmol/L', price: '3.00', decimals: 1,
    ranges: [
      { ...daysBand(0, 0), high: 103 },
      { ...daysBand(1, 1), high: 171 },
      { ...daysBand(2, 5), high: 205 },
      { ...daysBand(6, 29), high: 34 },
      { ageMinDays: 30, low: 3.4, high: 20.5 },
    ],
  },
  {
    sifra: 'BIL-D', naziv: 'Bilirubin direktni (konjugovani)', analit: 'Bilirubin direktni', sekcija: 'BIO', uzorak: 'SER', jedinica: 'µmol/L', price: '3.00', decimals: 1,
    ranges: [{ high: 5.1 }],
  },
  {
    sifra: 'BIL-I', naziv: 'Bilirubin indirektni (izračunat)', analit: 'Bilirubin indirektni', sekcija: 'BIO', uzorak: 'SER',
    jedinica: 'µmol/L', price: '6.00', decimals: 1,
    formula: '[BIL-T] - [BIL-D]',
    ranges: [{ ageMinDays: 30, high: 15.4 }],
  },
  {
    sifra: 'TP', naziv: 'Ukupni proteini', analit: 'Ukupni proteini', sekcija: 'BIO', uzorak: 'SER', jedinica: 'g/L', price: '3.00', decimals: 0,
    ranges: [
      { ...CHILD, low: 57, high: 80 },
      { ...ADULT, low: 66, high: 83 },
    ],
  },
  {
    sifra: 'ALB', naziv: 'Albumin', analit: 'Albumin', sekcija: 'BIO', uzorak: 'SER', jedinica: 'g/L', price: '3.00', decimals: 0,
    ranges: [
      { ...daysBand(0, 29), low: 28, high: 44 },
      { ageMinDays: 30, low: 35, high: 52 },
    ],
  },
  {
    sifra: 'GLOB', naziv: 'Globulini (izračunato)', analit: 'Globulini', sekcija: 'BIO', uzorak: 'SER', jedinica: 'g/L', price: '6.00', decimals: 0,
    formula: 'TP - ALB',
    ranges: [{ ...ADULT, low: 20, high: 35 }],
  },
  {
    sifra: 'CRP', naziv: 'C-reaktivni protein (CRP)', analit: 'CRP', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mg/L', price: '8.00', decimals: 1,
    ranges: [{ high: 5.0 }],
  },
  {
    sifra: 'NA', naziv: 'Natrij', analit: 'Natrij', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '3.00', decimals: 0,
    criticalLow: 120, criticalHigh: 160,
    ranges: [{ low: 136, high: 145 }],
  },
  {
    sifra: 'K', naziv: 'Kalij', analit: 'Kalij', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '3.00', decimals: 1,
    criticalLow: 2.8, criticalHigh: 6.2,
    ranges: [
      { ...daysBand(0, 29), low: 3.7, high: 5.9 },
      { ageMinDays: 30, low: 3.5, high: 5.1 },
    ],
  },
  {
    sifra: 'CL', naziv: 'Hloridi', analit: 'Hloridi', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '3.00', decimals: 0,
    ranges: [{ low: 98, high: 107 }],
  },
  {
    sifra: 'HCO3', naziv: 'Bikarbonati (ukupni CO2)', analit: 'Bikarbonati', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '5.00', decimals: 0,
    criticalLow: 10, criticalHigh: 40,
    ranges: [{ low: 22, high: 29 }],
  },
  {
    sifra: 'AGAP', naziv: 'Anionski procjep (izračunat)', analit: 'Anionski procjep', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '11.00', decimals: 0,
    formula: 'NA - (CL + HCO3)',
    ranges: [{ ...ADULT, low: 8, high: 16 }],
  },
  {
    sifra: 'OSM', naziv: 'Osmolalnost seruma (izračunata)', analit: 'Osmolalnost (izračunata)', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mOsm/kg', price: '9.00', decimals: 0,
    formula: '2 * NA + GLU + UREA',
    ranges: [{ ...ADULT, low: 275, high: 295 }],
  },
  {
    sifra: 'CA', naziv: 'Kalcij ukupni', analit: 'Kalcij', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '3.00', decimals: 2,
    criticalLow: 1.6, criticalHigh: 3.5,
    ranges: [
      { ...CHILD, low: 2.2, high: 2.7 },
      { ...ADULT, low: 2.15, high: 2.55 },
    ],
  },
  {
    // Calcium corrected for albumin in g/L: Ca + 0.02 × (40 − ALB).
    sifra: 'CAKOR', naziv: 'Kalcij korigovani za albumin (izračunat)', analit: 'Kalcij korigovani', sekcija: 'BIO', uzorak: 'SER',
    jedinica: 'mmol/L', price: '6.00', decimals: 2,
    formula: 'CA + 0.02 * (40 - ALB)',
    ranges: [{ ...ADULT, low: 2.15, high: 2.55 }],
  },
  {
    sifra: 'MG', naziv: 'Magnezij', analit: 'Magnezij', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '4.00', decimals: 2,
    criticalLow: 0.4, criticalHigh: 2.0,
    ranges: [{ low: 0.66, high: 1.07 }],
  },
  {
    sifra: 'P', naziv: 'Fosfor anorganski', analit: 'Fosfor', sekcija: 'BIO', uzorak: 'SER', jedinica: 'mmol/L', price: '3.00', decimals: 2,
    criticalLow: 0.3,
    ranges: [
      { ...yearsBand(0, 1), low: 1.25, high: 2.25 },
      { ...yearsBand(1, 4), low: 1.25, high: 2.1 },
      { ...yearsBand(4, 12), low: 1.2, high: 1.8 },
      { ...yearsBand(12, 18), low: 0.95, high: 1.75 },
      { ...ADULT, low: 0.81, high: 1.45 },
    ],
  },
  {
    sifra: 'FE', naziv: 'Željezo', analit: 'Željezo', sekcija: 'BIO', uzorak: 'SER', jedinica: 'µmol/L', price: '4.00', decimals: 1,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', low: 12.5, high: 32.2 },
      { ...ADULT, spol: 'ŽENSKI', low: 10.7, high: 32.2 },
    ],
  },
  {
    sifra: 'TIBC', naziv: 'Ukupni kapacitet vezanja željeza (TIBC)', analit: 'TIBC', sekcija: 'BIO', uzorak: 'SER', jedinica: 'µmol/L', price: '5.00', decimals: 1,
    ranges: [{ ...ADULT, low: 45, high: 72 }],
  },
  {
    sifra: 'TSAT', naziv: 'Saturacija transferina željezom (izračunata)', analit: 'Saturacija transferina', sekcija: 'BIO', uzorak: 'SER',
    jedinica: '%', price: '9.00', decimals: 0,
    formula: 'FE / TIBC * 100',
    ranges: [{ ...ADULT, low: 20, high: 50 }],
  },
  {
    sifra: 'FER', naziv: 'Feritin', analit: 'Feritin', sekcija: 'BIO', uzorak: 'SER', jedinica: 'µg/L', price: '15.00', decimals: 0,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', low: 30, high: 400 },
      { ...ADULT, spol: 'ŽENSKI', low: 13, high: 150 },
    ],
  },
  {
    sifra: 'TRF', naziv: 'Transferin', analit: 'Transferin', sekcija: 'BIO', uzorak: 'SER', jedinica: 'g/L', price: '10.00', decimals: 2,
    ranges: [{ ...ADULT, low: 2.0, high: 3.6 }],
  },
  {
    sifra: 'HBA1C', naziv: 'Glikirani hemoglobin (HbA1c)', analit: 'HbA1c', sekcija: 'BIO', uzorak: 'KEDTA', jedinica: '%', price: '15.00', decimals: 1,
    ranges: [{ ...ADULT, low: 4.0, high: 6.0 }],
  },
  {
    sifra: 'CK', naziv: 'Kreatin kinaza (CK)', analit: 'CK', sekcija: 'BIO', uzorak: 'SER', jedinica: 'U/L', price: '4.00', decimals: 0,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', low: 39, high: 308 },
      { ...ADULT, spol: 'ŽENSKI', low: 26, high: 192 },
    ],
  },
  {
    sifra: 'LDH', naziv: 'Laktat dehidrogenaza (LDH)', analit: 'LDH', sekcija: 'BIO', uzorak: 'SER', jedinica: 'U/L', price: '4.00', decimals: 0,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', low: 135, high: 225 },
      { ...ADULT, spol: 'ŽENSKI', low: 135, high: 214 },
    ],
  },
  {
    sifra: 'AMY', naziv: 'Alfa-amilaza', analit: 'Amilaza', sekcija: 'BIO', uzorak: 'SER', jedinica: 'U/L', price: '4.00', decimals: 0,
    ranges: [{ ...ADULT, low: 28, high: 100 }],
  },
  {
    sifra: 'LIP', naziv: 'Lipaza', analit: 'Lipaza', sekcija: 'BIO', uzorak: 'SER', jedinica: 'U/L', price: '6.00', decimals: 0,
    ranges: [{ ...ADULT, low: 13, high: 60 }],
  },
];
