import { describe, expect, it } from 'vitest';
import { assayLabel, assayName, assayShortName, assayTag } from './catalogue-name.ts';

const glucose = { naziv: 'Glukoza', naziv_en: 'Glucose', naziv_de: 'Glukose', analit: 'GLU' };

describe('assayName', () => {
  it('gives the catalogue name in the reader’s language', () => {
    expect(assayName(glucose, 'bs')).toBe('Glukoza');
    expect(assayName(glucose, 'en')).toBe('Glucose');
    expect(assayName(glucose, 'de')).toBe('Glukose');
  });

  it('falls back to the Bosnian name where the translation is blank or missing', () => {
    expect(assayName({ naziv: 'Kalij', naziv_en: '', naziv_de: '  ' }, 'en')).toBe('Kalij');
    expect(assayName({ naziv: 'Kalij', naziv_en: '', naziv_de: '  ' }, 'de')).toBe('Kalij');
    expect(assayName({ naziv: 'Biohemija' }, 'de')).toBe('Biohemija');
  });
});

describe('assayShortName', () => {
  it('shows the analyte name to a Bosnian reader and the translated name to others', () => {
    expect(assayShortName(glucose, 'bs')).toBe('GLU');
    expect(assayShortName(glucose, 'en')).toBe('Glucose');
    expect(assayShortName(glucose, 'de')).toBe('Glukose');
  });

  it('keeps the analyte name where the catalogue has no translation', () => {
    expect(assayShortName({ naziv: 'Kalij', naziv_en: '', naziv_de: '', analit: 'K' }, 'en')).toBe('K');
    expect(assayShortName({ naziv: 'Kalij', analit: '' }, 'de')).toBe('Kalij');
  });
});

describe('assayTag and assayLabel', () => {
  const withCode = { ...glucose, sifra: 'GLU', analit: 'Glukoza' };

  it('tags a test by its Bosnian analyte name for a Bosnian reader and by its code for others', () => {
    expect(assayTag(withCode, 'bs')).toBe('Glukoza');
    expect(assayLabel(withCode, 'bs')).toBe('Glukoza (Glukoza)');
    expect(assayLabel(withCode, 'en')).toBe('Glucose (GLU)');
    expect(assayLabel(withCode, 'de')).toBe('Glukose (GLU)');
  });

  it('keeps the analyte name where the catalogue has no translation', () => {
    expect(assayLabel({ naziv: 'Kalij', naziv_en: '', naziv_de: '', sifra: 'K', analit: 'Kalij' }, 'en')).toBe('Kalij (Kalij)');
  });
});
