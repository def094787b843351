/**
 * The spec's 14 symptom flags, in the order the intake form lists them; the first one is 'no symptoms'.
 * Their labels are interface text: the web's catalogue (features/patients/symptom-messages.ts).
 */
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
