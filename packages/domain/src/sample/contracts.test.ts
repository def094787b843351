import { describe, expect, it } from 'vitest';
import {
  labassayTipRequest, sampleCommentRequest, sampleDeleteRequest, sampleListFilter, sampleReceptionRequest, sampleSaveRequest,
  sampleUpdateRequest, sampleUrgentRequest,
} from './contracts.ts';

const A = '5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10';
const B = '0d6b8f5e-8c1a-4d52-a3f1-3f5b7c9e1d22';
const P = '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

function firstIssue(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : null;
}

describe('sampleSaveRequest', () => {
  it('takes tests as ids or test entries, without repeats', () => {
    const parsed = sampleSaveRequest.parse({ pid: P, testovi: [A, { labassay: B }, A], hitan: true, lokacija: { lokacija: ' Dom zdravlja ' } });
    expect(parsed.testovi).toEqual([A, B]);
    expect(parsed.lokacija).toBe('Dom zdravlja');
    expect(parsed.doktor).toBeUndefined();
    expect(parsed.komentar).toBe('');
  });

  it('needs a patient and at least one test', () => {
    expect(firstIssue(sampleSaveRequest.safeParse({ testovi: [A] }))).toEqual({ field: 'pid', message: 'form.required' });
    expect(firstIssue(sampleSaveRequest.safeParse({ pid: P, testovi: [] }))).toEqual({ field: 'testovi', message: 'form.required' });
    expect(sampleSaveRequest.safeParse({ jmbg: '0101985170003', testovi: [A] }).success).toBe(true);
  });

  it('refuses wrong types, bad ids and oversized input', () => {
    expect(firstIssue(sampleSaveRequest.safeParse({ pid: P, testovi: ['x'] }))?.field).toBe('testovi.0');
    expect(firstIssue(sampleSaveRequest.safeParse({ pid: P, testovi: [A], trudnica: 'da' }))?.field).toBe('trudnica');
    expect(firstIssue(sampleSaveRequest.safeParse({ pid: P, testovi: [A], komentar: 'x'.repeat(2001) }))?.field).toBe('komentar');
    expect(firstIssue(sampleSaveRequest.safeParse({ pid: P, testovi: Array.from({ length: 201 }, () => A) }))?.field).toBe('testovi');
    expect(firstIssue(sampleSaveRequest.safeParse({ pid: 'nope', testovi: [A] }))?.field).toBe('pid');
  });

  it('checks the sample date', () => {
    expect(sampleSaveRequest.safeParse({ pid: P, testovi: [A], datum: '2024-05-17T08:30:00+02:00' }).success).toBe(true);
    expect(firstIssue(sampleSaveRequest.safeParse({ pid: P, testovi: [A], datum: '2019-08-31T08:00:00Z' }))).toEqual({ field: 'datum', message: 'sample.datumInvalid' });
    expect(firstIssue(sampleSaveRequest.safeParse({ pid: P, testovi: [A], datum: 'yesterday' }))?.field).toBe('datum');
  });
});

describe('sampleUpdateRequest', () => {
  it('takes the spec payload and leaves out what is not sent', () => {
    const parsed = sampleUpdateRequest.parse({
      sid: A, jmbg: '0101985170003', testovi: [B], token: 't', site: 's', spol: 'MUŠKI', trudnica: false, menstc: '', anticoag: true,
      menopauza: false, jmbgObj: { years: 39, months: 2, days: 2 },
    });
    expect(parsed.testovi).toEqual([B]);
    expect(parsed.anticoag).toBe(true);
    expect(sampleUpdateRequest.parse({ sid: A })).toEqual({ sid: A });
    expect(sampleUpdateRequest.parse({ sid: A, doktor: null, lokacija: null })).toEqual({ sid: A, doktor: '', lokacija: '' });
  });

  it('needs the sample id', () => {
    expect(firstIssue(sampleUpdateRequest.safeParse({ testovi: [B] }))).toEqual({ field: 'sid', message: 'form.required' });
  });
});

describe('the other sample requests', () => {
  it('labassay/tip: section and kind optional, patient filters typed', () => {
    expect(labassayTipRequest.parse({ sekcija: 'BIO', tip: 'Standard', pid: P, trudnica: true })).toMatchObject({ sekcija: 'BIO', tip: 'Standard', trudnica: true });
    expect(labassayTipRequest.parse({})).toEqual({ sekcija: '', tip: '' });
    expect(firstIssue(labassayTipRequest.safeParse({ menopauza: 'yes' }))?.field).toBe('menopauza');
  });

  it('delete, comment, urgent star and reception', () => {
    expect(sampleDeleteRequest.parse({ id: A, email: 'a@b.ba' }).id).toBe(A);
    expect(firstIssue(sampleDeleteRequest.safeParse({}))).toEqual({ field: 'id', message: 'form.required' });
    expect(sampleCommentRequest.parse({ komentar: '' }).komentar).toBe('');
    expect(firstIssue(sampleCommentRequest.safeParse({}))).toEqual({ field: 'komentar', message: 'form.required' });
    expect(firstIssue(sampleUrgentRequest.safeParse({ id: A }))).toEqual({ field: 'hitan', message: 'form.required' });
    expect(sampleReceptionRequest.parse({ code: ' 2405170001\r\n' }).code).toBe('2405170001');
    expect(firstIssue(sampleReceptionRequest.safeParse({ code: '  ' }))).toEqual({ field: 'code', message: 'form.required' });
  });

  it('list filter: one or more statuses and the urgent flag', () => {
    expect(sampleListFilter.parse({ status: 'U OBRADI' })).toEqual({ status: ['U OBRADI'], hitan: undefined });
    expect(sampleListFilter.parse({ status: ['ZAPRIMLJEN', 'U OBRADI'], hitan: 'true' })).toEqual({ status: ['ZAPRIMLJEN', 'U OBRADI'], hitan: true });
    expect(sampleListFilter.safeParse({ status: 'GOTOV' }).success).toBe(false);
  });
});
