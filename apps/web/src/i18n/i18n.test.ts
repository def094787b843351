import { describe, expect, it } from 'vitest';
import { LANGUAGES, MENU, MESSAGES, type MessageCode, REPORT_DEFINITIONS, REPORT_FLAGS, SYMPTOM_KEYS, message, wireMessage } from '@lis/domain';
import { CATALOGUES } from '../app/catalogues.ts';
import { i18n, messageText, serverMessage, translateKey } from './index.ts';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  ).sort();
}

function valueAt(catalogue: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
}

/** The placeholders of a text, in order; `{{n}}` is the one syntax. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('catalogues', () => {
  it('have identical key sets in Bosnian, English and German', () => {
    const bsKeys = keysOf(CATALOGUES.bs);
    const enKeys = keysOf(CATALOGUES.en);
    const deKeys = keysOf(CATALOGUES.de);
    const enSet = new Set(enKeys);
    const deSet = new Set(deKeys);
    // Named separately, so a failure lists the keys missing (or extra) in that language; the key lists are built
    // once (rebuilding them per key took tens of seconds).
    expect(bsKeys.filter((key) => !enSet.has(key)), 'missing in en').toEqual([]);
    expect(bsKeys.filter((key) => !deSet.has(key)), 'missing in de').toEqual([]);
    expect(enKeys).toEqual(bsKeys);
    expect(deKeys).toEqual(bsKeys);
  });

  it('use one interpolation syntax, {{name}}, with the same names in every language (server messages too)', () => {
    const texts: { where: string; bs: string; other: string }[] = [];
    for (const key of keysOf(CATALOGUES.bs)) {
      for (const language of ['en', 'de'] as const) {
        texts.push({ where: `${language}:${key}`, bs: String(valueAt(CATALOGUES.bs, key)), other: String(valueAt(CATALOGUES[language], key)) });
      }
    }
    for (const [code, text] of Object.entries(MESSAGES)) {
      for (const language of ['en', 'de'] as const) texts.push({ where: `${language}:${code}`, bs: text.bs, other: text[language] });
    }
    const singleBrace = /(?<!\{)\{\w+\}(?!\})/;
    expect(texts.filter(({ bs, other }) => singleBrace.test(bs) || singleBrace.test(other)).map(({ where }) => where)).toEqual([]);
    expect(texts.filter(({ bs, other }) => placeholders(bs).join() !== placeholders(other).join()).map(({ where }) => where)).toEqual([]);
    expect(message('form.invalid', 'en', { field: 'email' })).toBe('Invalid input: email.');
  });

  it("shows the list table's and the date-range picker's text in the user's language", async () => {
    expect(i18n.t('listTable.perPage', { n: 10 })).toBe('10 po stranici');
    expect(i18n.t('dateRange.title')).toBe('Unesite opseg datuma');
    await i18n.changeLanguage('de');
    expect(i18n.t('listTable.perPage', { n: 10 })).toBe('10 pro Seite');
    await i18n.changeLanguage('en');
    expect(i18n.t('listTable.perPage', { n: 10 })).toBe('10 per page');
    await i18n.changeLanguage('bs');
  });

  it('have no empty strings', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      const empty = keysOf(catalogue).filter((key) => {
        const value = valueAt(catalogue, key);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('label every symptom of the intake checklist in every language (the domain keeps only the keys)', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      for (const key of SYMPTOM_KEYS) expect(catalogue.symptoms[key].length, key).toBeGreaterThan(2);
    }
    expect(i18n.t('symptoms.pacijentbezsimptoma')).toBe('Pacijent bez simptoma');
  });

  it("name every report, column and figure as the server's exports do, in every language", () => {
    for (const language of ['bs', 'en', 'de'] as const) {
      for (const flag of REPORT_FLAGS) {
        const definition = REPORT_DEFINITIONS[flag];
        const texts = CATALOGUES[language].izvjestaji.reports[flag];
        expect(texts.title).toBe(definition.title[language]);
        for (const column of [...definition.columns, ...definition.summary]) expect(texts.columns[column.key]).toBe(column.label[language]);
      }
    }
    expect(i18n.t('izvjestaji.reports.fpodanu.columns.iznos')).toBe('Iznos (KM)');
  });

  it('translate every sidebar title the server can send', () => {
    const keys = keysOf(CATALOGUES.bs);
    expect(MENU.map((entry) => entry.title).filter((title) => !keys.includes(title))).toEqual([]);
    expect(translateKey('menu.prijem')).toBe('Prijem');
  });
});

describe('messageText', () => {
  it("shows every message of the domain's catalogue through i18next, word for word as the domain writes it", () => {
    for (const language of LANGUAGES) {
      for (const code of Object.keys(MESSAGES) as MessageCode[]) {
        expect(messageText(code, { field: 'email', naziv: 'Glukoza', pravilo: '2-2s' }, language), `${language}:${code}`)
          .toBe(message(code, language, { field: 'email', naziv: 'Glukoza', pravilo: '2-2s' }));
      }
    }
  });

  it('follows the language shown now, and keeps a placeholder without a value as the server does', async () => {
    expect(messageText('form.required')).toBe('Unesite obavezna polja.');
    await i18n.changeLanguage('de');
    expect(messageText('form.required')).toBe('Bitte Pflichtfelder ausfüllen.');
    await i18n.changeLanguage('bs');
    expect(messageText('form.invalid', {}, 'en')).toBe('Invalid input: {{field}}.');
  });
});

describe('serverMessage', () => {
  it('shows the server text as it is in Bosnian', () => {
    expect(serverMessage({ message: 'Pogrešna šifra.', code: 'auth.wrongPassword' }, 'bs')).toBe('Pogrešna šifra.');
  });

  it('translates by code in English and German', () => {
    expect(serverMessage({ message: 'Pogrešna šifra.', code: 'auth.wrongPassword' }, 'en')).toBe('Wrong password.');
    expect(serverMessage({ message: 'Korisnik nije pronađen.', code: 'auth.userNotFound' }, 'de')).toBe('Benutzer nicht gefunden.');
    expect(serverMessage({ message: 'Neispravan unos: email.', code: 'form.invalid', field: 'email' }, 'en')).toBe('Invalid input: email.');
  });

  it("fills the server's placeholders in English and German: the QC hold names the assay and the rule", () => {
    const hold = {
      message: 'Kontrola za Glukoza je odbijena (2-2s): rezultati tog testa ne mogu se odobriti dok se ne evidentira korektivna mjera.',
      code: 'qc.hold', params: { naziv: 'Glukoza', pravilo: '2-2s' },
    };
    expect(serverMessage(hold, 'en')).toBe('The control of Glukoza was rejected (2-2s): results of this test cannot be approved until a corrective action is recorded.');
    expect(serverMessage(hold, 'de')).toContain('Die Kontrolle für Glukoza wurde zurückgewiesen (2-2s)');
    expect(serverMessage(hold, 'de')).not.toContain('{{');
  });

  it("shows an expired account in Bosnian although the wire keeps the spec's English 'User Account has Expired.'", () => {
    const expired = { message: wireMessage('auth.expired'), code: 'auth.expired' };
    expect(expired.message).toBe('User Account has Expired.');
    expect(serverMessage(expired, 'bs')).toBe('Korisnički račun je istekao.');
    expect(serverMessage(expired, 'de')).toBe('Das Benutzerkonto ist abgelaufen.');
  });

  it('keeps the server text when the code is unknown', () => {
    expect(serverMessage({ message: 'Nešto novo.', code: 'brand.new' }, 'en')).toBe('Nešto novo.');
  });
});
