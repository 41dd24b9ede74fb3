import type { Locale } from './locale.js';

/**
 * The photo calls' user-facing texts. The spec's file-service errors (editor-core.md §8,
 * templates-photos-text.md §8) keep the spec's codes; the spec gives them only as English
 * descriptions, so the Dutch canonical wording is ours. The rest covers cases the spec is silent on.
 */
export const PHOTO_ERRORS = {
  noFileAccess: 'ERROR_NO_FILE_ACCESS',
  imageCouldNotBeLoaded: 'ERROR_IMAGE_COULD_NOT_BE_LOADED',
  fileTooBig: 'ERROR_FILE_TO_BIG',
  noJpgImage: 'ERROR_NO_JPG_IMAGE',
  tooManyPixels: 'ERROR_TOO_MANY_PIXELS',
  cmykPhoto: 'ERROR_CMYK_PHOTO',
  webTooLarge: 'ERROR_WEB_VERSION_TOO_LARGE',
  noFile: 'ERROR_NO_FILE',
  uploadIncomplete: 'ERROR_UPLOAD_INCOMPLETE',
  badUpload: 'ERROR_BAD_UPLOAD',
  notSignedIn: 'ERROR_NOT_SIGNED_IN',
  serverError: 'ERROR_SERVER',
  uploadQuota: 'ERROR_UPLOAD_QUOTA',
  uploadRate: 'ERROR_UPLOAD_RATE',
} as const;

export type PhotoMessageKey = keyof typeof PHOTO_ERRORS;
export type PhotoErrorCode = (typeof PHOTO_ERRORS)[PhotoMessageKey];

const messages: Record<Locale, Record<PhotoMessageKey, string>> = {
  nl: {
    noFileAccess: 'Je hebt geen toegang tot deze foto.',
    imageCouldNotBeLoaded: 'De foto kon niet worden geladen.',
    fileTooBig: 'Het bestand is te groot (max 25MB).',
    noJpgImage: 'Dit is geen geldige jpeg-afbeelding.',
    tooManyPixels: 'De foto heeft te veel pixels (max 100 megapixel).',
    cmykPhoto: 'CMYK-foto: sla hem op als RGB.',
    webTooLarge: 'De webversie van de foto is groter dan 1024x1024.',
    noFile: 'Er is geen foto ontvangen.',
    uploadIncomplete: 'Het uploaden is onderbroken. Probeer het nogmaals.',
    badUpload: 'Het uploadverzoek is ongeldig.',
    notSignedIn: 'Je bent niet ingelogd.',
    serverError: 'De foto kon niet worden opgeslagen. Probeer het nogmaals.',
    uploadQuota:
      "Je hebt het afgelopen uur al het maximum aan foto's geüpload. Je foto's blijven in je collage; probeer het over een uur opnieuw.",
    uploadRate:
      "Je uploadt foto's sneller dan we ze kunnen aannemen. Wacht een minuut en probeer het opnieuw.",
  },
  en: {
    noFileAccess: 'No access to this photo.',
    imageCouldNotBeLoaded: 'The photo could not be loaded.',
    fileTooBig: 'The file is too large (max 25MB).',
    noJpgImage: 'This is not a valid jpeg image.',
    tooManyPixels: 'The photo has too many pixels (max 100 megapixels).',
    cmykPhoto: 'CMYK photo: save it as RGB.',
    webTooLarge: 'The web version of the photo is larger than 1024x1024.',
    noFile: 'No photo was received.',
    uploadIncomplete: 'The upload was interrupted. Please try again.',
    badUpload: 'The upload request is invalid.',
    notSignedIn: 'You are not signed in.',
    serverError: 'The photo could not be saved. Please try again.',
    uploadQuota:
      'You have uploaded the most photos allowed in the last hour. Your photos stay in your collage; please try again in an hour.',
    uploadRate:
      'You are uploading photos faster than we can take them. Wait a minute and try again.',
  },
  de: {
    noFileAccess: 'Kein Zugriff auf dieses Foto.',
    imageCouldNotBeLoaded: 'Das Foto konnte nicht geladen werden.',
    fileTooBig: 'Die Datei ist zu groß (max. 25MB).',
    noJpgImage: 'Dies ist kein gültiges JPEG-Bild.',
    tooManyPixels: 'Das Foto hat zu viele Pixel (max. 100 Megapixel).',
    cmykPhoto: 'CMYK-Foto: bitte als RGB speichern.',
    webTooLarge: 'Die Webversion des Fotos ist größer als 1024x1024.',
    noFile: 'Es wurde kein Foto empfangen.',
    uploadIncomplete: 'Das Hochladen wurde unterbrochen. Bitte versuche es erneut.',
    badUpload: 'Die Upload-Anfrage ist ungültig.',
    notSignedIn: 'Du bist nicht angemeldet.',
    serverError: 'Das Foto konnte nicht gespeichert werden. Bitte versuche es erneut.',
    uploadQuota:
      'Du hast in der letzten Stunde bereits die höchstmögliche Zahl an Fotos hochgeladen. Deine Fotos bleiben in deiner Collage; versuche es in einer Stunde erneut.',
    uploadRate:
      'Du lädst Fotos schneller hoch, als wir sie annehmen können. Warte eine Minute und versuche es erneut.',
  },
  fr: {
    noFileAccess: "Vous n'avez pas accès à cette photo.",
    imageCouldNotBeLoaded: "La photo n'a pas pu être chargée.",
    fileTooBig: 'Le fichier est trop volumineux (max 25MB).',
    noJpgImage: "Ce n'est pas une image jpeg valide.",
    tooManyPixels: 'La photo a trop de pixels (max 100 mégapixels).',
    cmykPhoto: 'Photo CMJN : enregistrez-la en RVB.',
    webTooLarge: 'La version web de la photo dépasse 1024x1024.',
    noFile: "Aucune photo n'a été reçue.",
    uploadIncomplete: "L'envoi a été interrompu. Veuillez réessayer.",
    badUpload: "La demande d'envoi n'est pas valide.",
    notSignedIn: "Vous n'êtes pas connecté.",
    serverError: "La photo n'a pas pu être enregistrée. Veuillez réessayer.",
    uploadQuota:
      'Vous avez déjà envoyé le nombre maximal de photos au cours de la dernière heure. Vos photos restent dans votre collage ; réessayez dans une heure.',
    uploadRate:
      'Vous envoyez des photos plus vite que nous ne pouvons les recevoir. Attendez une minute et réessayez.',
  },
  it: {
    noFileAccess: 'Non hai accesso a questa foto.',
    imageCouldNotBeLoaded: 'Impossibile caricare la foto.',
    fileTooBig: 'Il file è troppo grande (max 25MB).',
    noJpgImage: "Questa non è un'immagine jpeg valida.",
    tooManyPixels: 'La foto ha troppi pixel (max 100 megapixel).',
    cmykPhoto: 'Foto CMYK: salvala in RGB.',
    webTooLarge: 'La versione web della foto supera 1024x1024.',
    noFile: 'Nessuna foto ricevuta.',
    uploadIncomplete: 'Il caricamento è stato interrotto. Riprova.',
    badUpload: 'La richiesta di caricamento non è valida.',
    notSignedIn: "Non hai effettuato l'accesso.",
    serverError: 'Impossibile salvare la foto. Riprova.',
    uploadQuota:
      "Nell'ultima ora hai già caricato il numero massimo di foto. Le tue foto restano nel collage; riprova tra un'ora.",
    uploadRate:
      'Stai caricando foto più velocemente di quanto possiamo riceverle. Attendi un minuto e riprova.',
  },
  es: {
    noFileAccess: 'No tienes acceso a esta foto.',
    imageCouldNotBeLoaded: 'No se ha podido cargar la foto.',
    fileTooBig: 'El archivo es demasiado grande (máx. 25MB).',
    noJpgImage: 'No es una imagen jpeg válida.',
    tooManyPixels: 'La foto tiene demasiados píxeles (máx. 100 megapíxeles).',
    cmykPhoto: 'Foto CMYK: guárdala en RGB.',
    webTooLarge: 'La versión web de la foto supera 1024x1024.',
    noFile: 'No se ha recibido ninguna foto.',
    uploadIncomplete: 'La subida se ha interrumpido. Inténtalo de nuevo.',
    badUpload: 'La solicitud de subida no es válida.',
    notSignedIn: 'No has iniciado sesión.',
    serverError: 'No se ha podido guardar la foto. Inténtalo de nuevo.',
    uploadQuota:
      'Ya has subido el máximo de fotos permitido en la última hora. Tus fotos siguen en tu collage; vuelve a intentarlo dentro de una hora.',
    uploadRate:
      'Estás subiendo fotos más rápido de lo que podemos recibirlas. Espera un minuto y vuelve a intentarlo.',
  },
};

export function photoMessage(locale: Locale, key: PhotoMessageKey): string {
  return messages[locale][key];
}
