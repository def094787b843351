import { describe, expect, it } from 'vitest';
import { MAX_RETRY_DELAY_MS, failedAttemptOutcome, retryDelayMs } from './delivery.ts';
import { ordererMail, personName, reportMail } from './mail-texts.ts';

describe('failed attempts', () => {
  it('fails at once on a permanent refusal (5xx), whatever the count', () => {
    expect(failedAttemptOutcome(1, 550)).toBe('failed');
    expect(failedAttemptOutcome(1, 554)).toBe('failed');
  });
  it('retries a failure of the server as a whole (unreachable, timeout, refused greeting or sign-in) without limit', () => {
    expect(failedAttemptOutcome(1, null, 6, 'server')).toBe('retry');
    expect(failedAttemptOutcome(40, 554, 6, 'server')).toBe('retry');
    expect(failedAttemptOutcome(40, 421, 6, 'server')).toBe('retry');
  });
  it('retries a temporary refusal (4xx) or a failure without a reply until the limit', () => {
    expect(failedAttemptOutcome(1, 451)).toBe('retry');
    expect(failedAttemptOutcome(5, null)).toBe('retry');
    expect(failedAttemptOutcome(6, 451)).toBe('failed');
    expect(failedAttemptOutcome(3, 421, 3)).toBe('failed');
  });
  it('waits twice as long after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 1000))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelayMs(40)).toBe(MAX_RETRY_DELAY_MS);
  });
});

describe('mail texts', () => {
  it('writes names from the register in capitals as a letter does', () => {
    expect(personName('ŽAKLINA')).toBe('Žaklina');
    expect(personName('ĐURĐEVIĆ-ČAČIĆ ŠĆEKIĆ')).toBe('Đurđević-Čačić Šćekić');
    expect(personName('DŽENANA LJUBIĆ')).toBe('Dženana Ljubić');
    expect(personName("O'NEIL")).toBe("O'Neil");
  });

  const facts = { ime: 'Šćepan', prezime: 'Đurđević', code: '240517001', datum: '17.05.2024', lab: 'Laboratorija Čelik', corrected: false };
  it('writes the subject and body in the report language, names as written', () => {
    expect(reportMail('bs', facts).subject).toBe('Laboratorijski nalaz: Šćepan Đurđević, uzorak 240517001');
    expect(reportMail('en', facts).subject).toBe('Laboratory report: Šćepan Đurđević, sample 240517001');
    expect(reportMail('de', { ...facts, corrected: true }).subject).toBe('Korrigierter Laborbefund: Šćepan Đurđević, Probe 240517001');
    expect(reportMail('bs', facts).body).toContain('17.05.2024');
    expect(reportMail('bs', facts).body.endsWith('Laboratorija Čelik')).toBe(true);
  });
  it('lists every report of an orderer and numbers the parts', () => {
    const mail = ordererMail({
      orderer: 'Dom zdravlja Živinice', from: '01.05.2024', to: '03.05.2024', lab: 'Lab', part: 2, parts: 3,
      reports: [{ code: 'A1', ime: 'ANA', prezime: 'ČAVIĆ', datum: '02.05.2024' }],
    });
    expect(mail.subject).toBe('Nalazi za Dom zdravlja Živinice, 01.05.2024 – 03.05.2024 (2/3)');
    expect(mail.body).toContain('- A1  Čavić Ana  (02.05.2024)');
  });
});
