import type { Locale } from './texts.js';

/**
 * The terms page's own words and the note on the order path that links to it (not in the spec:
 * the register form's 'algemene voorwaarden' link needs a page to open). The terms themselves are
 * the shop's, in catalog/terms/.
 */
export interface TermsTexts {
  title: string;
  /** Neither the locale's file nor the Dutch one is there. */
  missing: string;
  /** 'Met je bestelling ga je akkoord met onze ' + link + '.' */
  orderBefore: string;
  link: string;
  orderAfter: string;
}

export const TERMS_TEXTS: Record<Locale, TermsTexts> = {
  nl: {
    title: 'Algemene voorwaarden',
    missing: 'De algemene voorwaarden zijn nog niet beschikbaar.',
    orderBefore: 'Met je bestelling ga je akkoord met onze ',
    link: 'algemene voorwaarden',
    orderAfter: '.',
  },
  en: {
    title: 'Terms and conditions',
    missing: 'The terms and conditions are not available yet.',
    orderBefore: 'By placing an order you agree to our ',
    link: 'terms and conditions',
    orderAfter: '.',
  },
  de: {
    title: 'Allgemeine Geschäftsbedingungen',
    missing: 'Die Allgemeinen Geschäftsbedingungen sind noch nicht verfügbar.',
    orderBefore: 'Mit deiner Bestellung stimmst du unseren ',
    link: 'Allgemeinen Geschäftsbedingungen',
    orderAfter: ' zu.',
  },
  fr: {
    title: 'Conditions générales',
    missing: 'Les conditions générales ne sont pas encore disponibles.',
    orderBefore: 'En passant commande, vous acceptez nos ',
    link: 'conditions générales',
    orderAfter: '.',
  },
  it: {
    title: 'Condizioni generali',
    missing: 'Le condizioni generali non sono ancora disponibili.',
    orderBefore: 'Con il tuo ordine accetti le nostre ',
    link: 'condizioni generali',
    orderAfter: '.',
  },
  es: {
    title: 'Condiciones generales',
    missing: 'Las condiciones generales aún no están disponibles.',
    orderBefore: 'Al realizar tu pedido, aceptas nuestras ',
    link: 'condiciones generales',
    orderAfter: '.',
  },
};
