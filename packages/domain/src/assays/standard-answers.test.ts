import { describe, expect, it } from 'vitest';
import { standardAnswerIn } from './standard-answers.ts';
import { resultTextIn } from './result-text.ts';
import { referenceRangeText } from './reference-range-text.ts';

describe("standard answers in the reader's language", () => {
  it('translates the qualitative answers, keeping the grade, and leaves Bosnian as stored', () => {
    expect(standardAnswerIn('Negativan', 'en')).toBe('Negative');
    expect(standardAnswerIn('Negativan', 'de')).toBe('Negativ');
    expect(standardAnswerIn('Pozitivan (++)', 'en')).toBe('Positive (++)');
    expect(standardAnswerIn('Pozitivan (++)', 'de')).toBe('Positiv (++)');
    expect(standardAnswerIn('Pozitivan (++)', 'bs')).toBe('Pozitivan (++)');
    expect(standardAnswerIn(' Bistar ', 'de')).toBe('Klar');
  });

  it('shows free text exactly as typed, in every language', () => {
    expect(standardAnswerIn('vidi komentar', 'en')).toBe('vidi komentar');
    expect(standardAnswerIn('negativan', 'en')).toBe('negativan');
    expect(standardAnswerIn('1:40', 'de')).toBe('1:40');
  });

  it('a result: numbers with the language mark, answers in its words', () => {
    expect(resultTextIn('5.20', 'bs')).toBe('5,20');
    expect(resultTextIn('<0.5', 'en')).toBe('<0.5');
    expect(resultTextIn('Negativan', 'en')).toBe('Negative');
  });

  it('a reference text: each accepted answer translated', () => {
    const none = (value: number) => String(value);
    expect(referenceRangeText({ low: null, high: null, text: 'Nema; Pojedinačne' }, none, (answer) => standardAnswerIn(answer, 'en'))).toBe('None / Occasional');
    expect(referenceRangeText({ low: null, high: null, text: 'Nema; Pojedinačne' }, none)).toBe('Nema / Pojedinačne');
  });
});
