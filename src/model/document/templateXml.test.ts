import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODERN_PHOTO_BORDER, type Layout } from '../layout/types';
import { PARSE_ERROR } from './collageTypes';
import { staticTemplate } from '../../../tests/support/model/layoutArbitraries';
import { readTemplateXml, writeTemplateXml, type StaticTemplateDocument } from './templateXml';

function read(xml: string): StaticTemplateDocument {
  const result = readTemplateXml(xml);
  if (!result.ok) throw new Error(`${result.error}: ${result.detail}`);
  return result.template;
}

describe('template XML round trip', () => {
  it('Layout → XML → Layout is equal and XML → Layout → XML identical', () => {
    fc.assert(
      fc.property(staticTemplate, (template) => {
        const xml = writeTemplateXml(template);
        const back = read(xml);
        expect(back).toEqual(template);
        expect(writeTemplateXml(back)).toBe(xml);
      }),
      { numRuns: 300 },
    );
  });
});

const HAND_WRITTEN = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Botanisch: a designer's template, 50 x 40 cm -->
<template id="botanisch-5040" width="50" height="40" screendpcm="40" designer="anna" design="botanisch" material="" backgroundcolor="0xf4efe6">
  <photoborder style="modern" margins="0" card="0.4" glow="0.15" shadow="0"/>
  <resources>
    <resource id="leaves" url="templates/botanisch/leaves.svg"/>
    <resource id="oval" url="templates/botanisch/oval-mask.png"/>
  </resources>
  <layer type="shape" x="0" y="0" width="50" height="40" shape="rect" role="background" fill="0xf4efe6"/>
  <layer type="clip" name="oval" x="5" y="5" width="20" height="26" shape="image" src="oval"/>
  <layer type="clip" name="round" x="28" y="6" width="16" height="16" shape="circle"/>
  <layer type="photo" slot="img1" x="5" y="5" width="20" height="26" clip="oval"/>
  <layer type="photo" slot="img2" x="28" y="6" width="16" height="16" rotation="3" clip="round"><photoborder card="0.5"/></layer>
  <layer type="overlay" x="0" y="0" width="50" height="40" src="leaves"/>
  <layer type="overlay" x="40" y="30" width="8" height="8" url="templates/botanisch/bee.png"/>
  <layer type="text" slot="txt1" x="26" y="26" width="20" height="6" font="Rasa" fontsize="2.54" color="0x3b5b3b" placeholder="Jouw titel"/>
  <layer type="frame" x="0" y="0" width="50" height="40" margin="0"/>
  <layer type="box" x="1" y="1" width="48" height="38" borderwidth="0.3"/>
</template>`;

describe('template XML format', () => {
  it('reads a hand-written template with defaults', () => {
    const template = read(HAND_WRITTEN);
    expect(template).toMatchObject({
      id: 'botanisch-5040',
      designer: 'anna',
      design: 'botanisch',
      screenDpcm: 40,
    });
    const layout: Layout = template.layout;
    expect(layout).toMatchObject({
      widthCm: 50,
      heightCm: 40,
      backgroundColor: '#f4efe6',
      isFlat: false,
      material: '',
      marginCm: 0,
    });
    // The spec: a shadow of 0 is read as 0.3.
    expect(layout.photoBorder).toEqual(MODERN_PHOTO_BORDER);
    expect(layout.layers.map((layer) => layer.kind)).toEqual([
      'shape',
      'clip',
      'clip',
      'photo',
      'photo',
      'overlay',
      'overlay',
      'text',
      'frame',
      'box',
    ]);
    expect(layout.layers[1]).toEqual({
      kind: 'clip',
      name: 'oval',
      x: 5,
      y: 5,
      width: 20,
      height: 26,
      shape: 'image',
      url: 'templates/botanisch/oval-mask.png',
    });
    expect(layout.layers[4]).toEqual({
      kind: 'photo',
      slot: 'img2',
      x: 28,
      y: 6,
      width: 16,
      height: 16,
      rotation: 3,
      clip: 'round',
      border: { ...MODERN_PHOTO_BORDER, cardWidthCm: 0.5 },
    });
    expect(layout.layers[6]).toMatchObject({
      kind: 'overlay',
      url: 'templates/botanisch/bee.png',
      rotation: 0,
    });
    expect(layout.layers[7]).toMatchObject({
      kind: 'text',
      slot: 'txt1',
      placeholder: 'Jouw titel',
      style: {
        font: 'Rasa',
        fontSize: 2.54,
        color: '#3b5b3b',
        align: 'center',
        valign: 'bottom',
        lineHeight: 0.5,
        background: 'none',
      },
    });
    expect(layout.layers[8]).toEqual({
      kind: 'frame',
      x: 0,
      y: 0,
      width: 50,
      height: 40,
      marginCm: 0,
      color: '#000000',
      fill: '#fcfaf2',
    });
  });

  it('writes artwork as resources referenced by id', () => {
    const xml = writeTemplateXml(read(HAND_WRITTEN));
    expect(xml).toContain(
      '<resources><resource id="r1" url="templates/botanisch/oval-mask.png"/><resource id="r2" url="templates/botanisch/leaves.svg"/><resource id="r3" url="templates/botanisch/bee.png"/></resources>',
    );
    expect(xml).toContain(
      '<layer type="overlay" x="0" y="0" width="50" height="40" rotation="0" src="r2"/>',
    );
    expect(read(xml)).toEqual(read(HAND_WRITTEN));
  });
});

describe('template XML errors', () => {
  const wrap = (inner: string, attrs = 'id="t" width="10" height="10"') =>
    `<template ${attrs}>${inner}</template>`;
  it.each([
    ['garbage', 'x'],
    ['another root', '<collage/>'],
    ['no id', '<template width="1" height="1"/>'],
    ['no width', '<template id="t" height="1"/>'],
    ['an unknown layer type', wrap('<layer type="video" x="0" y="0" width="1" height="1"/>')],
    ['a layer without x', wrap('<layer type="box" y="0" width="1" height="1" borderwidth="1"/>')],
    [
      'an unknown resource',
      wrap('<layer type="overlay" x="0" y="0" width="1" height="1" src="nope"/>'),
    ],
    [
      'an external url',
      wrap(
        '<layer type="overlay" x="0" y="0" width="1" height="1" url="https://evil.example/a.png"/>',
      ),
    ],
    ['a url going up', wrap('<resources><resource id="a" url="../../etc/a.png"/></resources>')],
    [
      'a resource id twice',
      wrap('<resources><resource id="a" url="a.png"/><resource id="a" url="b.png"/></resources>'),
    ],
    [
      'a clip that does not exist',
      wrap('<layer type="photo" slot="img1" x="0" y="0" width="1" height="1" clip="c"/>'),
    ],
    [
      'a slot twice',
      wrap(
        '<layer type="photo" slot="img1" x="0" y="0" width="1" height="1"/><layer type="text" slot="img1" x="0" y="0" width="1" height="1" fontsize="1"/>',
      ),
    ],
    [
      'a clip name twice',
      wrap(
        '<layer type="clip" name="c" x="0" y="0" width="1" height="1"/><layer type="clip" name="c" x="0" y="0" width="1" height="1"/>',
      ),
    ],
    [
      'a path clip without path',
      wrap('<layer type="clip" name="c" x="0" y="0" width="1" height="1" shape="path"/>'),
    ],
    [
      'a path with script',
      wrap(
        '<layer type="clip" name="c" x="0" y="0" width="1" height="1" shape="path" path="javascript:1"/>',
      ),
    ],
    [
      'an image clip without artwork',
      wrap('<layer type="clip" name="c" x="0" y="0" width="1" height="1" shape="image"/>'),
    ],
    [
      'a bad colour',
      wrap(
        '<layer type="box" x="0" y="0" width="1" height="1" borderwidth="1" color="0x1234567"/>',
      ),
    ],
    [
      'a text without font size',
      wrap('<layer type="text" slot="t" x="0" y="0" width="1" height="1"/>'),
    ],
    [
      'a negative frame margin',
      wrap('<layer type="frame" x="0" y="0" width="1" height="1" margin="-1"/>'),
    ],
    ['an unknown border style', wrap('<photoborder style="baroque"/>')],
  ])("gives Couldn't parse the xml data for %s", (_name, xml) => {
    expect(readTemplateXml(xml)).toMatchObject({ ok: false, error: PARSE_ERROR });
  });
});

describe('template XML robustness', () => {
  it('never throws on damaged templates', () => {
    fc.assert(
      fc.property(
        staticTemplate,
        fc.nat(),
        fc.nat({ max: 40 }),
        fc.string({ maxLength: 8 }),
        (template, at, length, insert) => {
          const xml = writeTemplateXml(template);
          const start = at % (xml.length + 1);
          const result = readTemplateXml(xml.slice(0, start) + insert + xml.slice(start + length));
          if (!result.ok) expect(result.error).toBe(PARSE_ERROR);
        },
      ),
      { numRuns: 300 },
    );
  });
});
