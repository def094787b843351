import { ADULT, CHILD, daysBand, years, yearsBand } from './ages.ts';
import type { AssayDefinition } from './types.ts';

/**
 * Complete blood count with a five-part differential (haematology analyser on
 * K2EDTA blood), reticulocytes and the erythrocyte sedimentation rate. Adult
 * intervals are the Croatian harmonised ones, widely used in the region; each
 * parameter is priced so that the full count with differential comes to 10 KM.
 */
export const HEMATOLOGIJA: readonly AssayDefinition[] = [
  {
    sifra: 'WBC', naziv: 'Leukociti', analit: 'Leukociti', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'x10^9/L', price: '0.50', decimals: 1,
    criticalLow: 1.0, criticalHigh: 50,
    ranges: [
      { ...daysBand(0, 29), low: 9.0, high: 30.0 },
      { ...daysBand(30, years(1) - 1), low: 6.0, high: 17.5 },
      { ...yearsBand(1, 6), low: 5.0, high: 15.5 },
      { ...yearsBand(6, 18), low: 4.5, high: 13.5 },
      { ...ADULT, low: 3.4, high: 9.7 },
    ],
  },
  {
    sifra: 'RBC', naziv: 'Eritrociti', analit: 'Eritrociti', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'x10^12/L', price: '0.50', decimals: 2,
    ranges: [
      { ...CHILD, low: 3.9, high: 5.3 },
      { ...ADULT, spol: 'MUŠKI', low: 4.34, high: 5.72 },
      { ...ADULT, spol: 'ŽENSKI', low: 3.86, high: 5.08 },
    ],
  },
  {
    sifra: 'HGB', naziv: 'Hemoglobin', analit: 'Hemoglobin', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'g/L', price: '0.50', decimals: 0,
    // One critical limit for every age, so above the newborn range.
    criticalLow: 70, criticalHigh: 220,
    ranges: [
      { ...daysBand(0, 29), low: 135, high: 215 },
      { ...daysBand(30, years(1) - 1), low: 95, high: 135 },
      { ...yearsBand(1, 6), low: 105, high: 140 },
      { ...yearsBand(6, 12), low: 115, high: 155 },
      { ...yearsBand(12, 18), spol: 'MUŠKI', low: 130, high: 160 },
      { ...yearsBand(12, 18), spol: 'ŽENSKI', low: 120, high: 160 },
      { ...ADULT, spol: 'MUŠKI', low: 138, high: 175 },
      { ...ADULT, spol: 'ŽENSKI', low: 119, high: 157 },
      // WHO: anaemia in pregnancy below 110 g/L.
      { ageMinDays: years(12), spol: 'ŽENSKI', trudnica: true, low: 110, high: 150 },
    ],
  },
  {
    sifra: 'HCT', naziv: 'Hematokrit', analit: 'Hematokrit', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'L/L', price: '0.50', decimals: 3,
    ranges: [
      { ...yearsBand(1, 12), low: 0.32, high: 0.42 },
      { ...yearsBand(12, 18), low: 0.35, high: 0.46 },
      { ...ADULT, spol: 'MUŠKI', low: 0.415, high: 0.53 },
      { ...ADULT, spol: 'ŽENSKI', low: 0.356, high: 0.47 },
    ],
  },
  {
    sifra: 'MCV', naziv: 'Prosječni volumen eritrocita (MCV)', analit: 'MCV', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'fL', price: '0.50', decimals: 1,
    ranges: [
      { ...yearsBand(1, 6), low: 70, high: 86 },
      { ...yearsBand(6, 18), low: 77, high: 95 },
      { ...ADULT, low: 83.0, high: 97.2 },
    ],
  },
  {
    sifra: 'MCH', naziv: 'Prosječna količina hemoglobina u eritrocitu (MCH)', analit: 'MCH', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'pg', price: '0.50', decimals: 1,
    ranges: [
      { ...CHILD, low: 24, high: 33 },
      { ...ADULT, low: 27.4, high: 33.9 },
    ],
  },
  {
    sifra: 'MCHC', naziv: 'Prosječna koncentracija hemoglobina u eritrocitima (MCHC)', analit: 'MCHC', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'g/L', price: '0.50', decimals: 0,
    ranges: [{ ageMinDays: years(1), low: 320, high: 345 }],
  },
  {
    sifra: 'RDW', naziv: 'Raspodjela volumena eritrocita (RDW-CV)', analit: 'RDW', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: '%', price: '0.50', decimals: 1,
    ranges: [{ ageMinDays: years(1), low: 9.0, high: 15.0 }],
  },
  {
    sifra: 'PLT', naziv: 'Trombociti', analit: 'Trombociti', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'x10^9/L', price: '0.50', decimals: 0,
    criticalLow: 20, criticalHigh: 1000,
    ranges: [
      { ...CHILD, low: 150, high: 450 },
      { ...ADULT, low: 158, high: 424 },
    ],
  },
  {
    sifra: 'MPV', naziv: 'Prosječni volumen trombocita (MPV)', analit: 'MPV', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'fL', price: '0.50', decimals: 1,
    ranges: [{ ...ADULT, low: 6.8, high: 10.4 }],
  },
  {
    sifra: 'NEU%', naziv: 'Neutrofilni granulociti (relativno)', analit: 'Neutrofili %', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: '%', price: '0.50', decimals: 1,
    ranges: [{ ...ADULT, low: 44, high: 72 }],
  },
  {
    sifra: 'LYM%', naziv: 'Limfociti (relativno)', analit: 'Limfociti %', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: '%', price: '0.50', decimals: 1,
    ranges: [{ ...ADULT, low: 20, high: 46 }],
  },
  {
    sifra: 'MONO%', naziv: 'Monociti (relativno)', analit: 'Monociti %', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: '%', price: '0.50', decimals: 1,
    ranges: [{ ...ADULT, low: 2, high: 12 }],
  },
  {
    sifra: 'EOS%', naziv: 'Eozinofilni granulociti (relativno)', analit: 'Eozinofili %', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: '%', price: '0.50', decimals: 1,
    ranges: [{ ...ADULT, low: 0, high: 7 }],
  },
  {
    sifra: 'BASO%', naziv: 'Bazofilni granulociti (relativno)', analit: 'Bazofili %', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: '%', price: '0.50', decimals: 1,
    ranges: [{ ...ADULT, low: 0, high: 1 }],
  },
  {
    sifra: 'NEU#', naziv: 'Neutrofilni granulociti (apsolutno)', analit: 'Neutrofili #', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'x10^9/L', price: '0.50', decimals: 2,
    // Severe neutropenia: infection risk, reported at once.
    criticalLow: 0.5,
    ranges: [{ ...ADULT, low: 2.06, high: 6.49 }],
  },
  {
    sifra: 'LYM#', naziv: 'Limfociti (apsolutno)', analit: 'Limfociti #', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'x10^9/L', price: '0.50', decimals: 2,
    ranges: [{ ...ADULT, low: 1.19, high: 3.35 }],
  },
  {
    sifra: 'MONO#', naziv: 'Monociti (apsolutno)', analit: 'Monociti #', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'x10^9/L', price: '0.50', decimals: 2,
    ranges: [{ ...ADULT, low: 0.12, high: 0.84 }],
  },
  {
    sifra: 'EOS#', naziv: 'Eozinofilni granulociti (apsolutno)', analit: 'Eozinofili #', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'x10^9/L', price: '0.50', decimals: 2,
    ranges: [{ ...ADULT, low: 0, high: 0.43 }],
  },
  {
    sifra: 'BASO#', naziv: 'Bazofilni granulociti (apsolutno)', analit: 'Bazofili #', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: 'x10^9/L', price: '0.50', decimals: 2,
    ranges: [{ ...ADULT, low: 0, high: 0.06 }],
  },
  {
    sifra: 'RET', naziv: 'Retikulociti', analit: 'Retikulociti', sekcija: 'HEM', uzorak: 'KEDTA', jedinica: '%', price: '6.00', decimals: 1,
    ranges: [{ ageMinDays: years(1), low: 0.5, high: 2.5 }],
  },
  {
    // Westergren, read by hand after one hour; the upper limit rises after 50.
    sifra: 'SE', naziv: 'Sedimentacija eritrocita (SE, Westergren)', analit: 'Sedimentacija', sekcija: 'HEM', uzorak: 'KCIT', jedinica: 'mm/h', price: '3.00', decimals: 0,
    manual: true,
    ranges: [
      { ...CHILD, high: 10 },
      { ...yearsBand(18, 50), spol: 'MUŠKI', high: 15 },
      { ...yearsBand(18, 50), spol: 'ŽENSKI', high: 20 },
      { ageMinDays: years(50), spol: 'MUŠKI', high: 20 },
      { ageMinDays: years(50), spol: 'ŽENSKI', high: 30 },
    ],
  },
];
