import type { Db } from '../../db/client.ts';
import { panelRepository } from './panel-repository.ts';

/**
 * The demo lab's antibiogram panels: the agents commonly tested per organism group, in the order of the
 * EUCAST breakpoint tables, with a urine panel where urinary agents (mecillinam, nitrofurantoin, fosfomycin,
 * trimethoprim) are tested. Written by the demo seed only: a lab defines its own on /mikrobiologija/paneli.
 * Screening agents are included where an expert rule reads them (cefoxitin for staphylococci, oxacillin for
 * pneumococci, benzylpenicillin 1 unit for Haemophilus).
 */
export const DEMO_PANELS: readonly { naziv: string; grupa: string; uzorak: string; antibiotici: readonly string[] }[] = [
  {
    naziv: 'Enterobacterales', grupa: 'B_[ORD]_ENTRBCTR', uzorak: '',
    antibiotici: ['AMP', 'AMC', 'TZP', 'CXM', 'CTX', 'CAZ', 'FEP', 'ETP', 'MEM', 'CIP', 'GEN', 'AMK', 'SXT'],
  },
  {
    naziv: 'Enterobacterales, urin', grupa: 'B_[ORD]_ENTRBCTR', uzorak: 'Urin',
    antibiotici: ['AMP', 'AMC', 'MEC', 'CXM', 'CTX', 'CAZ', 'MEM', 'CIP', 'GEN', 'NIT', 'FOS', 'SXT', 'TMP'],
  },
  {
    naziv: 'Pseudomonas', grupa: 'B_PSDMN', uzorak: '',
    antibiotici: ['TZP', 'CAZ', 'FEP', 'ATM', 'IPM', 'MEM', 'CIP', 'LVX', 'TOB', 'AMK', 'COL'],
  },
  {
    naziv: 'Acinetobacter', grupa: 'B_ACNTB', uzorak: '',
    antibiotici: ['IPM', 'MEM', 'CIP', 'LVX', 'GEN', 'TOB', 'AMK', 'SXT', 'COL'],
  },
  {
    naziv: 'Stafilokoki', grupa: 'B_STPHY', uzorak: '',
    antibiotici: ['FOX', 'PEN', 'GEN', 'CIP', 'ERY', 'CLI', 'TCY', 'SXT', 'VAN', 'TEC', 'LNZ', 'RIF', 'FUS', 'MUP'],
  },
  {
    naziv: 'Stafilokoki, urin', grupa: 'B_STPHY', uzorak: 'Urin',
    antibiotici: ['FOX', 'PEN', 'GEN', 'CIP', 'NIT', 'FOS', 'SXT', 'TMP', 'VAN', 'LNZ'],
  },
  {
    naziv: 'Enterokoki', grupa: 'B_ENTRC', uzorak: '',
    antibiotici: ['AMP', 'IPM', 'GEH', 'VAN', 'TEC', 'LNZ', 'NIT', 'TMP'],
  },
  {
    naziv: 'Streptococcus pneumoniae', grupa: 'B_STRPT_PNMN', uzorak: '',
    antibiotici: ['OXA', 'PEN', 'AMP', 'CTX', 'CRO', 'MEM', 'ERY', 'CLI', 'LVX', 'MFX', 'TCY', 'SXT', 'VAN', 'RIF'],
  },
  {
    naziv: 'Beta-hemolitički streptokoki', grupa: 'B_STRPT_ABCG', uzorak: '',
    antibiotici: ['PEN', 'AMP', 'ERY', 'CLI', 'TCY', 'SXT', 'LVX', 'VAN', 'TEC', 'LNZ'],
  },
  {
    naziv: 'Haemophilus influenzae', grupa: 'B_HMPHL_INFL', uzorak: '',
    antibiotici: ['PEN', 'AMP', 'AMC', 'CXM', 'CTX', 'MEM', 'CIP', 'TCY', 'SXT'],
  },
];

export async function seedDemoPanels(db: Db): Promise<void> {
  await panelRepository(db).insertMany(DEMO_PANELS.map((panel) => ({ ...panel, antibiotici: [...panel.antibiotici] })));
}
