import type { Locale } from './texts.js';

/**
 * The materials' names as the customer reads them (the collage overview and the cart): Dutch
 * canonical (spec texts verbatim) plus en de fr it es, a table of its own beside texts.ts.
 */
const MATERIAL_TEXTS: Record<Locale, Record<string, string>> = {
  nl: {
    '': 'Geen voorkeur',
    POSTER: 'Poster',
    CANVAS2CM: 'Canvas 2 cm',
    CANVAS4CM: 'Canvas 4 cm',
    DIBOND: 'Dibond',
    PLEXI: 'Plexiglas',
    TILES: 'Fototegels',
    TILESPERM: 'Fototegels (permanent)',
  },
  en: {
    '': 'No preference',
    POSTER: 'Poster',
    CANVAS2CM: 'Canvas 2 cm',
    CANVAS4CM: 'Canvas 4 cm',
    DIBOND: 'Dibond',
    PLEXI: 'Acrylic glass',
    TILES: 'Photo tiles',
    TILESPERM: 'Photo tiles (permanent)',
  },
  de: {
    '': 'Keine Präferenz',
    POSTER: 'Poster',
    CANVAS2CM: 'Leinwand 2 cm',
    CANVAS4CM: 'Leinwand 4 cm',
    DIBOND: 'Dibond',
    PLEXI: 'Acrylglas',
    TILES: 'Fotofliesen',
    TILESPERM: 'Fotofliesen (permanent)',
  },
  fr: {
    '': 'Pas de préférence',
    POSTER: 'Poster',
    CANVAS2CM: 'Toile 2 cm',
    CANVAS4CM: 'Toile 4 cm',
    DIBOND: 'Dibond',
    PLEXI: 'Plexiglas',
    TILES: 'Carreaux photo',
    TILESPERM: 'Carreaux photo (permanents)',
  },
  it: {
    '': 'Nessuna preferenza',
    POSTER: 'Poster',
    CANVAS2CM: 'Tela 2 cm',
    CANVAS4CM: 'Tela 4 cm',
    DIBOND: 'Dibond',
    PLEXI: 'Plexiglas',
    TILES: 'Piastrelle fotografiche',
    TILESPERM: 'Piastrelle fotografiche (permanenti)',
  },
  es: {
    '': 'Sin preferencia',
    POSTER: 'Póster',
    CANVAS2CM: 'Lienzo 2 cm',
    CANVAS4CM: 'Lienzo 4 cm',
    DIBOND: 'Dibond',
    PLEXI: 'Metacrilato',
    TILES: 'Azulejos de fotos',
    TILESPERM: 'Azulejos de fotos (permanentes)',
  },
};

/** A material code as the customer reads it; an unknown code is shown as it is. */
export function materialLabel(locale: Locale, code: string): string {
  return MATERIAL_TEXTS[locale][code] ?? code;
}
