/**
 * The labels of the symptom checklist (the spec's 14 flags, SYMPTOM_KEYS in
 * @lis/domain), under `symptoms.` in the app catalogues: the intake form and
 * the read-only symptoms dialog read them with `t(`symptoms.${key}`)`.
 */
import type { Language, SymptomKey } from '@lis/domain';

type SymptomCatalogue = Record<SymptomKey, string>;

const bs: SymptomCatalogue = {
  pacijentbezsimptoma: 'Pacijent bez simptoma',
  'povišenatjelesnatemperatura': 'Povišena tjelesna temperatura',
  'suhikašalj': 'Suhi kašalj',
  umor: 'Umor',
  bolovi: 'Bolovi',
  grlobolja: 'Grlobolja',
  proljev: 'Proljev',
  konjunktivitis: 'Konjunktivitis',
  glavobolja: 'Glavobolja',
  gubitakosjetaokusailimirisa: 'Gubitak osjeta okusa ili mirisa',
  osipilipromjenabojeprstijunarukamailinogama: 'Osip ili promjena boje prstiju na rukama ili nogama',
  'otežanodisanjeiligubitakdaha': 'Otežano disanje ili gubitak daha',
  bolilipritisakuprsima: 'Bol ili pritisak u prsima',
  gubitaksposobnostigovorailikretanja: 'Gubitak sposobnosti govora ili kretanja',
};

const en: SymptomCatalogue = {
  pacijentbezsimptoma: 'No symptoms',
  'povišenatjelesnatemperatura': 'Raised temperature',
  'suhikašalj': 'Dry cough',
  umor: 'Fatigue',
  bolovi: 'Aches',
  grlobolja: 'Sore throat',
  proljev: 'Diarrhoea',
  konjunktivitis: 'Conjunctivitis',
  glavobolja: 'Headache',
  gubitakosjetaokusailimirisa: 'Loss of taste or smell',
  osipilipromjenabojeprstijunarukamailinogama: 'Rash or discolouration of fingers or toes',
  'otežanodisanjeiligubitakdaha': 'Difficulty breathing',
  bolilipritisakuprsima: 'Chest pain or pressure',
  gubitaksposobnostigovorailikretanja: 'Loss of speech or movement',
};

const de: SymptomCatalogue = {
  pacijentbezsimptoma: 'Keine Symptome',
  'povišenatjelesnatemperatura': 'Erhöhte Körpertemperatur',
  'suhikašalj': 'Trockener Husten',
  umor: 'Müdigkeit',
  bolovi: 'Schmerzen',
  grlobolja: 'Halsschmerzen',
  proljev: 'Durchfall',
  konjunktivitis: 'Bindehautentzündung',
  glavobolja: 'Kopfschmerzen',
  gubitakosjetaokusailimirisa: 'Verlust des Geschmacks- oder Geruchssinns',
  osipilipromjenabojeprstijunarukamailinogama: 'Hautausschlag oder Verfärbung von Fingern oder Zehen',
  'otežanodisanjeiligubitakdaha': 'Atembeschwerden oder Kurzatmigkeit',
  bolilipritisakuprsima: 'Schmerzen oder Druck in der Brust',
  gubitaksposobnostigovorailikretanja: 'Verlust der Sprach- oder Bewegungsfähigkeit',
};

export const symptomMessages: Record<Language, SymptomCatalogue> = { bs, en, de };
