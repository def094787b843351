import type { Language } from '@lis/domain';
import { currentLanguage } from '../i18n/index.ts';
import { formatResult } from './format.ts';
import { assayName, type CatalogueNames } from './catalogue-name.ts';

/**
 * 'Glukoza 30 mmol/L': how a critical value is named to people, alike in the alert after a save and in
 * the bell's line, so the two read the same: the test's name in the reader's language ('Glucose 30 mmol/L'),
 * the value as stored with the reader's decimal mark ('6,8' in Bosnian and German, '6.8' in English).
 */
export function criticalValueText(value: CatalogueNames & { rezultat: string; jedinica: string }, language: Language = currentLanguage()): string {
  return [assayName(value, language), formatResult(value.rezultat.trim(), language), value.jedinica].filter((part) => part !== '').join(' ');
}
