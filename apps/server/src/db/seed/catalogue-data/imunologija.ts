import { ADULT, daysBand, years, yearsBand } from './ages.ts';
import type { AssayDefinition, RangeDefinition } from './types.ts';

const NEGATIVAN: RangeDefinition[] = [{ tekst: 'Negativan' }];

/**
 * Immunochemistry (hormones, tumour markers, vitamins, cardiac markers) and
 * serology on serum. Quantitative intervals follow the Roche Elecsys inserts;
 * screening serology reports Negativan / Pozitivan.
 */
export const IMUNOLOGIJA: readonly AssayDefinition[] = [
  {
    sifra: 'TSH', naziv: 'Tireostimulirajući hormon (TSH)', analit: 'TSH', sekcija: 'IMU', uzorak: 'SER', jedinica: 'mIU/L', price: '12.00', decimals: 2,
    ranges: [
      { ...daysBand(0, 6), low: 0.7, high: 15.2 },
      { ...daysBand(7, 89), low: 0.72, high: 11.0 },
      { ...daysBand(90, years(1) - 1), low: 0.73, high: 8.35 },
      { ...yearsBand(1, 6), low: 0.7, high: 5.97 },
      { ...yearsBand(6, 12), low: 0.6, high: 4.84 },
      { ...yearsBand(12, 18), low: 0.51, high: 4.3 },
      { ...ADULT, low: 0.27, high: 4.2 },
      // Pregnancy: lower limits as the thyroid guidelines advise without trimester-specific local data.
      { ageMinDays: years(12), spol: 'ŽENSKI', trudnica: true, low: 0.1, high: 3.0 },
    ],
  },
  {
    sifra: 'FT4', naziv: 'Slobodni tiroksin (FT4)', analit: 'FT4', sekcija: 'IMU', uzorak: 'SER', jedinica: 'pmol/L', price: '12.00', decimals: 1,
    ranges: [{ ageMinDays: years(1), low: 12.0, high: 22.0 }],
  },
  {
    sifra: 'FT3', naziv: 'Slobodni trijodtironin (FT3)', analit: 'FT3', sekcija: 'IMU', uzorak: 'SER', jedinica: 'pmol/L', price: '12.00', decimals: 2,
    ranges: [{ ...ADULT, low: 3.1, high: 6.8 }],
  },
  {
    sifra: 'ATPO', naziv: 'Antitijela na tireoidnu peroksidazu (anti-TPO)', analit: 'Anti-TPO', sekcija: 'IMU', uzorak: 'SER', jedinica: 'IU/mL', price: '18.00', decimals: 1,
    ranges: [{ high: 34 }],
  },
  {
    sifra: 'ATG', naziv: 'Antitijela na tireoglobulin (anti-Tg)', analit: 'Anti-Tg', sekcija: 'IMU', uzorak: 'SER', jedinica: 'IU/mL', price: '18.00', decimals: 1,
    ranges: [{ high: 115 }],
  },
  {
    // Age-specific upper limits (Oesterling): the prostate grows with age.
    sifra: 'PSA', naziv: 'Prostata specifični antigen, ukupni (PSA)', analit: 'PSA ukupni', sekcija: 'IMU', uzorak: 'SER', jedinica: 'µg/L', price: '18.00', decimals: 2,
    ranges: [
      { ...yearsBand(18, 50), spol: 'MUŠKI', high: 2.5 },
      { ...yearsBand(50, 60), spol: 'MUŠKI', high: 3.5 },
      { ...yearsBand(60, 70), spol: 'MUŠKI', high: 4.5 },
      { ageMinDays: years(70), spol: 'MUŠKI', high: 6.5 },
    ],
  },
  {
    sifra: 'CEA', naziv: 'Karcinoembrionalni antigen (CEA)', analit: 'CEA', sekcija: 'IMU', uzorak: 'SER', jedinica: 'µg/L', price: '20.00', decimals: 2,
    ranges: [{ ...ADULT, high: 5.0 }],
  },
  {
    sifra: 'CA199', naziv: 'Tumorski marker CA 19-9', analit: 'CA 19-9', sekcija: 'IMU', uzorak: 'SER', jedinica: 'kU/L', price: '22.00', decimals: 1,
    ranges: [{ ...ADULT, high: 37 }],
  },
  {
    sifra: 'CA125', naziv: 'Tumorski marker CA 125', analit: 'CA 125', sekcija: 'IMU', uzorak: 'SER', jedinica: 'kU/L', price: '22.00', decimals: 1,
    ranges: [{ ...ADULT, high: 35 }],
  },
  {
    sifra: 'CA153', naziv: 'Tumorski marker CA 15-3', analit: 'CA 15-3', sekcija: 'IMU', uzorak: 'SER', jedinica: 'kU/L', price: '22.00', decimals: 1,
    ranges: [{ ...ADULT, high: 25 }],
  },
  {
    sifra: 'AFP', naziv: 'Alfa-fetoprotein (AFP)', analit: 'AFP', sekcija: 'IMU', uzorak: 'SER', jedinica: 'µg/L', price: '20.00', decimals: 1,
    ranges: [{ ...ADULT, high: 7.0 }],
  },
  {
    sifra: 'BHCG', naziv: 'Humani korionski gonadotropin, beta (β-hCG)', analit: 'β-hCG', sekcija: 'IMU', uzorak: 'SER', jedinica: 'IU/L', price: '18.00', decimals: 1,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', high: 2.0 },
      { ageMinDays: years(12), spol: 'ŽENSKI', high: 5.0 },
      // In pregnancy the value follows the gestational week: no single interval applies.
      { ageMinDays: years(12), spol: 'ŽENSKI', trudnica: true, tekst: 'Ovisno o gestacijskoj sedmici' },
    ],
  },
  {
    sifra: 'PRL', naziv: 'Prolaktin', analit: 'Prolaktin', sekcija: 'IMU', uzorak: 'SER', jedinica: 'mIU/L', price: '15.00', decimals: 0,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', low: 86, high: 324 },
      { ...ADULT, spol: 'ŽENSKI', trudnica: false, low: 102, high: 496 },
    ],
  },
  {
    // Women before menopause: early follicular phase (cycle day 3–5), when FSH and LH are usually taken.
    sifra: 'FSH', naziv: 'Folikulostimulirajući hormon (FSH)', analit: 'FSH', sekcija: 'IMU', uzorak: 'SER', jedinica: 'IU/L', price: '15.00', decimals: 1,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', low: 1.5, high: 12.4 },
      { ...ADULT, spol: 'ŽENSKI', menopauza: false, trudnica: false, low: 3.5, high: 12.5 },
      { ...ADULT, spol: 'ŽENSKI', menopauza: true, low: 25.8, high: 134.8 },
    ],
  },
  {
    sifra: 'LH', naziv: 'Luteinizirajući hormon (LH)', analit: 'LH', sekcija: 'IMU', uzorak: 'SER', jedinica: 'IU/L', price: '15.00', decimals: 1,
    ranges: [
      { ...ADULT, spol: 'MUŠKI', low: 1.7, high: 8.6 },
      { ...ADULT, spol: 'ŽENSKI', menopauza: false, trudnica: false, low: 2.4, high: 12.6 },
      { ...ADULT, spol: 'ŽENSKI', menopauza: true, low: 7.7, high: 58.5 },
    ],
  },
  {
    // Sufficiency per the Endocrine Society; below 50 nmol/L is deficiency.
    sifra: 'VITD', naziv: 'Vitamin D (25-OH)', analit: 'Vitamin D (25-OH)', sekcija: 'IMU', uzorak: 'SER', jedinica: 'nmol/L', price: '30.00', decimals: 1,
    ranges: [{ low: 75, high: 250 }],
  },
  {
    sifra: 'B12', naziv: 'Vitamin B12 (kobalamin)', analit: 'Vitamin B12', sekcija: 'IMU', uzorak: 'SER', jedinica: 'pmol/L', price: '20.00', decimals: 0,
    ranges: [{ ...ADULT, low: 145, high: 569 }],
  },
  {
    sifra: 'FOLAT', naziv: 'Folna kiselina (folat u serumu)', analit: 'Folat', sekcija: 'IMU', uzorak: 'SER', jedinica: 'nmol/L', price: '20.00', decimals: 1,
    ranges: [{ ...ADULT, low: 10.4, high: 42.4 }],
  },
  {
    sifra: 'INS', naziv: 'Inzulin (natašte)', analit: 'Inzulin', sekcija: 'IMU', uzorak: 'SER', jedinica: 'mIU/L', price: '15.00', decimals: 1,
    ranges: [{ ...ADULT, low: 2.6, high: 24.9 }],
  },
  {
    // HOMA-IR = glucose (mmol/L) × insulin (mIU/L) / 22.5, both fasting.
    sifra: 'HOMA', naziv: 'Indeks inzulinske rezistencije (HOMA-IR)', analit: 'HOMA-IR', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '18.00', decimals: 2,
    formula: 'GLU * INS / 22.5',
    ranges: [{ ...ADULT, high: 2.5 }],
  },
  {
    sifra: 'KORT', naziv: 'Kortizol (jutarnji, 7–10 h)', analit: 'Kortizol jutarnji', sekcija: 'IMU', uzorak: 'SER', jedinica: 'nmol/L', price: '15.00', decimals: 0,
    ranges: [{ ...ADULT, low: 166, high: 507 }],
  },
  {
    // 99th percentile of a healthy population (Roche Elecsys hs-TnT).
    sifra: 'TNT', naziv: 'Troponin T visokoosjetljivi (hs-TnT)', analit: 'hs-Troponin T', sekcija: 'IMU', uzorak: 'SER', jedinica: 'ng/L', price: '25.00', decimals: 0,
    ranges: [{ ...ADULT, high: 14 }],
  },
  {
    // Heart-failure exclusion limits of the ESC guideline for the non-acute setting.
    sifra: 'NTPROBNP', naziv: 'N-terminalni pro-B-tip natriuretskog peptida (NT-proBNP)', analit: 'NT-proBNP', sekcija: 'IMU', uzorak: 'SER', jedinica: 'ng/L', price: '40.00', decimals: 0,
    ranges: [
      { ...yearsBand(18, 75), high: 125 },
      { ageMinDays: years(75), high: 450 },
    ],
  },
  {
    sifra: 'PCT', naziv: 'Prokalcitonin (PCT)', analit: 'Prokalcitonin', sekcija: 'IMU', uzorak: 'SER', jedinica: 'µg/L', price: '40.00', decimals: 2,
    ranges: [{ high: 0.5 }],
  },
  {
    sifra: 'IGE', naziv: 'Imunoglobulin E ukupni (IgE)', analit: 'IgE ukupni', sekcija: 'IMU', uzorak: 'SER', jedinica: 'kIU/L', price: '18.00', decimals: 1,
    ranges: [
      { ...yearsBand(0, 1), high: 15 },
      { ...yearsBand(1, 6), high: 60 },
      { ...yearsBand(6, 10), high: 90 },
      { ...yearsBand(10, 16), high: 200 },
      { ageMinDays: years(16), high: 100 },
    ],
  },
  {
    sifra: 'RF', naziv: 'Reumatoidni faktor (RF)', analit: 'RF', sekcija: 'IMU', uzorak: 'SER', jedinica: 'kIU/L', price: '8.00', decimals: 1,
    ranges: [{ high: 14 }],
  },
  {
    // School-age children carry higher titres after frequent streptococcal contact.
    sifra: 'ASO', naziv: 'Antistreptolizinski titar (ASO)', analit: 'ASO', sekcija: 'IMU', uzorak: 'SER', jedinica: 'kIU/L', price: '8.00', decimals: 0,
    ranges: [
      { ...yearsBand(6, 18), high: 250 },
      { ...ADULT, high: 200 },
    ],
  },
  {
    sifra: 'HBSAG', naziv: 'Površinski antigen virusa hepatitisa B (HBsAg)', analit: 'HBsAg', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '12.00', decimals: 0,
    ranges: NEGATIVAN,
  },
  {
    // At least 10 IU/L after vaccination means protection.
    sifra: 'AHBS', naziv: 'Antitijela na HBsAg (anti-HBs)', analit: 'Anti-HBs', sekcija: 'IMU', uzorak: 'SER', jedinica: 'IU/L', price: '15.00', decimals: 1,
    ranges: [{ low: 10 }],
  },
  {
    sifra: 'AHCV', naziv: 'Antitijela na virus hepatitisa C (anti-HCV)', analit: 'Anti-HCV', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '15.00', decimals: 0,
    ranges: NEGATIVAN,
  },
  {
    sifra: 'HIV', naziv: 'HIV 1/2 antigen p24 i antitijela (HIV Combi)', analit: 'HIV Ag/At', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '20.00', decimals: 0,
    ranges: NEGATIVAN,
  },
  {
    sifra: 'TPHA', naziv: 'Antitijela na Treponema pallidum (sifilis)', analit: 'Anti-T. pallidum', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '12.00', decimals: 0,
    ranges: NEGATIVAN,
  },
  {
    sifra: 'AHAVM', naziv: 'Antitijela na virus hepatitisa A, IgM (anti-HAV IgM)', analit: 'Anti-HAV IgM', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '18.00', decimals: 0,
    ranges: NEGATIVAN,
  },
  {
    sifra: 'EBVM', naziv: 'Epstein-Barr virus, antitijela na kapsidni antigen IgM (EBV VCA IgM)', analit: 'EBV VCA IgM', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '20.00', decimals: 0,
    ranges: NEGATIVAN,
  },
  {
    sifra: 'CMVM', naziv: 'Citomegalovirus, antitijela IgM (CMV IgM)', analit: 'CMV IgM', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '20.00', decimals: 0,
    ranges: NEGATIVAN,
  },
  {
    sifra: 'TOXOM', naziv: 'Toxoplasma gondii, antitijela IgM', analit: 'Toxoplasma IgM', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '20.00', decimals: 0,
    ranges: NEGATIVAN,
  },
  {
    sifra: 'HPIGG', naziv: 'Helicobacter pylori, antitijela IgG', analit: 'H. pylori IgG', sekcija: 'IMU', uzorak: 'SER', jedinica: '', price: '18.00', decimals: 0,
    ranges: NEGATIVAN,
  },
];
