/**
 * The date-range picker's strings, merged into the i18next catalogues under `dateRange`.
 */
import type { Language } from '@lis/domain';

const bs = {
  title: 'Unesite opseg datuma',
  from: 'Od',
  to: 'Do',
  day: 'Dan',
  separator: 'do',
  confirm: 'POTVRDI',
  cancel: 'ODUSTANI',
  clear: 'Poništi opseg',
  wholeDay: 'Cijeli dan, od 00:00:00 do 23:59:59',
};

type Catalogue = Record<keyof typeof bs, string>;

const en: Catalogue = {
  title: 'Enter the date range',
  from: 'From',
  to: 'To',
  day: 'Day',
  separator: 'to',
  confirm: 'CONFIRM',
  cancel: 'CANCEL',
  clear: 'Clear the range',
  wholeDay: 'The whole day, from 00:00:00 to 23:59:59',
};

const de: Catalogue = {
  title: 'Datumsbereich eingeben',
  from: 'Von',
  to: 'Bis',
  day: 'Tag',
  separator: 'bis',
  confirm: 'BESTÄTIGEN',
  cancel: 'ABBRECHEN',
  clear: 'Bereich aufheben',
  wholeDay: 'Der ganze Tag, von 00:00:00 bis 23:59:59',
};

export const dateRangeMessages: Record<Language, Catalogue> = { bs, en, de };
