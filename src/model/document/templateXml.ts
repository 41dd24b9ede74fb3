import { MATERIALS } from '../catalog/materials';
import type { MaterialCode } from '../catalog/types';
import type { Layout } from '../layout/types';
import { PARSE_ERROR, SCREEN_DPCM } from './collageTypes';
import {
  RESOURCE_URL,
  assertLayerReferences,
  decodeLayer,
  decodePhotoBorder,
  encodeLayer,
  encodePhotoBorder,
  type ResourceTable,
} from './layersXml';
import {
  AttributeReader,
  FREE_TEXT_RULE,
  ID_RULE,
  InvalidXmlData,
  NAME_PATTERN,
  formatBoolean,
  formatNumber,
  toXmlColor,
} from './values';
import { buildXml, childNamed, childrenNamed, element, parseXml, type XmlElement } from './xmlTree';

/** A designer's static template file (format in ./README.md), read into a Layout and back. */

export interface StaticTemplateDocument {
  id: string;
  /** Designer and design attributes (see the 0.2 cm offset rule of generated designs). */
  designer: string;
  design: string;
  screenDpcm: number;
  layout: Layout;
}

export type ReadTemplateResult =
  | { ok: true; template: StaticTemplateDocument }
  | { ok: false; error: typeof PARSE_ERROR; detail: string };

const MATERIAL_CODES = MATERIALS.map((material) => material.code) as readonly MaterialCode[];

function writingResources(): { table: ResourceTable; element(): XmlElement } {
  const ids = new Map<string, string>();
  return {
    table: {
      idFor(url) {
        if (!ids.has(url)) ids.set(url, `r${ids.size + 1}`);
        return ids.get(url)!;
      },
      urlOf: () => undefined,
    },
    element: () =>
      element(
        'resources',
        {},
        [...ids].map(([url, id]) => element('resource', { id, url })),
      ),
  };
}

/** Writes the template; colours and numbers must be valid (a RangeError otherwise). */
export function writeTemplateXml(template: StaticTemplateDocument): string {
  const { layout } = template;
  const resources = writingResources();
  const layers = layout.layers.map((layer) => encodeLayer(layer, resources.table));
  const attrs = {
    id: template.id,
    width: formatNumber(layout.widthCm),
    height: formatNumber(layout.heightCm),
    screendpcm: formatNumber(template.screenDpcm),
    designer: template.designer,
    design: template.design,
    material: layout.material,
    backgroundcolor: toXmlColor(layout.backgroundColor),
    flat: formatBoolean(layout.isFlat),
    margin: formatNumber(layout.marginCm),
  };
  const children = layout.photoBorder ? [encodePhotoBorder(layout.photoBorder)] : [];
  children.push(resources.element(), ...layers);
  return buildXml(element('template', attrs, children));
}

function readResources(root: XmlElement): ResourceTable {
  const urls = new Map<string, string>();
  const node = childNamed(root, 'resources');
  (node ? childrenNamed(node, 'resource') : []).forEach((resource, index) => {
    const read = new AttributeReader(resource, `template/resources/resource[${index}]`);
    const id = read.string('id', { pattern: NAME_PATTERN });
    if (urls.has(id)) read.fail('id', `'${id}' appears twice`);
    urls.set(id, read.string('url', { pattern: RESOURCE_URL }));
  });
  return { idFor: (url) => url, urlOf: (id) => urls.get(id) };
}

function decodeTemplate(root: XmlElement): StaticTemplateDocument {
  if (root.tag !== 'template') throw new InvalidXmlData(`${root.tag}: the root must be <template>`);
  const read = new AttributeReader(root, 'template');
  const resources = readResources(root);
  const layers = childrenNamed(root, 'layer').map((node, index) =>
    decodeLayer(node, `template/layer[${index}]`, resources),
  );
  assertLayerReferences(layers, 'template');
  const layout: Layout = {
    widthCm: read.number('width', { min: 0, exclusiveMin: true, max: 1000 }),
    heightCm: read.number('height', { min: 0, exclusiveMin: true, max: 1000 }),
    layers,
    backgroundColor: read.color('backgroundcolor', '#dcddde'),
    isFlat: read.boolean('flat', false),
    material: read.oneOf('material', MATERIAL_CODES, ''),
    marginCm: read.number('margin', { min: 0, max: 50 }, 0),
  };
  const border = childNamed(root, 'photoborder');
  if (border) layout.photoBorder = decodePhotoBorder(border, 'template/photoborder');
  return {
    id: read.string('id', ID_RULE),
    designer: read.string('designer', FREE_TEXT_RULE, ''),
    design: read.string('design', FREE_TEXT_RULE, ''),
    screenDpcm: read.number('screendpcm', { min: 0, exclusiveMin: true, max: 1000 }, SCREEN_DPCM),
    layout,
  };
}

/** Reads and validates a template file. Never throws: bad input gives "Couldn't parse the xml data". */
export function readTemplateXml(xml: unknown): ReadTemplateResult {
  const parsed = parseXml(xml);
  if (!parsed.ok) return { ok: false, error: PARSE_ERROR, detail: parsed.detail };
  try {
    return { ok: true, template: decodeTemplate(parsed.root) };
  } catch (error) {
    if (error instanceof InvalidXmlData)
      return { ok: false, error: PARSE_ERROR, detail: error.message };
    throw error;
  }
}
