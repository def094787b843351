import type { PanelPricing } from '@lis/domain';
import type { Db } from '../../db/client.ts';
import { assayIdsByCodes } from '../catalogue/service.ts';
import { testPanelRepository } from './repository.ts';

/**
 * The demo lab's test panels, the same at every demo site: the profiles a routine lab orders most, named as
 * doctors write them on a referral, with the synonyms people type (Bosnian, English and German). The blood
 * count, the lipid profile and the thyroid panel are charged as panels (cheaper than their tests one by one),
 * the others by their tests. Written by the demo seed only: a lab defines its own in the assay settings.
 */
export const DEMO_TEST_PANELS: readonly {
  sifra: string; naziv: string; sinonimi: readonly string[]; testovi: readonly string[]; price: string; naplata: PanelPricing;
}[] = [
  {
    sifra: 'KKS', naziv: 'Kompletna krvna slika (KKS) s diferencijalnom', sinonimi: ['krvna slika', 'hemogram', 'CBC', 'Blutbild'],
    testovi: ['WBC', 'RBC', 'HGB', 'HCT', 'MCV', 'MCH', 'MCHC', 'RDW', 'PLT', 'MPV', 'NEU%', 'LYM%', 'MONO%', 'EOS%', 'BASO%', 'NEU#', 'LYM#', 'MONO#', 'EOS#', 'BASO#'],
    price: '8.00', naplata: 'panel',
  },
  {
    sifra: 'LIPID', naziv: 'Lipidogram', sinonimi: ['lipidni status', 'lipid profile', 'Lipidprofil'],
    testovi: ['CHOL', 'HDL', 'TG', 'LDL', 'NONHDL'], price: '8.00', naplata: 'panel',
  },
  {
    sifra: 'JETRA', naziv: 'Jetreni testovi', sinonimi: ['jetrene probe', 'hepatogram', 'liver function tests', 'LFT', 'Leberwerte'],
    testovi: ['AST', 'ALT', 'GGT', 'ALP', 'BIL-T', 'BIL-D'], price: '0.00', naplata: 'testovi',
  },
  {
    sifra: 'BUB', naziv: 'Bubrežni testovi', sinonimi: ['renalni testovi', 'kidney function', 'Nierenwerte'],
    testovi: ['UREA', 'KREA', 'EGFR', 'UA', 'NA', 'K'], price: '0.00', naplata: 'testovi',
  },
  {
    sifra: 'TIR', naziv: 'Štitna žlijezda', sinonimi: ['tiroidni status', 'thyroid', 'Schilddrüse'],
    testovi: ['TSH', 'FT4', 'FT3', 'ATPO'], price: '45.00', naplata: 'panel',
  },
  {
    sifra: 'KOAG', naziv: 'Koagulacija', sinonimi: ['koagulogram', 'coagulation', 'Gerinnung'],
    testovi: ['PT', 'QUICK', 'INR', 'APTT', 'FIB'], price: '0.00', naplata: 'testovi',
  },
];

/** Seeds the demo panels at each of these sites; a panel naming a code the catalogue does not hold stops the seed. */
export async function seedDemoTestPanels(db: Db, siteIds: readonly string[]): Promise<void> {
  const ids = await assayIdsByCodes(db, [...new Set(DEMO_TEST_PANELS.flatMap((panel) => panel.testovi))]);
  const rows = DEMO_TEST_PANELS.map((panel) => ({
    sifra: panel.sifra, naziv: panel.naziv, sinonimi: [...panel.sinonimi], price: panel.price, naplata: panel.naplata,
    testovi: panel.testovi.map((code) => {
      const id = ids.get(code);
      if (!id) throw new Error(`demo panel ${panel.sifra} names unknown assay ${code}`);
      return id;
    }),
  }));
  for (const siteId of siteIds) await testPanelRepository(db, siteId).insertMany(rows);
}
