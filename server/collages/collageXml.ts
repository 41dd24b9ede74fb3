import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The parts of a saved-collage document the server needs (editor-core.md §3). Everything else in the
 * document is the editor's business and is stored verbatim; the full reader lives in src/model/document.
 */
export interface CollageDocument {
  templateId: string;
  childTemplateId: string;
  /** Base64 JPEG without a data-URL prefix; '' when the document has none. */
  screenshotBase64: string;
  /** Where the screenshot's text sits when it is plain base64 (no entities, CDATA or comments). */
  screenshotSpan: { start: number; end: number } | null;
  /** Photo ids in document order, duplicates removed. */
  photoIds: string[];
  pages: CollagePage[];
  /** Width, height (cm) and material of the first page, for lists and the cart. */
  widthCm: number | null;
  heightCm: number | null;
  material: string;
}

export interface CollagePage {
  templateId: string;
  childTemplateId: string;
  /** The page's <userdata> element, verbatim from the document ('' when it has none). */
  userdata: string;
  photoBackgroundColor: string;
  photoBorderAutomaticColor: boolean;
}

export const XML_PARSE_ERROR = "Couldn't parse the xml data";

export type ReadResult = { ok: true; doc: CollageDocument } | { ok: false; error: typeof XML_PARSE_ERROR };

type Attributes = Record<string, string>;

interface ParsedCollage {
  templateId?: unknown;
  childTemplateId?: unknown;
  screenshot?: unknown;
  photos?: { photo?: Attributes[] } | string;
  pages?: { page?: Attributes[] } | string;
  userdata?: Attributes[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  // Numeric character references (&#43;) are plain XML; the HTML names come with them.
  htmlEntities: true,
  isArray: (name) => name === 'photo' || name === 'page' || name === 'userdata',
});

/** Base64 (or a data URL of it) with line breaks: text that cannot change the document's structure. */
const PLAIN_SCREENSHOT = /^[A-Za-z0-9+/=\s:;,]*$/;

/** Reads the pinned parts; a document that is not one well-formed <collage> element is refused. */
export function readCollageXml(xml: string): ReadResult {
  // A saved collage never needs a DTD; refusing it rules out entity-expansion tricks.
  if (/<!DOCTYPE/i.test(xml)) return { ok: false, error: XML_PARSE_ERROR };
  const scan = scanTopLevel(xml);
  if (!scan || scan.rootName !== 'collage') return { ok: false, error: XML_PARSE_ERROR };
  // The screenshot is most of the document; the XML parser would spend most of its time on it, so
  // plain base64 is cut out before parsing (it holds no markup, so well-formedness is unchanged).
  const shot = scan.screenshotText;
  const plainShot = shot && PLAIN_SCREENSHOT.test(xml.slice(shot.start, shot.end)) ? shot : null;
  const structure = plainShot ? xml.slice(0, plainShot.start) + xml.slice(plainShot.end) : xml;
  if (XMLValidator.validate(structure) !== true) return { ok: false, error: XML_PARSE_ERROR };
  let parsed: { collage?: ParsedCollage | string };
  try {
    parsed = parser.parse(structure) as { collage?: ParsedCollage | string };
  } catch {
    return { ok: false, error: XML_PARSE_ERROR };
  }
  const collage: ParsedCollage = typeof parsed.collage === 'object' && parsed.collage ? parsed.collage : {};
  const templateId = text(collage.templateId);
  const childTemplateId = text(collage.childTemplateId);
  const userdataAttributes = collage.userdata ?? [];
  const firstUserdata = userdataAttributes[0] ?? {};
  const pageList = typeof collage.pages === 'object' ? (collage.pages.page ?? []) : [];
  const pageIds = pageList.length ? pageList : [{ templateId, childTemplateId }];
  const pages = pageIds.map((page, index) => {
    const userdata = userdataAttributes[index] ?? {};
    return {
      templateId: page.templateId ?? '',
      childTemplateId: page.childTemplateId ?? '',
      userdata: scan.userdataSpans[index] ?? '',
      photoBackgroundColor: userdata.photobackgroundcolor ?? userdata.photobordercolor ?? '',
      photoBorderAutomaticColor: userdata.photoborderautomaticcolor === 'true',
    };
  });
  const photos = typeof collage.photos === 'object' ? (collage.photos.photo ?? []) : [];
  return {
    ok: true,
    doc: {
      templateId,
      childTemplateId,
      screenshotBase64: cleanScreenshot(plainShot ? xml.slice(plainShot.start, plainShot.end) : text(collage.screenshot)),
      screenshotSpan: plainShot,
      photoIds: [...new Set(photos.map((photo) => photo.id ?? ''))],
      pages,
      widthCm: positiveNumber(firstUserdata.width),
      heightCm: positiveNumber(firstUserdata.height),
      material: firstUserdata.material ?? '',
    },
  };
}

/** The screenshot's base64 without a data-URL prefix or line breaks. */
export function cleanScreenshot(raw: string): string {
  return raw.trim().replace(/^data:image\/jpeg;base64,/, '').replace(/\s+/g, '');
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  // An element with attributes parses to an object; its text sits under '#text'.
  if (value && typeof value === 'object' && '#text' in value) return String((value as { '#text': unknown })['#text']).trim();
  return '';
}

function positiveNumber(value: string | undefined): number | null {
  const number = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(number) && number > 0 ? number : null;
}

// An attribute value may hold '>' (and fast-xml-parser tolerates '<'), so tags are matched attribute by attribute.
const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;

export interface TopLevel {
  rootName: string;
  userdataSpans: string[];
  /** Offsets of the first <screenshot> child's content, when it has any. */
  screenshotText: { start: number; end: number } | null;
}

/**
 * Finds the single root element and the verbatim text of its <userdata> children. Comments, CDATA and
 * processing instructions are blanked first (same length, so offsets stay true).
 */
export function scanTopLevel(xml: string): TopLevel | null {
  const blank = (match: string) => ' '.repeat(match.length);
  const masked = xml.replace(/<!--[\s\S]*?-->/g, blank).replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, blank).replace(/<\?[\s\S]*?\?>/g, blank);
  const stack: string[] = [];
  let rootName = '';
  let roots = 0;
  let userdataStart = -1;
  const userdataSpans: string[] = [];
  let screenshotText: TopLevel['screenshotText'] = null;
  let screenshotStart = -1;
  for (const match of masked.matchAll(TAG)) {
    const [whole, closing, name, , selfClosing] = match;
    const start = match.index;
    if (closing) {
      if (stack.pop() !== name) return null;
      if (stack.length === 1 && name === 'userdata' && userdataStart >= 0) {
        userdataSpans.push(xml.slice(userdataStart, start + whole.length));
        userdataStart = -1;
      }
      if (stack.length === 1 && name === 'screenshot' && screenshotStart >= 0 && !screenshotText) {
        screenshotText = { start: screenshotStart, end: start };
      }
      continue;
    }
    if (stack.length === 0) {
      roots += 1;
      rootName = name ?? '';
    }
    if (stack.length === 1 && name === 'userdata') {
      if (selfClosing) userdataSpans.push(xml.slice(start, start + whole.length));
      else userdataStart = start;
    }
    if (stack.length === 1 && name === 'screenshot' && !selfClosing) screenshotStart = start + whole.length;
    if (!selfClosing) stack.push(name ?? '');
  }
  return roots === 1 && stack.length === 0 ? { rootName, userdataSpans, screenshotText } : null;
}
