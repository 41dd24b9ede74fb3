import { cleanScreenshot, type CollageDocument } from './collageXml.js';

/**
 * The screenshot is half of a saved document. It is stored once, in the collage row's screenshot column,
 * and cut out of the stored XML (leaving an empty <screenshot></screenshot>); loading puts the same text
 * back, so the editor gets its document byte for byte. A screenshot written with entities or CDATA is
 * rare enough to be stored twice rather than rewritten.
 */
export interface StoredForm {
  xml: string;
  /** The screenshot text as the document had it (plain case), or its clean base64; null when none. */
  screenshot: string | null;
}

export function splitScreenshot(
  xml: string,
  doc: Pick<CollageDocument, 'screenshotBase64' | 'screenshotSpan'>,
): StoredForm {
  if (!doc.screenshotBase64) return { xml, screenshot: null };
  const span = doc.screenshotSpan;
  if (!span) return { xml, screenshot: doc.screenshotBase64 };
  return {
    xml: xml.slice(0, span.start) + xml.slice(span.end),
    screenshot: xml.slice(span.start, span.end),
  };
}

/**
 * The document as it was saved: the screenshot text goes back into its empty element, whose place
 * in the stored XML the reader found (`screenshotSpan` of the stored document).
 */
export function joinScreenshot(
  stored: StoredForm,
  span: CollageDocument['screenshotSpan'],
): string {
  if (stored.screenshot === null) return stored.xml;
  if (!span || span.start !== span.end) return stored.xml;
  return stored.xml.slice(0, span.start) + stored.screenshot + stored.xml.slice(span.end);
}

/** The JPEG bytes of a stored screenshot, whichever form it was stored in. */
export function screenshotBytes(stored: string): Buffer {
  return Buffer.from(cleanScreenshot(stored), 'base64');
}
