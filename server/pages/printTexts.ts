import type { Locale } from './texts.js';

/**
 * The cart's print-file texts (the spec has none: our own wording), Dutch canonical plus en de fr it es.
 * 'new' and 'printing' read the same to the customer: the file is being prepared.
 */
export interface PrintTexts {
  printFile: string;
  preparing: string;
  ready: string;
  failed: string;
  download: string;
}

export const PRINT_TEXTS: Record<Locale, PrintTexts> = {
  nl: {
    printFile: 'Drukbestand',
    preparing: 'Wordt voorbereid…',
    ready: 'Klaar',
    failed: 'Mislukt: neem contact met ons op.',
    download: 'Download het drukbestand',
  },
  en: {
    printFile: 'Print file',
    preparing: 'Being prepared…',
    ready: 'Ready',
    failed: 'Failed: please contact us.',
    download: 'Download the print file',
  },
  de: {
    printFile: 'Druckdatei',
    preparing: 'Wird vorbereitet…',
    ready: 'Fertig',
    failed: 'Fehlgeschlagen: bitte kontaktiere uns.',
    download: 'Druckdatei herunterladen',
  },
  fr: {
    printFile: "Fichier d'impression",
    preparing: 'En préparation…',
    ready: 'Prêt',
    failed: 'Échec : veuillez nous contacter.',
    download: "Télécharger le fichier d'impression",
  },
  it: {
    printFile: 'File di stampa',
    preparing: 'In preparazione…',
    ready: 'Pronto',
    failed: 'Non riuscito: contattaci.',
    download: 'Scarica il file di stampa',
  },
  es: {
    printFile: 'Archivo de impresión',
    preparing: 'En preparación…',
    ready: 'Listo',
    failed: 'Ha fallado: ponte en contacto con nosotros.',
    download: 'Descargar el archivo de impresión',
  },
};

/** The customer's word for an order's print status. */
export function printStatusText(texts: PrintTexts, status: string): string {
  if (status === 'ready') return texts.ready;
  if (status === 'failed') return texts.failed;
  return texts.preparing;
}

/** The owner-only download of an order's print master. */
export function printDownloadUrl(orderId: number): string {
  return `/cart/print/${orderId}.jpg`;
}
