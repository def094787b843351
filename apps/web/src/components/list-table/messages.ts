/**
 * The list table's strings in Bosnian (default), English and German, merged
 * into the i18next catalogues under `listTable`. Spec wording where the spec
 * gives it: 'Pretraga', the per-page choices ('{n} per page' in the spec's
 * English), 'Svi rezultati' (the spec's 'Svi Rezultati' in Bosnian sentence case), 'Nema dostupnih podataka.' and the day presets.
 *
 *   const { t } = useTranslation(undefined, { keyPrefix: 'listTable' });
 *   t('perPage', { n: 25 })
 */
import type { Language } from '@lis/domain';

const bs = {
  filter: 'Pretraga',
  filterClear: 'Obriši pretragu',
  perPage: '{{n}} po stranici',
  allRows: 'Svi rezultati',
  perPageLabel: 'Broj redova po stranici',
  datumLabel: 'Period',
  empty: 'Nema dostupnih podataka.',
  loading: 'Učitavanje…',
  summary: 'Prikazano {{from}}–{{to}} od {{total}}',
  pagination: 'Stranice',
  firstPage: 'Prva stranica',
  previousPage: 'Prethodna stranica',
  nextPage: 'Sljedeća stranica',
  lastPage: 'Posljednja stranica',
  page: 'Stranica {{n}}',
  sortHint: 'Klik sortira, Shift + klik dodaje kolonu u sortiranje',
  sortedAscending: 'sortirano uzlazno',
  sortedDescending: 'sortirano silazno',
  actions: 'Akcije',
  rowMenu: 'Više akcija',
  details: 'Detalji',
  dateRange: 'Opseg datuma',
  dateRangeClear: 'Poništi opseg datuma',
  separator: 'do',
  datum_DANAS: 'DANAS',
  'datum_JUČER': 'JUČER',
  datum_SEDMICA: 'SEDMICA',
  datum_MJESEC: 'MJESEC',
  datum_SVE: 'SVE',
  'datum_RADNA LISTA': 'RADNA LISTA',
  datum_Mikrobiologija: 'Mikrobiologija',
};

export type ListTableMessageKey = keyof typeof bs;
type Catalogue = Record<ListTableMessageKey, string>;

const en: Catalogue = {
  filter: 'Search',
  filterClear: 'Clear the search',
  perPage: '{{n}} per page',
  allRows: 'All results',
  perPageLabel: 'Rows per page',
  datumLabel: 'Period',
  empty: 'No data available.',
  loading: 'Loading…',
  summary: 'Showing {{from}}–{{to}} of {{total}}',
  pagination: 'Pages',
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  page: 'Page {{n}}',
  sortHint: 'Click sorts, Shift + click adds the column to the sort',
  sortedAscending: 'sorted ascending',
  sortedDescending: 'sorted descending',
  actions: 'Actions',
  rowMenu: 'More actions',
  details: 'Details',
  dateRange: 'Date range',
  dateRangeClear: 'Clear the date range',
  separator: 'to',
  datum_DANAS: 'TODAY',
  'datum_JUČER': 'YESTERDAY',
  datum_SEDMICA: 'LAST 7 DAYS',
  datum_MJESEC: 'LAST 30 DAYS',
  datum_SVE: 'ALL',
  'datum_RADNA LISTA': 'WORKLIST',
  datum_Mikrobiologija: 'Microbiology',
};

const de: Catalogue = {
  filter: 'Suche',
  filterClear: 'Suche löschen',
  perPage: '{{n}} pro Seite',
  allRows: 'Alle Ergebnisse',
  perPageLabel: 'Zeilen pro Seite',
  datumLabel: 'Zeitraum',
  empty: 'Keine Daten verfügbar.',
  loading: 'Wird geladen…',
  summary: '{{from}}–{{to}} von {{total}}',
  pagination: 'Seiten',
  firstPage: 'Erste Seite',
  previousPage: 'Vorherige Seite',
  nextPage: 'Nächste Seite',
  lastPage: 'Letzte Seite',
  page: 'Seite {{n}}',
  sortHint: 'Klick sortiert, Umschalt + Klick fügt die Spalte der Sortierung hinzu',
  sortedAscending: 'aufsteigend sortiert',
  sortedDescending: 'absteigend sortiert',
  actions: 'Aktionen',
  rowMenu: 'Weitere Aktionen',
  details: 'Details',
  dateRange: 'Datumsbereich',
  dateRangeClear: 'Datumsbereich aufheben',
  separator: 'bis',
  datum_DANAS: 'HEUTE',
  'datum_JUČER': 'GESTERN',
  datum_SEDMICA: 'LETZTE 7 TAGE',
  datum_MJESEC: 'LETZTE 30 TAGE',
  datum_SVE: 'ALLE',
  'datum_RADNA LISTA': 'ARBEITSLISTE',
  datum_Mikrobiologija: 'Mikrobiologie',
};

export const listTableMessages: Record<Language, Catalogue> = { bs, en, de };

/** The catalogue key of a day preset's label, or null for a preset the catalogue does not know (it shows as it is). */
export function datumLabelKey(preset: string): ListTableMessageKey | null {
  const key = `datum_${preset}`;
  return Object.hasOwn(bs, key) ? key as ListTableMessageKey : null;
}
