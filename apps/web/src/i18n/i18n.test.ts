import { describe, expect, it } from 'vitest';
import { MENU } from '@lis/domain';
import { CATALOGUES, serverMessage, translateKey } from './index.ts';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  ).sort();
}

describe('catalogues', () => {
  it('have identical key sets in Bosnian, English and German', () => {
    const bsKeys = keysOf(CATALOGUES.bs);
    expect(keysOf(CATALOGUES.en)).toEqual(bsKeys);
    expect(keysOf(CATALOGUES.de)).toEqual(bsKeys);
  });

  it('have no empty strings', () => {
    for (const catalogue of Object.values(CATALOGUES)) {
      const empty = keysOf(catalogue).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('translate every sidebar title the server can send', () => {
    const keys = keysOf(CATALOGUES.bs);
    expect(MENU.map((entry) => entry.title).filter((title) => !keys.includes(title))).toEqual([]);
    expect(translateKey('menu.prijem')).toBe('Prijem');
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

  it('keeps the server text when the code is unknown', () => {
    expect(serverMessage({ message: 'Nešto novo.', code: 'brand.new' }, 'en')).toBe('Nešto novo.');
  });
});
