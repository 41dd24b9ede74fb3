import { IMAGE_EFFECTS, type PhotoSlotData, type TextSlotData } from '../layout/slotTypes';
import type { TextAlign, TextBackground, TextVAlign } from '../layout/types';
import { trimSavedText } from '../text/characters';
import { MAX_TEXT_CHARACTERS } from '../text/textForm';
import type { SlotEntry, SlotPosition } from './collageTypes';
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
import { childNamed, element, type XmlElement } from './xmlTree';

/** The four slot kinds of a page and their XML: dopimage, dopshapeoverlay, dopclip, doptext. */

export const TEXT_ALIGNS: readonly TextAlign[] = ['left', 'center', 'right'];
export const TEXT_VALIGNS: readonly TextVAlign[] = ['top', 'middle', 'bottom'];
export const TEXT_BACKGROUNDS: readonly TextBackground[] = ['none', 'back1', 'back2'];
export const SLOT_TAGS = {
  image: 'dopimage',
  shapeoverlay: 'dopshapeoverlay',
  clip: 'dopclip',
  text: 'doptext',
} as const;
const QUARTER_TURNS = [0, 90, 180, 270];

function encodePosition(position: SlotPosition): XmlElement {
  return element('position', {
    x: formatNumber(position.x),
    y: formatNumber(position.y),
    width: formatNumber(position.width),
    height: formatNumber(position.height),
    rotation: formatNumber(position.rotation),
  });
}

function decodePosition(parent: XmlElement, path: string): SlotPosition {
  const node = childNamed(parent, 'position');
  if (!node) throw new InvalidXmlData(`${path}/position: missing`);
  const read = new AttributeReader(node, `${path}/position`);
  return {
    x: read.number('x'),
    y: read.number('y'),
    width: read.number('width', { min: 0 }),
    height: read.number('height', { min: 0 }),
    rotation: read.number('rotation', {}, 0),
  };
}

/** A doptext; `name` and `position` are absent for the text inside a dopimage. */
export function encodeText(text: TextSlotData, name?: string, position?: SlotPosition): XmlElement {
  const attrs: Record<string, string> = name === undefined ? {} : { name };
  Object.assign(attrs, {
    color: toXmlColor(text.color),
    align: text.align,
    valign: text.valign,
    font: text.font,
    fontsize: formatNumber(text.fontSize),
    style: text.style,
    padding: formatNumber(text.paddingCm),
    letterspacing: formatNumber(text.letterSpacing),
    caps: formatBoolean(text.caps),
    multiplelines: formatBoolean(text.multipleLines),
    lineheight: formatNumber(text.lineHeight),
    background: text.background,
  });
  const children = position ? [encodePosition(position)] : [];
  children.push(element('text', {}, [], trimSavedText(text.txt)));
  return element(SLOT_TAGS.text, attrs, children);
}

/** Reads a doptext's data; the text is filtered to the allowed characters and trimmed. */
export function decodeText(node: XmlElement, path: string): TextSlotData {
  const read = new AttributeReader(node, path);
  const textNode = childNamed(node, 'text');
  const txt = trimSavedText(textNode?.text ?? '');
  if (txt.length > MAX_TEXT_CHARACTERS)
    throw new InvalidXmlData(`${path}/text: longer than ${MAX_TEXT_CHARACTERS} characters`);
  return {
    txt,
    color: read.color('color', '#000000'),
    align: read.oneOf('align', TEXT_ALIGNS, 'center'),
    valign: read.oneOf('valign', TEXT_VALIGNS, 'bottom'),
    font: read.string('font', { maxLength: 100 }, 'Roboto'),
    fontSize: read.number('fontsize', { min: 0, exclusiveMin: true, max: 200 }),
    style: read.string('style', { ...FREE_TEXT_RULE, maxLength: 50 }, ''),
    paddingCm: read.number('padding', { min: 0 }, 0),
    letterSpacing: read.number('letterspacing', { min: -1, max: 10 }, 0),
    caps: read.boolean('caps', false),
    multipleLines: read.boolean('multiplelines', false),
    lineHeight: read.number('lineheight', { min: 0, max: 10 }, 0.5),
    background: read.oneOf('background', TEXT_BACKGROUNDS, 'none'),
  };
}

function encodePhoto(photo: PhotoSlotData, name: string, position: SlotPosition): XmlElement {
  const attrs: Record<string, string> = { name };
  if (photo.id !== '') attrs.photoid = photo.id;
  Object.assign(attrs, {
    dpi: formatNumber(photo.dpi),
    zoom: formatNumber(photo.zoom),
    x: formatNumber(photo.focusX),
    y: formatNumber(photo.focusY),
    rotation: formatNumber(photo.rotation),
  });
  const children = [encodePosition(position)];
  if (photo.effect !== 'none') children.push(element('imageeffect', { type: photo.effect }));
  if (photo.text) children.push(encodeText(photo.text));
  return element(SLOT_TAGS.image, attrs, children);
}

/**
 * The photo's focal point in its slot (0-1, 0.5 centred): `x`/`y` as the spec names them, or
 * `focusx`/`focusy` in documents saved before the spec's names were written.
 */
function readFocus(read: AttributeReader, name: 'x' | 'y', oldName: 'focusx' | 'focusy'): number {
  const range = { min: 0, max: 1 };
  return read.optionalNumber(name, range) ?? read.number(oldName, range, 0.5);
}

function decodePhoto(node: XmlElement, path: string): PhotoSlotData {
  const read = new AttributeReader(node, path);
  const id = read.optionalString('photoid', ID_RULE) ?? '';
  const dpi = read.number('dpi', { min: -1 }, -1);
  if (dpi < 0 && dpi !== -1) read.fail('dpi', `${dpi} is neither -1 nor a resolution`);
  const rotation = read.number('rotation', {}, 0);
  if (!QUARTER_TURNS.includes(rotation))
    read.fail('rotation', `${rotation} is not 0, 90, 180 or 270`);
  const effectNode = childNamed(node, 'imageeffect');
  const effect = effectNode
    ? new AttributeReader(effectNode, `${path}/imageeffect`).oneOf('type', IMAGE_EFFECTS)
    : 'none';
  const textNode = childNamed(node, SLOT_TAGS.text);
  const photo: PhotoSlotData = {
    id,
    zoom: read.number('zoom', { min: 1, max: 4 }, 1),
    focusX: readFocus(read, 'x', 'focusx'),
    focusY: readFocus(read, 'y', 'focusy'),
    rotation,
    effect,
    dpi,
  };
  if (textNode) photo.text = decodeText(textNode, `${path}/${SLOT_TAGS.text}`);
  return photo;
}

export function encodeSlot(slot: SlotEntry): XmlElement {
  switch (slot.kind) {
    case 'image':
      return encodePhoto(slot.photo, slot.name, slot.position);
    case 'text':
      return encodeText(slot.text, slot.name, slot.position);
    case 'shapeoverlay':
      return element(SLOT_TAGS.shapeoverlay, { name: slot.name, color: toXmlColor(slot.color) }, [
        encodePosition(slot.position),
      ]);
    case 'clip':
      return element(SLOT_TAGS.clip, { name: slot.name }, [encodePosition(slot.position)]);
  }
}

/** Reads a slot element, or null for a tag that is not a slot. */
export function decodeSlot(node: XmlElement, path: string): SlotEntry | null {
  const read = new AttributeReader(node, path);
  const kind = (Object.keys(SLOT_TAGS) as (keyof typeof SLOT_TAGS)[]).find(
    (key) => SLOT_TAGS[key] === node.tag,
  );
  if (!kind) return null;
  const name = read.string('name', { pattern: NAME_PATTERN });
  const position = decodePosition(node, path);
  switch (kind) {
    case 'image':
      return { kind, name, position, photo: decodePhoto(node, path) };
    case 'text':
      return { kind, name, position, text: decodeText(node, path) };
    case 'shapeoverlay':
      return { kind, name, position, color: read.color('color') };
    case 'clip':
      return { kind, name, position };
  }
}
