import { setImmediate as nextTurn } from 'node:timers/promises';
import { readXmlInSlices, XmlError } from '../../src/model/document/boundedXml.js';

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
  /**
   * Every photo id the document names, anywhere: its photo list first, then any other `photoid`
   * (a slot) or <photo id> in document order; duplicates removed. All must be the owner's.
   */
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

export type ReadResult =
  { ok: true; doc: CollageDocument } | { ok: false; error: typeof XML_PARSE_ERROR };

type Attributes = Record<string, string>;

/** Base64 (or a data URL of it) with line breaks: text that cannot change the document's structure. */
const PLAIN_SCREENSHOT = /^[A-Za-z0-9+/=\s:;,]*$/;

/**
 * The most a document may hold besides its screenshot's text. A 150-photo collage is well under
 * 100 KB; the bound keeps every later full read of the stored document (order checks, the print) short.
 */
export const MAX_STRUCTURE_CHARS = 512 * 1024;
/**
 * The most a whole document may be: the structure and a 500x500 screenshot of quality 50 (under
 * 100 KB of base64) with room to spare. Longer documents are refused before they are read, which
 * bounds the work of one save whatever the body limit allows.
 */
export const MAX_DOCUMENT_CHARS = 1024 * 1024;

/** The root's children whose text the server reads. */
const ROOT_TEXTS = new Set(['templateId', 'childTemplateId', 'screenshot']);

/** What one pass over the document collects. */
interface Scan {
  rootName: string;
  rootTexts: Map<string, string>;
  screenshotText: string;
  screenshot: { start: number; end: number } | null;
  /** The screenshot's text is known to be plain (it was checked when cut out of the scan). */
  screenshotPlain: boolean;
  listedPhotos: string[];
  namedPhotos: string[];
  pages: Attributes[];
  userdata: { attributes: Attributes; span: string }[];
}

/** What scanDocument finds, with a large plain screenshot checked in one pass instead of read. */
async function scan(xml: string): Promise<Scan | null> {
  const cut = plainScreenshotCut(xml);
  if (cut) {
    // The scan skips the screenshot's text; it stands for it only if that text was the root's
    // (first) <screenshot>. Anything else (the tag in a comment, in another element) reads it all.
    const skipped = await scanDocument(xml.slice(0, cut.start) + xml.slice(cut.end));
    if (!skipped || skipped.screenshot?.start !== cut.start || skipped.screenshot.end !== cut.start)
      return scanDocument(xml);
    skipped.screenshot = cut;
    skipped.screenshotText = xml.slice(cut.start, cut.end);
    skipped.screenshotPlain = true;
    skipped.rootTexts.set('screenshot', skipped.screenshotText);
    return skipped;
  }
  return scanDocument(xml);
}

/** Below this the screenshot is read with the rest (a real one is tens of kilobytes). */
const CUT_SCREENSHOT_CHARS = 4096;

/**
 * Where the first <screenshot>'s text is when it is plain base64, which is most of a save's bytes:
 * the XML reader goes through text a character at a time (it was 45 % of a save's CPU time in
 * bench:server), while this regular expression checks it in one native pass. Plain text holds no
 * '<', '&' or ']', so taking it out cannot change the structure the scan sees.
 */
function plainScreenshotCut(xml: string): { start: number; end: number } | null {
  const open = xml.indexOf('<screenshot>');
  if (open < 0) return null;
  const start = open + '<screenshot>'.length;
  const end = xml.indexOf('</screenshot>', start);
  if (end < 0 || end - start < CUT_SCREENSHOT_CHARS) return null;
  return PLAIN_SCREENSHOT.test(xml.slice(start, end)) ? { start, end } : null;
}

/**
 * One pass of the bounded reader (linear time, limits on elements, depth and attributes), letting
 * other requests run between slices. Null for anything that is not well-formed or over the limits.
 */
async function scanDocument(xml: string): Promise<Scan | null> {
  const result: Scan = {
    rootName: '',
    rootTexts: new Map(),
    screenshotText: '',
    screenshot: null,
    screenshotPlain: false,
    listedPhotos: [],
    namedPhotos: [],
    pages: [],
    userdata: [],
  };
  const path: string[] = [];
  let screenshotStart = -1;
  let userdataStart = -1;
  let userdataAttributes: Attributes = {};
  let childText = '';
  const handlers = {
    open(name: string, attributes: Attributes, start: number, end: number) {
      const parent = path[path.length - 1];
      path.push(name);
      if (path.length === 1) result.rootName = name;
      if (attributes.photoid) result.namedPhotos.push(attributes.photoid);
      if (name === 'photo' && attributes.id)
        (parent === 'photos' && path.length === 3 ? result.listedPhotos : result.namedPhotos).push(
          attributes.id,
        );
      if (name === 'page' && parent === 'pages' && path.length === 3) result.pages.push(attributes);
      if (path.length !== 2) return;
      childText = '';
      if (name === 'userdata') {
        userdataStart = start;
        userdataAttributes = attributes;
      }
      if (name === 'screenshot' && !result.screenshot && screenshotStart < 0) screenshotStart = end;
    },
    close(name: string, start: number, end: number) {
      path.pop();
      if (path.length !== 1) return;
      if (!result.rootTexts.has(name)) result.rootTexts.set(name, childText);
      if (name === 'userdata')
        result.userdata.push({
          attributes: userdataAttributes,
          span: xml.slice(userdataStart, end),
        });
      if (name === 'screenshot' && screenshotStart >= 0 && !result.screenshot) {
        // a self-closing <screenshot/> has no text to point at
        result.screenshot =
          start >= screenshotStart ? { start: screenshotStart, end: start } : null;
        result.screenshotText = childText;
        screenshotStart = Number.MAX_SAFE_INTEGER;
      }
    },
    text(text: string) {
      if (path.length >= 2 && ROOT_TEXTS.has(path[1]!)) childText += text;
    },
  };
  try {
    for (const _readUpTo of readXmlInSlices(xml, handlers)) await nextTurn();
  } catch (error) {
    if (error instanceof XmlError) return null;
    throw error;
  }
  return result;
}

/** Reads the pinned parts; a document that is not one well-formed <collage> element is refused. */
export async function readCollageXml(xml: string): Promise<ReadResult> {
  if (xml.length > MAX_DOCUMENT_CHARS) return { ok: false, error: XML_PARSE_ERROR };
  const found = await scan(xml);
  if (!found || found.rootName !== 'collage') return { ok: false, error: XML_PARSE_ERROR };
  const shot = found.screenshot;
  // The screenshot is kept apart from the stored document when it is plain text (see screenshotStorage).
  const plainShot =
    shot && (found.screenshotPlain || PLAIN_SCREENSHOT.test(xml.slice(shot.start, shot.end)))
      ? shot
      : null;
  const structureChars = xml.length - (plainShot ? plainShot.end - plainShot.start : 0);
  if (structureChars > MAX_STRUCTURE_CHARS) return { ok: false, error: XML_PARSE_ERROR };
  const templateId = (found.rootTexts.get('templateId') ?? '').trim();
  const childTemplateId = (found.rootTexts.get('childTemplateId') ?? '').trim();
  const pageIds = found.pages.length ? found.pages : [{ templateId, childTemplateId }];
  const pages = pageIds.map((page, index) => {
    const userdata = found.userdata[index]?.attributes ?? {};
    return {
      templateId: page.templateId ?? '',
      childTemplateId: page.childTemplateId ?? '',
      userdata: found.userdata[index]?.span ?? '',
      photoBackgroundColor: userdata.photobackgroundcolor ?? userdata.photobordercolor ?? '',
      photoBorderAutomaticColor: userdata.photoborderautomaticcolor === 'true',
    };
  });
  const first = found.userdata[0]?.attributes ?? {};
  return {
    ok: true,
    doc: {
      templateId,
      childTemplateId,
      screenshotBase64: cleanScreenshot(found.screenshotText),
      screenshotSpan: plainShot,
      photoIds: [...new Set([...found.listedPhotos, ...found.namedPhotos])],
      pages,
      widthCm: positiveNumber(first.width),
      heightCm: positiveNumber(first.height),
      material: first.material ?? '',
    },
  };
}

/** The screenshot's base64 without a data-URL prefix or line breaks. */
export function cleanScreenshot(raw: string): string {
  return raw
    .trim()
    .replace(/^data:image\/jpeg;base64,/, '')
    .replace(/\s+/g, '');
}

function positiveNumber(value: string | undefined): number | null {
  const number = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(number) && number > 0
    ? number
    : null;
}
