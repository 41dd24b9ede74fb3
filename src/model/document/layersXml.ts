import type {
  BoxLayer,
  ClipLayer,
  FrameLayer,
  Layer,
  OverlayLayer,
  PhotoBorder,
  PhotoSlotLayer,
  Rect,
  ShapeLayer,
  TextSlotLayer,
} from '../layout/types';
import { TEXT_ALIGNS, TEXT_BACKGROUNDS, TEXT_VALIGNS } from './slotsXml';
import {
  AttributeReader,
  FREE_TEXT_RULE,
  InvalidXmlData,
  NAME_PATTERN,
  formatBoolean,
  formatNumber,
  toXmlColor,
} from './values';
import { childNamed, element, type XmlElement } from './xmlTree';

/** The <layer type="…"> entries of a static template (format in ./README.md). */

export const LAYER_TYPES = ['photo', 'text', 'clip', 'overlay', 'shape', 'frame', 'box'] as const;
const TYPE_OF_KIND: Record<Layer['kind'], (typeof LAYER_TYPES)[number]> = {
  photo: 'photo',
  text: 'text',
  clip: 'clip',
  overlay: 'overlay',
  shape: 'shape',
  frame: 'frame',
  box: 'box',
};
const CLIP_SHAPES = ['rect', 'circle', 'path', 'image'] as const;
const SHAPES = ['rect', 'circle'] as const;
const ROLES = ['background', 'decoration'] as const;
/** SVG path data: commands, numbers, separators. */
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\- ]*$/;
/** Artwork is catalog-relative: no scheme, no host, no way up. */
export const RESOURCE_URL = /^(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9_\-./]+\.(svg|png|jpe?g|webp)$/i;

/** Artwork references: the template's <resources> map ids to urls; layers name them by src. */
export interface ResourceTable {
  /** Id for a url when writing (new ids r1, r2, … in first-use order). */
  idFor(url: string): string;
  /** Url of an id when reading. */
  urlOf(id: string): string | undefined;
}

export function encodePhotoBorder(border: PhotoBorder): XmlElement {
  return element('photoborder', {
    style: border.style,
    margins: formatNumber(border.marginsCm),
    card: formatNumber(border.cardWidthCm),
    glow: formatNumber(border.glowWidthCm),
    shadow: formatNumber(border.shadowWidthCm),
  });
}

/** The spec's rule: a shadow width of 0 is read as 0.3. */
export function decodePhotoBorder(node: XmlElement, path: string): PhotoBorder {
  const read = new AttributeReader(node, path);
  const shadow = read.number('shadow', { min: 0, max: 10 }, 0.3);
  return {
    style: read.oneOf('style', ['modern'] as const, 'modern'),
    marginsCm: read.number('margins', { min: 0, max: 50 }, 0),
    cardWidthCm: read.number('card', { min: 0, max: 10 }, 0.4),
    glowWidthCm: read.number('glow', { min: 0, max: 10 }, 0.15),
    shadowWidthCm: shadow === 0 ? 0.3 : shadow,
  };
}

function rectAttrs(rect: Rect): Record<string, string> {
  return {
    x: formatNumber(rect.x),
    y: formatNumber(rect.y),
    width: formatNumber(rect.width),
    height: formatNumber(rect.height),
  };
}

export function encodeLayer(layer: Layer, resources: ResourceTable): XmlElement {
  const attrs: Record<string, string> = { type: TYPE_OF_KIND[layer.kind] };
  const children: XmlElement[] = [];
  switch (layer.kind) {
    case 'photo':
      Object.assign(attrs, { slot: layer.slot }, rectAttrs(layer), {
        rotation: formatNumber(layer.rotation),
      });
      if (layer.clip !== undefined) attrs.clip = layer.clip;
      if (layer.border) children.push(encodePhotoBorder(layer.border));
      break;
    case 'text': {
      const s = layer.style;
      Object.assign(attrs, { slot: layer.slot }, rectAttrs(layer), {
        rotation: formatNumber(layer.rotation),
        font: s.font,
        fontsize: formatNumber(s.fontSize),
        color: toXmlColor(s.color),
        align: s.align,
        valign: s.valign,
        style: s.style,
        padding: formatNumber(s.paddingCm),
        letterspacing: formatNumber(s.letterSpacing),
        caps: formatBoolean(s.caps),
        multiplelines: formatBoolean(s.multipleLines),
        lineheight: formatNumber(s.lineHeight),
        background: s.background,
      });
      if (layer.placeholder !== undefined) attrs.placeholder = layer.placeholder;
      break;
    }
    case 'clip':
      Object.assign(attrs, { name: layer.name }, rectAttrs(layer), { shape: layer.shape });
      if (layer.radiusCm !== undefined) attrs.radius = formatNumber(layer.radiusCm);
      if (layer.path !== undefined) attrs.path = layer.path;
      if (layer.url !== undefined) attrs.src = resources.idFor(layer.url);
      break;
    case 'overlay':
      Object.assign(attrs, rectAttrs(layer), {
        rotation: formatNumber(layer.rotation),
        src: resources.idFor(layer.url),
      });
      break;
    case 'shape':
      Object.assign(attrs, rectAttrs(layer), {
        shape: layer.shape,
        role: layer.role,
        fill: toXmlColor(layer.fill),
        radius: formatNumber(layer.radiusCm),
        borderwidth: formatNumber(layer.borderWidthCm),
        bordercolor: toXmlColor(layer.borderColor),
      });
      break;
    case 'frame':
      Object.assign(attrs, rectAttrs(layer), {
        margin: formatNumber(layer.marginCm),
        color: toXmlColor(layer.color),
        fill: toXmlColor(layer.fill),
      });
      break;
    case 'box':
      Object.assign(attrs, rectAttrs(layer), {
        borderwidth: formatNumber(layer.borderWidthCm),
        color: toXmlColor(layer.color),
      });
      break;
  }
  return element('layer', attrs, children);
}

function readRect(read: AttributeReader): Rect {
  return {
    x: read.number('x'),
    y: read.number('y'),
    width: read.number('width', { min: 0 }),
    height: read.number('height', { min: 0 }),
  };
}

/** A layer's artwork: a resource id in src, or (hand-written templates) a url attribute. */
function readUrl(read: AttributeReader, resources: ResourceTable): string {
  if (read.has('src')) {
    const id = read.string('src');
    return resources.urlOf(id) ?? read.fail('src', `no resource '${id}'`);
  }
  return read.string('url', { pattern: RESOURCE_URL });
}

export function decodeLayer(node: XmlElement, path: string, resources: ResourceTable): Layer {
  const read = new AttributeReader(node, path);
  const type = read.oneOf('type', LAYER_TYPES);
  switch (type) {
    case 'photo': {
      const layer: PhotoSlotLayer = {
        kind: 'photo',
        slot: read.string('slot', { pattern: NAME_PATTERN }),
        ...readRect(read),
        rotation: read.number('rotation', {}, 0),
      };
      const clip = read.optionalString('clip', { pattern: NAME_PATTERN });
      if (clip !== undefined) layer.clip = clip;
      const border = childNamed(node, 'photoborder');
      if (border) layer.border = decodePhotoBorder(border, `${path}/photoborder`);
      return layer;
    }
    case 'text': {
      const layer: TextSlotLayer = {
        kind: 'text',
        slot: read.string('slot', { pattern: NAME_PATTERN }),
        ...readRect(read),
        rotation: read.number('rotation', {}, 0),
        style: {
          font: read.string('font', { maxLength: 100 }, 'futura-pt'),
          fontSize: read.number('fontsize', { min: 0, exclusiveMin: true, max: 200 }),
          color: read.color('color', '#000000'),
          align: read.oneOf('align', TEXT_ALIGNS, 'center'),
          valign: read.oneOf('valign', TEXT_VALIGNS, 'bottom'),
          style: read.string('style', { ...FREE_TEXT_RULE, maxLength: 50 }, ''),
          paddingCm: read.number('padding', { min: 0 }, 0),
          letterSpacing: read.number('letterspacing', { min: -1, max: 10 }, 0),
          caps: read.boolean('caps', false),
          multipleLines: read.boolean('multiplelines', false),
          lineHeight: read.number('lineheight', { min: 0, max: 10 }, 0.5),
          background: read.oneOf('background', TEXT_BACKGROUNDS, 'none'),
        },
      };
      const placeholder = read.optionalString('placeholder', FREE_TEXT_RULE);
      if (placeholder !== undefined) layer.placeholder = placeholder;
      return layer;
    }
    case 'clip': {
      const layer: ClipLayer = {
        kind: 'clip',
        name: read.string('name', { pattern: NAME_PATTERN }),
        ...readRect(read),
        shape: read.oneOf('shape', CLIP_SHAPES, 'rect'),
      };
      const radius = read.optionalNumber('radius', { min: 0 });
      if (radius !== undefined) layer.radiusCm = radius;
      const pathData = read.optionalString('path', { maxLength: 100_000, pattern: PATH_DATA });
      if (pathData !== undefined) layer.path = pathData;
      if (read.has('src') || read.has('url')) layer.url = readUrl(read, resources);
      if (layer.shape === 'path' && layer.path === undefined)
        read.fail('path', 'missing for shape path');
      if (layer.shape === 'image' && layer.url === undefined)
        read.fail('src', 'missing for shape image');
      return layer;
    }
    case 'overlay': {
      const layer: OverlayLayer = {
        kind: 'overlay',
        ...readRect(read),
        url: readUrl(read, resources),
        rotation: read.number('rotation', {}, 0),
      };
      return layer;
    }
    case 'shape': {
      const layer: ShapeLayer = {
        kind: 'shape',
        ...readRect(read),
        shape: read.oneOf('shape', SHAPES, 'rect'),
        role: read.oneOf('role', ROLES, 'decoration'),
        fill: read.color('fill', '#ffffff'),
        radiusCm: read.number('radius', { min: 0 }, 0),
        borderWidthCm: read.number('borderwidth', { min: 0 }, 0),
        borderColor: read.color('bordercolor', '#000000'),
      };
      return layer;
    }
    case 'frame': {
      const layer: FrameLayer = {
        kind: 'frame',
        ...readRect(read),
        marginCm: read.number('margin', { min: 0 }),
        color: read.color('color', '#000000'),
        fill: read.color('fill', '#fcfaf2'),
      };
      return layer;
    }
    case 'box': {
      const layer: BoxLayer = {
        kind: 'box',
        ...readRect(read),
        borderWidthCm: read.number('borderwidth', { min: 0 }),
        color: read.color('color', '#000000'),
      };
      return layer;
    }
  }
}

export function assertLayerReferences(layers: readonly Layer[], path: string): void {
  const slots = new Set<string>();
  const clips = new Set<string>();
  for (const layer of layers) {
    if (layer.kind === 'photo' || layer.kind === 'text') {
      if (slots.has(layer.slot))
        throw new InvalidXmlData(`${path}: slot '${layer.slot}' appears twice`);
      slots.add(layer.slot);
    }
    if (layer.kind === 'clip') {
      if (clips.has(layer.name))
        throw new InvalidXmlData(`${path}: clip '${layer.name}' appears twice`);
      clips.add(layer.name);
    }
  }
  for (const layer of layers) {
    if (layer.kind === 'photo' && layer.clip !== undefined && !clips.has(layer.clip))
      throw new InvalidXmlData(`${path}: slot '${layer.slot}' uses unknown clip '${layer.clip}'`);
  }
}
