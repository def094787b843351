/**
 * The intake form's state and how each thing a person does changes it.
 * Every rule comes from @lis/domain: ID modes,
 * truncation, the 'datr'/'god' encodings and placeholder IDs, symptoms, and
 * the save request's own schema for required fields, lengths and the e-mail. This file only decides what the
 * form holds and when a message is shown. Pure; tested in intake-form.test.ts.
 */
import {
  type CalendarDate, type IdMode, type MessageCode, type PatientSaveRequest, type RandomSource, type ReportLanguage, type Spol, type SymptomKey,
  type Symptoms, type IntakeForm, describeJmbg, emptySymptoms, encodeNoData, inputLengthFor, intakeProblems, normaliseName,
  personalIdFromEntry, setSymptom, truncateIdInput,
} from '@lis/domain';

export type IntakeTextField = 'ime' | 'prezime' | 'adresa' | 'telefon' | 'email' | 'passport';

export interface IntakeState {
  mode: IdMode;
  /** What the ID field shows: at most 13, 8 or 4 characters by mode. */
  idInput: string;
  /** The ID that will be saved once the entry is valid: the typed JMBG or a generated placeholder. */
  jmbg: string | null;
  /** The placeholder generated so far; its random tail survives retyping and switching between date and year. */
  placeholder: string | null;
  /** Why the entry is not a valid ID yet (shown once the field is complete, left, or a save was tried). */
  idProblem: MessageCode | null;
  idTouched: boolean;
  ime: string;
  prezime: string;
  spol: Spol | '';
  adresa: string;
  telefon: string;
  email: string;
  emailTouched: boolean;
  passport: string;
  language: ReportLanguage[];
  /** The patient agreed to read their reports in the patient portal (a verification then mails a one-time code). */
  portalConsent: boolean;
  symptoms: Symptoms;
  /** A save was tried with fields missing: every missing field shows its message. */
  showProblems: boolean;
}

export function initialIntake(): IntakeState {
  return {
    mode: 'jmbg', idInput: '', jmbg: null, placeholder: null, idProblem: null, idTouched: false,
    ime: '', prezime: '', spol: '', adresa: '', telefon: '', email: '', emailTouched: false, passport: '',
    language: [], portalConsent: false, symptoms: emptySymptoms(), showProblems: false,
  };
}

/** Choosing another ID mode empties the field; 'no data' gets its placeholder at once. */
export function chooseMode(state: IntakeState, mode: IdMode, random: RandomSource = Math.random): IntakeState {
  if (mode === state.mode) return state;
  const base = { ...state, mode, idInput: '', idTouched: false, idProblem: null };
  if (mode === 'bez') {
    const jmbg = encodeNoData(state.placeholder, random);
    return { ...base, jmbg, placeholder: jmbg };
  }
  return { ...base, jmbg: null };
}

/**
 * Typing in the ID field: the text is cut to the mode's length and turned
 * into the ID to save. A real JMBG also tells the sex, which fills an empty
 * spol choice.
 */
export function typeId(state: IntakeState, value: string, today: CalendarDate, random: RandomSource = Math.random): IntakeState {
  if (state.mode === 'bez') return state;
  const idInput = truncateIdInput(value.replace(/\s+/g, ''), state.mode);
  const entry = personalIdFromEntry(state.mode, idInput, today, state.placeholder, random);
  const jmbg = entry.ok ? entry.jmbg : null;
  const placeholder = entry.ok && state.mode !== 'jmbg' ? entry.jmbg : state.placeholder;
  const spol = state.spol === '' && jmbg && state.mode === 'jmbg' ? describeJmbg(jmbg)?.spol ?? '' : state.spol;
  return { ...state, idInput, jmbg, placeholder, spol, idProblem: entry.ok ? null : entry.code };
}

export function leaveId(state: IntakeState): IntakeState {
  return state.idTouched ? state : { ...state, idTouched: true };
}

/** The ID message shows once the field is full, was left with something in it, or a save was tried. */
export function visibleIdProblem(state: IntakeState): MessageCode | null {
  if (!state.idProblem || state.mode === 'bez') return null;
  const complete = state.idInput.length >= inputLengthFor(state.mode);
  return complete || (state.idTouched && state.idInput !== '') || state.showProblems ? state.idProblem : null;
}

export function setText(state: IntakeState, field: IntakeTextField, value: string): IntakeState {
  // ime and prezime are shown as they will be saved: upper case.
  const next = field === 'ime' || field === 'prezime' ? value.toUpperCase() : value;
  return { ...state, [field]: next };
}

export function leaveEmail(state: IntakeState): IntakeState {
  return { ...state, emailTouched: true };
}

export function visibleEmailProblem(state: IntakeState): MessageCode | null {
  const problem = intakeProblems(asForm(state)).find((entry) => entry.field === 'email');
  if (!problem) return null;
  return state.emailTouched || state.showProblems ? problem.code : null;
}

export function setSpol(state: IntakeState, spol: Spol): IntakeState {
  return { ...state, spol };
}

export function setLanguages(state: IntakeState, language: readonly ReportLanguage[]): IntakeState {
  return { ...state, language: [...language] };
}

export function tickSymptom(state: IntakeState, key: SymptomKey, checked: boolean): IntakeState {
  return { ...state, symptoms: setSymptom(state.symptoms, key, checked) };
}

/** What the form would send, for the save request's own schema to judge. */
function asForm(state: IntakeState): IntakeForm {
  return {
    jmbg: state.jmbg ?? '', ime: state.ime, prezime: state.prezime, spol: state.spol, adresa: state.adresa,
    telefon: state.telefon, email: state.email, passport: state.passport, language: state.language, symptoms: state.symptoms,
  };
}

/** The fields that keep the form from being saved: the server's save schema (`intakeProblems` of @lis/domain), length limits included. */
export function missingFields(state: IntakeState): Set<string> {
  return new Set(intakeProblems(asForm(state)).map((problem) => problem.field));
}

export function canSave(state: IntakeState): boolean {
  return missingFields(state).size === 0;
}

/** Save refused: the form shows every problem at once. */
export function revealProblems(state: IntakeState): IntakeState {
  return { ...state, showProblems: true, idTouched: true, emailTouched: true };
}

/** A required field shows 'required' only after a save was tried, so a fresh form is calm. */
export function fieldRequired(state: IntakeState, field: 'ime' | 'prezime' | 'spol' | 'adresa' | 'telefon' | 'symptoms'): boolean {
  return state.showProblems && missingFields(state).has(field);
}

/** POST /api/pacijenti/unos/save: names and sex trimmed, ime and prezime upper-cased; smoking and diabetes sent empty. */
export function saveBody(state: IntakeState): PatientSaveRequest {
  if (!state.jmbg || state.spol === '') throw new Error('saveBody needs a complete form (canSave)');
  return {
    jmbg: state.jmbg,
    ime: normaliseName(state.ime),
    prezime: normaliseName(state.prezime),
    spol: state.spol,
    adresa: state.adresa.trim(),
    telefon: state.telefon.trim(),
    email: state.email.trim(),
    passport: state.passport.trim(),
    language: state.language,
    portal_consent: state.portalConsent,
    symptoms: state.symptoms,
    note: '',
    lokacija: '',
    duhan: '',
    dijabetes: '',
  };
}
