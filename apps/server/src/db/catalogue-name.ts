import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A catalogue name (a test, section or sample type) as a reader of `language` sees it, for sorting a list by
 * it: the English or German name where the catalogue has one, else the Bosnian naziv, the same rule the web's
 * catalogue-name helper shows. Any other language reads the Bosnian name.
 */
export function catalogueNameIn(language: string, names: { naziv: AnyPgColumn; nazivEn: AnyPgColumn; nazivDe: AnyPgColumn }): SQL | AnyPgColumn {
  if (language === 'en') return sql`coalesce(nullif(btrim(${names.nazivEn}), ''), ${names.naziv})`;
  if (language === 'de') return sql`coalesce(nullif(btrim(${names.nazivDe}), ''), ${names.naziv})`;
  return names.naziv;
}
