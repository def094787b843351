import type { Language } from '../messages.ts';

/** The spec's 14 symptom flags, in the order the intake form lists them; the first one is 'no symptoms'. */
export const SYMPTOM_KEYS = [
  'pacijentbezsimptoma',
  'povišenatjelesnatemperatura',
  'suhikašalj',
  'umor',
  'bolovi',
  'grlobolja',
  'proljev',
  'konjunktivitis',
  'glavobolja',
  'gubitakosjetaokusailimirisa',
  'osipilipromjenabojeprstijunarukamailinogama',
  'otežanodisanjeiligubitakdaha',
  'bolilipritisakuprsima',
  'gubitaksposobnostigovorailikretanja',
] as const;
export type SymptomKey = (typeof SYMPTOM_KEYS)[number];
export type Symptoms = Record<SymptomKey, boolean>;

export const NO_SYMPTOMS: SymptomKey = 'pacijentbezsimptoma';

/** Labels of the checklist, one source for the form and the read-only symptoms dialog. */
export const SYMPTOM_LABELS: Record<SymptomKey, Record<Language, string>> = {
  pacijentbezsimptoma: { bs: 'Pacijent bez simptoma', en: 'No symptoms', de: 'Keine Symptome' },
  'povišenatjelesnatemperatura': { bs: 'Povišena tjelesna temperatura', en: 'Raised temperature', de: 'Erhöhte Körpertemperatur' },
  'suhikašalj': { bs: 'Suhi kašalj', en: 'Dry cough', de: 'Trockener Husten' },
  umor: { bs: 'Umor', en: 'Fatigue', de: 'Müdigkeit' },
  bolovi: { bs: 'Bolovi', en: 'Aches', de: 'Schmerzen' },
  grlobolja: { bs: 'Grlobolja', en: 'Sore throat', de: 'Halsschmerzen' },
  proljev: { bs: 'Proljev', en: 'Diarrhoea', de: 'Durchfall' },
  konjunktivitis: { bs: 'Konjunktivitis', en: 'Conjunctivitis', de: 'Bindehautentzündung' },
  glavobolja: { bs: 'Glavobolja', en: 'Headache', de: 'Kopfschmerzen' },
  gubitakosjetaokusailimirisa: { bs: 'Gubitak osjeta okusa ili mirisa', en: 'Loss of taste or smell', de: 'Verlust des Geschmacks- oder Geruchssinns' },
  osipilipromjenabojeprstijunarukamailinogama: {
    bs: 'Osip ili promjena boje prstiju na rukama ili nogama', en: 'Rash or discolouration of fingers or toes', de: 'Hautausschlag oder Verfärbung von Fingern oder Zehen',
  },
  'otežanodisanjeiligubitakdaha': { bs: 'Otežano disanje ili gubitak daha', en: 'Difficulty breathing', de: 'Atembeschwerden oder Kurzatmigkeit' },
  bolilipritisakuprsima: { bs: 'Bol ili pritisak u prsima', en: 'Chest pain or pressure', de: 'Schmerzen oder Druck in der Brust' },
  gubitaksposobnostigovorailikretanja: { bs: 'Gubitak sposobnosti govora ili kretanja', en: 'Loss of speech or movement', de: 'Verlust der Sprach- oder Bewegungsfähigkeit' },
};

export function emptySymptoms(): Symptoms {
  return Object.fromEntries(SYMPTOM_KEYS.map((key) => [key, false])) as Symptoms;
}

/** Every flag present, unknown keys dropped, and 'no symptoms' clearing the others. */
export function normaliseSymptoms(input: Partial<Record<string, boolean>> | null | undefined): Symptoms {
  const symptoms = emptySymptoms();
  for (const key of SYMPTOM_KEYS) symptoms[key] = input?.[key] === true;
  return symptoms[NO_SYMPTOMS] ? { ...emptySymptoms(), [NO_SYMPTOMS]: true } : symptoms;
}

/** Ticking or unticking one box; ticking 'no symptoms' clears the others. */
export function setSymptom(symptoms: Symptoms, key: SymptomKey, checked: boolean): Symptoms {
  if (key !== NO_SYMPTOMS && symptoms[NO_SYMPTOMS]) return symptoms;
  return normaliseSymptoms({ ...symptoms, [key]: checked });
}

/** While 'no symptoms' is ticked the other boxes are disabled. */
export function isSymptomDisabled(symptoms: Symptoms, key: SymptomKey): boolean {
  return key !== NO_SYMPTOMS && symptoms[NO_SYMPTOMS];
}

/** The intake form needs an answer: at least one symptom, or 'no symptoms'. */
export function hasSymptomAnswer(symptoms: Partial<Record<string, boolean>> | null | undefined): boolean {
  return SYMPTOM_KEYS.some((key) => symptoms?.[key] === true);
}
