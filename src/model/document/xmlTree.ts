import { XMLBuilder } from 'fast-xml-parser';
import { readXml, XmlError } from './boundedXml';

/**
 * A small element tree, shared by the collage and template formats: read with the bounded linear
 * reader of ./boundedXml, written with fast-xml-parser's builder. Order of
 * children and attributes is kept (layers and slots are in drawing order), so writing is
 * deterministic. Works the same in the page, in workers and in Node.
 */
export interface XmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, CDATA included; whitespace kept as it is. */
  text: string;
}

type FxpNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  suppressEmptyNode: true,
  format: false,
} as const;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export type ParseXmlResult = { ok: true; root: XmlElement } | { ok: false; detail: string };

export function element(
  tag: string,
  attrs: Record<string, string> = {},
  children: XmlElement[] = [],
  text = '',
): XmlElement {
  return { tag, attrs, children, text };
}

/**
 * Parses a document with one root element. A DOCTYPE is refused (entity declarations can expand
 * without bound, and none of our formats needs one), and so is a document over the reader's limits.
 */
export function parseXml(xml: unknown): ParseXmlResult {
  if (typeof xml !== 'string') return { ok: false, detail: 'not a string' };
  const open: XmlElement[] = [];
  let root: XmlElement | undefined;
  try {
    readXml(xml, {
      open(tag, attrs) {
        const node = element(tag, { ...attrs });
        const parent = open[open.length - 1];
        if (parent) parent.children.push(node);
        else root = node;
        open.push(node);
      },
      close() {
        open.pop();
      },
      text(text) {
        const current = open[open.length - 1];
        if (current) current.text += text;
      },
    });
  } catch (error) {
    if (error instanceof XmlError) return { ok: false, detail: error.message };
    throw error;
  }
  return root ? { ok: true, root } : { ok: false, detail: 'expected one root element' };
}

function toFxp(node: XmlElement): FxpNode {
  const content: FxpNode[] = node.text === '' ? [] : [{ '#text': node.text }];
  content.push(...node.children.map(toFxp));
  const fxp: FxpNode = { [node.tag]: content };
  if (Object.keys(node.attrs).length > 0) fxp[':@'] = node.attrs;
  return fxp;
}

/** Compact XML (no indentation: whitespace would become part of texts) with a declaration. */
export function buildXml(root: XmlElement): string {
  return XML_DECLARATION + (new XMLBuilder(OPTIONS).build([toFxp(root)]) as string);
}

export function childrenNamed(parent: XmlElement, tag: string): XmlElement[] {
  return parent.children.filter((child) => child.tag === tag);
}

export function childNamed(parent: XmlElement, tag: string): XmlElement | undefined {
  return parent.children.find((child) => child.tag === tag);
}
