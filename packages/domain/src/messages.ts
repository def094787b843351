/**
 * Messages the server answers with. `message` in an answer is the Bosnian text
 * (the spec's wording, so existing clients keep working); `code` is the key the
 * web app translates with this same catalogue.
 */
export const MESSAGES = {
  'db.connection': { bs: 'Greška prilikom konekcije na DB.', en: 'Database connection error.', de: 'Fehler bei der Datenbankverbindung.' },
  'auth.userNotFound': { bs: 'Korisnik nije pronađen.', en: 'User not found.', de: 'Benutzer nicht gefunden.' },
  'auth.wrongPassword': { bs: 'Pogrešna šifra.', en: 'Wrong password.', de: 'Falsches Passwort.' },
  'auth.expired': { bs: 'User Account has Expired.', en: 'User Account has Expired.', de: 'Das Benutzerkonto ist abgelaufen.' },
  'auth.disabled': { bs: 'Korisnički račun je onemogućen.', en: 'The user account is disabled.', de: 'Das Benutzerkonto ist deaktiviert.' },
  'auth.throttled': { bs: 'Previše neuspjelih pokušaja. Pokušajte ponovo za nekoliko minuta.', en: 'Too many failed attempts. Try again in a few minutes.', de: 'Zu viele Fehlversuche. Bitte in einigen Minuten erneut versuchen.' },
  'auth.unauthorized': { bs: 'Niste autorizirani', en: 'You are not authorised', de: 'Sie sind nicht autorisiert' },
  'auth.forbidden': { bs: 'Nemate pravo pristupa.', en: 'You do not have access.', de: 'Sie haben keinen Zugriff.' },
  'auth.siteForbidden': { bs: 'Nemate pristup ovom sajtu.', en: 'You do not have access to this site.', de: 'Sie haben keinen Zugriff auf diesen Standort.' },
  'password.required': { bs: 'Sva polja su obavezna.', en: 'All fields are required.', de: 'Alle Felder sind Pflichtfelder.' },
  'password.invalid': { bs: 'Šifra nije validna.', en: 'The password is not valid.', de: 'Das Passwort ist ungültig.' },
  'password.mismatch': { bs: 'Nova šifra nije validirana.', en: 'The new password was not confirmed.', de: 'Das neue Passwort wurde nicht bestätigt.' },
  'password.wrongCurrent': { bs: 'Trenutna šifra nije ispravna.', en: 'The current password is not correct.', de: 'Das aktuelle Passwort ist nicht korrekt.' },
  'password.storeFailed': { bs: 'Greška prilikom upisa.', en: 'Error while saving.', de: 'Fehler beim Speichern.' },
  'password.changed': { bs: 'Izmjena uspješno obavljena.', en: 'Change completed successfully.', de: 'Änderung erfolgreich durchgeführt.' },
  'form.required': { bs: 'Unesite obavezna polja.', en: 'Fill in the required fields.', de: 'Bitte Pflichtfelder ausfüllen.' },
  'form.invalid': { bs: 'Neispravan unos: {field}.', en: 'Invalid input: {field}.', de: 'Ungültige Eingabe: {field}.' },
  'save.failed': { bs: 'Greška prilikom upisa!', en: 'Error while saving!', de: 'Fehler beim Speichern!' },
  'delete.ok': { bs: 'Zapis uspješno obrisan!', en: 'Record deleted successfully!', de: 'Eintrag erfolgreich gelöscht!' },
  'delete.failed': { bs: 'Greška prilikom brisanja!', en: 'Error while deleting!', de: 'Fehler beim Löschen!' },
  'dateRange.invalid': { bs: 'Invalid date range.', en: 'Invalid date range.', de: 'Ungültiger Datumsbereich.' },
  'notFound': { bs: 'Zapis nije pronađen.', en: 'Record not found.', de: 'Eintrag nicht gefunden.' },
  'server.error': { bs: 'Greška na serveru.', en: 'Server error.', de: 'Serverfehler.' },
  'rateLimited': { bs: 'Previše zahtjeva. Pokušajte ponovo kasnije.', en: 'Too many requests. Try again later.', de: 'Zu viele Anfragen. Bitte später erneut versuchen.' },
} as const satisfies Record<string, Record<Language, string>>;

export const LANGUAGES = ['bs', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export type MessageCode = keyof typeof MESSAGES;

export function message(code: MessageCode, language: Language = 'bs', params: Record<string, string> = {}): string {
  return MESSAGES[code][language].replace(/\{(\w+)\}/g, (_, key: string) => params[key] ?? `{${key}}`);
}

/** The spec's session language values: 'rs' is the regional language, 'en' English, anything else the default. */
export function languageFromSession(value: string | null | undefined): Language {
  if (value === 'en') return 'en';
  if (value === 'de') return 'de';
  return 'bs';
}
