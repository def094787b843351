import { z } from 'zod';

/**
 * The tube label: label stock size (setting record type 'label', data
 * { width, height, dpi }; default 50 x 25 mm, 203 dpi thermal printer) and
 * what is printed on it. The PDF and the ZPL renderers both use these.
 */
export const LABEL_SETTING_TYPE = 'label';
export const LABEL_DEFAULTS = { width: 50, height: 25, dpi: 203 } as const;

/** Zebra print heads: 6, 8, 12 and 24 dots per mm. */
export const LABEL_DPIS = [152, 203, 300, 600] as const;

export const labelSettingsSchema = z.object({
  /** Millimetres. */
  width: z.number().min(25).max(120).default(LABEL_DEFAULTS.width),
  height: z.number().min(12).max(80).default(LABEL_DEFAULTS.height),
  dpi: z.union(LABEL_DPIS.map((dpi) => z.literal(dpi)) as [z.ZodLiteral<152>, z.ZodLiteral<203>, z.ZodLiteral<300>, z.ZodLiteral<600>])
    .default(LABEL_DEFAULTS.dpi),
});
export type LabelSettings = z.output<typeof labelSettingsSchema>;

/** Settings as stored (any JSON); what is missing or wrong falls back to the defaults field by field. */
export function labelSettingsFrom(data: unknown): LabelSettings {
  const source = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const field = <K extends keyof LabelSettings>(key: K): LabelSettings[K] => {
    const parsed = labelSettingsSchema.shape[key].safeParse(source[key]);
    return (parsed.success ? parsed.data : LABEL_DEFAULTS[key]) as LabelSettings[K];
  };
  return { width: field('width'), height: field('height'), dpi: field('dpi') };
}

export const POINTS_PER_MM = 72 / 25.4;

export function mmToPoints(mm: number): number {
  return mm * POINTS_PER_MM;
}

export function mmToDots(mm: number, dpi: number): number {
  return Math.round((mm * dpi) / 25.4);
}

/** What a label shows (GET /api/uzorci/barcode/{id}). */
export interface LabelContent {
  code: string;
  pacijentRBr: number;
  godiste: number | null;
  /** dd.mm.yyyy */
  datum: string;
  ime: string;
  prezime: string;
  hitan: boolean;
}

/** The two text lines above the barcode: the patient's name; birth year, date, day number and HITNO for urgent samples. */
export function labelLines(content: LabelContent): { name: string; info: string } {
  const name = `${content.prezime} ${content.ime}`.trim();
  const info = [
    content.godiste === null ? null : `God. ${content.godiste}`,
    content.datum,
    `#${content.pacijentRBr}`,
    content.hitan ? 'HITNO' : null,
  ].filter((part): part is string => part !== null).join('  ');
  return { name, info };
}

/** Code128 needs a quiet zone of 10 modules on each side to scan reliably. */
export const CODE128_QUIET_MODULES = 10;
