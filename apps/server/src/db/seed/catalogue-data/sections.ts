import type { SampleTypeDefinition, SectionDefinition } from './types.ts';

/** Lab sections in report order. */
export const SECTIONS: readonly SectionDefinition[] = [
  { sifra: 'BIO', naziv: 'Biohemija', mikrobiologija: false },
  { sifra: 'HEM', naziv: 'Hematologija', mikrobiologija: false },
  { sifra: 'KOA', naziv: 'Koagulacija', mikrobiologija: false },
  { sifra: 'IMU', naziv: 'Imunologija/Serologija', mikrobiologija: false },
  { sifra: 'URI', naziv: 'Urin', mikrobiologija: false },
  { sifra: 'MIK', naziv: 'Mikrobiologija', mikrobiologija: true },
];

export const SAMPLE_TYPES: readonly SampleTypeDefinition[] = [
  { sifra: 'SER', naziv: 'Serum' },
  { sifra: 'PLC', naziv: 'Plazma (Na-citrat 3,2%)' },
  { sifra: 'KEDTA', naziv: 'Puna krv (K2EDTA)' },
  { sifra: 'KCIT', naziv: 'Puna krv (Na-citrat, sedimentacija)' },
  { sifra: 'URIN', naziv: 'Urin (prvi jutarnji)' },
  { sifra: 'HKUL', naziv: 'Krv za hemokulturu' },
  { sifra: 'BRIS', naziv: 'Bris' },
  // Microbiology specimens carry their subtype in brackets; the culture's material is taken from them, and
  // a panel for 'Urin' covers every 'Urin (…)'.
  { sifra: 'URSM', naziv: 'Urin (srednji mlaz)' },
  { sifra: 'URKT', naziv: 'Urin (kateter)' },
  { sifra: 'BRGR', naziv: 'Bris (grlo)' },
  { sifra: 'BRNS', naziv: 'Bris (nos)' },
  { sifra: 'BRRN', naziv: 'Bris (rana)' },
  { sifra: 'BRVG', naziv: 'Bris (vagina)' },
  { sifra: 'STOL', naziv: 'Stolica' },
  { sifra: 'SPUT', naziv: 'Sputum' },
];
