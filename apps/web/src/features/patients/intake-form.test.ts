import { describe, expect, it } from 'vitest';
import {
  canSave, chooseMode, initialIntake, leaveEmail, leaveId, missingFields, revealProblems, saveBody, setLanguages, setSpol, setText,
  tickSymptom, typeId, visibleEmailProblem, visibleIdProblem, type IntakeState,
} from './intake-form.ts';

const TODAY = { year: 2026, month: 11, day: 22 };
const fixed = () => 0.5;

function filled(state: IntakeState): IntakeState {
  let next = setText(state, 'ime', 'amra ');
  next = setText(next, 'prezime', ' hodžić');
  next = setText(next, 'adresa', 'Titova 1');
  next = setText(next, 'telefon', '061 111 222');
  return tickSymptom(next, 'pacijentbezsimptoma', true);
}

describe('ID entry by mode', () => {
  it('cuts the input to 13, 8 or 4 characters and upper-cases the P of a placeholder', () => {
    expect(typeId(initialIntake(), '0101985170003999', TODAY).idInput).toBe('0101985170003');
    const date = chooseMode(initialIntake(), 'datr');
    expect(typeId(date, '050319871', TODAY).idInput).toBe('05031987');
    const year = chooseMode(initialIntake(), 'god');
    expect(typeId(year, '19855', TODAY).idInput).toBe('1985');
    expect(typeId(initialIntake(), '000098512345p', TODAY).jmbg).toBe('000098512345P');
  });

  it('takes a valid JMBG as it is and fills an empty sex from its serial', () => {
    const state = typeId(initialIntake(), '0101985170003', TODAY);
    expect(state.jmbg).toBe('0101985170003');
    expect(state.spol).toBe('MUŠKI');
    expect(typeId(initialIntake(), '0101985175003', TODAY).spol).toBe('ŽENSKI');
    const chosen = setSpol(initialIntake(), 'ŽENSKI');
    expect(typeId(chosen, '0101985170003', TODAY).spol).toBe('ŽENSKI');
  });

  it("encodes a date of birth ('datr') and a birth year ('god') as placeholders ending in P", () => {
    const date = typeId(chooseMode(initialIntake(), 'datr'), '05031987', TODAY, fixed);
    expect(date.jmbg).toBe('050398755000P');
    const year = typeId(chooseMode(initialIntake(), 'god'), '1985', TODAY, fixed);
    expect(year.jmbg).toBe('000098555000P');
    expect(year.spol).toBe('');
  });

  it('keeps the random tail when the date is retyped or the mode moves between date and year', () => {
    const first = typeId(chooseMode(initialIntake(), 'datr'), '05031987', TODAY, () => 0.1);
    const retyped = typeId(first, '06031987', TODAY, () => 0.9);
    expect(retyped.jmbg?.slice(-6)).toBe(first.jmbg?.slice(-6));
    const asYear = typeId(chooseMode(retyped, 'god'), '1987', TODAY, () => 0.9);
    expect(asYear.jmbg?.slice(-6)).toBe(first.jmbg?.slice(-6));
  });

  it("gives 'no data' its placeholder at once and ignores typing", () => {
    const state = chooseMode(initialIntake(), 'bez', fixed);
    expect(state.jmbg).toBe('000090055000P');
    expect(typeId(state, '123', TODAY)).toBe(state);
    expect(visibleIdProblem(state)).toBeNull();
  });

  it('empties the field when the mode changes', () => {
    const state = chooseMode(typeId(initialIntake(), '0101985170003', TODAY), 'god');
    expect(state.idInput).toBe('');
    expect(state.jmbg).toBeNull();
  });
});

describe('ID messages', () => {
  it('shows the mode’s message once the field is full', () => {
    expect(visibleIdProblem(typeId(initialIntake(), '010198517000', TODAY))).toBeNull();
    expect(visibleIdProblem(typeId(initialIntake(), '0101985X70003', TODAY))).toBe('patient.jmbgInvalid');
    expect(visibleIdProblem(typeId(chooseMode(initialIntake(), 'datr'), '30021990', TODAY))).toBe('patient.birthDateInvalid');
    expect(visibleIdProblem(typeId(chooseMode(initialIntake(), 'datr'), '29022000', TODAY))).toBeNull();
    expect(visibleIdProblem(typeId(chooseMode(initialIntake(), 'god'), '1920', TODAY))).toBe('patient.birthYearInvalid');
    expect(visibleIdProblem(typeId(chooseMode(initialIntake(), 'god'), '2027', TODAY))).toBe('patient.birthYearInvalid');
  });

  it('shows it for a partial entry only after the field is left', () => {
    const partial = typeId(initialIntake(), '0101', TODAY);
    expect(visibleIdProblem(partial)).toBeNull();
    expect(visibleIdProblem(leaveId(partial))).toBe('patient.jmbgInvalid');
    expect(visibleIdProblem(leaveId(initialIntake()))).toBeNull();
  });
});

describe('saving', () => {
  it('is allowed only with a valid ID, a symptom answer and the required fields', () => {
    const withId = typeId(initialIntake(), '0101985170003', TODAY);
    expect(canSave(withId)).toBe(false);
    expect([...missingFields(withId)].sort()).toEqual(['adresa', 'ime', 'prezime', 'symptoms', 'telefon']);
    const complete = filled(withId);
    expect(canSave(complete)).toBe(true);
    expect(canSave(tickSymptom(complete, 'pacijentbezsimptoma', false))).toBe(false);
    expect(canSave(filled(initialIntake()))).toBe(false);
  });

  it('refuses a malformed e-mail and shows why after the field is left', () => {
    const state = setText(filled(typeId(initialIntake(), '0101985170003', TODAY)), 'email', 'ana@');
    expect(canSave(state)).toBe(false);
    expect(visibleEmailProblem(state)).toBeNull();
    expect(visibleEmailProblem(leaveEmail(state))).toBe('patient.emailInvalid');
    expect(canSave(setText(state, 'email', 'ana@example.ba'))).toBe(true);
  });

  it('reveals every problem after a refused save', () => {
    const state = revealProblems(typeId(initialIntake(), '0101', TODAY));
    expect(visibleIdProblem(state)).toBe('patient.jmbgInvalid');
  });

  it('sends names trimmed and upper-cased, the ID, the languages and the symptoms', () => {
    let state = filled(typeId(initialIntake(), '0101985170003', TODAY));
    state = setLanguages(state, ['Bosanski jezik', 'Engleski jezik']);
    state = tickSymptom(state, 'umor', true);
    const body = saveBody(state);
    expect(body).toMatchObject({
      jmbg: '0101985170003', ime: 'AMRA', prezime: 'HODŽIĆ', spol: 'MUŠKI', adresa: 'Titova 1', telefon: '061 111 222',
      language: ['Bosanski jezik', 'Engleski jezik'], duhan: '', dijabetes: '',
    });
    // 'no symptoms' stays the only answer: the other boxes are disabled while it is ticked.
    expect(body.symptoms.pacijentbezsimptoma).toBe(true);
    expect(body.symptoms.umor).toBe(false);
  });
});
