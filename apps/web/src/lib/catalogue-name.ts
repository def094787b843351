/**
 * The name of a catalogue test, section or sample type in the reader's interface
 * language, the one rule every screen that names a test or section uses:
 * the catalogue's English or German name (naziv_en, naziv_de) for an
 * English or German reader, the Bosnian naziv for a Bosnian one and
 * wherever the catalogue leaves the translation blank.
 */
import { useCallback } from 'react';
import type { Language } from '@lis/domain';
import { useLanguage } from '../i18n/index.ts';

/** A test's or section's names as the answers carry them; a blank or missing translation means "none". */
export interface CatalogueNames {
  naziv: string;
  naziv_en?: string | undefined;
  naziv_de?: string | undefined;
}

function translated(names: CatalogueNames, language: Language): string {
  const name = language === 'en' ? names.naziv_en : language === 'de' ? names.naziv_de : undefined;
  return name?.trim() ?? '';
}

/** The test's or section's full name for a reader of `language`. */
export function assayName(names: CatalogueNames, language: Language): string {
  return translated(names, language) || names.naziv;
}

/**
 * The short name for narrow places (picker cards, the chosen tests). The
 * analyte name (analit) is Bosnian and has no translation, so a Bosnian
 * reader sees it and an English or German reader the translated full name
 * where the catalogue has one.
 */
export function assayShortName(test: CatalogueNames & { analit: string }, language: Language): string {
  return translated(test, language) || test.analit || test.naziv;
}

/**
 * What a screen shows beside a test's name to tell it apart: the analyte name
 * for a Bosnian reader, and for others, where the name is translated, the
 * test's code (the analyte name is Bosnian).
 */
export function assayTag(test: CatalogueNames & { analit: string; sifra: string }, language: Language): string {
  return translated(test, language) ? test.sifra : test.analit;
}

/** A test as a choice list names it: its name with its tag in brackets ('Glukoza (GLU)', 'Glucose (GLU)'). */
export function assayLabel(test: CatalogueNames & { analit: string; sifra: string }, language: Language): string {
  return `${assayName(test, language)} (${assayTag(test, language)})`;
}

/** `assayName` in the language shown now; re-renders when it changes. */
export function useAssayName(): (names: CatalogueNames) => string {
  const language = useLanguage();
  return useCallback((names: CatalogueNames) => assayName(names, language), [language]);
}

/** `assayShortName` in the language shown now. */
export function useAssayShortName(): (test: CatalogueNames & { analit: string }) => string {
  const language = useLanguage();
  return useCallback((test: CatalogueNames & { analit: string }) => assayShortName(test, language), [language]);
}
