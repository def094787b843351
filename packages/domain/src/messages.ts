/**
 * Messages the server answers with. `message` in an answer is the Bosnian text
 * (the spec's wording, so existing clients keep working); `code` is the key the
 * web app translates with this same catalogue.
 */
export const MESSAGES = {
  'db.connection': { bs: 'Greška prilikom konekcije na DB.', en: 'Database connection error.', de: 'Fehler bei der Datenbankverbindung.' },
  'auth.userNotFound': { bs: 'Korisnik nije pronađen.', en: 'User not found.', de: 'Benutzer nicht gefunden.' },
  'auth.wrongPassword': { bs: 'Pogrešna šifra.', en: 'Wrong password.', de: 'Falsches Passwort.' },
  // The screen says it in the user's language, Bosnian included; the wire keeps the spec's English (WIRE_TEXTS).
  'auth.expired': { bs: 'Korisnički račun je istekao.', en: 'User Account has Expired.', de: 'Das Benutzerkonto ist abgelaufen.' },
  'auth.disabled': { bs: 'Korisnički račun je onemogućen.', en: 'The user account is disabled.', de: 'Das Benutzerkonto ist deaktiviert.' },
  'auth.throttled': { bs: 'Previše neuspjelih pokušaja. Pokušajte ponovo za nekoliko minuta.', en: 'Too many failed attempts. Try again in a few minutes.', de: 'Zu viele Fehlversuche. Bitte in einigen Minuten erneut versuchen.' },
  'auth.unauthorized': { bs: 'Niste autorizirani', en: 'You are not authorised', de: 'Sie sind nicht autorisiert' },
  'auth.forbidden': { bs: 'Nemate pravo pristupa.', en: 'You do not have access.', de: 'Sie haben keinen Zugriff.' },
  'auth.siteForbidden': { bs: 'Nemate pristup ovom sajtu.', en: 'You do not have access to this site.', de: 'Sie haben keinen Zugriff auf diesen Standort.' },
  'password.required': { bs: 'Sva polja su obavezna.', en: 'All fields are required.', de: 'Alle Felder sind Pflichtfelder.' },
  'password.invalid': { bs: 'Šifra nije validna.', en: 'The password is not valid.', de: 'Das Passwort ist ungültig.' },
  'password.tooShort': { bs: 'Nova šifra mora imati najmanje 8 znakova.', en: 'The new password must have at least 8 characters.', de: 'Das neue Passwort muss mindestens 8 Zeichen haben.' },
  'password.tooLong': { bs: 'Nova šifra smije imati najviše 200 znakova.', en: 'The new password may have at most 200 characters.', de: 'Das neue Passwort darf höchstens 200 Zeichen haben.' },
  'password.common': { bs: 'Nova šifra je među često korištenim šiframa. Izaberite drugu.', en: 'The new password is one of the commonly used passwords. Choose another one.', de: 'Das neue Passwort gehört zu den häufig verwendeten Passwörtern. Bitte ein anderes wählen.' },
  'password.mismatch': { bs: 'Nova šifra nije validirana.', en: 'The new password was not confirmed.', de: 'Das neue Passwort wurde nicht bestätigt.' },
  'password.wrongCurrent': { bs: 'Trenutna šifra nije ispravna.', en: 'The current password is not correct.', de: 'Das aktuelle Passwort ist nicht korrekt.' },
  'password.storeFailed': { bs: 'Greška prilikom upisa.', en: 'Error while saving.', de: 'Fehler beim Speichern.' },
  'password.unchanged': { bs: 'Nova šifra mora biti različita od trenutne.', en: 'The new password must differ from the current one.', de: 'Das neue Passwort muss sich vom aktuellen unterscheiden.' },
  'password.changed': { bs: 'Izmjena uspješno obavljena.', en: 'Change completed successfully.', de: 'Änderung erfolgreich durchgeführt.' },
  'form.required': { bs: 'Unesite obavezna polja.', en: 'Fill in the required fields.', de: 'Bitte Pflichtfelder ausfüllen.' },
  'form.invalid': { bs: 'Neispravan unos: {{field}}.', en: 'Invalid input: {{field}}.', de: 'Ungültige Eingabe: {{field}}.' },
  'form.forbiddenCharacters': { bs: 'Polje {{field}} sadrži nedozvoljene znakove.', en: 'The field {{field}} contains characters that are not allowed.', de: 'Das Feld {{field}} enthält unzulässige Zeichen.' },
  'save.failed': { bs: 'Greška prilikom upisa!', en: 'Error while saving!', de: 'Fehler beim Speichern!' },
  'nalazi.languageAdded': { bs: 'Nalaz je izdan na još jednom jeziku.', en: 'The report was issued in one more language.', de: 'Der Befund wurde in einer weiteren Sprache ausgestellt.' },
  'nalazi.languageExists': { bs: 'Nalaz je već izdan na tom jeziku.', en: 'The report was already issued in that language.', de: 'Der Befund wurde in dieser Sprache bereits ausgestellt.' },
  'nalazi.notFrozen': { bs: 'Sadržaj ove verzije nije sačuvan pri izdavanju, pa se ne može izdati na drugom jeziku.', en: 'The content of this version was not kept when it was issued, so it cannot be issued in another language.', de: 'Der Inhalt dieser Version wurde bei der Ausstellung nicht gespeichert; sie kann nicht in einer weiteren Sprache ausgestellt werden.' },
  'nalazi.noEmail': { bs: 'Pacijent nema e-mail adresu. Unesite je u podatke pacijenta.', en: 'The patient has no e-mail address. Add it to the patient\'s details.', de: 'Der Patient hat keine E-Mail-Adresse. Bitte in den Patientendaten eintragen.' },
  'nalazi.cumulativeEmpty': { bs: 'Pacijent nema verificiranih nalaza ove lokacije u izabranom periodu.', en: 'The patient has no verified reports of this site in the chosen period.', de: 'Der Patient hat in diesem Zeitraum keine verifizierten Befunde dieses Standorts.' },
  'nalazi.certificateInvalid': { bs: 'Datoteka PKCS#12 se ne može otvoriti ovom lozinkom ili nema ključ s certifikatom.', en: 'The PKCS#12 file cannot be opened with this password or holds no key with its certificate.', de: 'Die PKCS#12-Datei lässt sich mit diesem Passwort nicht öffnen oder enthält keinen Schlüssel mit Zertifikat.' },
  'nalazi.certificateInstalled': { bs: 'Certifikat za potpisivanje nalaza je instaliran.', en: 'The report-signing certificate was installed.', de: 'Das Zertifikat zur Befundsignatur wurde installiert.' },
  'nalazi.mailQueued': { bs: 'Nalaz je u redu za slanje pacijentu e-mailom.', en: 'The report is queued for sending to the patient by e-mail.', de: 'Der Befund ist zum Versand per E-Mail an den Patienten eingereiht.' },
  'portal.codeInvalid': { bs: 'E-mail adresa ili kod nije ispravan, ili je kod istekao ili već iskorišten.', en: 'The e-mail address or code is not correct, or the code has expired or was already used.', de: 'E-Mail-Adresse oder Code ist nicht korrekt, oder der Code ist abgelaufen oder wurde bereits verwendet.' },
  'portal.locked': { bs: 'Previše pogrešnih kodova za ovu adresu. Prijava je zaključana {{minutes}} min; pokušajte kasnije.', en: 'Too many wrong codes for this address. Sign-in is locked for {{minutes}} min; try again later.', de: 'Zu viele falsche Codes für diese Adresse. Die Anmeldung ist für {{minutes}} Min. gesperrt; bitte später erneut versuchen.' },
  'portal.revoked': { bs: 'Pristup portalu za pacijente je opozvan.', en: 'Patient portal access was revoked.', de: 'Der Zugang zum Patientenportal wurde widerrufen.' },
  'settings.portalCodeDaysInvalid': { bs: 'Trajanje koda za portal: cijeli broj dana od 1 do 365.', en: 'Portal code lifetime: a whole number of days from 1 to 365.', de: 'Gültigkeit des Portal-Codes: eine ganze Zahl Tage von 1 bis 365.' },
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
  'results.correctionUnchanged': { bs: 'Ispravka ne mijenja nijedan rezultat.', en: 'The correction changes no result.', de: 'Die Korrektur ändert kein Ergebnis.' },
  'results.notifiedInFuture': { bs: 'Vrijeme obavještenja ne može biti u budućnosti.', en: 'The time of notification cannot be in the future.', de: 'Der Zeitpunkt der Benachrichtigung darf nicht in der Zukunft liegen.' },
  'results.unknownTest': { bs: 'Test ne pripada ovom uzorku: {{test}}.', en: 'The test does not belong to this sample: {{test}}.', de: 'Der Test gehört nicht zu dieser Probe: {{test}}.' },
  'results.versionConflict': { bs: 'Uzorak je u međuvremenu izmijenio drugi korisnik. Osvježite prikaz i pokušajte ponovo.', en: 'Another user changed the sample in the meantime. Reload and try again.', de: 'Ein anderer Benutzer hat die Probe inzwischen geändert. Bitte neu laden und erneut versuchen.' },
  'results.incomplete': { bs: 'Nisu uneseni svi rezultati: uzorak se može odobriti tek kad svaki test ima rezultat.', en: 'Not all results are entered: a sample can be approved once every test has a result.', de: 'Nicht alle Ergebnisse sind erfasst: Eine Probe kann erst freigegeben werden, wenn jeder Test ein Ergebnis hat.' },
  'results.positiveNeedsGrade': { bs: 'Za pozitivan rezultat izaberite stepen.', en: 'Choose the grade of the positive result.', de: 'Bitte den Grad des positiven Ergebnisses wählen.' },
  'results.notAllowedValue': { bs: 'Rezultat {{naziv}} mora biti Negativan ili Pozitivan.', en: 'The result of {{naziv}} must be Negativan or Pozitivan.', de: 'Das Ergebnis von {{naziv}} muss Negativan oder Pozitivan sein.' },
  'results.notNumeric': { bs: 'Rezultat {{naziv}} mora biti broj (npr. 5,4 ili <0,5).', en: 'The result of {{naziv}} must be a number (e.g. 5.4 or <0.5).', de: 'Das Ergebnis von {{naziv}} muss eine Zahl sein (z. B. 5,4 oder <0,5).' },
  'results.retestNoResult': { bs: 'Test {{naziv}} nema rezultat: ponavlja se samo uneseni rezultat.', en: 'The test {{naziv}} has no result: only an entered result can be retested.', de: 'Der Test {{naziv}} hat kein Ergebnis: Nur ein erfasstes Ergebnis kann wiederholt werden.' },
  'results.calculatedReadOnly': { bs: 'Izračunati test {{naziv}} računa se iz svojih komponenti i ne unosi se.', en: 'The calculated test {{naziv}} is computed from its components and is not entered.', de: 'Der berechnete Test {{naziv}} wird aus seinen Komponenten berechnet und nicht eingegeben.' },
  // Microbiology
  'micro.micNotStep': { bs: 'MIK mora biti broj iz niza razrjeđenja (npr. 0,25, 0,5, 1, 2, ≤0,25 ili >32).', en: 'The MIC must be a number of the dilution series (e.g. 0.25, 0.5, 1, 2, ≤0.25 or >32).', de: 'Die MHK muss ein Wert der Verdünnungsreihe sein (z. B. 0,25, 0,5, 1, 2, ≤0,25 oder >32).' },
  'micro.zoneInvalid': { bs: 'Promjer zone mora biti cijeli broj milimetara (0 do 100).', en: 'The zone diameter must be a whole number of millimetres (0 to 100).', de: 'Der Hemmhofdurchmesser muss eine ganze Zahl von Millimetern sein (0 bis 100).' },
  'micro.unknownOrganism': { bs: 'Mikroorganizam nije u tabeli: {{organizam}}.', en: 'The organism is not in the table: {{organizam}}.', de: 'Der Mikroorganismus ist nicht in der Tabelle: {{organizam}}.' },
  'micro.unknownAntibiotic': { bs: 'Antibiotik nije u tabeli: {{antibiotik}}.', en: 'The antimicrobial is not in the table: {{antibiotik}}.', de: 'Das Antibiotikum ist nicht in der Tabelle: {{antibiotik}}.' },
  'micro.duplicateAntibiotic': { bs: 'Antibiotik {{antibiotik}} je već unesen ovom metodom za ovaj izolat.', en: 'The antimicrobial {{antibiotik}} is already entered with this method for this isolate.', de: 'Das Antibiotikum {{antibiotik}} ist für dieses Isolat mit dieser Methode bereits erfasst.' },
  'micro.growthNeedsIsolate': { bs: 'Za kulturu s rastom unesite bar jedan izolat.', en: 'Enter at least one isolate for a culture with growth.', de: 'Für eine Kultur mit Wachstum bitte mindestens ein Isolat erfassen.' },
  'micro.noGrowthIsolates': { bs: 'Kultura bez rasta ne može imati izolate.', en: 'A culture without growth cannot have isolates.', de: 'Eine Kultur ohne Wachstum kann keine Isolate haben.' },
  'micro.overrideReason': { bs: 'Unesite razlog izmjene tumačenja.', en: 'Enter the reason for changing the interpretation.', de: 'Bitte den Grund für die Änderung der Interpretation angeben.' },
  'micro.antibioticNotInPanel': { bs: 'Antibiotik {{antibiotik}} nije u panelu {{panel}} za ovaj mikroorganizam.', en: 'The antimicrobial {{antibiotik}} is not in the panel {{panel}} for this organism.', de: 'Das Antibiotikum {{antibiotik}} ist nicht im Panel {{panel}} für diesen Mikroorganismus.' },
  'micro.panelEmpty': { bs: 'Panel mora imati bar jedan antibiotik.', en: 'A panel needs at least one antimicrobial.', de: 'Ein Panel braucht mindestens ein Antibiotikum.' },
  'micro.panelDuplicateAgent': { bs: 'Antibiotik {{antibiotik}} je već u panelu.', en: 'The antimicrobial {{antibiotik}} is already in the panel.', de: 'Das Antibiotikum {{antibiotik}} ist bereits im Panel.' },
  'micro.panelExists': { bs: 'Panel za ovu grupu i materijal već postoji.', en: 'A panel for this group and specimen already exists.', de: 'Für diese Gruppe und dieses Material gibt es bereits ein Panel.' },
  // Test panels (profiles) of the sample's test picker
  'panel.empty': { bs: 'Panel mora imati bar jedan test.', en: 'A panel needs at least one test.', de: 'Ein Profil braucht mindestens einen Test.' },
  'panel.duplicateCode': { bs: 'Panel sa ovom šifrom već postoji.', en: 'A panel with this code already exists.', de: 'Ein Profil mit diesem Code gibt es bereits.' },
  'panel.unknownTest': { bs: 'Test ne postoji u katalogu.', en: 'The test is not in the catalogue.', de: 'Der Test ist nicht im Katalog.' },
  'panel.duplicateTest': { bs: 'Test {{test}} je već u panelu.', en: 'The test {{test}} is already in the panel.', de: 'Der Test {{test}} ist bereits im Profil.' },
  'micro.referenceUnreadable': { bs: 'Datoteka {{file}} se ne može pročitati: {{reason}}', en: 'The file {{file}} cannot be read: {{reason}}', de: 'Die Datei {{file}} kann nicht gelesen werden: {{reason}}' },
  'micro.referenceTooLarge': { bs: 'Datoteka je prevelika.', en: 'The file is too large.', de: 'Die Datei ist zu groß.' },
  'micro.notCultureTest': { bs: 'Test nije mikrobiološka kultura ovog uzorka.', en: 'The test is not a microbiology culture of this sample.', de: 'Der Test ist keine mikrobiologische Kultur dieser Probe.' },
  'results.transitionNotAllowed': { bs: 'Ova radnja nije dozvoljena za uzorak u statusu {{status}}.', en: 'This action is not allowed for a sample with status {{status}}.', de: 'Diese Aktion ist für eine Probe mit Status {{status}} nicht erlaubt.' },
  // The lab catalogue and its setting records (postavke/*/edit, assays/lab/*).
  'catalogue.saved': { bs: 'Zapis uspješno sačuvan!', en: 'Record saved successfully!', de: 'Eintrag erfolgreich gespeichert!' },
  'catalogue.duplicateCode': { bs: 'Šifra {{sifra}} je već registrirana.', en: 'The code {{sifra}} is already registered.', de: 'Der Code {{sifra}} ist bereits registriert.' },
  'referral.doctorNotListed': { bs: 'Doktor mora biti izabran sa liste doktora.', en: 'The doctor must be chosen from the doctors list.', de: 'Der Arzt muss aus der Ärzteliste gewählt werden.' },
  'referral.locationNotListed': { bs: 'Uputna lokacija mora biti izabrana sa liste lokacija.', en: 'The referring location must be chosen from the locations list.', de: 'Der einweisende Standort muss aus der Standortliste gewählt werden.' },
  'catalogue.unknownReference': { bs: 'Polje {{field}} upućuje na zapis koji ne postoji.', en: 'The field {{field}} refers to a record that does not exist.', de: 'Das Feld {{field}} verweist auf einen Eintrag, der nicht existiert.' },
  'catalogue.stabilityDuplicate': { bs: 'Stabilnost za ovaj tip uzorka je već navedena.', en: 'A stability for this sample type is already listed.', de: 'Für diesen Probentyp ist bereits eine Stabilität angegeben.' },
  'catalogue.loincInvalid': { bs: 'LOINC šifra nije ispravna (npr. 2345-7, s kontrolnom cifrom)', en: 'The LOINC code is not valid (e.g. 2345-7, with its check digit)', de: 'Der LOINC-Code ist ungültig (z. B. 2345-7, mit Prüfziffer)' },
  'catalogue.formulaInvalid': { bs: 'Formula nije ispravna: {{detail}}', en: 'The formula is not valid: {{detail}}', de: 'Die Formel ist ungültig: {{detail}}' },
  'catalogue.formulaUnknownComponent': { bs: 'Formula koristi test {{sifra}} koji ne postoji.', en: 'The formula uses the test {{sifra}}, which does not exist.', de: 'Die Formel verwendet den Test {{sifra}}, der nicht existiert.' },
  'catalogue.formulaRequired': { bs: 'Izračunati test treba formulu.', en: 'A calculated test needs a formula.', de: 'Ein berechneter Test braucht eine Formel.' },
  'catalogue.rangeAges': { bs: 'Dob od mora biti manja od dobi do, najviše 150 godina.', en: 'Age from must not be above age to, at most 150 years.', de: 'Alter von darf nicht über Alter bis liegen, höchstens 150 Jahre.' },
  'catalogue.rangeLimits': { bs: 'Donja granica ne smije biti veća od gornje.', en: 'The low limit must not be above the high limit.', de: 'Die untere Grenze darf nicht über der oberen liegen.' },
  'catalogue.rangeCritical': { bs: 'Kritične granice moraju biti izvan referentnih.', en: 'Critical limits must lie outside the reference limits.', de: 'Kritische Grenzen müssen außerhalb der Referenzgrenzen liegen.' },
  'catalogue.rangeEmpty': { bs: 'Referentni interval treba granicu ili tekst.', en: 'A reference range needs a limit or a text.', de: 'Ein Referenzbereich braucht eine Grenze oder einen Text.' },
  'catalogue.rangeOverlap': { bs: 'Referentni interval se preklapa s drugim za iste pacijente.', en: 'The reference range overlaps another one for the same patients.', de: 'Der Referenzbereich überschneidet sich mit einem anderen für dieselben Patienten.' },
  'catalogue.rangeGap': { bs: 'Između referentnih intervala za iste pacijente postoji praznina u dobi.', en: 'There is an age gap between reference ranges for the same patients.', de: 'Zwischen Referenzbereichen für dieselben Patienten gibt es eine Alterslücke.' },
  'catalogue.assayInUse': { bs: 'Test je na uzorcima i ne može se obrisati; onemogućite ga.', en: 'The test is on samples and cannot be deleted; disable it instead.', de: 'Der Test ist auf Proben und kann nicht gelöscht werden; deaktivieren Sie ihn.' },
  'catalogue.assayIsComponent': { bs: 'Test je komponenta izračunatog testa {{naziv}} i ne može se obrisati.', en: 'The test is a component of the calculated test {{naziv}} and cannot be deleted.', de: 'Der Test ist Bestandteil des berechneten Tests {{naziv}} und kann nicht gelöscht werden.' },
  // Settings: users, sites, general options
  'auth.passwordChangeRequired': { bs: 'Prije nastavka promijenite početnu šifru.', en: 'Change your initial password before you continue.', de: 'Bitte ändern Sie zuerst Ihr Anfangspasswort.' },
  'auth.sessionEnded': { bs: 'Vaša sesija je završena. Prijavite se ponovo.', en: 'Your session has ended. Please sign in again.', de: 'Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.' },
  'settings.identifierSystemInvalid': { bs: 'Sistem identifikatora mora biti URI (urn:… ili http(s)://…)', en: 'The identifier system must be a URI (urn:… or http(s)://…)', de: 'Das Identifikatorsystem muss eine URI sein (urn:… oder http(s)://…)' },
  'settings.saved': { bs: 'Postavke uspješno sačuvane.', en: 'Settings saved successfully.', de: 'Einstellungen erfolgreich gespeichert.' },
  'settings.emailInvalid': { bs: 'E-mail adresa nije validna.', en: 'The e-mail address is not valid.', de: 'Die E-Mail-Adresse ist ungültig.' },
  'settings.emailTaken': { bs: 'Korisnik s ovom e-mail adresom već postoji.', en: 'A user with this e-mail address already exists.', de: 'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.' },
  'settings.roleInvalid': { bs: 'Izaberite ulogu.', en: 'Choose a role.', de: 'Bitte eine Rolle wählen.' },
  'settings.sitesRequired': { bs: 'Izaberite barem jedan sajt.', en: 'Choose at least one site.', de: 'Bitte mindestens einen Standort wählen.' },
  'settings.permissionsRequired': { bs: 'Izaberite barem jedno pravo.', en: 'Choose at least one permission.', de: 'Bitte mindestens eine Berechtigung wählen.' },
  'settings.permissionInvalid': { bs: 'Izabrano pravo ne postoji.', en: 'The chosen permission does not exist.', de: 'Die gewählte Berechtigung existiert nicht.' },
  'auth.invalidClient': { bs: 'Pogrešan klijent ili tajna.', en: 'Wrong client or secret.', de: 'Falscher Client oder falsches Geheimnis.' },
  'auth.grantTypeUnsupported': { bs: 'Podržan je samo grant_type client_credentials.', en: 'Only the grant_type client_credentials is supported.', de: 'Nur grant_type client_credentials wird unterstützt.' },
  'auth.clientAccount': { bs: 'Ovo je račun sistemskog klijenta: prijavljuje se samo preko /api/oauth/token.', en: 'This is a system client\'s account: it signs in through /api/oauth/token only.', de: 'Dies ist das Konto eines Systemclients: Anmeldung nur über /api/oauth/token.' },
  'settings.siteUnknown': { bs: 'Izabrani sajt ne postoji.', en: 'The chosen site does not exist.', de: 'Der gewählte Standort existiert nicht.' },
  'settings.idleTimeInvalid': { bs: 'Vrijeme neaktivnosti mora biti između 1 i 1440 minuta.', en: 'The idle time must be between 1 and 1440 minutes.', de: 'Die Inaktivitätszeit muss zwischen 1 und 1440 Minuten liegen.' },
  'settings.defaultRouteInvalid': { bs: 'Početni ekran ne postoji.', en: 'The start screen does not exist.', de: 'Der Startbildschirm existiert nicht.' },
  'settings.lastAdmin': {
    bs: 'Posljednji aktivni administrator (nivo 0) ne može biti onemogućen, ograničen niti izgubiti ulogu administratora.',
    en: 'The last active administrator (level 0) cannot be disabled, restricted or lose the administrator role.',
    de: 'Der letzte aktive Administrator (Stufe 0) kann nicht deaktiviert, eingeschränkt oder seiner Administratorrolle enthoben werden.',
  },
  'settings.userDisabled': { bs: 'Korisnik je onemogućen; njegove sesije su završene.', en: 'The user is disabled; their sessions have ended.', de: 'Der Benutzer ist deaktiviert; seine Sitzungen wurden beendet.' },
  'settings.userEnabled': { bs: 'Korisnik je ponovo omogućen.', en: 'The user is enabled again.', de: 'Der Benutzer ist wieder aktiviert.' },
  'settings.passwordReset': { bs: 'Šifra je postavljena; korisnik je mora promijeniti pri sljedećoj prijavi.', en: 'The password is set; the user must change it at the next sign-in.', de: 'Das Passwort ist gesetzt; der Benutzer muss es bei der nächsten Anmeldung ändern.' },
  'settings.sifraInvalid': { bs: 'Šifra sajta: do 10 velikih slova, cifara, - ili _.', en: 'Site code: up to 10 capital letters, digits, - or _.', de: 'Standortcode: bis zu 10 Großbuchstaben, Ziffern, - oder _.' },
  'settings.sifraTaken': { bs: 'Sajt s ovom šifrom već postoji.', en: 'A site with this code already exists.', de: 'Ein Standort mit diesem Code existiert bereits.' },
  'settings.timeZoneInvalid': { bs: 'Vremenska zona nije validna (npr. Europe/Sarajevo).', en: 'The time zone is not valid (e.g. Europe/Sarajevo).', de: 'Die Zeitzone ist ungültig (z. B. Europe/Sarajevo).' },
  'settings.chatMaxFileInvalid': { bs: 'Najveća datoteka u chatu: cijeli broj MB od 1 do 10.', en: 'Largest chat file: a whole number of MB from 1 to 10.', de: 'Größte Chat-Datei: eine ganze Zahl MB von 1 bis 10.' },
  'settings.menuPathUnknown': { bs: 'Stavka menija ne postoji ili se ne može sakriti.', en: 'The menu item does not exist or cannot be hidden.', de: 'Der Menüeintrag existiert nicht oder kann nicht ausgeblendet werden.' },
  // Izvještaji (/reports)
  'izvjestaji.forbidden': { bs: 'Nemate pristup ovom izvještaju.', en: 'You do not have access to this report.', de: 'Sie haben keinen Zugriff auf diesen Bericht.' },
  'izvjestaji.tooManyRows': { bs: 'Izvoz može imati najviše {{max}} redova; suzite opseg datuma.', en: 'An export can hold at most {{max}} rows; narrow the date range.', de: 'Ein Export kann höchstens {{max}} Zeilen enthalten; bitte den Datumsbereich eingrenzen.' },
  // E-mail outbox and group e-mail
  'outbox.resent': { bs: 'Poruka je ponovo u redu za slanje.', en: 'The message is queued again.', de: 'Die Nachricht ist wieder zum Versand eingereiht.' },
  'outbox.sending': { bs: 'Poruka se upravo šalje. Pokušajte ponovo za trenutak.', en: 'The message is being sent right now. Try again in a moment.', de: 'Die Nachricht wird gerade gesendet. Bitte gleich erneut versuchen.' },
  'outbox.changed': { bs: 'Status poruke se u međuvremenu promijenio ({{status}}). Osvježite prikaz.', en: 'The status of the message has changed in the meantime ({{status}}). Reload the list.', de: 'Der Status der Nachricht hat sich inzwischen geändert ({{status}}). Bitte neu laden.' },
  'outbox.reportMismatch': { bs: 'Poruka ne nosi nalaz tog uzorka.', en: 'The message does not carry the report of that sample.', de: 'Die Nachricht enthält nicht den Befund dieser Probe.' },
  'orderers.saved': { bs: 'Adresa naručioca je sačuvana.', en: "The orderer's address is saved.", de: 'Die Adresse des Auftraggebers ist gespeichert.' },
  'orderers.busy': { bs: 'Grupni e-mail za ovaj sajt se upravo priprema. Sačekajte da završi.', en: 'A group e-mail for this site is being prepared. Wait until it is done.', de: 'Eine Gruppen-E-Mail für diesen Standort wird gerade vorbereitet. Bitte warten, bis sie fertig ist.' },
  'orderers.rangeTooLong': { bs: 'Opseg može obuhvatiti najviše {{days}} dana.', en: 'The range can span at most {{days}} days.', de: 'Der Zeitraum darf höchstens {{days}} Tage umfassen.' },
  // Temperature logger (refrigerators, readings, alarms)
  'logger.saved': { bs: 'Frižider uspješno sačuvan!', en: 'Refrigerator saved successfully!', de: 'Kühlschrank erfolgreich gespeichert!' },
  'logger.rangeOrder': { bs: 'Donja granica mora biti manja od gornje: {{field}}.', en: 'The lower limit must be below the upper limit: {{field}}.', de: 'Die untere Grenze muss unter der oberen liegen: {{field}}.' },
  'logger.siteMismatch': { bs: 'Frižider se uređuje na sajtu kojem pripada.', en: 'A refrigerator is edited on the site it belongs to.', de: 'Ein Kühlschrank wird am Standort bearbeitet, zu dem er gehört.' },
  'logger.extraTooLarge': { bs: 'Dodatna polja frižidera su prevelika (najviše 8000 znakova JSON-a): {{field}}.', en: 'The refrigerator\'s additional fields are too large (at most 8000 characters of JSON): {{field}}.', de: 'Die zusätzlichen Felder des Kühlschranks sind zu groß (höchstens 8000 Zeichen JSON): {{field}}.' },
  'logger.sensorTaken': { bs: 'Senzor (slave_id) je već dodijeljen drugom frižideru ovog sajta.', en: 'The sensor (slave_id) is already assigned to another refrigerator of this site.', de: 'Der Sensor (slave_id) ist bereits einem anderen Kühlschrank dieses Standorts zugeordnet.' },
  'logger.noteRequired': { bs: 'Unesite napomenu o preduzetoj radnji.', en: 'Enter a note on the action taken.', de: 'Bitte eine Notiz zur ergriffenen Maßnahme eingeben.' },
  'integration.saved': { bs: 'Analizator uspješno sačuvan!', en: 'Analyser saved successfully!', de: 'Analysegerät erfolgreich gespeichert!' },
  'integration.duplicateName': { bs: 'Analizator s tim imenom već postoji na ovom sajtu.', en: 'An analyser with this name already exists at this site.', de: 'Ein Analysegerät mit diesem Namen gibt es an diesem Standort bereits.' },
  'integration.portTaken': { bs: 'Port {{port}} već koristi drugi analizator.', en: 'Port {{port}} is already used by another analyser.', de: 'Port {{port}} wird bereits von einem anderen Analysegerät verwendet.' },
  'integration.badCode': { bs: 'Šifra testa analizatora ne smije sadržavati razdjelnike (| ^ & \\ ~).', en: 'An analyser test code must not contain delimiters (| ^ & \\ ~).', de: 'Ein Testcode des Analysegeräts darf keine Trennzeichen enthalten (| ^ & \\ ~).' },
  'integration.badAnswer': { bs: 'Odgovor mora biti Negativan, Pozitivan ili Pozitivan (stepen).', en: 'The answer must be Negativan, Pozitivan or Pozitivan (grade).', de: 'Die Antwort muss Negativan, Pozitivan oder Pozitivan (Grad) sein.' },
  'integration.specimenFieldProtocol': { bs: 'Polje s oznakom uzorka ne pripada protokolu analizatora.', en: 'The specimen id field is not one of the analyser protocol\'s fields.', de: 'Das Feld der Probenkennung gehört nicht zum Protokoll des Analysegeräts.' },
  'integration.unknownAssay': { bs: 'Analiza {{sifra}} ne postoji.', en: 'The assay {{sifra}} does not exist.', de: 'Die Analyse {{sifra}} existiert nicht.' },
  'integration.benchStored': { bs: 'Poruka spremljena kao primljena od analizatora.', en: 'Message stored as received from the analyser.', de: 'Nachricht wie vom Analysegerät empfangen gespeichert.' },
  'integration.notStored': { bs: 'Poruka nije spremljena; pokušajte ponovo.', en: 'The message was not stored; try again.', de: 'Die Nachricht wurde nicht gespeichert; bitte erneut versuchen.' },
  'integration.retried': { bs: 'Poruka ponovo obrađena.', en: 'Message processed again.', de: 'Nachricht erneut verarbeitet.' },
  'logger.alreadyAcknowledged': { bs: 'Alarm je već potvrđen.', en: 'The alarm has already been acknowledged.', de: 'Der Alarm wurde bereits bestätigt.' },
  'logger.deviceKey': { bs: 'Ključ uređaja nije ispravan.', en: 'The device key is not valid.', de: 'Der Geräteschlüssel ist ungültig.' },
  // Inventory (products, reference lists, goods in and out, stock)
  'inventory.duplicateLn': { bs: 'Uneseni LN je već registriran!', en: 'The LN entered is already registered!', de: 'Die eingegebene LN ist bereits registriert!' },
  'inventory.lnTooShort': { bs: 'LN mora imati najmanje 3 znaka.', en: 'The LN must have at least 3 characters.', de: 'Die LN muss mindestens 3 Zeichen haben.' },
  'inventory.opisTooShort': { bs: 'Opis mora imati najmanje 3 znaka.', en: 'The description must have at least 3 characters.', de: 'Die Beschreibung muss mindestens 3 Zeichen haben.' },
  'inventory.productSaved': { bs: 'Produkt uspješno sačuvan!', en: 'Product saved successfully!', de: 'Produkt erfolgreich gespeichert!' },
  'inventory.entrySaved': { bs: 'Stavka uspješno sačuvana!', en: 'Entry saved successfully!', de: 'Eintrag erfolgreich gespeichert!' },
  'inventory.entryTaken': { bs: 'Naziv već postoji u ovoj listi.', en: 'The name already exists in this list.', de: 'Der Name existiert in dieser Liste bereits.' },
  'inventory.siteForbidden': { bs: 'OJ mora biti jedan od Vaših sajtova.', en: 'The organisational unit must be one of your sites.', de: 'Die Organisationseinheit muss einer Ihrer Standorte sein.' },
  'inventory.receiptSaved': { bs: 'Ulaz uspješno evidentiran!', en: 'Goods received successfully!', de: 'Wareneingang erfolgreich erfasst!' },
  'inventory.consumptionSaved': { bs: 'Izlaz uspješno evidentiran!', en: 'Goods issued successfully!', de: 'Warenausgang erfolgreich erfasst!' },
  'inventory.insufficientStock': { bs: 'Nema dovoljno na stanju: dostupno {{dostupno}}.', en: 'Not enough in stock: {{dostupno}} available.', de: 'Nicht genug auf Lager: {{dostupno}} verfügbar.' },
  'inventory.lotExpired': { bs: 'Lot je istekao.', en: 'The lot has expired.', de: 'Die Charge ist abgelaufen.' },
  'inventory.lotExpiryMismatch': { bs: 'Lot {{lot}} je već zaprimljen s rokom trajanja {{rok}}.', en: 'Lot {{lot}} was already received with the expiry date {{rok}}.', de: 'Die Charge {{lot}} wurde bereits mit dem Verfallsdatum {{rok}} erfasst.' },
  'inventory.contractSaved': { bs: 'Ugovor uspješno sačuvan!', en: 'Contract saved successfully!', de: 'Vertrag erfolgreich gespeichert!' },
  'inventory.contractTaken': { bs: 'Dobavljač već ima ugovor s ovim brojem.', en: 'The supplier already has a contract with this number.', de: 'Der Lieferant hat bereits einen Vertrag mit dieser Nummer.' },
  'inventory.contractDates': { bs: 'Ugovor ne može važiti do dana prije početka.', en: 'A contract cannot end before it starts.', de: 'Ein Vertrag kann nicht vor seinem Beginn enden.' },
  'inventory.contractLinesRequired': { bs: 'Dodajte bar jedan produkt.', en: 'Add at least one product.', de: 'Fügen Sie mindestens ein Produkt hinzu.' },
  'inventory.duplicateLine': { bs: 'Produkt je naveden više puta.', en: 'The product is listed more than once.', de: 'Das Produkt ist mehrfach aufgeführt.' },
  'inventory.notSupplier': { bs: 'Partner nije dobavljač.', en: 'The partner is not a supplier.', de: 'Der Partner ist kein Lieferant.' },
  'inventory.contractNotValid': { bs: 'Ugovor {{broj}} danas ne važi.', en: 'Contract {{broj}} is not valid today.', de: 'Vertrag {{broj}} ist heute nicht gültig.' },
  'inventory.notOnContract': { bs: 'Produkt nije na ugovoru {{broj}}.', en: 'The product is not on contract {{broj}}.', de: 'Das Produkt steht nicht im Vertrag {{broj}}.' },
  'inventory.contractExceeded': { bs: 'Ugovor {{broj}} dozvoljava još {{preostalo}} pakovanja ovog produkta.', en: 'Contract {{broj}} allows {{preostalo}} more packages of this product.', de: 'Vertrag {{broj}} erlaubt noch {{preostalo}} Packungen dieses Produkts.' },
  'inventory.contractOfOtherSupplier': { bs: 'Ugovor nije s ovim dobavljačem.', en: 'The contract is not with this supplier.', de: 'Der Vertrag ist nicht mit diesem Lieferanten.' },
  'inventory.orderSaved': { bs: 'Narudžba uspješno sačuvana!', en: 'Order saved successfully!', de: 'Bestellung erfolgreich gespeichert!' },
  'inventory.orderSent': { bs: 'Narudžba je poslana.', en: 'The order was sent.', de: 'Die Bestellung wurde gesendet.' },
  'inventory.orderCancelled': { bs: 'Narudžba je otkazana.', en: 'The order was cancelled.', de: 'Die Bestellung wurde storniert.' },
  'inventory.orderLinesRequired': { bs: 'Narudžba mora imati bar jednu stavku.', en: 'An order needs at least one line.', de: 'Eine Bestellung braucht mindestens eine Position.' },
  'inventory.orderNotEditable': { bs: 'Mijenjati se može samo narudžba u nacrtu.', en: 'Only a draft order can be changed.', de: 'Nur eine Bestellung im Entwurf kann geändert werden.' },
  'inventory.orderStepRefused': { bs: 'Narudžba u statusu „{{status}}“ to ne dozvoljava.', en: 'An order in status "{{status}}" does not allow this.', de: 'Eine Bestellung im Status „{{status}}“ erlaubt das nicht.' },
  'inventory.orderNotReceivable': { bs: 'Prima se samo po poslanoj narudžbi.', en: 'Goods are received only against a sent order.', de: 'Ware wird nur zu einer gesendeten Bestellung empfangen.' },
  'inventory.notOnOrder': { bs: 'Produkt nije na narudžbi {{broj}}.', en: 'The product is not on order {{broj}}.', de: 'Das Produkt steht nicht in der Bestellung {{broj}}.' },
  'inventory.orderExceeded': { bs: 'Narudžba {{broj}} čeka još {{preostalo}} pakovanja ovog produkta.', en: 'Order {{broj}} awaits {{preostalo}} more packages of this product.', de: 'Bestellung {{broj}} erwartet noch {{preostalo}} Packungen dieses Produkts.' },
  'statistics.targetInvalid': { bs: 'Cilj mora biti cijeli broj minuta između 1 i 43200.', en: 'The target must be a whole number of minutes between 1 and 43200.', de: 'Das Ziel muss eine ganze Minutenzahl zwischen 1 und 43200 sein.' },
  'statistics.targetSaved': { bs: 'Cilj vremena obrade sačuvan.', en: 'Turnaround target saved.', de: 'Bearbeitungszeitziel gespeichert.' },
  'statistics.dashboardOn': { bs: 'Zidni prikaz uključen. Ključ se prikazuje samo sada.', en: 'Wall display enabled. The key is shown only now.', de: 'Wandanzeige aktiviert. Der Schlüssel wird nur jetzt angezeigt.' },
  'statistics.dashboardOff': { bs: 'Zidni prikaz isključen.', en: 'Wall display disabled.', de: 'Wandanzeige deaktiviert.' },
  // Staff chat and uploads
  'upload.unsupported': { bs: 'Format nije podržan.', en: 'The format is not supported.', de: 'Das Format wird nicht unterstützt.' },
  'chat.empty': { bs: 'Prazna poruka se ne šalje: upišite tekst ili priložite datoteku.', en: 'An empty message is not sent: type a text or attach a file.', de: 'Eine leere Nachricht wird nicht gesendet: Text eingeben oder eine Datei anhängen.' },
  'chat.readOnly': { bs: 'Imate pravo samo čitanja: poruke u chatu ne možete slati.', en: 'You have read-only access: you cannot send chat messages.', de: 'Sie haben nur Lesezugriff: Sie können keine Chat-Nachrichten senden.' },
  'chat.fileTooLarge': { bs: 'Datoteka {{naziv}} je veća od dozvoljenih {{max}}.', en: 'The file {{naziv}} is larger than the allowed {{max}}.', de: 'Die Datei {{naziv}} ist größer als die erlaubten {{max}}.' },
  // Quality control (control lots, control results, Westgard rules, the hold on patient results)
  'qc.saved': { bs: 'Kontrola uspješno sačuvana!', en: 'Control saved successfully!', de: 'Kontrolle erfolgreich gespeichert!' },
  'qc.lotTaken': { bs: 'Kontrola s tim nazivom i LOT-om već postoji na ovom sajtu.', en: 'A control with this name and LOT already exists at this site.', de: 'Eine Kontrolle mit diesem Namen und dieser Charge gibt es an diesem Standort bereits.' },
  'qc.sdNotPositive': { bs: 'SD mora biti veći od nule: {{field}}.', en: 'The SD must be above zero: {{field}}.', de: 'Die SD muss größer als null sein: {{field}}.' },
  'qc.notNumeric': { bs: 'Vrijednost kontrole mora biti broj: {{field}}.', en: 'The control value must be a number: {{field}}.', de: 'Der Kontrollwert muss eine Zahl sein: {{field}}.' },
  'qc.lotExpired': { bs: 'LOT {{lot}} je istekao {{rok}}: rezultati se ne unose za istekli LOT.', en: 'LOT {{lot}} expired on {{rok}}: results are not entered for an expired LOT.', de: 'Charge {{lot}} ist am {{rok}} abgelaufen: für eine abgelaufene Charge werden keine Ergebnisse erfasst.' },
  'qc.noTarget': { bs: 'Kontrola nema definisan cilj za ovaj test i nivo: {{field}}.', en: 'The control has no target for this test and level: {{field}}.', de: 'Die Kontrolle hat kein Ziel für diesen Test und diese Stufe: {{field}}.' },
  'qc.singleOneLevel': { bs: 'U modu Single unosi se jedan nivo po testu.', en: 'Single mode takes one level per test.', de: 'Im Modus Single wird eine Stufe je Test erfasst.' },
  'qc.duplicateLevel': { bs: 'Isti test i nivo navedeni su dvaput: {{field}}.', en: 'The same test and level are given twice: {{field}}.', de: 'Derselbe Test und dieselbe Stufe sind doppelt angegeben: {{field}}.' },
  'qc.saveRunDone': { bs: 'Rezultati kontrole sačuvani.', en: 'Control results saved.', de: 'Kontrollergebnisse gespeichert.' },
  'qc.reasonRequired': { bs: 'Unesite razlog.', en: 'Enter the reason.', de: 'Bitte den Grund eingeben.' },
  'qc.actionRequired': { bs: 'Opišite korektivnu mjeru.', en: 'Describe the corrective action.', de: 'Bitte die Korrekturmaßnahme beschreiben.' },
  'qc.notRejected': { bs: 'Ova serija kontrole nije odbijena: korektivna mjera nije potrebna.', en: 'This control run was not rejected: no corrective action is needed.', de: 'Dieser Kontrolllauf wurde nicht zurückgewiesen: keine Korrekturmaßnahme nötig.' },
  'qc.alreadyExcluded': { bs: 'Rezultat kontrole je već isključen.', en: 'The control result is already excluded.', de: 'Das Kontrollergebnis ist bereits ausgeschlossen.' },
  'qc.badMonth': { bs: 'Mjesec mora biti u obliku GGGG-MM.', en: 'The month must be given as YYYY-MM.', de: 'Der Monat muss als JJJJ-MM angegeben werden.' },
  'qc.specimenTaken': { bs: 'Oznaka uzorka {{uzorak}} već pripada drugoj kontroli na ovom sajtu.', en: 'The specimen id {{uzorak}} already belongs to another control at this site.', de: 'Die Probenkennung {{uzorak}} gehört bereits zu einer anderen Kontrolle an diesem Standort.' },
  // Autoverification
  'autoverification.ageBand': { bs: 'Starost do mora biti veća ili jednaka starosti od.', en: 'The age up to must not be below the age from.', de: 'Das Alter bis darf nicht unter dem Alter von liegen.' },
  'autoverification.lowAboveHigh': { bs: 'Donja granica je iznad gornje.', en: 'The low limit is above the high limit.', de: 'Die untere Grenze liegt über der oberen.' },
  'autoverification.duplicateRule': { bs: 'Test ima više od jednog pravila.', en: 'A test has more than one rule.', de: 'Ein Test hat mehr als eine Regel.' },
  'autoverification.periodTooLong': { bs: 'Period simulacije može biti najviše 92 dana.', en: 'The simulation period may be at most 92 days.', de: 'Der Simulationszeitraum darf höchstens 92 Tage betragen.' },
  'reflex.valueRequired': { bs: 'Unesite graničnu vrijednost.', en: 'Enter the cut-off value.', de: 'Geben Sie den Grenzwert ein.' },
  'reflex.addsItself': { bs: 'Refleksni test ne može biti isti kao test koji ga pokreće.', en: 'A reflex test cannot be the test that triggers it.', de: 'Ein Reflextest kann nicht der Test sein, der ihn auslöst.' },
  'reflex.duplicateRule': { bs: 'Isto pravilo je navedeno više puta.', en: 'The same rule is listed more than once.', de: 'Dieselbe Regel ist mehrfach aufgeführt.' },
  'reflex.unknownAssay': { bs: 'Pravilo navodi nepoznat test.', en: 'The rule names an unknown test.', de: 'Die Regel nennt einen unbekannten Test.' },
  'autoverification.noDraft': { bs: 'Nema nacrta pravila za aktivaciju.', en: 'There is no draft rule set to activate.', de: 'Es gibt keinen Regelentwurf zum Aktivieren.' },
  'autoverification.versionConflict': { bs: 'Nacrt je u međuvremenu izmijenjen. Osvježite stranicu.', en: 'The draft was changed in the meantime. Reload the page.', de: 'Der Entwurf wurde inzwischen geändert. Seite neu laden.' },
  'autoverification.confirmationRequired': { bs: 'Simulacija nije urađena ili bi pravila pustila rezultate koji su kasnije ispravljeni: potrebna je dodatna potvrda.', en: 'The draft was not simulated, or the rules would have released results that were later corrected: a second confirmation is needed.', de: 'Der Entwurf wurde nicht simuliert oder die Regeln hätten später korrigierte Ergebnisse freigegeben: eine zweite Bestätigung ist nötig.' },
  'autoverification.responsibleInvalid': { bs: 'Odgovorni specijalista mora biti korisnik ove lokacije koji smije verificirati nalaze.', en: 'The responsible specialist must be a user of this site who may verify results.', de: 'Der verantwortliche Facharzt muss ein Benutzer dieses Standorts sein, der Befunde verifizieren darf.' },
  'autoverification.unknownAssay': { bs: 'Pravilo navodi nepoznat test.', en: 'A rule names an unknown test.', de: 'Eine Regel nennt einen unbekannten Test.' },
  'qc.hold': { bs: 'Kontrola za {{naziv}} je odbijena ({{pravilo}}): rezultati tog testa ne mogu se odobriti dok se ne evidentira korektivna mjera.', en: 'The control of {{naziv}} was rejected ({{pravilo}}): results of this test cannot be approved until a corrective action is recorded.', de: 'Die Kontrolle für {{naziv}} wurde zurückgewiesen ({{pravilo}}): Ergebnisse dieses Tests können erst nach einer erfassten Korrekturmaßnahme freigegeben werden.' },
  // Partners (/partneri) and the Excel import (/import)
  'partners.saved': { bs: 'Partner uspješno sačuvan!', en: 'Partner saved successfully!', de: 'Partner erfolgreich gespeichert!' },
  'partners.nameTaken': { bs: 'Partner s tim nazivom već postoji.', en: 'A partner with this name already exists.', de: 'Ein Partner mit diesem Namen existiert bereits.' },
  'partners.hl7HostInvalid': { bs: 'Adresa HL7 odredišta nije validna (ime ili IP adresa).', en: 'The HL7 destination host is not valid (a name or an IP address).', de: 'Der Host des HL7-Ziels ist ungültig (Name oder IP-Adresse).' },
  'partners.hl7PortInvalid': { bs: 'Port HL7 odredišta mora biti broj od 1 do 65535.', en: 'The HL7 destination port must be a number from 1 to 65535.', de: 'Der Port des HL7-Ziels muss eine Zahl von 1 bis 65535 sein.' },
  'hl7.inboundSaved': { bs: 'Postavke prijema HL7 narudžbi su sačuvane.', en: 'The HL7 order intake settings are saved.', de: 'Die Einstellungen für den HL7-Auftragseingang sind gespeichert.' },
  'hl7.resent': { bs: 'HL7 poruka je ponovo u redu za slanje.', en: 'The HL7 message is queued again.', de: 'Die HL7-Nachricht ist wieder zum Versand eingereiht.' },
  'partners.emailInvalid': { bs: 'E-mail adresa nije validna.', en: 'The e-mail address is not valid.', de: 'Die E-Mail-Adresse ist ungültig.' },
  'partners.priceInvalid': { bs: 'Cijena nije validna.', en: 'The price is not valid.', de: 'Der Preis ist ungültig.' },
  'partners.inactive': { bs: 'Partner nije aktivan.', en: 'The partner is not active.', de: 'Der Partner ist nicht aktiv.' },
  'partners.changeCancelled': { bs: 'Promjena partnera je otkazana.', en: 'The partner change was cancelled.', de: 'Der Partnerwechsel wurde abgebrochen.' },
  'import.unsupported': { bs: 'Format nije podržan.', en: 'The format is not supported.', de: 'Das Format wird nicht unterstützt.' },
  'import.unsupportedStatus': { bs: '415: Unsupported Format', en: '415: Unsupported Format', de: '415: Unsupported Format' },
  'import.unreadable': { bs: 'Datoteka se ne može pročitati kao Excel (.xlsx).', en: 'The file cannot be read as Excel (.xlsx).', de: 'Die Datei kann nicht als Excel (.xlsx) gelesen werden.' },
  'import.tooManyRows': { bs: 'Datoteka ima više od {{max}} redova.', en: 'The file has more than {{max}} rows.', de: 'Die Datei hat mehr als {{max}} Zeilen.' },
  'import.unknownTest': { bs: 'Nepoznat test: {{sifra}}.', en: 'Unknown test: {{sifra}}.', de: 'Unbekannter Test: {{sifra}}.' },
  'import.unknownPartner': { bs: 'Nepoznat partner: {{naziv}}.', en: 'Unknown partner: {{naziv}}.', de: 'Unbekannter Partner: {{naziv}}.' },
  'import.referenceRequired': { bs: 'Referenca uzorka je obavezna.', en: 'The sample reference is required.', de: 'Die Probenreferenz ist erforderlich.' },
  'import.duplicateReference': { bs: 'Referenca uzorka se ponavlja u datoteci.', en: 'The sample reference is repeated in the file.', de: 'Die Probenreferenz kommt in der Datei mehrfach vor.' },
  'import.created': { bs: 'Uzorak {{code}} kreiran.', en: 'Sample {{code}} created.', de: 'Probe {{code}} angelegt.' },
  'import.exists': { bs: 'Uzorak {{code}} već postoji: ništa nije kreirano.', en: 'Sample {{code}} already exists: nothing was created.', de: 'Probe {{code}} existiert bereits: nichts wurde angelegt.' },
  'import.otherPatient': { bs: 'Referenca uzorka već pripada drugom pacijentu.', en: 'The sample reference already belongs to another patient.', de: 'Die Probenreferenz gehört bereits zu einem anderen Patienten.' },
} as const satisfies Record<string, Record<Language, string>>;

export const LANGUAGES = ['bs', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export type MessageCode = keyof typeof MESSAGES;

export function isMessageCode(value: string): value is MessageCode {
  return Object.hasOwn(MESSAGES, value);
}

function filled(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => params[key] ?? whole);
}

export function message(code: MessageCode, language: Language = 'bs', params: Record<string, string> = {}): string {
  return filled(MESSAGES[code][language], params);
}

/**
 * Where the spec's answer text is not the Bosnian screen text: the spec answers an expired account in English
 * ('User Account has Expired.'), and existing clients compare it.
 */
const WIRE_TEXTS: Partial<Record<MessageCode, string>> = {
  'auth.expired': 'User Account has Expired.',
};

/**
 * The text of `code` the server answers with (`message` of a refusal): the spec's own wording where it has one
 * that is not the Bosnian screen text (an expired account), else the Bosnian text.
 */
export function wireMessage(code: MessageCode, params: Record<string, string> = {}): string {
  return filled(WIRE_TEXTS[code] ?? MESSAGES[code].bs, params);
}

/** Whether the server's `message` for `code` differs from its Bosnian screen text, so a screen must not show it as it came. */
export function hasForeignWireMessage(code: MessageCode): boolean {
  return WIRE_TEXTS[code] !== undefined;
}

/** The spec's session language values: 'rs' is the regional language, 'en' English, anything else the default. */
export function languageFromSession(value: string | null | undefined): Language {
  if (value === 'en') return 'en';
  if (value === 'de') return 'de';
  return 'bs';
}
