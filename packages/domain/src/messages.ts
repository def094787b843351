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
  'form.invalid': { bs: 'Neispravan unos: {{field}}.', en: 'Invalid input: {{field}}.', de: 'Ungültige Eingabe: {{field}}.' },
  'form.forbiddenCharacters': { bs: 'Polje {{field}} sadrži nedozvoljene znakove.', en: 'The field {{field}} contains characters that are not allowed.', de: 'Das Feld {{field}} enthält unzulässige Zeichen.' },
  'save.failed': { bs: 'Greška prilikom upisa!', en: 'Error while saving!', de: 'Fehler beim Speichern!' },
  'delete.ok': { bs: 'Zapis uspješno obrisan!', en: 'Record deleted successfully!', de: 'Eintrag erfolgreich gelöscht!' },
  'delete.failed': { bs: 'Greška prilikom brisanja!', en: 'Error while deleting!', de: 'Fehler beim Löschen!' },
  'dateRange.invalid': { bs: 'Invalid date range.', en: 'Invalid date range.', de: 'Ungültiger Datumsbereich.' },
  'notFound': { bs: 'Zapis nije pronađen.', en: 'Record not found.', de: 'Eintrag nicht gefunden.' },
  'server.error': { bs: 'Greška na serveru.', en: 'Server error.', de: 'Serverfehler.' },
  'rateLimited': { bs: 'Previše zahtjeva. Pokušajte ponovo kasnije.', en: 'Too many requests. Try again later.', de: 'Zu viele Anfragen. Bitte später erneut versuchen.' },
  // Requests the server cannot read at all (refused before any field is looked at)
  'request.tooLarge': { bs: 'Zahtjev je prevelik.', en: 'The request is too large.', de: 'Die Anfrage ist zu groß.' },
  'request.mediaType': { bs: 'Vrsta sadržaja nije podržana.', en: 'The content type is not supported.', de: 'Der Inhaltstyp wird nicht unterstützt.' },
  'request.badJson': { bs: 'Tijelo zahtjeva nije ispravan JSON.', en: 'The request body is not valid JSON.', de: 'Der Anfrageinhalt ist kein gültiges JSON.' },
  'request.emptyJson': { bs: 'Tijelo zahtjeva je prazno.', en: 'The request body is empty.', de: 'Der Anfrageinhalt ist leer.' },
  'request.invalid': { bs: 'Zahtjev nije ispravan.', en: 'The request is not valid.', de: 'Die Anfrage ist ungültig.' },
  // Patients
  'patient.jmbgInvalid': { bs: 'Matični broj nije validan.', en: 'The personal ID is not valid.', de: 'Die persönliche Identifikationsnummer ist ungültig.' },
  'patient.jmbgCheckDigit': {
    bs: 'Kontrolna cifra matičnog broja ne odgovara. Provjerite broj.',
    en: 'The check digit of the personal ID does not match. Please check the number.',
    de: 'Die Prüfziffer der persönlichen Identifikationsnummer stimmt nicht. Bitte die Nummer prüfen.',
  },
  'patient.birthDateInvalid': { bs: 'Datum rođenja nije validan.', en: 'The date of birth is not valid.', de: 'Das Geburtsdatum ist ungültig.' },
  'patient.birthYearInvalid': { bs: 'Godište nije validno.', en: 'The birth year is not valid.', de: 'Das Geburtsjahr ist ungültig.' },
  'patient.emailInvalid': { bs: 'E-mail adresa nije validna.', en: 'The e-mail address is not valid.', de: 'Die E-Mail-Adresse ist ungültig.' },
  'patient.duplicate': { bs: 'Uneseni Matični broj je već registriran!', en: 'The personal ID entered is already registered!', de: 'Die eingegebene persönliche Identifikationsnummer ist bereits registriert!' },
  'patient.exists': { bs: 'Pacijent postoji', en: 'Patient exists', de: 'Patient existiert' },
  'patient.existsWarning': { bs: 'Pacijent postoji.', en: 'The patient already exists.', de: 'Der Patient existiert bereits.' },
  // Samples
  'sample.updated': { bs: 'Uzorak uspješno izmijenjen!', en: 'Sample updated successfully!', de: 'Probe erfolgreich geändert!' },
  'sample.updateFailed': { bs: 'Greška prilikom izmjene uzorka!', en: 'Error while updating the sample!', de: 'Fehler beim Ändern der Probe!' },
  'sample.saved': { bs: 'Uzorak uspješno sačuvan!', en: 'Sample saved successfully!', de: 'Probe erfolgreich gespeichert!' },
  'sample.locked': { bs: 'Uzorak je odobren ili verificiran i ne može se mijenjati.', en: 'The sample is approved or verified and cannot be changed.', de: 'Die Probe ist freigegeben oder verifiziert und kann nicht geändert werden.' },
  'sample.deleteNotAllowed': { bs: 'Uzorak se može obrisati samo dok je ZAPRIMLJEN.', en: 'A sample can only be deleted while it is ZAPRIMLJEN (received).', de: 'Eine Probe kann nur gelöscht werden, solange sie ZAPRIMLJEN (eingegangen) ist.' },
  'sample.lastTest': { bs: 'Test nije moguće ukloniti. Zatvorite prozor i obrišite uzorak.', en: 'The test cannot be removed. Close the window and delete the sample.', de: 'Der Test kann nicht entfernt werden. Schließen Sie das Fenster und löschen Sie die Probe.' },
  'sample.testLocked': { bs: 'Test nije moguće ukloniti!', en: 'The test cannot be removed!', de: 'Der Test kann nicht entfernt werden!' },
  'sample.testUnavailable': { bs: 'Test nije dostupan za ovog pacijenta: {{naziv}}.', en: 'The test is not available for this patient: {{naziv}}.', de: 'Der Test ist für diesen Patienten nicht verfügbar: {{naziv}}.' },
  'sample.flagsNeedFemale': { bs: 'Trudnoća i menopauza mogu se označiti samo za pacijentice.', en: 'Pregnancy and menopause can only be marked for female patients.', de: 'Schwangerschaft und Menopause können nur bei Patientinnen markiert werden.' },
  'sample.flagsConflict': { bs: 'Trudnoća i menopauza ne mogu biti označene zajedno.', en: 'Pregnancy and menopause cannot both be marked.', de: 'Schwangerschaft und Menopause können nicht beide markiert werden.' },
  'sample.datumInvalid': { bs: 'Datum uzorka nije validan.', en: 'The sample date is not valid.', de: 'Das Probendatum ist ungültig.' },
  'sample.received': { bs: 'Uzorak zaprimljen u obradu.', en: 'Sample received for processing.', de: 'Probe zur Bearbeitung angenommen.' },
  'sample.alreadyReceived': { bs: 'Uzorak je već zaprimljen.', en: 'The sample has already been received.', de: 'Die Probe wurde bereits angenommen.' },
  'sample.commentSaved': { bs: 'Komentar sačuvan.', en: 'Comment saved.', de: 'Kommentar gespeichert.' },
  'results.locked': { bs: 'Rezultati odobrenog ili verificiranog uzorka ne mogu se mijenjati.', en: 'Results of an approved or verified sample cannot be changed.', de: 'Ergebnisse einer freigegebenen oder verifizierten Probe können nicht geändert werden.' },
  'results.reasonRequired': { bs: 'Unesite razlog izmjene.', en: 'Enter the reason for the change.', de: 'Bitte den Grund der Änderung angeben.' },
  'results.notifiedRequired': { bs: 'Uzorak ima kritične vrijednosti: unesite koga ste obavijestili i kada.', en: 'The sample has critical values: enter who was informed and when.', de: 'Die Probe hat kritische Werte: Bitte angeben, wer wann informiert wurde.' },
  'results.notifiedInFuture': { bs: 'Vrijeme obavještenja ne može biti u budućnosti.', en: 'The time of notification cannot be in the future.', de: 'Der Zeitpunkt der Benachrichtigung darf nicht in der Zukunft liegen.' },
  'results.unknownTest': { bs: 'Test ne pripada ovom uzorku: {{test}}.', en: 'The test does not belong to this sample: {{test}}.', de: 'Der Test gehört nicht zu dieser Probe: {{test}}.' },
  'results.versionConflict': { bs: 'Uzorak je u međuvremenu izmijenio drugi korisnik. Osvježite prikaz i pokušajte ponovo.', en: 'Another user changed the sample in the meantime. Reload and try again.', de: 'Ein anderer Benutzer hat die Probe inzwischen geändert. Bitte neu laden und erneut versuchen.' },
  'results.incomplete': { bs: 'Nisu uneseni svi rezultati: uzorak se može odobriti tek kad svaki test ima rezultat.', en: 'Not all results are entered: a sample can be approved once every test has a result.', de: 'Nicht alle Ergebnisse sind erfasst: Eine Probe kann erst freigegeben werden, wenn jeder Test ein Ergebnis hat.' },
  'results.positiveNeedsGrade': { bs: 'Za pozitivan rezultat izaberite stepen.', en: 'Choose the grade of the positive result.', de: 'Bitte den Grad des positiven Ergebnisses wählen.' },
  'results.notAllowedValue': { bs: 'Rezultat {{naziv}} mora biti Negativan ili Pozitivan.', en: 'The result of {{naziv}} must be Negativan or Pozitivan.', de: 'Das Ergebnis von {{naziv}} muss Negativan oder Pozitivan sein.' },
  'results.notNumeric': { bs: 'Rezultat {{naziv}} mora biti broj (npr. 5,4 ili <0,5).', en: 'The result of {{naziv}} must be a number (e.g. 5.4 or <0.5).', de: 'Das Ergebnis von {{naziv}} muss eine Zahl sein (z. B. 5,4 oder <0,5).' },
  'results.calculatedReadOnly': { bs: 'Izračunati test {{naziv}} računa se iz svojih komponenti i ne unosi se.', en: 'The calculated test {{naziv}} is computed from its components and is not entered.', de: 'Der berechnete Test {{naziv}} wird aus seinen Komponenten berechnet und nicht eingegeben.' },
  'results.transitionNotAllowed': { bs: 'Ova radnja nije dozvoljena za uzorak u statusu {{status}}.', en: 'This action is not allowed for a sample with status {{status}}.', de: 'Diese Aktion ist für eine Probe mit Status {{status}} nicht erlaubt.' },
} as const satisfies Record<string, Record<Language, string>>;

export const LANGUAGES = ['bs', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export type MessageCode = keyof typeof MESSAGES;

export function isMessageCode(value: string): value is MessageCode {
  return Object.hasOwn(MESSAGES, value);
}

export function message(code: MessageCode, language: Language = 'bs', params: Record<string, string> = {}): string {
  return MESSAGES[code][language].replace(/\{\{(\w+)\}\}/g, (whole, key: string) => params[key] ?? whole);
}

/** The spec's session language values: 'rs' is the regional language, 'en' English, anything else the default. */
export function languageFromSession(value: string | null | undefined): Language {
  if (value === 'en') return 'en';
  if (value === 'de') return 'de';
  return 'bs';
}
