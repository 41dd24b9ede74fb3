import { DEFAULT_LOCALE, isLocale, type Locale } from './locale.js';

/**
 * Answers to orders the shop cannot take now or cannot print (issue 17). The spec has no words for
 * these, so the Dutch canonical wording is ours; {{count}} is filled in.
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
  'order.queueFull': {
    nl: 'Er worden nu te veel collages tegelijk afgedrukt. Je collage is niet besteld; probeer het over een paar minuten opnieuw.',
    en: 'Too many collages are being printed right now. Your collage was not ordered; please try again in a few minutes.',
    de: 'Gerade werden zu viele Collagen gleichzeitig gedruckt. Deine Collage wurde nicht bestellt; bitte versuche es in ein paar Minuten erneut.',
    fr: "Trop de collages sont en cours d'impression. Votre collage n'a pas été commandé ; réessayez dans quelques minutes.",
    it: 'In questo momento si stanno stampando troppi collage. Il tuo collage non è stato ordinato; riprova tra qualche minuto.',
    es: 'Ahora mismo se están imprimiendo demasiados collages. Tu collage no se ha pedido; vuelve a intentarlo en unos minutos.',
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
