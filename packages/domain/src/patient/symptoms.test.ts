import { describe, expect, it } from 'vitest';
import {
  NO_SYMPTOMS, SYMPTOM_KEYS, emptySymptoms, hasSymptomAnswer, isSymptomDisabled, normaliseSymptoms, setSymptom,
} from './symptoms.ts';

describe('symptoms', () => {
  it('has the 14 spec field names, no symptoms first', () => {
    expect(SYMPTOM_KEYS).toHaveLength(14);
    expect(SYMPTOM_KEYS[0]).toBe('pacijentbezsimptoma');
    expect(SYMPTOM_KEYS).toContain('osipilipromjenabojeprstijunarukamailinogama');
    expect(SYMPTOM_KEYS).toContain('gubitaksposobnostigovorailikretanja');
  });

  it("ticking 'no symptoms' clears the others and disables them", () => {
    let symptoms = setSymptom(emptySymptoms(), 'umor', true);
    symptoms = setSymptom(symptoms, 'grlobolja', true);
    expect(symptoms.umor && symptoms.grlobolja).toBe(true);
    symptoms = setSymptom(symptoms, NO_SYMPTOMS, true);
    expect(symptoms).toEqual({ ...emptySymptoms(), pacijentbezsimptoma: true });
    expect(isSymptomDisabled(symptoms, 'umor')).toBe(true);
    expect(isSymptomDisabled(symptoms, NO_SYMPTOMS)).toBe(false);
    expect(setSymptom(symptoms, 'umor', true)).toEqual(symptoms);
  });

  it("unticking 'no symptoms' enables the others again", () => {
    const symptoms = setSymptom(setSymptom(emptySymptoms(), NO_SYMPTOMS, true), NO_SYMPTOMS, false);
    expect(isSymptomDisabled(symptoms, 'umor')).toBe(false);
    expect(setSymptom(symptoms, 'umor', true).umor).toBe(true);
  });

  it('normalises input from a client: every key, unknown keys dropped, the rule applied', () => {
    expect(normaliseSymptoms({ umor: true, nepoznato: true })).toEqual({ ...emptySymptoms(), umor: true });
    expect(normaliseSymptoms({ umor: true, pacijentbezsimptoma: true })).toEqual({ ...emptySymptoms(), pacijentbezsimptoma: true });
    expect(normaliseSymptoms(null)).toEqual(emptySymptoms());
  });

  it('needs at least one tick as an answer', () => {
    expect(hasSymptomAnswer(emptySymptoms())).toBe(false);
    expect(hasSymptomAnswer({ proljev: true })).toBe(true);
    expect(hasSymptomAnswer({ pacijentbezsimptoma: true })).toBe(true);
    expect(hasSymptomAnswer(undefined)).toBe(false);
  });
});
