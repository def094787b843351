import { ADULT } from './ages.ts';
import type { AssayDefinition } from './types.ts';

/** Coagulation on citrated plasma (3.2 % sodium citrate, 1:9). */
export const KOAGULACIJA: readonly AssayDefinition[] = [
  {
    sifra: 'PT', naziv: 'Protrombinsko vrijeme (PV)', analit: 'PV', sekcija: 'KOA', uzorak: 'PLC', jedinica: 's', price: '4.00', decimals: 1,
    ranges: [{ ...ADULT, low: 9.4, high: 12.5 }],
  },
  {
    sifra: 'QUICK', naziv: 'Protrombinsko vrijeme, aktivnost (po Quicku)', analit: 'PV aktivnost', sekcija: 'KOA', uzorak: 'PLC', jedinica: '%', price: '2.00', decimals: 0,
    ranges: [{ ...ADULT, low: 70, high: 130 }],
  },
  {
    sifra: 'INR', naziv: 'Protrombinsko vrijeme, INR', analit: 'INR', sekcija: 'KOA', uzorak: 'PLC', jedinica: '', price: '2.00', decimals: 2,
    // Above 5 the bleeding risk on vitamin K antagonists calls for action the same day.
    criticalHigh: 5.0,
    ranges: [{ ...ADULT, low: 0.8, high: 1.2 }],
  },
  {
    sifra: 'APTT', naziv: 'Aktivirano parcijalno tromboplastinsko vrijeme (aPTV)', analit: 'aPTV', sekcija: 'KOA', uzorak: 'PLC', jedinica: 's', price: '6.00', decimals: 1,
    criticalHigh: 100,
    ranges: [{ ...ADULT, low: 25.0, high: 37.0 }],
  },
  {
    sifra: 'TT', naziv: 'Trombinsko vrijeme (TV)', analit: 'Trombinsko vrijeme', sekcija: 'KOA', uzorak: 'PLC', jedinica: 's', price: '6.00', decimals: 1,
    ranges: [{ ...ADULT, low: 14.0, high: 21.0 }],
  },
  {
    sifra: 'FIB', naziv: 'Fibrinogen (po Claussu)', analit: 'Fibrinogen', sekcija: 'KOA', uzorak: 'PLC', jedinica: 'g/L', price: '8.00', decimals: 2,
    criticalLow: 1.0,
    ranges: [{ ...ADULT, low: 2.0, high: 4.0 }],
  },
  {
    sifra: 'DDIM', naziv: 'D-dimer', analit: 'D-dimer', sekcija: 'KOA', uzorak: 'PLC', jedinica: 'mg/L FEU', price: '25.00', decimals: 2,
    ranges: [{ ...ADULT, high: 0.5 }],
  },
  {
    sifra: 'AT3', naziv: 'Antitrombin III (aktivnost)', analit: 'Antitrombin III', sekcija: 'KOA', uzorak: 'PLC', jedinica: '%', price: '20.00', decimals: 0,
    ranges: [{ ...ADULT, low: 80, high: 120 }],
  },
];
