import { describe, expect, it } from 'vitest';
import { RESULT_TEXT_LIMITS } from './verification.ts';
import {
  answerFlag, resultTestSchema, resultsSaveRequest, resultsStatusAnswer, resultsUnverifyRequest, resultsVerifyRequest, sampleAuditAnswer,
} from './contracts.ts';

const sid = '3f2b8c1e-4a5d-4e6f-8a9b-0c1d2e3f4a5b';
const test = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const otherTest = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : null;
}

describe('resultsSaveRequest', () => {
  const save = { sid, version: 3, rezultati: [{ test, rezultat: '5,40' }], token: 't', site: 's' };

  it('keeps the result text exactly as entered and drops session fields', () => {
    const parsed = resultsSaveRequest.parse(save);
    expect(parsed.rezultati).toEqual([{ test, rezultat: '5,40' }]);
    expect(parsed).not.toHaveProperty('token');
  });
  it('takes null to clear a result and a trimmed reason', () => {
    expect(resultsSaveRequest.parse({ ...save, rezultati: [{ test, rezultat: null }], razlog: ' retest ' })).toMatchObject({ rezultati: [{ rezultat: null }], razlog: 'retest' });
  });
  it('names the missing field with the required-fields message', () => {
    expect(firstIssue(resultsSaveRequest.safeParse({ ...save, sid: undefined }))).toEqual({ field: 'sid', message: 'form.required' });
    expect(firstIssue(resultsSaveRequest.safeParse({ ...save, version: undefined }))).toEqual({ field: 'version', message: 'form.required' });
    expect(firstIssue(resultsSaveRequest.safeParse({ ...save, rezultati: [] }))).toEqual({ field: 'rezultati', message: 'form.required' });
  });
  it('refuses a negative or fractional version', () => {
    expect(resultsSaveRequest.safeParse({ ...save, version: -1 }).success).toBe(false);
    expect(resultsSaveRequest.safeParse({ ...save, version: 1.5 }).success).toBe(false);
  });
  it('refuses a result over the length limit, a number instead of text, and the same test twice', () => {
    const long = [{ test, rezultat: 'x'.repeat(RESULT_TEXT_LIMITS.rezultat + 1) }];
    expect(firstIssue(resultsSaveRequest.safeParse({ ...save, rezultati: long }))).toEqual({ field: 'rezultati.0.rezultat', message: 'form.invalid' });
    expect(resultsSaveRequest.safeParse({ ...save, rezultati: [{ test, rezultat: 5.4 }] }).success).toBe(false);
    expect(firstIssue(resultsSaveRequest.safeParse({ ...save, rezultati: [{ test, rezultat: '1' }, { test, rezultat: '2' }] }))).toEqual({ field: 'rezultati', message: 'form.invalid' });
    expect(resultsSaveRequest.safeParse({ ...save, rezultati: [{ test, rezultat: '1' }, { test: otherTest, rezultat: '2' }] }).success).toBe(true);
  });
});

describe('resultsVerifyRequest', () => {
  it('takes an optional acknowledgement of who was told and when', () => {
    expect(resultsVerifyRequest.parse({ sid })).toEqual({ sid });
    expect(resultsVerifyRequest.parse({ sid, obavijesten: { ko: ' dr. Hodžić ', kada: '2026-11-23T11:45:00+01:00' } }).obavijesten)
      .toEqual({ ko: 'dr. Hodžić', kada: '2026-11-23T11:45:00+01:00' });
  });
  it('refuses an acknowledgement without a name or with a time that is not an instant', () => {
    expect(firstIssue(resultsVerifyRequest.safeParse({ sid, obavijesten: { ko: '  ', kada: '2026-11-23T11:45:00Z' } }))).toEqual({ field: 'obavijesten.ko', message: 'form.required' });
    expect(firstIssue(resultsVerifyRequest.safeParse({ sid, obavijesten: { ko: 'dr. H', kada: 'jučer' } }))).toEqual({ field: 'obavijesten.kada', message: 'form.invalid' });
  });
});

describe('resultsUnverifyRequest', () => {
  it('needs a reason that is not blank', () => {
    expect(firstIssue(resultsUnverifyRequest.safeParse({ sid }))).toEqual({ field: 'razlog', message: 'results.reasonRequired' });
    expect(firstIssue(resultsUnverifyRequest.safeParse({ sid, razlog: '   ' }))).toEqual({ field: 'razlog', message: 'results.reasonRequired' });
    expect(resultsUnverifyRequest.parse({ sid, razlog: ' Ponoviti ' }).razlog).toBe('Ponoviti');
  });
  it('refuses a reason over the limit', () => {
    expect(firstIssue(resultsUnverifyRequest.safeParse({ sid, razlog: 'x'.repeat(RESULT_TEXT_LIMITS.razlog + 1) }))).toEqual({ field: 'razlog', message: 'form.invalid' });
  });
});

describe('answers', () => {
  it('serialise a test with its range, flag, delta and who entered it', () => {
    const entry = {
      _id: test, sifra: 'GLU', naziv: 'Glukoza', naziv_en: 'Glucose', naziv_de: 'Glukose', analit: 'Glukoza',
      sekcija: { _id: sid, naziv: 'Biohemija', naziv_en: 'Clinical chemistry', naziv_de: 'Klinische Chemie', redoslijed: 1 },
      vrsta: 'numeric', opcije: [], decimals: 1, calculated: false, rezultat: '25,1', jedinica: 'mmol/L', referenca: { low: 3.9, high: 6.1, text: null },
      flag: 'HH', kriticni: true, kriticno: { low: 2.5, high: 25 }, delta: { previous: '5,2', previousAt: '2026-11-01T08:00:00.000Z', exceeded: true },
      status_t: 'REALIZOVAN', unio: 'Amra Hodžić', unio_at: '2026-11-23T09:10:00.000Z',
    };
    expect(resultTestSchema.parse(entry)).toEqual(entry);
    expect(resultTestSchema.safeParse({ ...entry, flag: 'N' }).success).toBe(false);
  });
  it('carry the new status and version of a move, and the audit trail', () => {
    expect(resultsStatusAnswer.parse({ success: true, status: 'ODOBREN', version: 4 })).toEqual({ success: true, status: 'ODOBREN', version: 4 });
    expect(resultsStatusAnswer.safeParse({ success: true, status: 'GOTOV', version: 4 }).success).toBe(false);
    const row = { korisnik: 'dr. Hodžić', vrijeme: '2026-11-23T10:00:00.000Z', akcija: 'unverify', polje: null, staro: 'VERIFICIRAN', novo: 'ODOBREN', razlog: 'Ponoviti' };
    expect(sampleAuditAnswer.parse({ success: true, audit: [row] }).audit).toEqual([row]);
  });
});

describe('answerFlag', () => {
  it('drops the within-range flag and keeps every other', () => {
    expect(answerFlag('N')).toBeNull();
    expect(answerFlag(null)).toBeNull();
    expect(answerFlag('HH')).toBe('HH');
    expect(answerFlag('A')).toBe('A');
  });
});
