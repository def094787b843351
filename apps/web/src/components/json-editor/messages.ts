/**
 * The JSON editor's strings, merged into the i18next catalogues under `jsonEditor`.
 * A problem reads "Red 3: polje naziv nedostaje."; `{{field}}` is the dotted path of the field.
 */
import type { Language } from '@lis/domain';

const bs = {
  editorLabel: 'JSON zapis',
  problemsTitle: 'Zapis nije ispravan',
  valid: 'Zapis je ispravan.',
  keys: 'Ctrl+S čuva, Escape zatvara.',
  line: 'Red {{line}}',
  wholeRecord: 'zapis',
  syntax: 'JSON nije ispravan (provjerite zareze, navodnike i zagrade).',
  missing: 'polje {{field}} nedostaje.',
  required: 'polje {{field}} je obavezno.',
  type: 'polje {{field}} ima pogrešnu vrstu vrijednosti.',
  tooSmall: 'polje {{field}} je premalo ili prekratko (najmanje {{limit}}).',
  tooBig: 'polje {{field}} je preveliko ili predugo (najviše {{limit}}).',
  format: 'polje {{field}} nije u ispravnom obliku.',
  value: 'polje {{field}} nema dozvoljenu vrijednost.',
  unknownKey: 'polje {{field}} nije poznato.',
  custom: 'polje {{field}} nije ispravno.',
  server: 'polje {{field}}: {{detail}}',
  saved: 'Zapis sačuvan.',
};

type Catalogue = Record<keyof typeof bs, string>;

const en: Catalogue = {
  editorLabel: 'JSON record',
  problemsTitle: 'The record is not valid',
  valid: 'The record is valid.',
  keys: 'Ctrl+S saves, Escape closes.',
  line: 'Line {{line}}',
  wholeRecord: 'record',
  syntax: 'The JSON is not valid (check commas, quotes and brackets).',
  missing: 'the field {{field}} is missing.',
  required: 'the field {{field}} is required.',
  type: 'the field {{field}} has the wrong kind of value.',
  tooSmall: 'the field {{field}} is too small or too short (at least {{limit}}).',
  tooBig: 'the field {{field}} is too big or too long (at most {{limit}}).',
  format: 'the field {{field}} is not in the right format.',
  value: 'the field {{field}} has a value that is not allowed.',
  unknownKey: 'the field {{field}} is not known.',
  custom: 'the field {{field}} is not valid.',
  server: 'the field {{field}}: {{detail}}',
  saved: 'Record saved.',
};

const de: Catalogue = {
  editorLabel: 'JSON-Datensatz',
  problemsTitle: 'Der Datensatz ist ungültig',
  valid: 'Der Datensatz ist gültig.',
  keys: 'Strg+S speichert, Escape schließt.',
  line: 'Zeile {{line}}',
  wholeRecord: 'Datensatz',
  syntax: 'Das JSON ist ungültig (Kommas, Anführungszeichen und Klammern prüfen).',
  missing: 'das Feld {{field}} fehlt.',
  required: 'das Feld {{field}} ist ein Pflichtfeld.',
  type: 'das Feld {{field}} hat die falsche Art von Wert.',
  tooSmall: 'das Feld {{field}} ist zu klein oder zu kurz (mindestens {{limit}}).',
  tooBig: 'das Feld {{field}} ist zu groß oder zu lang (höchstens {{limit}}).',
  format: 'das Feld {{field}} hat nicht das richtige Format.',
  value: 'das Feld {{field}} hat einen unzulässigen Wert.',
  unknownKey: 'das Feld {{field}} ist unbekannt.',
  custom: 'das Feld {{field}} ist ungültig.',
  server: 'das Feld {{field}}: {{detail}}',
  saved: 'Datensatz gespeichert.',
};

export const jsonEditorMessages: Record<Language, Catalogue> = { bs, en, de };
