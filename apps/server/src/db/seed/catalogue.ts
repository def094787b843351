import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { formulaComponents, MAX_AGE_DAYS, QUALITATIVE_NEGATIVE, type ResultKind } from '@lis/domain';
import type { Db } from '../client.ts';
import { labAssays, labSections, referenceRanges, sampleTypes, settingRecords } from '../schema.ts';
import { BIOHEMIJA } from './catalogue-data/biohemija.ts';
import { PREDEFINED_COMMENTS } from './catalogue-data/comments.ts';
import { HEMATOLOGIJA } from './catalogue-data/hematologija.ts';
import { IMUNOLOGIJA } from './catalogue-data/imunologija.ts';
import { KOAGULACIJA } from './catalogue-data/koagulacija.ts';
import { LOINC_CODES } from './catalogue-data/loinc.ts';
import { MIKROBIOLOGIJA } from './catalogue-data/mikrobiologija.ts';
import { SAMPLE_TYPES, SECTIONS } from './catalogue-data/sections.ts';
import { SAMPLE_TYPE_TRANSLATIONS, SECTION_TRANSLATIONS, assayTranslation } from './catalogue-data/translations.ts';
import type { AssayDefinition } from './catalogue-data/types.ts';
import { URIN } from './catalogue-data/urin.ts';

export type { AssayDefinition, RangeDefinition } from './catalogue-data/types.ts';
export { PREDEFINED_COMMENTS, SAMPLE_TYPES, SECTIONS };

/** The demo lab's assays, section by section, each section in report order. */
export const DEMO_ASSAYS: readonly AssayDefinition[] = [
  ...BIOHEMIJA, ...HEMATOLOGIJA, ...KOAGULACIJA, ...IMUNOLOGIJA, ...URIN, ...MIKROBIOLOGIJA,
];

/** setting_records type of the assay settings; data.komentari is the predefined comments list (GET assays/settings). */
export const ASSAY_SETTINGS_TYPE = 'assay_settings';

/**
 * Delta limits of the assays where a jump between two results of a patient is
 * more often a mix-up of tubes or a faulty run than a change in the patient
 * (limits as commonly used for delta checks in routine chemistry and blood counts).
 */
const DELTA_LIMITS: Readonly<Record<string, AssayDefinition['delta']>> = {
  K: { kind: 'absolute', value: 1 },
  NA: { kind: 'absolute', value: 8 },
  GLU: { kind: 'percent', value: 50 },
  KREA: { kind: 'percent', value: 50 },
  HGB: { kind: 'absolute', value: 20 },
  PLT: { kind: 'percent', value: 50 },
  WBC: { kind: 'percent', value: 100 },
};

/** An assay whose every range is the text 'Negativan' reads negative or positive; other text ranges are free text; the rest are numbers. */
function resultKindOf(assay: AssayDefinition): ResultKind {
  if (assay.vrsta) return assay.vrsta;
  const textual = assay.ranges.length > 0 && assay.ranges.every((range) => range.tekst !== undefined && range.low === undefined && range.high === undefined);
  if (!textual) return 'numeric';
  return assay.ranges.every((range) => range.tekst === QUALITATIVE_NEGATIVE) ? 'qualitative' : 'text';
}

function numericText(value: number | undefined): string | null {
  return value === undefined ? null : String(value);
}

/**
 * Seeds sections, sample types, the assays with their reference ranges, and the
 * assay settings (predefined comments). A calculated test's component ids come
 * from its formula, so formula and calculated_tests cannot disagree. Does
 * nothing when the database already has lab sections.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(labSections);
  if ((existing?.n ?? 0) > 0) return;

  const sectionRows = await db.insert(labSections)
    .values(SECTIONS.map((section, index) => ({
      ...section, nazivEn: SECTION_TRANSLATIONS[section.sifra][0], nazivDe: SECTION_TRANSLATIONS[section.sifra][1], redoslijed: index + 1,
    })))
    .returning({ id: labSections.id, sifra: labSections.sifra });
  const sampleTypeRows = await db.insert(sampleTypes)
    .values(SAMPLE_TYPES.map((sampleType) => ({
      ...sampleType, nazivEn: SAMPLE_TYPE_TRANSLATIONS[sampleType.sifra][0], nazivDe: SAMPLE_TYPE_TRANSLATIONS[sampleType.sifra][1],
    })))
    .returning({ id: sampleTypes.id, sifra: sampleTypes.sifra });
  const sectionId = new Map(sectionRows.map((row) => [row.sifra, row.id]));
  const sampleTypeId = new Map(sampleTypeRows.map((row) => [row.sifra, row.id]));

  // Ids are made here so calculated tests can name their components in the same multi-row insert.
  const assayId = new Map(DEMO_ASSAYS.map((assay) => [assay.sifra, randomUUID()]));
  const idOf = (sifra: string, usedBy: string): string => {
    const id = assayId.get(sifra);
    if (!id) throw new Error(`calculated test ${usedBy} reads unknown assay ${sifra}`);
    return id;
  };
  const positionInSection = new Map<string, number>();

  await db.insert(labAssays).values(DEMO_ASSAYS.map((assay) => {
    const redoslijed = (positionInSection.get(assay.sekcija) ?? 0) + 1;
    positionInSection.set(assay.sekcija, redoslijed);
    return {
      id: idOf(assay.sifra, assay.sifra),
      sifra: assay.sifra,
      naziv: assay.naziv,
      nazivEn: assayTranslation(assay.sifra)[0],
      nazivDe: assayTranslation(assay.sifra)[1],
      analit: assay.analit,
      sekcijaId: sectionId.get(assay.sekcija) as string,
      sampleTypeId: sampleTypeId.get(assay.uzorak) as string,
      jedinica: assay.jedinica,
      loinc: LOINC_CODES[assay.sifra] ?? null,
      price: assay.price,
      manual: assay.manual ?? false,
      calculated: assay.formula !== undefined,
      formula: assay.formula ?? null,
      calculatedTests: assay.formula === undefined ? [] : formulaComponents(assay.formula).map((code) => idOf(code, assay.sifra)),
      decimals: assay.decimals,
      criticalLow: numericText(assay.criticalLow),
      criticalHigh: numericText(assay.criticalHigh),
      tip: assay.tip ?? 'Standard',
      redoslijed,
      vrsta: resultKindOf(assay),
      opcije: assay.opcije ?? [],
      deltaKind: (assay.delta ?? DELTA_LIMITS[assay.sifra])?.kind ?? null,
      deltaLimit: numericText((assay.delta ?? DELTA_LIMITS[assay.sifra])?.value),
    };
  }));

  await db.insert(referenceRanges).values(DEMO_ASSAYS.flatMap((assay) => assay.ranges.map((range) => ({
    labassayId: idOf(assay.sifra, assay.sifra),
    spol: range.spol ?? null,
    ageMinDays: range.ageMinDays ?? 0,
    ageMaxDays: range.ageMaxDays ?? MAX_AGE_DAYS,
    trudnica: range.trudnica ?? null,
    menopauza: range.menopauza ?? null,
    low: numericText(range.low),
    high: numericText(range.high),
    tekst: range.tekst ?? null,
  }))));

  await db.insert(settingRecords).values({ siteId: null, type: ASSAY_SETTINGS_TYPE, data: { komentari: [...PREDEFINED_COMMENTS] } });
}
