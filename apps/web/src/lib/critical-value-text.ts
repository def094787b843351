import type { Language } from '@lis/domain';
import { currentLanguage } from '../i18n/index.ts';
import { formatResult } from './format.ts';

/**
 * 'Glukoza 30 mmol/L': how a critical value is named to people, alike in the alert after a save and in
 * the bell's line, so the two read the same. The value is shown as stored, numbers with the reader's
 * decimal mark ('6,8' in Bosnian and German, '6.8' in English).
 */
export function criticalValueText(value: { naziv: string; rezultat: string; jedinica: string }, language: Language = currentLanguage()): string {
  return [value.naziv, formatResult(value.rezultat.trim(), language), value.jedinica].filter((part) => part !== '').join(' ');
}
