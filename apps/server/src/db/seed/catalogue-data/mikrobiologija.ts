import type { AssayDefinition, SampleTypeCode } from './types.ts';

/** Cultures and stool tests: read and entered by hand, reported as text. */
function culture(sifra: string, naziv: string, uzorak: SampleTypeCode, price: string, tekst: string, analit = naziv): AssayDefinition {
  return {
    sifra, naziv, analit, sekcija: 'MIK', uzorak, jedinica: '', price, decimals: 0,
    manual: true, tip: 'Mikrobiologija', ranges: [{ tekst }],
  };
}

export const MIKROBIOLOGIJA: readonly AssayDefinition[] = [
  culture('UKUL', 'Urinokultura', 'URSM', '15.00', 'Sterilna'),
  culture('HKUL', 'Hemokultura', 'HKUL', '35.00', 'Sterilna'),
  culture('BGRL', 'Bris grla', 'BRGR', '15.00', 'Fiziološka flora'),
  culture('BNOS', 'Bris nosa', 'BRNS', '15.00', 'Fiziološka flora'),
  culture('BRANE', 'Bris rane', 'BRRN', '15.00', 'Nema rasta bakterija'),
  culture('VBRIS', 'Vaginalni bris', 'BRVG', '15.00', 'Fiziološka flora'),
  culture('SPUTK', 'Kultura sputuma', 'SPUT', '18.00', 'Fiziološka flora'),
  culture('KKUL', 'Koprokultura', 'STOL', '20.00', 'Negativna'),
  culture('PARAZ', 'Stolica na parazite', 'STOL', '10.00', 'Negativan'),
  culture('HPAG', 'Helicobacter pylori antigen u stolici', 'STOL', '20.00', 'Negativan', 'H. pylori Ag (stolica)'),
  culture('CDIFF', 'Clostridioides difficile toksin A/B', 'STOL', '30.00', 'Negativan', 'C. difficile toksin A/B'),
];
