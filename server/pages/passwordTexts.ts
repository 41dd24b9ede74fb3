import type { Locale } from './texts.js';

/**
 * Texts of the forgotten-password pages and mail (not in the spec: our own wording), Dutch canonical
 * plus en de fr it es. The pages show the API's own messages (server/i18n/messages.ts) for refusals.
 */
export interface PasswordTexts {
  forgotLink: string;
  forgotTitle: string;
  forgotIntro: string;
  email: string;
  forgotButton: string;
  forgotSent: string;
  resetTitle: string;
  resetIntro: string;
  newPassword: string;
  newPasswordAgain: string;
  resetButton: string;
  resetDone: string;
  requestNewLink: string;
  failed: string;
  mailSubject: string;
  /** The mail's body; {username} and {link} are filled in. */
  mailText: string;
}

export const PASSWORD_TEXTS: Record<Locale, PasswordTexts> = {
  nl: {
    forgotLink: 'Wachtwoord vergeten?',
    forgotTitle: 'Wachtwoord vergeten',
    forgotIntro:
      'Vul het e-mailadres van je account in. We sturen je een link waarmee je een nieuw wachtwoord kiest.',
    email: 'E-mailadres',
    forgotButton: 'Stuur de link',
    forgotSent:
      'Als er een account bij dit e-mailadres hoort, staat er nu een e-mail met een link in je inbox. De link is een uur geldig en werkt één keer.',
    resetTitle: 'Nieuw wachtwoord',
    resetIntro: 'Kies een nieuw wachtwoord van 2 tot 20 tekens.',
    newPassword: 'Nieuw wachtwoord',
    newPasswordAgain: 'Herhaal het nieuwe wachtwoord',
    resetButton: 'Wachtwoord opslaan',
    resetDone: 'Je wachtwoord is gewijzigd en je bent ingelogd.',
    requestNewLink: 'Vraag een nieuwe link aan',
    failed: 'Dat is niet gelukt. Probeer het nogmaals.',
    mailSubject: 'Je nieuwe wachtwoord voor Fotocollage',
    mailText:
      'Hallo {username},\n\nJe hebt een nieuw wachtwoord gevraagd voor je Fotocollage-account. Kies het via deze link:\n\n{link}\n\nDe link is een uur geldig en werkt één keer. Je gebruikersnaam is {username}.\n\nHeb je dit niet gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft hetzelfde.\n',
  },
  en: {
    forgotLink: 'Forgot your password?',
    forgotTitle: 'Forgot your password',
    forgotIntro:
      "Enter your account's e-mail address. We will send you a link to choose a new password.",
    email: 'E-mail address',
    forgotButton: 'Send the link',
    forgotSent:
      'If an account belongs to this e-mail address, an e-mail with a link is now in your inbox. The link is valid for one hour and works once.',
    resetTitle: 'New password',
    resetIntro: 'Choose a new password of 2 to 20 characters.',
    newPassword: 'New password',
    newPasswordAgain: 'Repeat the new password',
    resetButton: 'Save password',
    resetDone: 'Your password has been changed and you are signed in.',
    requestNewLink: 'Request a new link',
    failed: 'That did not work. Please try again.',
    mailSubject: 'Your new Fotocollage password',
    mailText:
      'Hello {username},\n\nYou asked for a new password for your Fotocollage account. Choose it with this link:\n\n{link}\n\nThe link is valid for one hour and works once. Your username is {username}.\n\nDid you not ask for this? Then you can ignore this e-mail: your password stays the same.\n',
  },
  de: {
    forgotLink: 'Passwort vergessen?',
    forgotTitle: 'Passwort vergessen',
    forgotIntro:
      'Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort wählst.',
    email: 'E-Mail-Adresse',
    forgotButton: 'Link senden',
    forgotSent:
      'Wenn zu dieser E-Mail-Adresse ein Konto gehört, liegt jetzt eine E-Mail mit einem Link in deinem Posteingang. Der Link ist eine Stunde gültig und funktioniert einmal.',
    resetTitle: 'Neues Passwort',
    resetIntro: 'Wähle ein neues Passwort mit 2 bis 20 Zeichen.',
    newPassword: 'Neues Passwort',
    newPasswordAgain: 'Neues Passwort wiederholen',
    resetButton: 'Passwort speichern',
    resetDone: 'Dein Passwort wurde geändert und du bist angemeldet.',
    requestNewLink: 'Neuen Link anfordern',
    failed: 'Das hat nicht geklappt. Bitte versuche es noch einmal.',
    mailSubject: 'Dein neues Passwort für Fotocollage',
    mailText:
      'Hallo {username},\n\ndu hast ein neues Passwort für dein Fotocollage-Konto angefordert. Wähle es mit diesem Link:\n\n{link}\n\nDer Link ist eine Stunde gültig und funktioniert einmal. Dein Benutzername ist {username}.\n\nHast du das nicht angefordert? Dann kannst du diese E-Mail ignorieren: Dein Passwort bleibt gleich.\n',
  },
  fr: {
    forgotLink: 'Mot de passe oublié ?',
    forgotTitle: 'Mot de passe oublié',
    forgotIntro:
      "Saisissez l'adresse e-mail de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    email: 'Adresse e-mail',
    forgotButton: 'Envoyer le lien',
    forgotSent:
      "Si un compte correspond à cette adresse e-mail, un e-mail avec un lien se trouve maintenant dans votre boîte de réception. Le lien est valable une heure et ne fonctionne qu'une fois.",
    resetTitle: 'Nouveau mot de passe',
    resetIntro: 'Choisissez un nouveau mot de passe de 2 à 20 caractères.',
    newPassword: 'Nouveau mot de passe',
    newPasswordAgain: 'Répétez le nouveau mot de passe',
    resetButton: 'Enregistrer le mot de passe',
    resetDone: 'Votre mot de passe a été modifié et vous êtes connecté.',
    requestNewLink: 'Demander un nouveau lien',
    failed: "Cela n'a pas fonctionné. Veuillez réessayer.",
    mailSubject: 'Votre nouveau mot de passe Fotocollage',
    mailText:
      "Bonjour {username},\n\nVous avez demandé un nouveau mot de passe pour votre compte Fotocollage. Choisissez-le avec ce lien :\n\n{link}\n\nLe lien est valable une heure et ne fonctionne qu'une fois. Votre nom d'utilisateur est {username}.\n\nVous n'avez rien demandé ? Vous pouvez ignorer cet e-mail : votre mot de passe reste le même.\n",
  },
  it: {
    forgotLink: 'Password dimenticata?',
    forgotTitle: 'Password dimenticata',
    forgotIntro:
      "Inserisci l'indirizzo e-mail del tuo account. Ti invieremo un link per scegliere una nuova password.",
    email: 'Indirizzo e-mail',
    forgotButton: 'Invia il link',
    forgotSent:
      "Se a questo indirizzo e-mail corrisponde un account, nella tua casella c'è ora un'e-mail con un link. Il link è valido per un'ora e funziona una sola volta.",
    resetTitle: 'Nuova password',
    resetIntro: 'Scegli una nuova password da 2 a 20 caratteri.',
    newPassword: 'Nuova password',
    newPasswordAgain: 'Ripeti la nuova password',
    resetButton: 'Salva la password',
    resetDone: "La tua password è stata cambiata e hai effettuato l'accesso.",
    requestNewLink: 'Richiedi un nuovo link',
    failed: 'Non ha funzionato. Riprova.',
    mailSubject: 'La tua nuova password per Fotocollage',
    mailText:
      "Ciao {username},\n\nhai chiesto una nuova password per il tuo account Fotocollage. Sceglila con questo link:\n\n{link}\n\nIl link è valido per un'ora e funziona una sola volta. Il tuo nome utente è {username}.\n\nNon l'hai chiesto tu? Allora puoi ignorare questa e-mail: la tua password resta la stessa.\n",
  },
  es: {
    forgotLink: '¿Has olvidado tu contraseña?',
    forgotTitle: 'Contraseña olvidada',
    forgotIntro:
      'Introduce la dirección de correo electrónico de tu cuenta. Te enviaremos un enlace para elegir una contraseña nueva.',
    email: 'Correo electrónico',
    forgotButton: 'Enviar el enlace',
    forgotSent:
      'Si hay una cuenta con esta dirección de correo electrónico, ahora tienes en tu bandeja de entrada un correo con un enlace. El enlace es válido durante una hora y funciona una sola vez.',
    resetTitle: 'Contraseña nueva',
    resetIntro: 'Elige una contraseña nueva de 2 a 20 caracteres.',
    newPassword: 'Contraseña nueva',
    newPasswordAgain: 'Repite la contraseña nueva',
    resetButton: 'Guardar la contraseña',
    resetDone: 'Tu contraseña se ha cambiado y has iniciado sesión.',
    requestNewLink: 'Solicita un enlace nuevo',
    failed: 'No ha funcionado. Inténtalo de nuevo.',
    mailSubject: 'Tu nueva contraseña de Fotocollage',
    mailText:
      'Hola {username}:\n\nHas pedido una contraseña nueva para tu cuenta de Fotocollage. Elígela con este enlace:\n\n{link}\n\nEl enlace es válido durante una hora y funciona una sola vez. Tu nombre de usuario es {username}.\n\n¿No lo has pedido tú? Entonces puedes ignorar este correo: tu contraseña sigue siendo la misma.\n',
  },
};

export function resetMailText(locale: Locale, username: string, link: string): string {
  return PASSWORD_TEXTS[locale].mailText
    .replaceAll('{username}', username)
    .replaceAll('{link}', link);
}
