import { COMMON_HTML, CURRENCY } from '@nodable/entities';
import { SaxesParser } from 'saxes';

/**
 * One XML reader for every document we read, in the page, in workers and on the server: saxes, a
 * strict streaming parser that looks at each character once, so its time is linear in the input
 * whatever the input is (fast-xml-parser and the regular expressions it replaced were not: repeated
 * unfinished `<?` made the server spend minutes on one 4 MB body). It stops at the first error, and
 * limits bound what a well-formed document may ask for (elements, depth, attributes), so the work
 * and the memory of one read are bounded by its length and these numbers.
 */
export interface XmlLimits {
  maxElements: number;
  maxDepth: number;
  /** On one element. */
  maxAttributes: number;
  /** In the whole document. */
  maxAttributesTotal: number;
  /** Entity and character references ('&'), the costliest thing to read. */
  maxReferences: number;
}

/**
 * Far above any real document (a 150-photo collage has about 1,500 elements, 5 deep, 16 attributes
 * at most on one element, 15,000 in all, and a few references in its texts), far below what costs
 * noticeable time: at these limits the worst 4 MB document takes tens of milliseconds to read.
 */
export const XML_LIMITS: XmlLimits = {
  maxElements: 10_000,
  maxDepth: 32,
  maxAttributes: 64,
  maxAttributesTotal: 50_000,
  maxReferences: 20_000,
};

/** The named entities fast-xml-parser decoded (htmlEntities), which documents written before may hold. */
const HTML_ENTITIES: Record<string, string> = { ...COMMON_HTML, ...CURRENCY };

export interface XmlHandlers {
  /** An element starts; `start` is the offset of its `<`, `end` the offset just after its `>`. */
  open?(name: string, attributes: Record<string, string>, start: number, end: number): void;
  /** An element ends; `start` is the offset of its end tag's `<` (of `/>` when self-closing), `end` just after it. */
  close?(name: string, start: number, end: number): void;
  /** Text (entities decoded) or CDATA content, in document order. */
  text?(text: string): void;
}

/** Malformed XML, a DOCTYPE, or a document over the limits. */
export class XmlError extends Error {}

/**
 * A parser wired to the handlers and the limits; every problem throws XmlError out of write().
 * Positions are offsets into the string written so far (JavaScript string indices).
 */
function boundedParser(source: string, handlers: XmlHandlers, limits: XmlLimits): SaxesParser {
  const parser = new SaxesParser();
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  let elements = 0;
  let depth = 0;
  let attributes = 0;
  let attributesTotal = 0;
  parser.on('error', (error) => {
    throw new XmlError(error.message);
  });
  // A DOCTYPE can declare entities that expand without bound; none of our formats needs one.
  parser.on('doctype', () => {
    throw new XmlError('DOCTYPE is not allowed');
  });
  parser.on('opentagstart', () => {
    elements += 1;
    depth += 1;
    attributes = 0;
    if (elements > limits.maxElements)
      throw new XmlError(`more than ${limits.maxElements} elements`);
    if (depth > limits.maxDepth) throw new XmlError(`deeper than ${limits.maxDepth} elements`);
  });
  parser.on('attribute', () => {
    attributes += 1;
    attributesTotal += 1;
    if (attributes > limits.maxAttributes)
      throw new XmlError(`more than ${limits.maxAttributes} attributes on one element`);
    if (attributesTotal > limits.maxAttributesTotal)
      throw new XmlError(`more than ${limits.maxAttributesTotal} attributes`);
  });
  // Tag names and attribute values hold no '<', so the last '<' before a tag's end is its own.
  parser.on('opentag', (tag) => {
    const end = parser.position;
    handlers.open?.(tag.name, tag.attributes, source.lastIndexOf('<', end - 1), end);
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    const end = parser.position;
    handlers.close?.(tag.name, tag.isSelfClosing ? end - 2 : source.lastIndexOf('<', end - 1), end);
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  return parser;
}

/** Characters read in one slice: a few milliseconds of work. */
const SLICE_CHARS = 64 * 1024;

/**
 * Reads a document slice by slice, yielding the offset read up to after each one, so that a caller
 * on a server can let other requests run in between (the heartbeat answers while a 4 MB document is
 * read) and stop early. Throws XmlError.
 */
export function* readXmlInSlices(
  xml: string,
  handlers: XmlHandlers,
  limits: XmlLimits = XML_LIMITS,
): Generator<number, void, void> {
  const parser = boundedParser(xml, handlers, limits);
  let references = 0;
  for (let offset = 0; offset < xml.length; offset += SLICE_CHARS) {
    const slice = xml.slice(offset, offset + SLICE_CHARS);
    // Counted in the raw text before the parser sees it: one '&' per reference, wherever it stands.
    for (let at = slice.indexOf('&'); at >= 0; at = slice.indexOf('&', at + 1)) references += 1;
    if (references > limits.maxReferences)
      throw new XmlError(`more than ${limits.maxReferences} references`);
    parser.write(slice);
    yield offset + slice.length;
  }
  parser.close();
}

/** Reads a whole document at once (throws XmlError). */
export function readXml(xml: string, handlers: XmlHandlers, limits: XmlLimits = XML_LIMITS): void {
  for (const _slice of readXmlInSlices(xml, handlers, limits)) {
    // nothing to do between slices
  }
}
