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
  /** A print stopped past its time bound (PRINT_TIMEOUT, server/print/printBounds.ts). */
  timedOut: string;
  /** A print refused for its memory bound (PRINT_TOO_HEAVY). */
  tooHeavy: string;
  download: string;
}

export const PRINT_TEXTS: Record<Locale, PrintTexts> = {
  nl: {
    printFile: 'Drukbestand',
    preparing: 'Wordt voorbereid…',
    ready: 'Klaar',
    failed: 'Mislukt: neem contact met ons op.',
    timedOut:
      "Mislukt: het maken van het drukbestand duurde te lang. Probeer andere foto's of neem contact met ons op.",
    tooHeavy:
      "Mislukt: de foto's zijn te groot voor dit drukbestand. Gebruik kleinere foto's of neem contact met ons op.",
    download: 'Download het drukbestand',
  },
  en: {
    printFile: 'Print file',
    preparing: 'Being prepared…',
    ready: 'Ready',
    failed: 'Failed: please contact us.',
    timedOut: 'Failed: making the print file took too long. Try other photos or contact us.',
    tooHeavy:
      'Failed: the photos are too large for this print file. Use smaller photos or contact us.',
    download: 'Download the print file',
  },
  de: {
    printFile: 'Druckdatei',
    preparing: 'Wird vorbereitet…',
    ready: 'Fertig',
    failed: 'Fehlgeschlagen: bitte kontaktiere uns.',
    timedOut:
      'Fehlgeschlagen: Die Druckdatei zu erstellen hat zu lange gedauert. Versuche andere Fotos oder kontaktiere uns.',
    tooHeavy:
      'Fehlgeschlagen: Die Fotos sind zu groß für diese Druckdatei. Verwende kleinere Fotos oder kontaktiere uns.',
    download: 'Druckdatei herunterladen',
  },
  fr: {
    printFile: "Fichier d'impression",
    preparing: 'En préparation…',
    ready: 'Prêt',
    failed: 'Échec : veuillez nous contacter.',
    timedOut:
      "Échec : la création du fichier d'impression a pris trop de temps. Essayez d'autres photos ou contactez-nous.",
    tooHeavy:
      "Échec : les photos sont trop grandes pour ce fichier d'impression. Utilisez des photos plus petites ou contactez-nous.",
    download: "Télécharger le fichier d'impression",
  },
  it: {
    printFile: 'File di stampa',
    preparing: 'In preparazione…',
    ready: 'Pronto',
    failed: 'Non riuscito: contattaci.',
    timedOut:
      'Non riuscito: la creazione del file di stampa ha richiesto troppo tempo. Prova altre foto o contattaci.',
    tooHeavy:
      'Non riuscito: le foto sono troppo grandi per questo file di stampa. Usa foto più piccole o contattaci.',
    download: 'Scarica il file di stampa',
  },
  es: {
    printFile: 'Archivo de impresión',
    preparing: 'En preparación…',
    ready: 'Listo',
    failed: 'Ha fallado: ponte en contacto con nosotros.',
    timedOut:
      'Ha fallado: crear el archivo de impresión ha tardado demasiado. Prueba con otras fotos o ponte en contacto con nosotros.',
    tooHeavy:
      'Ha fallado: las fotos son demasiado grandes para este archivo de impresión. Usa fotos más pequeñas o ponte en contacto con nosotros.',
    download: 'Descargar el archivo de impresión',
  },
};

/** The customer's word for an order's print status; a print that failed for its bounds says why. */
export function printStatusText(
  texts: PrintTexts,
  status: string,
  printError: string | null = null,
): string {
  if (status === 'ready') return texts.ready;
  if (status !== 'failed') return texts.preparing;
  if (printError === 'PRINT_TIMEOUT') return texts.timedOut;
  if (printError === 'PRINT_TOO_HEAVY') return texts.tooHeavy;
  return texts.failed;
}

/** The owner-only download of an order's print master. */
export function printDownloadUrl(orderId: number): string {
  return `/cart/print/${orderId}.jpg`;
}
