import { describe, expect, it } from 'vitest';
import {
  describeJmbg, encodeBirthDate, jmbgCheckDigitOk, jmbgControlDigit, jmbgProblem, jmbgWarnings, encodeBirthYear, encodeNoData,
  inputLengthFor, isPlaceholderJmbg, isValidJmbg, newPlaceholderTail, parseBirthDateInput, parseBirthYearInput, isPossibleBirthYear,
  personalIdFromEntry, truncateIdInput, yearDigits, yearFromDigits,
} from './personal-id.ts';

const today = { year: 2024, month: 5, day: 17 };
const fixed = (value: number) => () => value;

describe('isValidJmbg', () => {
  it('accepts 4 digits, 9 or 0, 8 digits', () => {
    expect(isValidJmbg('0101985170003')).toBe(true);
    expect(isValidJmbg('1502012175009')).toBe(true);
  });

  it('accepts 4 digits, 9 or 0, 7 digits and P', () => {
    expect(isValidJmbg('000098512345P')).toBe(true);
    expect(isValidJmbg('150301254321P')).toBe(true);
  });

  it('refuses other century digits, lengths, letters and a lower-case p', () => {
    for (const value of ['0101185170003', '010198517000', '01019851700031', '01019851700a3', '0000985l2345P', '0000985123456P', '000098512345p', '', ' 0101985170003']) {
      expect(isValidJmbg(value), value).toBe(false);
    }
  });

  it('refuses a 13-digit JMBG whose first seven digits are no real date', () => {
    // 31 February, 29 February of a common year, month 13, day 00, day 32, 31 April.
    for (const value of ['3102985170004', '2902985170003', '0113985170003', '0001985170003', '3201985170003', '3104985170003', '0000985170003']) {
      expect(isValidJmbg(value), value).toBe(false);
    }
  });

  it('accepts real dates, leap days of leap years included, whatever the check digit', () => {
    for (const value of ['2902984170003', '2902000170003', '3112999170003', '3101985170004', '0101985170009']) {
      expect(isValidJmbg(value), value).toBe(true);
    }
  });

  it('tells placeholders apart', () => {
    expect(isPlaceholderJmbg('000098512345P')).toBe(true);
    expect(isPlaceholderJmbg('0101985170003')).toBe(false);
  });
});

describe('input truncation by mode', () => {
  it('keeps 13, 8 or 4 characters and nothing in no-data mode', () => {
    expect(inputLengthFor('jmbg')).toBe(13);
    expect(inputLengthFor('datr')).toBe(8);
    expect(inputLengthFor('god')).toBe(4);
    expect(truncateIdInput('01019851700031234', 'jmbg')).toBe('0101985170003');
    expect(truncateIdInput('150319851', 'datr')).toBe('15031985');
    expect(truncateIdInput('19855', 'god')).toBe('1985');
    expect(truncateIdInput('123', 'bez')).toBe('');
  });

  it('upper-cases the P of a typed placeholder', () => {
    expect(truncateIdInput('000098512345p', 'jmbg')).toBe('000098512345P');
  });
});

describe('year digits', () => {
  it('encodes 9 for 1xxx and 0 for 2xxx', () => {
    expect(yearDigits(1985)).toBe('985');
    expect(yearDigits(1921)).toBe('921');
    expect(yearDigits(2012)).toBe('012');
    expect(yearDigits(2000)).toBe('000');
    expect(() => yearDigits(1899)).toThrow(RangeError);
    expect(() => yearDigits(2100)).toThrow(RangeError);
  });

  it('decodes them back', () => {
    expect(yearFromDigits('985')).toBe(1985);
    expect(yearFromDigits('012')).toBe(2012);
    expect(yearFromDigits('185')).toBeNull();
    expect(yearFromDigits('98')).toBeNull();
  });
});

describe('placeholders', () => {
  it('ends in P with a random 5-digit number', () => {
    expect(newPlaceholderTail(fixed(0))).toBe('10000P');
    expect(newPlaceholderTail(fixed(0.5))).toBe('55000P');
    expect(newPlaceholderTail(fixed(0.999999999999))).toBe('99999P');
    expect(newPlaceholderTail(fixed(1))).toBe('99999P');
    for (let i = 0; i < 200; i += 1) expect(newPlaceholderTail()).toMatch(/^[1-9]\d{4}P$/);
  });

  it("year mode stores '0000', three year digits and the last six characters of the existing placeholder", () => {
    expect(encodeBirthYear(1985, null, fixed(0.12345))).toBe('000098521110P');
    expect(encodeBirthYear(1990, '000098521110P')).toBe('000099021110P');
    const first = encodeBirthYear(1985, undefined, fixed(0.5));
    expect(first).toBe('000098555000P');
    expect(encodeBirthYear(2012, first)).toBe('000001255000P');
    expect(isValidJmbg(first)).toBe(true);
  });

  it('date mode stores day and month, year digits and the placeholder tail', () => {
    expect(encodeBirthDate({ day: 5, month: 3, year: 1985 }, null, fixed(0))).toBe('050398510000P');
    expect(encodeBirthDate({ day: 29, month: 2, year: 2004 }, '000098555000P')).toBe('290200455000P');
  });

  it('does not reuse the tail of a real JMBG', () => {
    expect(encodeBirthYear(1985, '0101985170003', fixed(0))).toBe('000098510000P');
  });

  it('no-data mode uses year digits 900, which no birth year can have', () => {
    expect(encodeNoData(null, fixed(0.25))).toBe('000090032500P');
    expect(encodeNoData('050398510000P')).toBe('000090010000P');
  });
});

describe('birth date input (ddmmyyyy)', () => {
  it('accepts real dates from 1921 up to today', () => {
    expect(parseBirthDateInput('15031985', today)).toEqual({ day: 15, month: 3, year: 1985 });
    expect(parseBirthDateInput('01011921', today)).toEqual({ day: 1, month: 1, year: 1921 });
    expect(parseBirthDateInput('17052024', today)).toEqual({ day: 17, month: 5, year: 2024 });
  });

  it('checks day, month and leap years', () => {
    expect(parseBirthDateInput('29022000', today)).not.toBeNull();
    expect(parseBirthDateInput('29022004', today)).not.toBeNull();
    expect(parseBirthDateInput('29021999', today)).toBeNull();
    expect(parseBirthDateInput('29021900', today)).toBeNull();
    expect(parseBirthDateInput('31041990', today)).toBeNull();
    expect(parseBirthDateInput('00011990', today)).toBeNull();
    expect(parseBirthDateInput('32011990', today)).toBeNull();
    expect(parseBirthDateInput('15131990', today)).toBeNull();
    expect(parseBirthDateInput('15001990', today)).toBeNull();
  });

  it('refuses the future, years before 1921 and anything not 8 digits', () => {
    expect(parseBirthDateInput('18052024', today)).toBeNull();
    expect(parseBirthDateInput('31121920', today)).toBeNull();
    expect(parseBirthDateInput('1503198', today)).toBeNull();
    expect(parseBirthDateInput('15.03.85', today)).toBeNull();
  });
});

describe('birth year input', () => {
  it('is 4 digits between 1921 and the current year', () => {
    expect(parseBirthYearInput('1921', today)).toBe(1921);
    expect(parseBirthYearInput('2024', today)).toBe(2024);
    expect(parseBirthYearInput('1920', today)).toBeNull();
    expect(parseBirthYearInput('2025', today)).toBeNull();
    expect(parseBirthYearInput('985', today)).toBeNull();
    expect(parseBirthYearInput('19a5', today)).toBeNull();
  });
});

describe('personalIdFromEntry', () => {
  it('answers the spec message of each mode', () => {
    expect(personalIdFromEntry('jmbg', '0101185170003', today)).toEqual({ ok: false, code: 'patient.jmbgInvalid', field: 'jmbg' });
    expect(personalIdFromEntry('datr', '31021990', today)).toEqual({ ok: false, code: 'patient.birthDateInvalid', field: 'jmbg' });
    expect(personalIdFromEntry('god', '1900', today)).toEqual({ ok: false, code: 'patient.birthYearInvalid', field: 'jmbg' });
  });

  it('builds the ID of each mode', () => {
    expect(personalIdFromEntry('jmbg', ' 0101985170003 ', today)).toEqual({ ok: true, jmbg: '0101985170003' });
    expect(personalIdFromEntry('datr', '15031985', today, null, fixed(0))).toEqual({ ok: true, jmbg: '150398510000P' });
    expect(personalIdFromEntry('god', '2012', today, '150398510000P')).toEqual({ ok: true, jmbg: '000001210000P' });
    expect(personalIdFromEntry('bez', '', today, null, fixed(0))).toEqual({ ok: true, jmbg: '000090010000P' });
  });

  it('truncates what was typed to the mode first', () => {
    expect(personalIdFromEntry('god', '19851', today, null, fixed(0))).toEqual({ ok: true, jmbg: '000098510000P' });
  });
});

describe('describeJmbg', () => {
  it('reads birth date and sex from a real JMBG', () => {
    expect(describeJmbg('0101985170003')).toEqual({ mode: 'jmbg', birthDate: { day: 1, month: 1, year: 1985 }, birthYear: 1985, spol: 'MUŠKI' });
    expect(describeJmbg('1502012175509')).toEqual({ mode: 'jmbg', birthDate: { day: 15, month: 2, year: 2012 }, birthYear: 2012, spol: 'ŽENSKI' });
    expect(describeJmbg('0101985174990')?.spol).toBe('MUŠKI');
    expect(describeJmbg('0101985175000')?.spol).toBe('ŽENSKI');
  });

  it('is null for a 13-digit JMBG whose digits are no date, so it tells no age', () => {
    expect(describeJmbg('3102985170003')).toBeNull();
  });

  it('reads the placeholders: date, year only, nothing; never a sex', () => {
    expect(describeJmbg('150398510000P')).toEqual({ mode: 'datr', birthDate: { day: 15, month: 3, year: 1985 }, birthYear: 1985, spol: null });
    expect(describeJmbg('000001210000P')).toEqual({ mode: 'god', birthDate: null, birthYear: 2012, spol: null });
    expect(describeJmbg('000090010000P')).toEqual({ mode: 'bez', birthDate: null, birthYear: null, spol: null });
  });

  it('is null for an invalid ID', () => {
    expect(describeJmbg('123')).toBeNull();
  });
});

describe('jmbgProblem (before saving)', () => {
  it('accepts possible births', () => {
    for (const jmbg of ['0101985170003', '1705024175003', '150398510000P', '000092110000P', '000002410000P', '000090010000P']) {
      expect(jmbgProblem(jmbg, today), jmbg).toBeNull();
    }
  });

  it('refuses births in the future or before 1921 with the message of the mode', () => {
    expect(jmbgProblem('1805024175003', today)).toBe('patient.jmbgInvalid');
    expect(jmbgProblem('000002510000P', today)).toBe('patient.birthYearInvalid');
    expect(jmbgProblem('000092010000P', today)).toBe('patient.birthYearInvalid');
    expect(jmbgProblem('180502410000P', today)).toBe('patient.birthDateInvalid');
    expect(jmbgProblem('310292010000P', today)).toBe('patient.birthDateInvalid');
    expect(jmbgProblem('300298510000P', today)).toBe('patient.birthDateInvalid');
    expect(jmbgProblem('x', today)).toBe('patient.jmbgInvalid');
  });

  it('refuses a JMBG with an impossible date as not valid', () => {
    expect(jmbgProblem('3102985170004', today)).toBe('patient.jmbgInvalid');
    expect(personalIdFromEntry('jmbg', '3102985170004', today)).toEqual({ ok: false, code: 'patient.jmbgInvalid', field: 'jmbg' });
  });

  it('does not refuse a wrong check digit', () => {
    expect(jmbgProblem('0101985170009', today)).toBeNull();
  });
});

describe('JMBG control digit (mod 11)', () => {
  it('is 11 minus the remainder of the weighted sum (weights 7 6 5 4 3 2 7 6 5 4 3 2)', () => {
    // 0308964384007: sum 191, remainder 4, control digit 7.
    expect(jmbgControlDigit('030896438400')).toBe(7);
    // 010198517000: sum 129, remainder 8, control digit 3.
    expect(jmbgControlDigit('010198517000')).toBe(3);
    expect(jmbgCheckDigitOk('0308964384007')).toBe(true);
    expect(jmbgCheckDigitOk('0101985170003')).toBe(true);
  });

  it('is 0 when the sum divides by 11 (remainder 0)', () => {
    // 010109917000: sum 132 = 12 x 11.
    expect(jmbgControlDigit('010109917000')).toBe(0);
    expect(jmbgCheckDigitOk('0101099170000')).toBe(true);
    expect(jmbgCheckDigitOk('0101099170003')).toBe(false);
  });

  it('is 0 for remainder 1 as well (11 - 1 = 10 is no digit)', () => {
    // 150201217500: sum 122, remainder 1.
    expect(jmbgControlDigit('150201217500')).toBe(0);
    for (let digit = 0; digit <= 9; digit += 1) expect(jmbgCheckDigitOk(`150201217500${digit}`)).toBe(digit === 0);
  });

  it('flags any other wrong last digit', () => {
    for (let digit = 0; digit <= 9; digit += 1) expect(jmbgCheckDigitOk(`030896438400${digit}`)).toBe(digit === 7);
  });

  it('has nothing to check in placeholders or in text that is no JMBG', () => {
    expect(jmbgCheckDigitOk('000098512345P')).toBe(true);
    expect(jmbgCheckDigitOk('150398510000P')).toBe(true);
    expect(jmbgCheckDigitOk('0101')).toBe(true);
    expect(jmbgCheckDigitOk('')).toBe(true);
  });
});

describe('jmbgWarnings', () => {
  it('warns about a wrong control digit only', () => {
    expect(jmbgWarnings('0101985170009')).toEqual(['patient.jmbgCheckDigit']);
    expect(jmbgWarnings('0101985170003')).toEqual([]);
    expect(jmbgWarnings('000098512345P')).toEqual([]);
  });
});

describe('isPossibleBirthYear', () => {
  it("takes the site's current year as the last possible one", () => {
    const newYearsDayInSarajevo = { year: 2027, month: 1, day: 1 };
    expect(isPossibleBirthYear(2027, newYearsDayInSarajevo)).toBe(true);
    expect(isPossibleBirthYear(2027, { year: 2026, month: 12, day: 31 })).toBe(false);
    expect(isPossibleBirthYear(1921, newYearsDayInSarajevo)).toBe(true);
    expect(isPossibleBirthYear(1920, newYearsDayInSarajevo)).toBe(false);
    expect(isPossibleBirthYear(1990.5, newYearsDayInSarajevo)).toBe(false);
  });
});
