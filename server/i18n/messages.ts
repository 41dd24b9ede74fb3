import { DEFAULT_LOCALE, isLocale, type Locale } from './locale.js';

export { DEFAULT_LOCALE, LOCALES, isLocale, requestLocale, type Locale } from './locale.js';

/**
 * Every text the server answers to people, in the six locales. Dutch is canonical: where the spec
 * gives a text it is quoted verbatim. Add a key here rather than writing a text in a route.
 */

type Texts = Record<Locale, string>;

export const messages = {
  // Sign-in (spec §5, verbatim Dutch).
  'signIn.usernameRequired': {
    nl: 'Gebruikersnaam is verplicht.',
    en: 'Username is required.',
    de: 'Benutzername ist erforderlich.',
    fr: "Le nom d'utilisateur est obligatoire.",
    it: 'Il nome utente è obbligatorio.',
    es: 'El nombre de usuario es obligatorio.',
  },
  'signIn.passwordRequired': {
    nl: 'Wachtwoord is verplicht.',
    en: 'Password is required.',
    de: 'Passwort ist erforderlich.',
    fr: 'Le mot de passe est obligatoire.',
    it: 'La password è obbligatoria.',
    es: 'La contraseña es obligatoria.',
  },
  'signIn.wrongCredentials': {
    nl: 'Gebruikersnaam of wachtwoord is niet correct.',
    en: 'Username or password is incorrect.',
    de: 'Benutzername oder Passwort ist nicht korrekt.',
    fr: "Nom d'utilisateur ou mot de passe incorrect.",
    it: 'Nome utente o password non corretti.',
    es: 'El nombre de usuario o la contraseña no son correctos.',
  },
  // Register (spec §5, verbatim Dutch where the spec gives one).
  'register.usernameInvalid': {
    nl: 'Gebruikersnaam is verplicht en 2-20 tekens lang.',
    en: 'Username is required and must be 2-20 characters long.',
    de: 'Benutzername ist erforderlich und muss 2-20 Zeichen lang sein.',
    fr: "Le nom d'utilisateur est obligatoire et doit comporter 2 à 20 caractères.",
    it: 'Il nome utente è obbligatorio e deve avere 2-20 caratteri.',
    es: 'El nombre de usuario es obligatorio y debe tener 2-20 caracteres.',
  },
  'register.emailInvalid': {
    nl: 'E-mailadres is verplicht en 2-120 tekens lang',
    en: 'Email address is required and must be 2-120 characters long',
    de: 'E-Mail-Adresse ist erforderlich und muss 2-120 Zeichen lang sein',
    fr: "L'adresse e-mail est obligatoire et doit comporter 2 à 120 caractères",
    it: "L'indirizzo e-mail è obbligatorio e deve avere 2-120 caratteri",
    es: 'La dirección de correo electrónico es obligatoria y debe tener 2-120 caracteres',
  },
  'register.passwordInvalid': {
    nl: 'Wachtwoord is verplicht en 2-20 tekens',
    en: 'Password is required and must be 2-20 characters',
    de: 'Passwort ist erforderlich und muss 2-20 Zeichen lang sein',
    fr: 'Le mot de passe est obligatoire et doit comporter 2 à 20 caractères',
    it: 'La password è obbligatoria e deve avere 2-20 caratteri',
    es: 'La contraseña es obligatoria y debe tener 2-20 caracteres',
  },
  'register.generic': {
    nl: 'Gebruikersnaam of wachtwoord is niet correct',
    en: 'Username or password is incorrect',
    de: 'Benutzername oder Passwort ist nicht korrekt',
    fr: "Nom d'utilisateur ou mot de passe incorrect",
    it: 'Nome utente o password non corretti',
    es: 'El nombre de usuario o la contraseña no son correctos',
  },
  // Not in the spec: chosen texts (listed in the report).
  'register.passwordsDiffer': {
    nl: 'De wachtwoorden zijn niet gelijk.',
    en: 'The passwords do not match.',
    de: 'Die Passwörter stimmen nicht überein.',
    fr: 'Les mots de passe ne correspondent pas.',
    it: 'Le password non corrispondono.',
    es: 'Las contraseñas no coinciden.',
  },
  'register.termsRequired': {
    nl: 'Je moet akkoord gaan met de algemene voorwaarden.',
    en: 'You must agree to the terms and conditions.',
    de: 'Du musst den Allgemeinen Geschäftsbedingungen zustimmen.',
    fr: 'Vous devez accepter les conditions générales.',
    it: 'Devi accettare i termini e le condizioni.',
    es: 'Debes aceptar los términos y condiciones.',
  },
  'register.usernameTaken': {
    nl: 'Deze gebruikersnaam is al in gebruik.',
    en: 'This username is already taken.',
    de: 'Dieser Benutzername ist bereits vergeben.',
    fr: "Ce nom d'utilisateur est déjà pris.",
    it: 'Questo nome utente è già in uso.',
    es: 'Este nombre de usuario ya está en uso.',
  },
  'register.emailTaken': {
    nl: 'Er bestaat al een account met dit e-mailadres.',
    en: 'An account with this email address already exists.',
    de: 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto.',
    fr: 'Un compte existe déjà avec cette adresse e-mail.',
    it: 'Esiste già un account con questo indirizzo e-mail.',
    es: 'Ya existe una cuenta con esta dirección de correo electrónico.',
  },
  'register.unreadablePassword': {
    nl: 'Je wachtwoord kon niet worden gelezen. Vul het opnieuw in.',
    en: 'Your password could not be read. Please enter it again.',
    de: 'Dein Passwort konnte nicht gelesen werden. Bitte gib es erneut ein.',
    fr: "Votre mot de passe n'a pas pu être lu. Veuillez le saisir à nouveau.",
    it: 'Non è stato possibile leggere la password. Inseriscila di nuovo.',
    es: 'No se ha podido leer tu contraseña. Vuelve a introducirla.',
  },
  'auth.notSignedIn': {
    nl: 'Je bent niet ingelogd.',
    en: 'You are not signed in.',
    de: 'Du bist nicht angemeldet.',
    fr: "Vous n'êtes pas connecté.",
    it: "Non hai effettuato l'accesso.",
    es: 'No has iniciado sesión.',
  },
  'auth.tooManyAttempts': {
    nl: 'Te veel pogingen. Wacht een minuut en probeer het opnieuw.',
    en: 'Too many attempts. Wait a minute and try again.',
    de: 'Zu viele Versuche. Warte eine Minute und versuche es erneut.',
    fr: 'Trop de tentatives. Attendez une minute et réessayez.',
    it: 'Troppi tentativi. Attendi un minuto e riprova.',
    es: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
  },
  // New sessions from one address past SESSION_RATE_LIMIT a minute (heartbeat, sign-in, register,
  // password reset, the social login): not in the spec, chosen text.
  'session.tooMany': {
    nl: 'Er zijn vanaf dit adres te veel nieuwe sessies gestart. Wacht een minuut en probeer het opnieuw.',
    en: 'Too many new sessions were started from this address. Wait a minute and try again.',
    de: 'Von dieser Adresse wurden zu viele neue Sitzungen gestartet. Bitte warte eine Minute und versuche es dann erneut.',
    fr: 'Trop de nouvelles sessions ont été ouvertes depuis cette adresse. Veuillez attendre une minute, puis réessayer.',
    it: 'Da questo indirizzo sono state avviate troppe nuove sessioni. Attendi un minuto e riprova.',
    es: 'Se han iniciado demasiadas sesiones nuevas desde esta dirección. Espera un minuto y vuelve a intentarlo.',
  },
  // Forgotten-password link (not in the spec: chosen text).
  'reset.linkInvalid': {
    nl: 'Deze link is verlopen of al gebruikt. Vraag een nieuwe link aan.',
    en: 'This link has expired or has already been used. Request a new link.',
    de: 'Dieser Link ist abgelaufen oder wurde schon benutzt. Fordere einen neuen Link an.',
    fr: 'Ce lien a expiré ou a déjà été utilisé. Demandez un nouveau lien.',
    it: 'Questo link è scaduto o è già stato usato. Richiedi un nuovo link.',
    es: 'Este enlace ha caducado o ya se ha usado. Solicita un enlace nuevo.',
  },
  'request.crossSite': {
    nl: 'Dit verzoek komt van een andere website en is geweigerd.',
    en: 'This request came from another website and was refused.',
    de: 'Diese Anfrage kam von einer anderen Website und wurde abgelehnt.',
    fr: "Cette requête provient d'un autre site web et a été refusée.",
    it: 'Questa richiesta proviene da un altro sito web ed è stata rifiutata.',
    es: 'Esta solicitud procede de otro sitio web y ha sido rechazada.',
  },
  // The social photo service's login window (it closes itself when it can).
  'social.signedIn': {
    nl: 'Je bent ingelogd. Dit venster sluit vanzelf.',
    en: 'You are signed in. This window closes by itself.',
    de: 'Du bist angemeldet. Dieses Fenster schließt sich von selbst.',
    fr: 'Vous êtes connecté. Cette fenêtre se ferme toute seule.',
    it: 'Hai effettuato l’accesso. Questa finestra si chiude da sola.',
    es: 'Has iniciado sesión. Esta ventana se cierra sola.',
  },
  'social.failed': {
    nl: 'Inloggen is niet gelukt. Sluit dit venster en probeer het opnieuw.',
    en: 'Signing in did not work. Close this window and try again.',
    de: 'Die Anmeldung ist fehlgeschlagen. Schließe dieses Fenster und versuche es erneut.',
    fr: 'La connexion a échoué. Fermez cette fenêtre et réessayez.',
    it: 'Accesso non riuscito. Chiudi questa finestra e riprova.',
    es: 'No se ha podido iniciar sesión. Cierra esta ventana e inténtalo de nuevo.',
  },
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof messages;

/** The text of key in locale; Dutch for any unknown locale. */
export function t(key: MessageKey, locale: unknown = DEFAULT_LOCALE): string {
  return messages[key][isLocale(locale) ? locale : DEFAULT_LOCALE];
}
