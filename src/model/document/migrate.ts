import { COLLAGE_VERSION } from './collageTypes';
import { InvalidXmlData } from './values';
import { element, type XmlElement } from './xmlTree';

/**
 * Versions of a page's userdata. A userdata without a version attribute is version 1.
 *
 * Version 1 → 2: version 1 stored a photo's offset in its slot as `x` and `y`, in screen pixels
 * at the saved screen density, relative to a scale that depended on the photo's web size. That
 * size is not in the document, so the offset cannot be converted: the migration drops `x`/`y`
 * and centres the photo, keeping zoom, rotation and effect. Everything else kept its name and
 * meaning. Version 2 stores the focal point (0-1) as `x` and `y`, the spec's names; documents
 * written before that have `focusx`/`focusy`, which the reader still takes (slotsXml.ts).
 */
export function userdataVersion(userdata: XmlElement, path: string): number {
  const raw = userdata.attrs.version?.trim();
  if (raw === undefined || raw === '') return 1;
  if (!/^\d{1,3}$/.test(raw))
    throw new InvalidXmlData(`${path}@version: not a version: '${raw.slice(0, 20)}'`);
  return Number(raw);
}

function migrate1To2(userdata: XmlElement): XmlElement {
  const children = userdata.children.map((child) => {
    if (child.tag !== 'dopimage') return child;
    const { x: _x, y: _y, focusx, focusy, ...attrs } = child.attrs;
    attrs.x = focusx ?? '0.5';
    attrs.y = focusy ?? '0.5';
    return element(child.tag, attrs, child.children, child.text);
  });
  return element(userdata.tag, { ...userdata.attrs, version: '2' }, children, userdata.text);
}

const STEPS: Readonly<Record<number, (userdata: XmlElement) => XmlElement>> = { 1: migrate1To2 };

/** Brings a userdata element to the current version; a newer or unknown version is refused. */
export function migrateUserdata(
  userdata: XmlElement,
  path: string,
): { userdata: XmlElement; from: number } {
  const from = userdataVersion(userdata, path);
  let current = userdata;
  for (let version = from; version < COLLAGE_VERSION; version += 1) {
    const step = STEPS[version];
    if (!step) throw new InvalidXmlData(`${path}@version: version ${from} is not supported`);
    current = step(current);
  }
  if (from > COLLAGE_VERSION)
    throw new InvalidXmlData(`${path}@version: version ${from} is newer than ${COLLAGE_VERSION}`);
  return { userdata: current, from };
}
