/** Test-only: fast-check arbitraries of valid layouts and static templates. Never imported by the app. */
import fc from 'fast-check';
import { MATERIALS } from '../../../src/model/catalog/materials';
import type {
  ClipLayer,
  Layer,
  Layout,
  PhotoBorder,
  TextStyle,
} from '../../../src/model/layout/types';
import { color, id, num, slotName } from './documentArbitraries';
import type { StaticTemplateDocument } from '../../../src/model/document/templateXml';
import { TEXT_ALIGNS, TEXT_BACKGROUNDS, TEXT_VALIGNS } from '../../../src/model/document/slotsXml';

const url = fc.stringMatching(/^(art|frames)\/[a-z0-9_-]{1,8}\.(svg|png|jpg)$/);
const rect = { x: num(-10, 150), y: num(-10, 150), width: num(0, 150), height: num(0, 150) };
const freeText = fc.stringMatching(/^[A-Za-z0-9 .,&<>"'é-]{0,12}$/);

export const photoBorder: fc.Arbitrary<PhotoBorder> = fc.record({
  style: fc.constant('modern' as const),
  marginsCm: num(0, 5),
  cardWidthCm: num(0, 2),
  glowWidthCm: num(0, 2),
  shadowWidthCm: num(0.01, 2),
});

export const textStyle: fc.Arbitrary<TextStyle> = fc.record({
  font: fc.constantFrom('futura-pt', 'Roboto', 'Indie Flower'),
  fontSize: num(0.1, 10),
  color,
  align: fc.constantFrom(...TEXT_ALIGNS),
  valign: fc.constantFrom(...TEXT_VALIGNS),
  style: fc.constantFrom('', 'bold'),
  paddingCm: num(0, 2),
  letterSpacing: num(-1, 2),
  caps: fc.boolean(),
  multipleLines: fc.boolean(),
  lineHeight: num(0, 3),
  background: fc.constantFrom(...TEXT_BACKGROUNDS),
});

const clip: fc.Arbitrary<ClipLayer> = fc
  .record(
    {
      name: slotName,
      ...rect,
      shape: fc.constantFrom('rect' as const, 'circle' as const, 'path' as const, 'image' as const),
      radiusCm: num(0, 5),
      path: fc.constantFrom('M0 0L1 1Z', 'M 0,0 C 1.5,2 3e-1,4 5,5 z'),
      url,
    },
    { requiredKeys: ['name', 'x', 'y', 'width', 'height', 'shape'] },
  )
  .map((layer) => {
    const result: ClipLayer = { kind: 'clip', ...layer };
    if (layer.shape === 'path' && result.path === undefined) result.path = 'M0 0H1V1Z';
    if (layer.shape === 'image' && result.url === undefined) result.url = 'art/mask.png';
    return result;
  });

function otherLayer(clipNames: readonly string[]): fc.Arbitrary<Layer> {
  const clipRef: { clip?: fc.Arbitrary<string> } =
    clipNames.length > 0 ? { clip: fc.constantFrom(...clipNames) } : {};
  return fc.oneof(
    fc.record(
      {
        kind: fc.constant('photo' as const),
        slot: slotName,
        ...rect,
        rotation: num(-10, 10),
        ...clipRef,
        border: photoBorder,
      },
      { requiredKeys: ['kind', 'slot', 'x', 'y', 'width', 'height', 'rotation'] },
    ),
    fc.record(
      {
        kind: fc.constant('text' as const),
        slot: slotName,
        ...rect,
        rotation: num(-10, 10),
        style: textStyle,
        placeholder: freeText,
      },
      { requiredKeys: ['kind', 'slot', 'x', 'y', 'width', 'height', 'rotation', 'style'] },
    ),
    fc.record({ kind: fc.constant('overlay' as const), ...rect, url, rotation: num(-10, 10) }),
    fc.record({
      kind: fc.constant('shape' as const),
      ...rect,
      shape: fc.constantFrom('rect' as const, 'circle' as const),
      role: fc.constantFrom('background' as const, 'decoration' as const),
      fill: color,
      radiusCm: num(0, 5),
      borderWidthCm: num(0, 2),
      borderColor: color,
    }),
    fc.record({
      kind: fc.constant('frame' as const),
      ...rect,
      marginCm: num(0, 5),
      color,
      fill: color,
    }),
    fc.record({ kind: fc.constant('box' as const), ...rect, borderWidthCm: num(0, 2), color }),
  );
}

/** Photo and text slots must have unique names; other layers are unique by themselves. */
const slotOf = (layer: Layer): unknown =>
  layer.kind === 'photo' || layer.kind === 'text' ? layer.slot : layer;

export const layout: fc.Arbitrary<Layout> = fc
  .uniqueArray(clip, { selector: (layer) => layer.name, maxLength: 3 })
  .chain((clips) =>
    fc
      .uniqueArray(otherLayer(clips.map((layer) => layer.name)), { selector: slotOf, maxLength: 8 })
      .chain((others) =>
        fc.shuffledSubarray<Layer>([...clips, ...others], {
          minLength: clips.length + others.length,
        }),
      )
      .chain((layers) =>
        fc.record(
          {
            widthCm: num(1, 300),
            heightCm: num(1, 300),
            layers: fc.constant(layers),
            backgroundColor: color,
            isFlat: fc.boolean(),
            material: fc.constantFrom(...MATERIALS.map((material) => material.code)),
            photoBorder,
            marginCm: num(0, 5),
          },
          {
            requiredKeys: [
              'widthCm',
              'heightCm',
              'layers',
              'backgroundColor',
              'isFlat',
              'material',
              'marginCm',
            ],
          },
        ),
      ),
  );

export const staticTemplate: fc.Arbitrary<StaticTemplateDocument> = fc.record({
  id,
  designer: freeText,
  design: freeText,
  screenDpcm: fc.constantFrom(40, 20),
  layout,
});
