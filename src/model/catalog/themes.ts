import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DUTCH, TEXT_ATTRIBUTES, TEXT_FIELDS } from './catalogTexts';
import { isMaterialCode } from './materials';
import {
  CUSTOM_SIZE_ID,
  type ChildSize,
  type LocaleTexts,
  type MaterialCode,
  type Template,
  type TemplateType,
} from './types';

/**
 * Reader of the shop's themes list (catalog/themes.xml; the format is documented in catalog/README.md).
 * Pure: runs in the page, a worker and the server. A broken template is skipped with a problem
 * message so that one typo in the catalog never hides the whole shop.
 */

export const PARSE_ERROR = "Couldn't parse the xml data";

export type ThemesResult =
  | {
      ok: true;
      templates: Template[];
      /** Templates or sizes skipped, one line each. */ problems: string[];
    }
  | { ok: false; error: typeof PARSE_ERROR; detail: string };

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** The spec's rule: a source containing 'gen:', or no source at all, is a generated design. */
export function templateTypeOfSource(source: string | undefined): TemplateType {
  return !source || source.includes('gen:') ? 'generated' : 'static';
}

/**
 * The generator of a generated design: the source after its 4-character prefix ('gen:heart' → 'heart').
 * An absent source gives '' — the generator registry maps unknown names to alleven.
 */
export function generatorNameOf(template: Pick<Template, 'source' | 'type'>): string {
  return template.type === 'generated' ? template.source.slice(4) : '';
}

export function parseThemes(xml: string): ThemesResult {
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    return { ok: false, error: PARSE_ERROR, detail: `${valid.err.msg} (line ${valid.err.line})` };
  const document = parser.parse(xml) as XmlNode;
  const root = document['themes'];
  if (root === undefined)
    return { ok: false, error: PARSE_ERROR, detail: 'root element <themes> missing' };
  const problems: string[] = [];
  const templates: Template[] = [];
  const seen = new Set<string>();
  for (const node of children(root, 'template')) {
    const template = readTemplate(node, problems);
    if (!template) continue;
    if (seen.has(template.id)) {
      problems.push(`template ${template.id}: duplicate id, later one skipped`);
      continue;
    }
    seen.add(template.id);
    templates.push(template);
  }
  return { ok: true, templates, problems };
}

function readTemplate(node: XmlNode, problems: string[]): Template | undefined {
  const id = text(node, 'id').trim();
  const where = `template ${id || '(no id)'}`;
  if (!id) {
    problems.push(`${where}: attribute id missing`);
    return undefined;
  }
  const name = text(node, 'name');
  if (!name.trim()) {
    problems.push(`${where}: attribute name missing`);
    return undefined;
  }
  const source = text(node, 'source').trim();
  const type = templateTypeOfSource(source);
  const declaredType = text(node, 'type').trim();
  if (declaredType && declaredType !== type) {
    problems.push(`${where}: type '${declaredType}' contradicts source '${source}'`);
    return undefined;
  }
  const sizes: ChildSize[] = [];
  for (const sizeNode of children(node, 'size')) {
    const size = readSize(sizeNode, `${where}`, problems);
    if (size && sizes.some((other) => other.id === size.id))
      problems.push(`${where} size ${size.id}: duplicate id, skipped`);
    else if (size) sizes.push(size);
  }
  if (sizes.length === 0) {
    problems.push(`${where}: no valid size`);
    return undefined;
  }
  const settings: Record<string, string> = {};
  for (const setting of children(node, 'setting')) {
    const settingName = text(setting, 'name').trim();
    if (settingName) settings[settingName] = text(setting, 'value');
    else problems.push(`${where}: setting without name skipped`);
  }
  return {
    id,
    type,
    texts: readTexts(node, where, problems),
    tags: list(text(node, 'tags')),
    name,
    categoryPart: text(node, 'category'),
    namePart: text(node, 'namepart'),
    thumbWidth: number(node, 'thumbwidth', 0),
    thumbHeight: number(node, 'thumbheight', 0),
    description: text(node, 'description'),
    shortInfo: text(node, 'shortinfo'),
    leftInfo: text(node, 'leftinfo'),
    source,
    isTileBased: flag(node, 'istilebased', false),
    hasCustomSize: flag(node, 'hascustomsize', false),
    isCustom: false,
    isMaterialSpecific: flag(node, 'ismaterialspecific', false),
    url: text(node, 'url'),
    thumbUrl: text(node, 'thumb'),
    sizeUrl: text(node, 'sizeurl'),
    labelUrl: text(node, 'labelurl'),
    visible: flag(node, 'visible', true),
    filters: list(text(node, 'filters')),
    sizes,
    settings,
    designer: text(node, 'designer'),
    design: text(node, 'design'),
  };
}

/** A locale: two lower-case letters, as the editor's locales are. */
const LOCALE = /^[a-z]{2}$/;

/** The `<text locale="…">` children: one locale's translations each (catalog/README.md). */
function readTexts(node: XmlNode, where: string, problems: string[]): Record<string, LocaleTexts> {
  const texts: Record<string, LocaleTexts> = {};
  for (const textNode of children(node, 'text')) {
    const locale = text(textNode, 'locale').trim().toLowerCase();
    const here = `${where} <text locale="${locale}">`;
    if (!LOCALE.test(locale)) {
      problems.push(`${where}: <text> without a two-letter locale skipped`);
      continue;
    }
    if (locale === DUTCH) {
      problems.push(`${here}: skipped, the Dutch texts are the template's own attributes`);
      continue;
    }
    if (Object.hasOwn(texts, locale)) {
      problems.push(`${here}: a second one for the locale, skipped`);
      continue;
    }
    const own: LocaleTexts = {};
    for (const field of TEXT_FIELDS) {
      const value = text(textNode, TEXT_ATTRIBUTES[field]);
      if (value.trim()) own[field] = value;
    }
    texts[locale] = own;
  }
  return texts;
}

function readSize(node: XmlNode, where: string, problems: string[]): ChildSize | undefined {
  const id = text(node, 'id').trim();
  const here = `${where} size ${id || '(no id)'}`;
  const widthCm = number(node, 'width', NaN);
  const heightCm = number(node, 'height', NaN);
  if (!id || !(widthCm > 0) || !(heightCm > 0)) {
    problems.push(`${here}: needs an id and a positive width and height`);
    return undefined;
  }
  const materials: MaterialCode[] = [];
  for (const code of list(text(node, 'materials'))) {
    if (isMaterialCode(code)) materials.push(code);
    else problems.push(`${here}: unknown material '${code}' skipped`);
  }
  return {
    id,
    widthCm,
    heightCm,
    materials,
    description: text(node, 'description'),
    url: text(node, 'url'),
    value: text(node, 'value'),
    isCustom: id === CUSTOM_SIZE_ID,
    ...(flag(node, 'default', false) ? { isDefault: true } : {}),
  };
}

function children(node: unknown, tag: string): XmlNode[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as XmlNode)[tag];
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  // <template/> without attributes parses as '' — an element all the same.
  return items.map((item) => (typeof item === 'object' && item !== null ? (item as XmlNode) : {}));
}

function text(node: XmlNode, attribute: string): string {
  const value = node[attribute];
  return typeof value === 'string' ? value : '';
}

function number(node: XmlNode, attribute: string, fallback: number): number {
  const raw = text(node, attribute).trim().replace(',', '.');
  if (!raw) return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? value : fallback;
}

function flag(node: XmlNode, attribute: string, fallback: boolean): boolean {
  const raw = text(node, attribute).trim().toLowerCase();
  if (raw === 'true' || raw === '1' || raw === 'yes') return true;
  if (raw === 'false' || raw === '0' || raw === 'no') return false;
  return fallback;
}

function list(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
