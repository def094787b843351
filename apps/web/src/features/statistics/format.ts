/** Numbers of the statistics in the user's language: counts, minutes, shares. */
// Bosnian writes numbers as German does (1.234,5); a browser may lack the Bosnian locale itself.
const localeOf = (language: string) => (language === 'en' ? 'en-GB' : 'de-DE');

export function count(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/** Minutes to one decimal ("42,5 min" in Bosnian and German); null: nothing measured. */
export function minutesText(value: number | null, language: string): string {
  if (value === null) return '—';
  return `${new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(value)} min`;
}

/** A share (0–1) as a percentage to one decimal; null: nothing measured. */
export function percent(value: number | null, language: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 1 }).format(value);
}
