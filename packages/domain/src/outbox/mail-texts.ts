import type { Language } from '../messages.ts';

/**
 * Subject and body of the e-mails the outbox sends, in the language of the
 * report (the patient's first report language; the orderer's mail in
 * Bosnian). Plain text, UTF-8: names keep their č ć ž š đ.
 */

/**
 * A name as a letter writes it: the register keeps names in capitals
 * (ŽAKLINA ĐURĐEVIĆ-ČAČIĆ), a mail greets 'Žaklina Đurđević-Čačić'. Each
 * word and each part after a hyphen or apostrophe starts with a capital;
 * digraphs stay right (DŽENANA → Dženana, LJUBICA → Ljubica).
 */
export function personName(text: string): string {
  return text.toLocaleLowerCase('bs').replace(/(^|[\s'’-])(\p{L})/gu, (_whole, before: string, letter: string) => before + letter.toLocaleUpperCase('bs'));
}

export interface ReportMailFacts {
  ime: string;
  prezime: string;
  /** The sample's code (barcode). */
  code: string;
  /** The day the sample was taken, as printed (dd.mm.yyyy). */
  datum: string;
  /** The laboratory that signs the mail. */
  lab: string;
  /** The report is a corrected version of one sent before. */
  corrected: boolean;
}

const REPORT_MAIL: Record<Language, { subject: (f: ReportMailFacts) => string; body: (f: ReportMailFacts) => string }> = {
  bs: {
    subject: (f) => `${f.corrected ? 'Korigovani laboratorijski nalaz' : 'Laboratorijski nalaz'}: ${f.ime} ${f.prezime}, uzorak ${f.code}`,
    body: (f) => [
      `Poštovani/a ${f.ime} ${f.prezime},`, '',
      f.corrected
        ? `u prilogu je korigovani nalaz Vašeg uzorka ${f.code} od ${f.datum}. Zamjenjuje nalaz koji ste ranije primili.`
        : `u prilogu je nalaz Vašeg uzorka ${f.code} od ${f.datum}.`,
      'Nalaz tumači Vaš ljekar. Ova poruka je poslana automatski; molimo ne odgovarajte na nju.', '',
      'S poštovanjem,', f.lab,
    ].join('\n'),
  },
  en: {
    subject: (f) => `${f.corrected ? 'Corrected laboratory report' : 'Laboratory report'}: ${f.ime} ${f.prezime}, sample ${f.code}`,
    body: (f) => [
      `Dear ${f.ime} ${f.prezime},`, '',
      f.corrected
        ? `please find attached the corrected report of your sample ${f.code} of ${f.datum}. It replaces the report you received before.`
        : `please find attached the report of your sample ${f.code} of ${f.datum}.`,
      'Your doctor will interpret the results. This message was sent automatically; please do not reply to it.', '',
      'Kind regards,', f.lab,
    ].join('\n'),
  },
  de: {
    subject: (f) => `${f.corrected ? 'Korrigierter Laborbefund' : 'Laborbefund'}: ${f.ime} ${f.prezime}, Probe ${f.code}`,
    body: (f) => [
      `Sehr geehrte/r ${f.ime} ${f.prezime},`, '',
      f.corrected
        ? `im Anhang finden Sie den korrigierten Befund Ihrer Probe ${f.code} vom ${f.datum}. Er ersetzt den zuvor erhaltenen Befund.`
        : `im Anhang finden Sie den Befund Ihrer Probe ${f.code} vom ${f.datum}.`,
      'Die Ergebnisse bespricht Ihr Arzt mit Ihnen. Diese Nachricht wurde automatisch versandt; bitte antworten Sie nicht darauf.', '',
      'Mit freundlichen Grüßen,', f.lab,
    ].join('\n'),
  },
};

export function reportMail(language: Language, facts: ReportMailFacts): { subject: string; body: string } {
  const texts = REPORT_MAIL[language];
  const named = { ...facts, ime: personName(facts.ime), prezime: personName(facts.prezime) };
  return { subject: texts.subject(named), body: texts.body(named) };
}

export interface OrdererMailFacts {
  /** The orderer's name (the referring location). */
  orderer: string;
  /** The range of verification days, as printed (dd.mm.yyyy). */
  from: string;
  to: string;
  /** Each attached report: sample code, patient's name, day taken. */
  reports: readonly { code: string; ime: string; prezime: string; datum: string }[];
  lab: string;
  /** Part n of `parts` when the orderer's reports are split over several messages. */
  part: number;
  parts: number;
}

/** The group e-mail to an orderer: one message with its reports of the range attached, listed in the body. */
export function ordererMail(facts: OrdererMailFacts): { subject: string; body: string } {
  const range = facts.from === facts.to ? facts.from : `${facts.from} – ${facts.to}`;
  const part = facts.parts > 1 ? ` (${facts.part}/${facts.parts})` : '';
  return {
    subject: `Nalazi za ${facts.orderer}, ${range}${part}`,
    body: [
      'Poštovani,', '',
      `u prilogu su nalazi (${facts.reports.length}) Vaših pacijenata verificirani ${facts.from === facts.to ? 'dana' : 'u periodu'} ${range}${part}:`,
      ...facts.reports.map((report) => `- ${report.code}  ${personName(report.prezime)} ${personName(report.ime)}  (${report.datum})`),
      '', 'Ova poruka je poslana automatski; molimo ne odgovarajte na nju.', '',
      'S poštovanjem,', facts.lab,
    ].join('\n'),
  };
}

export interface PortalMailFacts {
  ime: string;
  prezime: string;
  /** The address of the patient portal (PUBLIC_URL/portal). */
  link: string;
  /** The one-time code as printed (ABCDE-FGHJK). */
  code: string;
  /** The last day the code can be used, as printed (dd.mm.yyyy). */
  expires: string;
  lab: string;
}

const PORTAL_MAIL: Record<Language, { subject: (f: PortalMailFacts) => string; body: (f: PortalMailFacts) => string }> = {
  bs: {
    subject: (f) => `Pristup nalazima na portalu: ${f.lab}`,
    body: (f) => [
      `Poštovani/a ${f.ime} ${f.prezime},`, '',
      'Vaši nalazi su dostupni na portalu za pacijente:', f.link, '',
      `Prijavite se ovom e-mail adresom i jednokratnim kodom: ${f.code}`,
      `Kod važi do ${f.expires} i može se iskoristiti samo jednom. Ne dijelite ga ni s kim.`, '',
      'Ova poruka je poslana automatski; molimo ne odgovarajte na nju.', '',
      'S poštovanjem,', f.lab,
    ].join('\n'),
  },
  en: {
    subject: (f) => `Your reports in the patient portal: ${f.lab}`,
    body: (f) => [
      `Dear ${f.ime} ${f.prezime},`, '',
      'your reports are available in the patient portal:', f.link, '',
      `Sign in with this e-mail address and the one-time code: ${f.code}`,
      `The code is valid until ${f.expires} and can be used once only. Do not share it with anyone.`, '',
      'This message was sent automatically; please do not reply to it.', '',
      'Kind regards,', f.lab,
    ].join('\n'),
  },
  de: {
    subject: (f) => `Ihre Befunde im Patientenportal: ${f.lab}`,
    body: (f) => [
      `Sehr geehrte/r ${f.ime} ${f.prezime},`, '',
      'Ihre Befunde sind im Patientenportal abrufbar:', f.link, '',
      `Melden Sie sich mit dieser E-Mail-Adresse und dem Einmalcode an: ${f.code}`,
      `Der Code gilt bis ${f.expires} und kann nur einmal verwendet werden. Geben Sie ihn an niemanden weiter.`, '',
      'Diese Nachricht wurde automatisch versandt; bitte antworten Sie nicht darauf.', '',
      'Mit freundlichen Grüßen,', f.lab,
    ].join('\n'),
  },
};

/** The mail that gives a consenting patient the portal's address and a one-time code. */
export function portalMail(language: Language, facts: PortalMailFacts): { subject: string; body: string } {
  const texts = PORTAL_MAIL[language];
  const named = { ...facts, ime: personName(facts.ime), prezime: personName(facts.prezime) };
  return { subject: texts.subject(named), body: texts.body(named) };
}
