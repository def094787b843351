/** Strings of the report-signing certificate card on the general options screen, under `potpis.`. */
const bs = {
  title: 'Digitalni potpis nalaza',
  hint: 'Svaki izdati nalaz (PDF) potpisuje se certifikatom laboratorije; potpis i QR kod na svakoj stranici omogućavaju provjeru autentičnosti.',
  selfSigned: 'Koristi se samopotpisani certifikat',
  selfSignedHint: 'Server ga je napravio pri prvom pokretanju. Potpis dokazuje da nalaz nije mijenjan, ali čitači PDF-a ne znaju ko je izdavalac. Instalirajte certifikat izdat od ovlaštenog izdavača.',
  source_environment: 'Certifikat iz okruženja servera (REPORT_SIGNING_P12)',
  source_uploaded: 'Instalirani certifikat',
  'source_self-signed': 'Samopotpisani certifikat',
  subject: 'Vlasnik',
  issuer: 'Izdavač',
  validTo: 'Važi do',
  fingerprint: 'SHA-256 otisak',
  install: 'Instaliraj certifikat',
  file: 'Datoteka PKCS#12 (.p12, .pfx)',
  password: 'Lozinka datoteke',
  installed: 'Certifikat je instaliran. Novi nalazi se potpisuju njime.',
  environmentWins: 'Certifikat iz okruženja servera ima prednost pred instaliranim.',
};

const en: typeof bs = {
  title: 'Digital signature of reports',
  hint: 'Every issued report (PDF) is signed with the lab\'s certificate; the signature and the QR code on every page let anyone check it is genuine.',
  selfSigned: 'A self-signed certificate is in use',
  selfSignedHint: 'The server made it at its first start. The signature proves the report was not altered, but PDF readers cannot tell who issued it. Install a certificate issued by a trusted authority.',
  source_environment: 'Certificate from the server environment (REPORT_SIGNING_P12)',
  source_uploaded: 'Installed certificate',
  'source_self-signed': 'Self-signed certificate',
  subject: 'Subject',
  issuer: 'Issuer',
  validTo: 'Valid until',
  fingerprint: 'SHA-256 fingerprint',
  install: 'Install certificate',
  file: 'PKCS#12 file (.p12, .pfx)',
  password: 'File password',
  installed: 'The certificate was installed. New reports are signed with it.',
  environmentWins: 'A certificate from the server environment takes precedence over an installed one.',
};

const de: typeof bs = {
  title: 'Digitale Signatur der Befunde',
  hint: 'Jeder ausgestellte Befund (PDF) wird mit dem Zertifikat des Labors signiert; Signatur und QR-Code auf jeder Seite erlauben die Echtheitsprüfung.',
  selfSigned: 'Ein selbstsigniertes Zertifikat wird verwendet',
  selfSignedHint: 'Der Server hat es beim ersten Start erstellt. Die Signatur beweist, dass der Befund nicht verändert wurde, aber PDF-Leser erkennen den Aussteller nicht. Installieren Sie ein Zertifikat einer vertrauenswürdigen Stelle.',
  source_environment: 'Zertifikat aus der Serverumgebung (REPORT_SIGNING_P12)',
  source_uploaded: 'Installiertes Zertifikat',
  'source_self-signed': 'Selbstsigniertes Zertifikat',
  subject: 'Inhaber',
  issuer: 'Aussteller',
  validTo: 'Gültig bis',
  fingerprint: 'SHA-256-Fingerabdruck',
  install: 'Zertifikat installieren',
  file: 'PKCS#12-Datei (.p12, .pfx)',
  password: 'Passwort der Datei',
  installed: 'Das Zertifikat wurde installiert. Neue Befunde werden damit signiert.',
  environmentWins: 'Ein Zertifikat aus der Serverumgebung hat Vorrang vor einem installierten.',
};

export const signingMessages = { bs, en, de } as const;
