import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generatorNameOf, parseThemes, PARSE_ERROR, templateTypeOfSource } from './themes';
import type { Template } from './types';

const FULL = `<?xml version="1.0" encoding="UTF-8"?>
<themes>
  <template id="101" name="Hart &amp; ziel" category="Fotocollage" namepart="Hart" source="gen:heart" type="generated"
    tags="liefde, hart" filters="basic,modern" thumb="thumbs/heart.png" thumbwidth="240" thumbheight="200"
    description="Een hart van foto's" shortinfo="Tot 30 foto's" leftinfo="vanaf 29,95" url="ontwerp/basic/101"
    sizeurl="sizes/heart.png" labelurl="labels/heart.png" visible="true" istilebased="false" hascustomsize="true"
    ismaterialspecific="1" designer="generated" design="happy">
    <size id="1001" width="50" height="50" materials="POSTER, CANVAS2CM" description="50 x 50 cm [44.95]" url="u1" value="v1"/>
    <size id="1002" width="30,5" height="30.5" materials="" description="30 x 30 cm [24,95]"/>
    <setting name="layout" value="1"/>
    <setting name="playfull" value="0"/>
  </template>
  <template id="201" name="Klassiek" source="designs/classic/template.xml">
    <size id="2001" width="40" height="50" materials="DIBOND"/>
  </template>
</themes>`;

function parsed(xml: string): { templates: Template[]; problems: string[] } {
  const result = parseThemes(xml);
  if (!result.ok) throw new Error(result.detail);
  return result;
}

describe('parseThemes', () => {
  it('reads every field of a generated template and its sizes and settings', () => {
    const { templates, problems } = parsed(FULL);
    expect(problems).toEqual([]);
    expect(templates).toHaveLength(2);
    const heart = templates[0]!;
    expect(heart).toEqual({
      id: '101',
      type: 'generated',
      tags: ['liefde', 'hart'],
      name: 'Hart & ziel',
      categoryPart: 'Fotocollage',
      namePart: 'Hart',
      thumbWidth: 240,
      thumbHeight: 200,
      description: "Een hart van foto's",
      shortInfo: "Tot 30 foto's",
      leftInfo: 'vanaf 29,95',
      texts: {},
      source: 'gen:heart',
      isTileBased: false,
      hasCustomSize: true,
      isCustom: false,
      isMaterialSpecific: true,
      url: 'ontwerp/basic/101',
      thumbUrl: 'thumbs/heart.png',
      sizeUrl: 'sizes/heart.png',
      labelUrl: 'labels/heart.png',
      visible: true,
      filters: ['basic', 'modern'],
      sizes: [
        {
          id: '1001',
          widthCm: 50,
          heightCm: 50,
          materials: ['POSTER', 'CANVAS2CM'],
          description: '50 x 50 cm [44.95]',
          url: 'u1',
          value: 'v1',
          isCustom: false,
        },
        {
          id: '1002',
          widthCm: 30.5,
          heightCm: 30.5,
          materials: [],
          description: '30 x 30 cm [24,95]',
          url: '',
          value: '',
          isCustom: false,
        },
      ],
      settings: { layout: '1', playfull: '0' },
      designer: 'generated',
      design: 'happy',
    } satisfies Template);
    expect(generatorNameOf(heart)).toBe('heart');
  });

  it('fills defaults for a minimal static template', () => {
    const classic = parsed(FULL).templates[1]!;
    expect(classic.type).toBe('static');
    expect(generatorNameOf(classic)).toBe('');
    expect(classic.visible).toBe(true);
    expect(classic.hasCustomSize).toBe(false);
    expect(classic.isTileBased).toBe(false);
    expect(classic.tags).toEqual([]);
    expect(classic.settings).toEqual({});
    expect(classic.thumbWidth).toBe(0);
    expect(classic.sizes[0]!.description).toBe('');
  });

  it('reads a single template and a single size (no arrays in the XML)', () => {
    const { templates } = parsed(
      '<themes><template id="1" name="A" source="gen:alleven" visible="false"><size id="9" width="40" height="30"/></template></themes>',
    );
    expect(templates[0]!.visible).toBe(false);
    expect(templates[0]!.sizes.map((size) => size.id)).toEqual(['9']);
  });

  it('marks the size with id 999999999999 as custom', () => {
    const { templates } = parsed(
      '<themes><template id="1" name="A"><size id="999999999999" width="45" height="35"/></template></themes>',
    );
    expect(templates[0]!.sizes[0]!.isCustom).toBe(true);
  });

  it("reads the shop's default size mark", () => {
    const { templates } = parsed(
      '<themes><template id="1" name="A" source="gen:numberyear"><size id="a" width="50" height="40"/><size id="b" width="120" height="40" default="true"/></template></themes>',
    );
    expect(templates[0]!.sizes.map((size) => size.isDefault ?? false)).toEqual([false, true]);
  });

  it('treats an absent source as generated with no generator name (the registry falls back to alleven)', () => {
    const { templates } = parsed(
      '<themes><template id="1" name="A"><size id="1" width="40" height="30"/></template></themes>',
    );
    expect(templates[0]!.type).toBe('generated');
    expect(generatorNameOf(templates[0]!)).toBe('');
  });

  it('skips broken templates and sizes with a problem line, keeping the rest', () => {
    const xml = `<themes>
      <template name="no id"><size id="1" width="40" height="30"/></template>
      <template id="2"><size id="1" width="40" height="30"/></template>
      <template id="3" name="C" source="x.xml" type="generated"><size id="1" width="40" height="30"/></template>
      <template id="4" name="D"><size id="1" width="0" height="30"/><size width="40" height="30"/></template>
      <template id="5" name="E"><size id="1" width="40" height="30" materials="POSTER,WOOD"/><size id="1" width="50" height="40"/><setting value="3"/></template>
      <template id="5" name="E again"><size id="1" width="40" height="30"/></template>
      <template/>
    </themes>`;
    const { templates, problems } = parsed(xml);
    expect(templates.map((template) => template.id)).toEqual(['5']);
    expect(templates[0]!.sizes).toHaveLength(1);
    expect(templates[0]!.sizes[0]!.materials).toEqual(['POSTER']);
    expect(problems).toEqual([
      'template (no id): attribute id missing',
      'template 2: attribute name missing',
      "template 3: type 'generated' contradicts source 'x.xml'",
      'template 4 size 1: needs an id and a positive width and height',
      'template 4 size (no id): needs an id and a positive width and height',
      'template 4: no valid size',
      "template 5 size 1: unknown material 'WOOD' skipped",
      'template 5 size 1: duplicate id, skipped',
      'template 5: setting without name skipped',
      'template 5: duplicate id, later one skipped',
      'template (no id): attribute id missing',
    ]);
  });

  it('reads the <text> children into one entry per locale', () => {
    const { templates, problems } = parsed(`<themes>
      <template id="1" name="Fotocollage Raster" category="Fotocollage" namepart="Raster" shortinfo="3 x 4 foto&apos;s">
        <text locale="en" name="Photo collage Grid" category="Photo collage" namepart="Grid" description=" " shortinfo="3 x 4 photos" leftinfo="from 24.95"/>
        <text locale="DE" namepart="Raster &amp; Co"/>
        <size id="1" width="40" height="30"/>
      </template>
    </themes>`);
    expect(problems).toEqual([]);
    expect(templates[0]!.texts).toEqual({
      // A blank attribute is no translation: the Dutch one will show.
      en: {
        name: 'Photo collage Grid',
        categoryPart: 'Photo collage',
        namePart: 'Grid',
        shortInfo: '3 x 4 photos',
        leftInfo: 'from 24.95',
      },
      de: { namePart: 'Raster & Co' },
    });
    expect(templates[0]!.namePart).toBe('Raster');
  });

  it('skips a Dutch, a second and an unnamed <text>, with a problem line', () => {
    const { templates, problems } = parsed(`<themes>
      <template id="1" name="A">
        <text locale="nl" name="B"/>
        <text locale="en" name="First"/>
        <text locale="en" name="Second"/>
        <text name="no locale"/>
        <text locale="english" name="too long"/>
        <size id="1" width="40" height="30"/>
      </template>
    </themes>`);
    expect(templates[0]!.texts).toEqual({ en: { name: 'First' } });
    expect(problems).toEqual([
      `template 1 <text locale="nl">: skipped, the Dutch texts are the template's own attributes`,
      'template 1 <text locale="en">: a second one for the locale, skipped',
      'template 1: <text> without a two-letter locale skipped',
      'template 1: <text> without a two-letter locale skipped',
    ]);
  });

  it('reads flags in their usual spellings and ignores unknown ones', () => {
    const { templates } = parsed(
      '<themes><template id="1" name="A" istilebased="yes" hascustomsize="no" visible="maybe" thumbwidth="abc"><size id="1" width="40" height="30"/></template></themes>',
    );
    expect(templates[0]!.isTileBased).toBe(true);
    expect(templates[0]!.hasCustomSize).toBe(false);
    expect(templates[0]!.visible).toBe(true);
    expect(templates[0]!.thumbWidth).toBe(0);
  });

  it("answers 'Couldn't parse the xml data' for broken XML and for another root", () => {
    expect(parseThemes('<themes><template id="1"></themes>')).toMatchObject({
      ok: false,
      error: PARSE_ERROR,
    });
    expect(parseThemes('not xml at all <')).toMatchObject({ ok: false, error: PARSE_ERROR });
    expect(parseThemes('<collage/>')).toEqual({
      ok: false,
      error: PARSE_ERROR,
      detail: 'root element <themes> missing',
    });
  });

  it('reads an empty list', () => {
    expect(parseThemes('<themes/>')).toEqual({ ok: true, templates: [], problems: [] });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseThemes(`<themes>${text}</themes>`);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});

describe('template type by source', () => {
  it("is generated when the source contains 'gen:' or is absent, static otherwise", () => {
    expect(templateTypeOfSource(undefined)).toBe('generated');
    expect(templateTypeOfSource('')).toBe('generated');
    expect(templateTypeOfSource('gen:numberdigit')).toBe('generated');
    expect(templateTypeOfSource('designs/x/template.xml')).toBe('static');
  });

  it('takes the generator name after the 4-character prefix', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), (name) => {
        expect(generatorNameOf({ source: `gen:${name}`, type: 'generated' })).toBe(name);
      }),
    );
  });
});
