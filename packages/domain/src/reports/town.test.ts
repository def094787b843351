import { describe, expect, it } from 'vitest';
import { townOfAddress } from './town.ts';

const TOWNS = ['Sarajevo', 'Ilidža', 'Vogošća', 'Stari Grad'];

describe('townOfAddress', () => {
  it('finds a town of the site named in the address, case and diacritics ignored', () => {
    expect(townOfAddress('Ferhadija 12, Sarajevo', TOWNS)).toBe('Sarajevo');
    expect(townOfAddress('Butmirska cesta 5, ILIDZA', TOWNS)).toBe('Ilidža');
    expect(townOfAddress('Jošanička 3, 71320 vogošća', TOWNS)).toBe('Vogošća');
  });

  it('matches whole words only, several words in order', () => {
    expect(townOfAddress('Sarajevska 4, Zenica', TOWNS)).toBeNull();
    expect(townOfAddress('Mula Mustafe Bašeskije 1, Stari  Grad', TOWNS)).toBe('Stari Grad');
    expect(townOfAddress('Grad 1, Stari Most', TOWNS)).toBeNull();
  });

  it('takes the first of the site\'s towns when the address names two, and none for an empty address', () => {
    expect(townOfAddress('Ilidža, kod Sarajevo', TOWNS)).toBe('Sarajevo');
    expect(townOfAddress('', TOWNS)).toBeNull();
    expect(townOfAddress('Sarajevo', ['', '  '])).toBeNull();
  });
});
