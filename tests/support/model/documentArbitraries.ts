/**
 * Test-only: fast-check arbitraries of valid saved-collage documents (every field, every slot
 * kind, texts and ids with characters XML must escape). Imported by tests, never by the app.
 */
import fc from 'fast-check';
import { MATERIALS } from '../../../src/model/catalog/materials';
import {
  IMAGE_EFFECTS,
  type PhotoSlotData,
  type TextSlotData,
} from '../../../src/model/layout/slotTypes';
import { trimSavedText } from '../../../src/model/text/characters';
import type {
  CollageDocument,
  SlotEntry,
  SlotPosition,
  UserData,
} from '../../../src/model/document/collageTypes';
import { TEXT_ALIGNS, TEXT_BACKGROUNDS, TEXT_VALIGNS } from '../../../src/model/document/slotsXml';

/** A double in [min, max] without -0 (written as 0, so it could not come back as -0). */
export const num = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => value + 0);
export const color = fc
  .integer({ min: 0, max: 0xffffff })
  .map((value) => `#${value.toString(16).padStart(6, '0')}`);
export const id = fc.stringMatching(
  /^[A-Za-z0-9&<>"'éü_-]([A-Za-z0-9 &<>"'éü_.-]{0,14}[A-Za-z0-9&<>"'éü_-])?$/,
);
export const slotName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,10}$/);
const freeText = fc.stringMatching(/^[A-Za-z0-9 .,&<>"'é-]{0,12}$/);
const textCharacters = fc.constantFrom(...'aZé9 \n&<>"\'!¡ÿ.'.split(''));
export const savedText = fc
  .array(textCharacters, { maxLength: 40 })
  .map((characters) => trimSavedText(characters.join('')));

export const position: fc.Arbitrary<SlotPosition> = fc.record({
  x: num(-50, 200),
  y: num(-50, 200),
  width: num(0, 200),
  height: num(0, 200),
  rotation: num(-360, 360),
});

export const textSlotData: fc.Arbitrary<TextSlotData> = fc.record({
  txt: savedText,
  color,
  align: fc.constantFrom(...TEXT_ALIGNS),
  valign: fc.constantFrom(...TEXT_VALIGNS),
  font: fc.constantFrom('Roboto', 'Indie Flower', 'McLaren', 'Rasa', 'futura-pt'),
  fontSize: num(0.1, 10).filter((value) => value > 0),
  style: fc.constantFrom('', 'normal', 'bold', 'italic'),
  paddingCm: num(0, 3),
  letterSpacing: num(-1, 2),
  caps: fc.boolean(),
  multipleLines: fc.boolean(),
  lineHeight: num(0, 3),
  background: fc.constantFrom(...TEXT_BACKGROUNDS),
});

export function photoSlotData(photoIds: readonly string[]): fc.Arbitrary<PhotoSlotData> {
  const filled =
    photoIds.length === 0
      ? fc.constant({ id: '', dpi: -1 })
      : fc.oneof(
          fc.constant({ id: '', dpi: -1 }),
          fc.record({ id: fc.constantFrom(...photoIds), dpi: num(0, 3000) }),
        );
  return fc
    .record(
      {
        use: filled,
        zoom: num(1, 4),
        focusX: num(0, 1),
        focusY: num(0, 1),
        rotation: fc.constantFrom(0, 90, 180, 270),
        effect: fc.constantFrom(...IMAGE_EFFECTS),
        text: textSlotData,
      },
      { requiredKeys: ['use', 'zoom', 'focusX', 'focusY', 'rotation', 'effect'] },
    )
    .map(({ use, ...rest }) => ({ ...use, ...rest }));
}

function slot(photoIds: readonly string[]): fc.Arbitrary<SlotEntry> {
  return fc.oneof(
    fc.record({
      kind: fc.constant('image' as const),
      name: slotName,
      position,
      photo: photoSlotData(photoIds),
    }),
    fc.record({ kind: fc.constant('text' as const), name: slotName, position, text: textSlotData }),
    fc.record({ kind: fc.constant('shapeoverlay' as const), name: slotName, position, color }),
    fc.record({ kind: fc.constant('clip' as const), name: slotName, position }),
  );
}

export function userData(photoIds: readonly string[]): fc.Arbitrary<UserData> {
  return fc.record({
    variation: fc.constantFrom('default', 'zomer', 'a&b'),
    version: fc.constant(2 as const),
    photoBorderColor: color,
    photoBorderAutomaticColor: fc.boolean(),
    backgroundColor: color,
    widthCm: num(1, 300),
    heightCm: num(1, 300),
    screenDpcm: fc.constantFrom(40, 20, 37.5),
    material: fc.constantFrom(...MATERIALS.map((material) => material.code)),
    settings: fc.dictionary(slotName, freeText, { maxKeys: 6 }),
    slots: fc.uniqueArray(slot(photoIds), { selector: (entry) => entry.name, maxLength: 8 }),
  });
}

const base64 = fc.stringMatching(/^([A-Za-z0-9+/]{4}){1,10}([A-Za-z0-9+/]{2}==)?$/);

export const collageDocument: fc.Arbitrary<CollageDocument> = fc
  .record(
    {
      templateId: id,
      childTemplateId: id,
      screenshot: base64,
      photos: fc.uniqueArray(id, { maxLength: 6 }),
      pages: fc.array(
        fc.record({ templateId: id, childTemplateId: id }, { requiredKeys: ['templateId'] }),
        { minLength: 1, maxLength: 3 },
      ),
    },
    { requiredKeys: ['templateId', 'photos'] },
  )
  .chain((head) =>
    fc
      .array(userData(head.photos), {
        minLength: head.pages?.length ?? 1,
        maxLength: head.pages?.length ?? 1,
      })
      .map((userdata) => ({ ...head, userdata })),
  );
