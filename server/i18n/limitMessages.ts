import { DEFAULT_LOCALE, isLocale, type Locale } from './locale.js';

/**
 * Answers to orders the shop cannot take now or cannot print (issue 17), and to saves past the
 * customer's quota of the hour (issue 26). The spec has no words for these, so the Dutch canonical
 * wording is ours; {{count}} is filled in.
 */
export const limitMessages = {
  'order.materialNotOffered': {
    nl: 'Dit materiaal is niet leverbaar in dit formaat. Kies een ander materiaal en bestel opnieuw.',
    en: 'This material is not available in this size. Choose another material and order again.',
    de: 'Dieses Material ist in diesem Format nicht lieferbar. Wähle ein anderes Material und bestelle erneut.',
    fr: "Ce matériau n'est pas disponible dans ce format. Choisissez un autre matériau et commandez à nouveau.",
    it: 'Questo materiale non è disponibile in questo formato. Scegli un altro materiale e ordina di nuovo.',
    es: 'Este material no está disponible en este tamaño. Elige otro material y vuelve a pedir.',
  },
  'order.notPrintable': {
    nl: 'Deze collage kan zo niet worden afgedrukt. Open het ontwerp opnieuw en bestel nogmaals.',
    en: 'This collage cannot be printed as it is. Open the design again and order once more.',
    de: 'Diese Collage kann so nicht gedruckt werden. Öffne das Design erneut und bestelle noch einmal.',
    fr: 'Ce collage ne peut pas être imprimé tel quel. Rouvrez le design et commandez à nouveau.',
    it: 'Questo collage non può essere stampato così. Riapri il design e ordina di nuovo.',
    es: 'Este collage no se puede imprimir así. Vuelve a abrir el diseño y pide de nuevo.',
  },
  'order.tooManyPrinting': {
    nl: 'Er worden al {{count}} bestellingen van je afgedrukt. Wacht tot die klaar zijn en bestel dan opnieuw.',
    en: '{{count}} of your orders are already being printed. Wait until they are ready, then order again.',
    de: 'Es werden bereits {{count}} deiner Bestellungen gedruckt. Warte, bis sie fertig sind, und bestelle dann erneut.',
    fr: "{{count}} de vos commandes sont déjà en cours d'impression. Attendez qu'elles soient prêtes, puis commandez à nouveau.",
    it: 'Sono già in stampa {{count}} dei tuoi ordini. Attendi che siano pronti, poi ordina di nuovo.',
    es: 'Ya se están imprimiendo {{count}} de tus pedidos. Espera a que estén listos y vuelve a pedir.',
  },
  'save.quota': {
    nl: 'Je hebt het afgelopen uur al zo vaak opgeslagen als we per uur aannemen. Je collage blijft in de editor staan; probeer het over een uur opnieuw.',
    en: 'You have saved as much as we accept per hour. Your collage stays in the editor; please try again in an hour.',
    de: 'Du hast in der letzten Stunde bereits so viel gespeichert, wie wir pro Stunde annehmen. Deine Collage bleibt im Editor erhalten; bitte versuche es in einer Stunde erneut.',
    fr: "Vous avez déjà enregistré autant que nous acceptons en une heure. Votre collage reste dans l'éditeur ; veuillez réessayer dans une heure.",
    it: "Nell'ultima ora hai già salvato quanto accettiamo in un'ora. Il tuo collage resta nell'editor; riprova tra un'ora.",
    es: 'En la última hora ya has guardado tanto como aceptamos por hora. Tu collage sigue en el editor; vuelve a intentarlo dentro de una hora.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type LimitMessageKey = keyof typeof limitMessages;

export function limitText(
  key: LimitMessageKey,
  locale: unknown = DEFAULT_LOCALE,
  values: Record<string, string | number> = {},
): string {
  const text: string = limitMessages[key][isLocale(locale) ? locale : DEFAULT_LOCALE];
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}
