import { nameIn, type ReportJezik, type TranslatedName } from '../nalazi/languages.ts';
import { colonyCountText, reportedCategory } from './culture.ts';
import type { AstMethod } from './ast-value.ts';
import type { InfectionSite, SirCategory } from './interpretation.ts';

/**
 * The microbiology part of a result report, decided from plain data like the rest of the report: per
 * culture its test and specimen, growth, each isolate with its count, and the antibiogram (agent,
 * method, value with its unit, the reported category S/I/R with what decided it), then the legend of
 * the categories and the guideline the interpretations used with the data's attribution.
 */

export interface ReportCultureInput {
  test: TranslatedName;
  materijal: string;
  /** The site of infection the breakpoints were chosen for ('' general); printed when one was named. */
  infekcija?: InfectionSite;
  rast: boolean;
  napomena: string;
  /** The breakpoint guideline the antibiograms were interpreted with (EUCAST 2025), null when none was imported. */
  guideline: string | null;
  izolati: {
    naziv: string;
    kolicina: number | null;
    napomena: string;
    antibiogram: {
      antibiotik: string;
      metoda: AstMethod;
      vrijednost: string;
      tumacenje: SirCategory | null;
      osnova: string;
      izmjena: SirCategory | null;
    }[];
  }[];
}

export interface ReportMicrobiologyInput {
  cultures: ReportCultureInput[];
  /** Where the breakpoints and expected resistances come from, printed under the antibiograms. */
  attribution: string;
}

export interface ReportAntibiogramRow {
  antibiotik: string;
  metoda: string;
  vrijednost: string;
  /** S, I, R, or '' when there is no breakpoint. */
  kategorija: SirCategory | '';
  napomena: string;
}

export interface ReportCulture {
  title: string;
  lines: string[];
  izolati: { title: string; napomena: string; rows: ReportAntibiogramRow[] }[];
}

export interface ReportMicrobiology {
  title: string;
  columns: { antibiotik: string; metoda: string; vrijednost: string; kategorija: string; napomena: string };
  cultures: ReportCulture[];
  legend: string[];
}

const LABELS = {
  bs: {
    title: 'Kultura i antibiogram', specimen: 'Materijal', growth: 'Rast', noGrowth: 'Nema rasta', isolate: 'Izolat', agent: 'Antibiotik',
    site: 'Mjesto infekcije', site_meningitis: 'meningitis', site_endocarditis: 'endokarditis', site_pneumonia: 'pneumonija', site_oral: 'oralna terapija',
    method: 'Metoda', value: 'Vrijednost', category: 'S/I/R', note: 'Napomena', mic: 'MIK (mg/L)', disk: 'Zona (mm)',
    intrinsic: 'prirodna rezistencija', expertRule: 'EUCAST ekspertno pravilo: cefoksitin R (MRSA)',
    expertRuleAmpicillinEnterococcus: 'EUCAST ekspertno pravilo: enterokok rezistentan na ampicilin',
    expertRuleVanA: 'EUCAST ekspertno pravilo: teikoplanin R (VanA)', noBreakpoint: 'nema graničnih vrijednosti', undetermined: 'nije moguće tumačiti',
    override: 'tumačenje izmijenjeno (bilo {{category}})', guideline: 'Tumačenje po', remark: 'Napomena',
    legend: 'S osjetljiv, standardno doziranje; I osjetljiv uz povećanu izloženost; R rezistentan.',
  },
  en: {
    title: 'Culture and antibiogram', specimen: 'Specimen', growth: 'Growth', noGrowth: 'No growth', isolate: 'Isolate', agent: 'Antimicrobial',
    site: 'Site of infection', site_meningitis: 'meningitis', site_endocarditis: 'endocarditis', site_pneumonia: 'pneumonia', site_oral: 'oral treatment',
    method: 'Method', value: 'Value', category: 'S/I/R', note: 'Note', mic: 'MIC (mg/L)', disk: 'Zone (mm)',
    intrinsic: 'intrinsic resistance', expertRule: 'EUCAST expert rule: cefoxitin R (MRSA)',
    expertRuleAmpicillinEnterococcus: 'EUCAST expert rule: ampicillin-resistant enterococcus',
    expertRuleVanA: 'EUCAST expert rule: teicoplanin R (VanA)', noBreakpoint: 'no breakpoint', undetermined: 'cannot be interpreted',
    override: 'interpretation changed (was {{category}})', guideline: 'Interpreted by', remark: 'Remark',
    legend: 'S susceptible, standard dosing regimen; I susceptible, increased exposure; R resistant.',
  },
  de: {
    title: 'Kultur und Antibiogramm', specimen: 'Material', growth: 'Wachstum', noGrowth: 'Kein Wachstum', isolate: 'Isolat', agent: 'Antibiotikum',
    site: 'Infektionsort', site_meningitis: 'Meningitis', site_endocarditis: 'Endokarditis', site_pneumonia: 'Pneumonie', site_oral: 'orale Therapie',
    method: 'Methode', value: 'Wert', category: 'S/I/R', note: 'Hinweis', mic: 'MHK (mg/L)', disk: 'Hemmhof (mm)',
    intrinsic: 'natürliche Resistenz', expertRule: 'EUCAST-Expertenregel: Cefoxitin R (MRSA)',
    expertRuleAmpicillinEnterococcus: 'EUCAST-Expertenregel: Ampicillin-resistenter Enterokokkus',
    expertRuleVanA: 'EUCAST-Expertenregel: Teicoplanin R (VanA)', noBreakpoint: 'kein Grenzwert', undetermined: 'nicht interpretierbar',
    override: 'Interpretation geändert (war {{category}})', guideline: 'Interpretiert nach', remark: 'Bemerkung',
    legend: 'S sensibel bei Standarddosierung; I sensibel bei erhöhter Exposition; R resistent.',
  },
} as const satisfies Record<ReportJezik, Record<string, string>>;

/** The microbiology section of one report in its language; null when the sample has no culture. */
export function buildMicrobiologyReport(input: ReportMicrobiologyInput | null | undefined, jezik: ReportJezik): ReportMicrobiology | null {
  if (!input || input.cultures.length === 0) return null;
  const labels = LABELS[jezik];
  const guidelines = [...new Set(input.cultures.map((culture) => culture.guideline).filter((value): value is string => value !== null))];
  const cultures = input.cultures.map((culture): ReportCulture => ({
    title: nameIn(culture.test, jezik),
    lines: [
      `${labels.specimen}: ${culture.materijal}`,
      ...(culture.infekcija ? [`${labels.site}: ${labels[`site_${culture.infekcija}`]}`] : []),
      ...(culture.rast ? [] : [`${labels.growth}: ${labels.noGrowth}`]),
      ...(culture.napomena.trim() ? [`${labels.remark}: ${culture.napomena.trim()}`] : []),
    ],
    izolati: culture.izolati.map((isolate, index) => ({
      title: `${labels.isolate} ${index + 1}: ${isolate.naziv}${isolate.kolicina === null ? '' : `, ${colonyCountText(isolate.kolicina)}`}`,
      napomena: isolate.napomena.trim(),
      rows: isolate.antibiogram.map((row) => {
        const kategorija = reportedCategory(row.tumacenje, row.izmjena);
        const notes = [
          row.osnova === 'intrinsic' ? labels.intrinsic : '',
          row.osnova === 'expertRule' ? labels.expertRule : '',
          row.osnova === 'expertRuleAmpicillinEnterococcus' ? labels.expertRuleAmpicillinEnterococcus : '',
          row.osnova === 'expertRuleVanA' ? labels.expertRuleVanA : '',
          row.osnova === 'noBreakpoint' ? labels.noBreakpoint : '',
          row.osnova === 'undetermined' ? labels.undetermined : '',
          row.izmjena !== null && row.izmjena !== row.tumacenje ? labels.override.replace('{{category}}', row.tumacenje ?? '–') : '',
        ].filter(Boolean);
        return {
          antibiotik: row.antibiotik, metoda: row.metoda === 'MIC' ? labels.mic : labels.disk, vrijednost: row.vrijednost,
          kategorija: kategorija ?? '', napomena: notes.join('; '),
        };
      }),
    })),
  }));
  return {
    title: labels.title,
    columns: { antibiotik: labels.agent, metoda: labels.method, vrijednost: labels.value, kategorija: labels.category, napomena: labels.note },
    cultures,
    legend: [
      labels.legend,
      ...(guidelines.length > 0 ? [`${labels.guideline} ${guidelines.join(', ')}. ${input.attribution}`] : []),
    ],
  };
}
