import type { DeltaLimit, ResultKind, Spol } from '@lis/domain';

export type SectionCode = 'BIO' | 'HEM' | 'KOA' | 'IMU' | 'URI' | 'MIK';
export type SampleTypeCode = 'SER' | 'PLC' | 'KEDTA' | 'KCIT' | 'URIN' | 'HKUL' | 'BRIS' | 'STOL' | 'SPUT'
  | 'URSM' | 'URKT' | 'BRGR' | 'BRNS' | 'BRRN' | 'BRVG';

export interface SectionDefinition {
  sifra: SectionCode;
  naziv: string;
  mikrobiologija: boolean;
}

export interface SampleTypeDefinition {
  sifra: SampleTypeCode;
  naziv: string;
}

/**
 * One reference range; what is left out means "any": both sexes, every age
 * (0 to 150 years, in days, both ends inclusive), pregnant or not, in
 * menopause or not.
 */
export interface RangeDefinition {
  spol?: Spol;
  ageMinDays?: number;
  ageMaxDays?: number;
  trudnica?: boolean;
  menopauza?: boolean;
  low?: number;
  high?: number;
  tekst?: string;
}

export interface AssayDefinition {
  sifra: string;
  naziv: string;
  /** Short name for narrow report columns, at most 30 characters. */
  analit: string;
  sekcija: SectionCode;
  uzorak: SampleTypeCode;
  jedinica: string;
  /** KM, exact decimal text. */
  price: string;
  decimals: number;
  /** Entered by hand (microscopy, cultures, visual reading), not sent by an analyser. */
  manual?: boolean;
  /** A calculated test: formula over component assay codes (see @lis/domain formula). */
  formula?: string;
  criticalLow?: number;
  criticalHigh?: number;
  tip?: string;
  /** How the result is given; left out, it follows the ranges (see resultKindOf in catalogue.ts). */
  vrsta?: ResultKind;
  /** Grades a positive qualitative result names (urine strip: +, ++, +++). */
  opcije?: string[];
  /** Delta check limit against the patient's previous verified result. */
  delta?: DeltaLimit;
  ranges: RangeDefinition[];
}
