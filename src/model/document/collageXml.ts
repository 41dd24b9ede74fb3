import { MATERIALS } from '../catalog/materials';
import type { MaterialCode } from '../catalog/types';
import type { GeneratorSettings } from '../generators/types';
import {
  COLLAGE_VERSION,
  DEFAULT_VARIATION,
  PARSE_ERROR,
  SCREEN_DPCM,
  TEMPLATE_NOT_FOUND_ERROR,
  type CollageDocument,
  type PageRef,
  type ReadCollageResult,
  type SlotEntry,
  type UserData,
} from './collageTypes';
import { migrateUserdata } from './migrate';
import { decodeSlot, encodeSlot } from './slotsXml';
import {
  AttributeReader,
  FREE_TEXT_RULE,
  ID_RULE,
  InvalidXmlData,
  NAME_PATTERN,
  checkString,
  formatBoolean,
  formatNumber,
  toXmlColor,
} from './values';
import { buildXml, childNamed, childrenNamed, element, parseXml, type XmlElement } from './xmlTree';

/** The saved-collage XML of editor-core §3. The format is described in ./README.md. */

const MATERIAL_CODES = MATERIALS.map((material) => material.code) as readonly MaterialCode[];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_SCREENSHOT_LENGTH = 4_000_000;

export interface ReadCollageOptions {
  /** Whether the catalog knows a template id ("Couldn't find template" otherwise). */
  hasTemplate(id: string): boolean;
}

function textElement(tag: string, text: string): XmlElement {
  return element(tag, {}, [], text);
}

function encodeUserdata(page: UserData): XmlElement {
  const settings = element(
    'settings',
    {},
    Object.entries(page.settings).map(([name, value]) => element('setting', { name, value })),
  );
  const attrs = {
    variation: page.variation,
    version: String(COLLAGE_VERSION),
    photobordercolor: toXmlColor(page.photoBorderColor),
    photoborderautomaticcolor: formatBoolean(page.photoBorderAutomaticColor),
    backgroundcolor: toXmlColor(page.backgroundColor),
    width: formatNumber(page.widthCm),
    height: formatNumber(page.heightCm),
    screendpcm: formatNumber(page.screenDpcm),
    material: page.material,
  };
  return element('userdata', attrs, [settings, ...page.slots.map(encodeSlot)]);
}

/**
 * Writes the document. Colours and numbers must be valid (a programming error throws a
 * RangeError); texts are trimmed as saved text is.
 */
export function writeCollageXml(document: CollageDocument): string {
  const children = [textElement('templateId', document.templateId)];
  if (document.childTemplateId !== undefined)
    children.push(textElement('childTemplateId', document.childTemplateId));
  if (document.screenshot !== undefined)
    children.push(textElement('screenshot', document.screenshot));
  children.push(
    element(
      'photos',
      {},
      document.photos.map((id) => element('photo', { id })),
    ),
  );
  if (document.pages !== undefined) {
    const pages = document.pages.map((page) =>
      element(
        'page',
        page.childTemplateId === undefined
          ? { templateId: page.templateId }
          : { templateId: page.templateId, childTemplateId: page.childTemplateId },
      ),
    );
    children.push(element('pages', {}, pages));
  }
  children.push(...document.userdata.map(encodeUserdata));
  return buildXml(element('collage', {}, children));
}

function readId(parent: XmlElement, tag: string, optional: boolean): string | undefined {
  const node = childNamed(parent, tag);
  const value = node?.text.trim() ?? '';
  if (value === '') {
    if (optional) return undefined;
    throw new InvalidXmlData(`collage/${tag}: missing`);
  }
  return checkString(value, ID_RULE, (problem) => {
    throw new InvalidXmlData(`collage/${tag}: ${problem}`);
  });
}

function readSettings(userdata: XmlElement, path: string): GeneratorSettings {
  const settings: GeneratorSettings = {};
  const node = childNamed(userdata, 'settings');
  (node ? childrenNamed(node, 'setting') : []).forEach((setting, index) => {
    const read = new AttributeReader(setting, `${path}/settings/setting[${index}]`);
    const name = read.string('name', { pattern: NAME_PATTERN });
    if (Object.hasOwn(settings, name)) read.fail('name', `'${name}' appears twice`);
    settings[name] = read.string('value', FREE_TEXT_RULE, '');
  });
  return settings;
}

function readSlots(userdata: XmlElement, path: string): SlotEntry[] {
  const slots: SlotEntry[] = [];
  const names = new Set<string>();
  userdata.children.forEach((child, index) => {
    if (child.tag === 'settings') return;
    const slotPath = `${path}/${child.tag}[${index}]`;
    const slot = decodeSlot(child, slotPath);
    if (!slot) throw new InvalidXmlData(`${slotPath}: unknown element`);
    if (names.has(slot.name))
      throw new InvalidXmlData(`${slotPath}@name: slot '${slot.name}' appears twice`);
    names.add(slot.name);
    slots.push(slot);
  });
  return slots;
}

function readUserdata(node: XmlElement, path: string): { page: UserData; from: number } {
  const { userdata, from } = migrateUserdata(node, path);
  const read = new AttributeReader(userdata, path);
  const page: UserData = {
    variation: read.string('variation', { maxLength: 100 }, DEFAULT_VARIATION),
    version: COLLAGE_VERSION,
    photoBorderColor: read.color('photobordercolor', '#000000'),
    photoBorderAutomaticColor: read.boolean('photoborderautomaticcolor', true),
    backgroundColor: read.color('backgroundcolor', '#ffffff'),
    widthCm: read.number('width', { min: 0, exclusiveMin: true, max: 1000 }),
    heightCm: read.number('height', { min: 0, exclusiveMin: true, max: 1000 }),
    screenDpcm: read.number('screendpcm', { min: 0, exclusiveMin: true, max: 1000 }, SCREEN_DPCM),
    material: read.oneOf('material', MATERIAL_CODES, ''),
    settings: readSettings(userdata, path),
    slots: readSlots(userdata, path),
  };
  return { page, from };
}

function readPages(root: XmlElement): PageRef[] | undefined {
  const node = childNamed(root, 'pages');
  if (!node) return undefined;
  return childrenNamed(node, 'page').map((page, index) => {
    const read = new AttributeReader(page, `collage/pages/page[${index}]`);
    const childTemplateId = read.optionalString('childTemplateId', ID_RULE);
    const templateId = read.string('templateId', ID_RULE);
    return childTemplateId === undefined ? { templateId } : { templateId, childTemplateId };
  });
}

function readPhotos(root: XmlElement): string[] {
  const node = childNamed(root, 'photos');
  const ids = (node ? childrenNamed(node, 'photo') : []).map((photo, index) =>
    new AttributeReader(photo, `collage/photos/photo[${index}]`).string('id', ID_RULE),
  );
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate !== undefined)
    throw new InvalidXmlData(`collage/photos: photo '${duplicate}' appears twice`);
  return ids;
}

function decodeDocument(root: XmlElement): { document: CollageDocument; migratedFrom?: number } {
  if (root.tag !== 'collage') throw new InvalidXmlData(`${root.tag}: the root must be <collage>`);
  const document: CollageDocument = {
    templateId: readId(root, 'templateId', false)!,
    photos: [],
    userdata: [],
  };
  const childTemplateId = readId(root, 'childTemplateId', true);
  if (childTemplateId !== undefined) document.childTemplateId = childTemplateId;
  const screenshot = childNamed(root, 'screenshot')?.text.replace(/\s+/g, '');
  if (screenshot) {
    if (screenshot.length > MAX_SCREENSHOT_LENGTH || !BASE64.test(screenshot))
      throw new InvalidXmlData('collage/screenshot: not base64 of a screenshot');
    document.screenshot = screenshot;
  }
  document.photos = readPhotos(root);
  const pages = readPages(root);
  if (pages) document.pages = pages;
  const nodes = childrenNamed(root, 'userdata');
  const expected = pages?.length ?? 1;
  if (nodes.length !== expected || nodes.length === 0)
    throw new InvalidXmlData(`collage: ${nodes.length} userdata for ${expected} page(s)`);
  let migratedFrom: number | undefined;
  document.userdata = nodes.map((node, index) => {
    const { page, from } = readUserdata(node, `collage/userdata[${index}]`);
    if (from !== COLLAGE_VERSION) migratedFrom = Math.min(migratedFrom ?? from, from);
    return page;
  });
  const known = new Set(document.photos);
  for (const [index, page] of document.userdata.entries()) {
    for (const slot of page.slots) {
      if (slot.kind === 'image' && slot.photo.id !== '' && !known.has(slot.photo.id))
        throw new InvalidXmlData(
          `collage/userdata[${index}]/${slot.name}: photo '${slot.photo.id}' is not in <photos>`,
        );
    }
  }
  return migratedFrom === undefined ? { document } : { document, migratedFrom };
}

/**
 * Reads and validates a saved collage. Never throws: unparsable or invalid data gives
 * "Couldn't parse the xml data", a template the catalog does not know "Couldn't find template",
 * each with a detail for the logs.
 */
export function readCollageXml(xml: unknown, options: ReadCollageOptions): ReadCollageResult {
  const parsed = parseXml(xml);
  if (!parsed.ok) return { ok: false, error: PARSE_ERROR, detail: parsed.detail };
  let decoded: ReturnType<typeof decodeDocument>;
  try {
    decoded = decodeDocument(parsed.root);
  } catch (error) {
    if (error instanceof InvalidXmlData)
      return { ok: false, error: PARSE_ERROR, detail: error.message };
    throw error;
  }
  const { document } = decoded;
  const templateIds = [
    document.templateId,
    ...(document.pages ?? []).map((page) => page.templateId),
  ];
  const unknown = templateIds.find((id) => !options.hasTemplate(id));
  if (unknown !== undefined)
    return { ok: false, error: TEMPLATE_NOT_FOUND_ERROR, detail: `template '${unknown}'` };
  return { ok: true, ...decoded };
}
