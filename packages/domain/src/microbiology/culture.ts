import type { SirCategory } from './interpretation.ts';

/** A colony count as printed: 10^5 CFU/mL (a power of ten; the report and the result text write it so). */
export function colonyCountText(kolicina: number | null): string {
  return kolicina === null ? '' : `10^${kolicina} CFU/mL`;
}

/** What a culture reports when nothing grew and the test has no normal text of its own. */
export const NO_GROWTH_TEXT = 'Nema rasta';

/**
 * The culture as its test's result text (what the result screens, the worklist and the approval read):
 * the organisms grown with their counts, "; "-separated, or the test's normal text when nothing grew.
 */
export function cultureSummary(
  culture: { rast: boolean; izolati: readonly { naziv: string; kolicina: number | null }[] }, normalText: string | null,
): string {
  if (!culture.rast) return normalText?.trim() || NO_GROWTH_TEXT;
  return culture.izolati.map((isolate) => [isolate.naziv, colonyCountText(isolate.kolicina)].filter(Boolean).join(' ')).join('; ');
}

/** The reported category: a person's override wins over the interpretation. */
export function reportedCategory(tumacenje: SirCategory | null, izmjena: SirCategory | null): SirCategory | null {
  return izmjena ?? tumacenje;
}

/**
 * The specimen a new culture starts with: the sample's own type when one was chosen ('Urin (srednji mlaz)'),
 * else its `tip` when that names a microbiology specimen with its bracketed subtype ('Bris (grlo)'), else
 * the sample type the test is done on, else the test's name.
 */
export function cultureSpecimen(sample: { type: string; tip: string }, testSampleType: string | null, testName: string): string {
  const type = sample.type.trim();
  if (type) return type;
  const tip = sample.tip.trim();
  if (/\(.+\)/.test(tip)) return tip;
  return testSampleType?.trim() || testName;
}

/**
 * Whether a microbiology instrument's S/I/R disagrees with our interpretation of the same value (the lab's
 * breakpoints, intrinsic resistance and expert rules): flagged on the culture for the specialist, who decides
 * (an override) what is reported. No category from the instrument, or none from us (no breakpoint, a censored
 * value spanning categories): nothing to compare, no flag.
 */
export function instrumentDisagrees(tumacenje: SirCategory | null, aparat: SirCategory | null): boolean {
  return tumacenje !== null && aparat !== null && tumacenje !== aparat;
}
