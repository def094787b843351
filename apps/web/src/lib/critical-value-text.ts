/**
 * 'Glukoza 30 mmol/L': how a critical value is named to people, alike in the alert after a save and in
 * the bell's line, so the two read the same. The value is shown exactly as it was entered.
 */
export function criticalValueText(value: { naziv: string; rezultat: string; jedinica: string }): string {
  return [value.naziv, value.rezultat.trim(), value.jedinica].filter((part) => part !== '').join(' ');
}
