import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collageDocument } from '../../../tests/support/model/documentArbitraries';
import { PARSE_ERROR, TEMPLATE_NOT_FOUND_ERROR, type CollageDocument } from './collageTypes';
import { readCollageXml, writeCollageXml } from './collageXml';

const anyTemplate = { hasTemplate: () => true };

function read(xml: string, options = anyTemplate): CollageDocument {
  const result = readCollageXml(xml, options);
  if (!result.ok) throw new Error(`${result.error}: ${result.detail}`);
  return result.document;
}

describe('collage XML round trip', () => {
  it('write → read → write is identical and read(write(doc)) equals doc', () => {
    fc.assert(
      fc.property(collageDocument, (document) => {
        const xml = writeCollageXml(document);
        const back = read(xml);
        expect(back).toEqual(document);
        expect(writeCollageXml(back)).toBe(xml);
      }),
      { numRuns: 300 },
    );
  });
});

const example: CollageDocument = {
  templateId: 'gen-alleven',
  childTemplateId: '50x40',
  screenshot: 'AAAA',
  photos: ['p1'],
  userdata: [
    {
      variation: 'default',
      version: 2,
      photoBorderColor: '#000000',
      photoBorderAutomaticColor: true,
      backgroundColor: '#00ff00',
      widthCm: 50,
      heightCm: 40,
      screenDpcm: 40,
      material: 'POSTER',
      settings: { numberVert: '3', numberHor: '4' },
      slots: [
        {
          kind: 'shapeoverlay',
          name: 'bg',
          position: { x: 0, y: 0, width: 50, height: 40, rotation: 0 },
          color: '#ffffff',
        },
        {
          kind: 'clip',
          name: 'clip1',
          position: { x: 1, y: 1, width: 10, height: 10, rotation: 0 },
        },
        {
          kind: 'image',
          name: 'img1',
          position: { x: 1, y: 1, width: 10, height: 10, rotation: -4 },
          photo: {
            id: 'p1',
            zoom: 1.5,
            focusX: 0.25,
            focusY: 0.75,
            rotation: 90,
            effect: 'sepia',
            dpi: 154.2,
          },
        },
        {
          kind: 'image',
          name: 'img2',
          position: { x: 12, y: 1, width: 10, height: 10, rotation: 0 },
          photo: {
            id: '',
            zoom: 1,
            focusX: 0.5,
            focusY: 0.5,
            rotation: 0,
            effect: 'none',
            dpi: -1,
          },
        },
        {
          kind: 'text',
          name: 'txt1',
          position: { x: 0, y: 35, width: 50, height: 5, rotation: 0 },
          text: {
            txt: 'Oma & opa\n50 jaar',
            color: '#000000',
            align: 'center',
            valign: 'bottom',
            font: 'Roboto',
            fontSize: 1.693,
            style: '',
            paddingCm: 0,
            letterSpacing: 0,
            caps: false,
            multipleLines: true,
            lineHeight: 0.5,
            background: 'back1',
          },
        },
      ],
    },
  ],
};

const EXAMPLE_XML =
  '<?xml version="1.0" encoding="UTF-8"?><collage><templateId>gen-alleven</templateId><childTemplateId>50x40</childTemplateId><screenshot>AAAA</screenshot>' +
  '<photos><photo id="p1"/></photos>' +
  '<userdata variation="default" version="2" photobordercolor="0x000000" photoborderautomaticcolor="true" backgroundcolor="0x00ff00" width="50" height="40" screendpcm="40" material="POSTER">' +
  '<settings><setting name="numberVert" value="3"/><setting name="numberHor" value="4"/></settings>' +
  '<dopshapeoverlay name="bg" color="0xffffff"><position x="0" y="0" width="50" height="40" rotation="0"/></dopshapeoverlay>' +
  '<dopclip name="clip1"><position x="1" y="1" width="10" height="10" rotation="0"/></dopclip>' +
  '<dopimage name="img1" photoid="p1" dpi="154.2" zoom="1.5" x="0.25" y="0.75" rotation="90"><position x="1" y="1" width="10" height="10" rotation="-4"/><imageeffect type="sepia"/></dopimage>' +
  '<dopimage name="img2" dpi="-1" zoom="1" x="0.5" y="0.5" rotation="0"><position x="12" y="1" width="10" height="10" rotation="0"/></dopimage>' +
  '<doptext name="txt1" color="0x000000" align="center" valign="bottom" font="Roboto" fontsize="1.693" style="" padding="0" letterspacing="0" caps="false" multiplelines="true" lineheight="0.5" background="back1">' +
  '<position x="0" y="35" width="50" height="5" rotation="0"/><text>Oma &amp; opa\n50 jaar</text></doptext>' +
  '</userdata></collage>';

describe('collage XML format', () => {
  it('writes the pinned format', () => {
    expect(writeCollageXml(example)).toBe(EXAMPLE_XML);
  });

  it('names the focal point x and y, as the spec does', () => {
    expect(writeCollageXml(example)).not.toContain('focusx');
    expect(EXAMPLE_XML).toContain(
      '<dopimage name="img1" photoid="p1" dpi="154.2" zoom="1.5" x="0.25" y="0.75"',
    );
  });

  it('still reads documents saved with focusx and focusy', () => {
    const old = EXAMPLE_XML.replace(
      'x="0.25" y="0.75" rotation',
      'focusx="0.25" focusy="0.75" rotation',
    ).replace('zoom="1" x="0.5" y="0.5"', 'zoom="1" focusx="0.5" focusy="0.5"');
    expect(old).toContain('focusx="0.25"');
    expect(readCollageXml(old, anyTemplate)).toEqual({ ok: true, document: example });
    // Written again, it has the spec's names.
    expect(writeCollageXml(example)).toBe(EXAMPLE_XML);
  });

  it('prefers x and y when a document has both names', () => {
    const both = EXAMPLE_XML.replace(
      'x="0.25" y="0.75"',
      'x="0.25" y="0.75" focusx="0.9" focusy="0.1"',
    );
    expect(read(both).userdata[0]!.slots.find((slot) => slot.name === 'img1')).toMatchObject({
      photo: { focusX: 0.25, focusY: 0.75 },
    });
  });

  it('reads it back', () => {
    expect(readCollageXml(EXAMPLE_XML, anyTemplate)).toEqual({ ok: true, document: example });
  });

  it('reads pretty-printed XML with comments, CDATA, short colours and defaults', () => {
    const xml = `<?xml version="1.0"?>
      <!-- saved by hand -->
      <collage>
        <templateId> gen-heart </templateId>
        <childTemplateId></childTemplateId>
        <photos>
          <photo id="p1"/>
        </photos>
        <userdata version="2" width="40" height="40" backgroundcolor="0xff">
          <dopimage name="img1" photoid="p1"><position x="1" y="2" width="3" height="4"/></dopimage>
          <doptext name="txt1" fontsize="2.54" color="0x0"><position x="0" y="0" width="40" height="5" rotation="0"/><text><![CDATA[  Hallo <wereld> 😀 ]]></text></doptext>
        </userdata>
      </collage>`;
    const document = read(xml);
    expect(document.templateId).toBe('gen-heart');
    expect(document.childTemplateId).toBeUndefined();
    const page = document.userdata[0]!;
    expect(page).toMatchObject({
      variation: 'default',
      photoBorderColor: '#000000',
      photoBorderAutomaticColor: true,
      backgroundColor: '#0000ff',
      screenDpcm: 40,
      material: '',
      settings: {},
    });
    expect(page.slots[0]).toEqual({
      kind: 'image',
      name: 'img1',
      position: { x: 1, y: 2, width: 3, height: 4, rotation: 0 },
      photo: { id: 'p1', zoom: 1, focusX: 0.5, focusY: 0.5, rotation: 0, effect: 'none', dpi: -1 },
    });
    expect(page.slots[1]).toMatchObject({
      kind: 'text',
      text: {
        txt: 'Hallo <wereld>',
        color: '#000000',
        align: 'center',
        valign: 'bottom',
        font: 'Roboto',
        caps: false,
        background: 'none',
        lineHeight: 0.5,
      },
    });
  });

  it('writes a photo inside text and multi-page collages', () => {
    const inner = example.userdata[0]!.slots[4]!;
    if (inner.kind !== 'text') throw new Error('the example changed');
    const photo = {
      id: 'p1',
      zoom: 1,
      focusX: 0.5,
      focusY: 0.5,
      rotation: 0,
      effect: 'none' as const,
      dpi: 100,
      text: inner.text,
    };
    const page = {
      ...example.userdata[0]!,
      slots: [{ kind: 'image' as const, name: 'img1', position: inner.position, photo }],
    };
    const document: CollageDocument = {
      templateId: 'a',
      photos: ['p1'],
      pages: [{ templateId: 'a', childTemplateId: 'c' }, { templateId: 'b' }],
      userdata: [page, page],
    };
    const xml = writeCollageXml(document);
    expect(xml).toContain(
      '<pages><page templateId="a" childTemplateId="c"/><page templateId="b"/></pages>',
    );
    expect(xml).toContain('<doptext color="0x000000"');
    expect(read(xml)).toEqual(document);
  });
});

describe('collage XML errors', () => {
  it.each([
    ['not XML', 'Hallo'],
    ['empty', ''],
    ['unclosed', '<collage><templateId>a</templateId>'],
    [
      'a DOCTYPE',
      '<!DOCTYPE collage [<!ENTITY a "aaaa">]><collage><templateId>&a;</templateId></collage>',
    ],
    ['another root', '<template id="a"/>'],
    ['no template id', '<collage><photos/><userdata width="1" height="1"/></collage>'],
    ['no userdata', '<collage><templateId>a</templateId></collage>'],
    [
      'a userdata too many',
      '<collage><templateId>a</templateId><userdata width="1" height="1"/><userdata width="1" height="1"/></collage>',
    ],
    [
      'a page without userdata',
      '<collage><templateId>a</templateId><pages><page templateId="a"/><page templateId="b"/></pages><userdata width="1" height="1"/></collage>',
    ],
    ['no width', '<collage><templateId>a</templateId><userdata height="1"/></collage>'],
    [
      'a width of NaN',
      '<collage><templateId>a</templateId><userdata width="NaN" height="1"/></collage>',
    ],
    [
      'an infinite height',
      '<collage><templateId>a</templateId><userdata width="1" height="1e999"/></collage>',
    ],
    [
      'a hex number',
      '<collage><templateId>a</templateId><userdata width="0x10" height="1"/></collage>',
    ],
    [
      'an unknown material',
      '<collage><templateId>a</templateId><userdata width="1" height="1" material="WOOD"/></collage>',
    ],
    [
      'a bad colour',
      '<collage><templateId>a</templateId><userdata width="1" height="1" backgroundcolor="red"/></collage>',
    ],
    [
      'a bad boolean',
      '<collage><templateId>a</templateId><userdata width="1" height="1" photoborderautomaticcolor="yes"/></collage>',
    ],
    [
      'a future version',
      '<collage><templateId>a</templateId><userdata version="3" width="1" height="1"/></collage>',
    ],
    [
      'a version that is no number',
      '<collage><templateId>a</templateId><userdata version="two" width="1" height="1"/></collage>',
    ],
    [
      'version 0',
      '<collage><templateId>a</templateId><userdata version="0" width="1" height="1"/></collage>',
    ],
    [
      'an unknown slot',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><dopvideo name="v"/></userdata></collage>',
    ],
    [
      'a slot without position',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><dopclip name="c"/></userdata></collage>',
    ],
    [
      'a slot name twice',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><dopclip name="c"><position x="0" y="0" width="1" height="1"/></dopclip><dopclip name="c"><position x="0" y="0" width="1" height="1"/></dopclip></userdata></collage>',
    ],
    [
      'a negative slot width',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><dopclip name="c"><position x="0" y="0" width="-1" height="1"/></dopclip></userdata></collage>',
    ],
    [
      'a zoom above 4',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><dopimage name="i" zoom="5"><position x="0" y="0" width="1" height="1"/></dopimage></userdata></collage>',
    ],
    [
      'a focus outside the photo',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><dopimage name="i" focusx="1.5"><position x="0" y="0" width="1" height="1"/></dopimage></userdata></collage>',
    ],
    [
      'a focus x outside the photo',
      '<collage><templateId>a</templateId><userdata version="2" width="1" height="1"><dopimage name="i" x="1.5"><position x="0" y="0" width="1" height="1"/></dopimage></userdata></collage>',
    ],
    [
      'a rotation of 45',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><dopimage name="i" rotation="45"><position x="0" y="0" width="1" height="1"/></dopimage></userdata></collage>',
    ],
    [
      'a dpi of -0.5',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><dopimage name="i" dpi="-0.5"><position x="0" y="0" width="1" height="1"/></dopimage></userdata></collage>',
    ],
    [
      'an unknown effect',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><dopimage name="i"><position x="0" y="0" width="1" height="1"/><imageeffect type="neon"/></dopimage></userdata></collage>',
    ],
    [
      'a photo not listed',
      '<collage><templateId>a</templateId><photos/><userdata width="1" height="1"><dopimage name="i" photoid="p9"><position x="0" y="0" width="1" height="1"/></dopimage></userdata></collage>',
    ],
    [
      'a photo listed twice',
      '<collage><templateId>a</templateId><photos><photo id="p"/><photo id="p"/></photos><userdata width="1" height="1"/></collage>',
    ],
    [
      'an unknown alignment',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><doptext name="t" fontsize="1" align="justify"><position x="0" y="0" width="1" height="1"/></doptext></userdata></collage>',
    ],
    [
      'a font size of 0',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><doptext name="t" fontsize="0"><position x="0" y="0" width="1" height="1"/></doptext></userdata></collage>',
    ],
    [
      'a text too long',
      `<collage><templateId>a</templateId><userdata width="1" height="1"><doptext name="t" fontsize="1"><position x="0" y="0" width="1" height="1"/><text>${'a'.repeat(5001)}</text></doptext></userdata></collage>`,
    ],
    [
      'a setting twice',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><settings><setting name="a" value="1"/><setting name="a" value="2"/></settings></userdata></collage>',
    ],
    [
      'a setting named __proto__',
      '<collage><templateId>a</templateId><userdata width="1" height="1"><settings><setting name="__proto__" value="1"/></settings></userdata></collage>',
    ],
    [
      'a control character in an id',
      '<collage><templateId>a</templateId><photos><photo id="a&#10;b"/></photos><userdata width="1" height="1"/></collage>',
    ],
    [
      'a screenshot that is no base64',
      '<collage><templateId>a</templateId><screenshot>data:image/jpeg;base64,AAAA</screenshot><userdata width="1" height="1"/></collage>',
    ],
  ])("gives Couldn't parse the xml data for %s", (_name, xml) => {
    const result = readCollageXml(xml, anyTemplate);
    expect(result).toMatchObject({ ok: false, error: PARSE_ERROR });
    if (!result.ok) expect(result.detail.length).toBeGreaterThan(0);
  });

  it('gives the parse error for input that is not a string', () => {
    expect(readCollageXml(undefined, anyTemplate)).toMatchObject({ ok: false, error: PARSE_ERROR });
    expect(readCollageXml(42, anyTemplate)).toMatchObject({ ok: false, error: PARSE_ERROR });
  });

  it("gives Couldn't find template for an unknown template, also on a page", () => {
    const known = { hasTemplate: (templateId: string) => templateId === 'gen-alleven' };
    expect(readCollageXml(EXAMPLE_XML, known).ok).toBe(true);
    expect(readCollageXml(EXAMPLE_XML, { hasTemplate: () => false })).toEqual({
      ok: false,
      error: TEMPLATE_NOT_FOUND_ERROR,
      detail: "template 'gen-alleven'",
    });
    const twoPages = writeCollageXml({
      ...example,
      pages: [{ templateId: 'gen-alleven' }, { templateId: 'gone' }],
      userdata: [example.userdata[0]!, example.userdata[0]!],
    });
    expect(readCollageXml(twoPages, known)).toEqual({
      ok: false,
      error: TEMPLATE_NOT_FOUND_ERROR,
      detail: "template 'gone'",
    });
  });

  it('refuses to write what it could not read back', () => {
    expect(() =>
      writeCollageXml({ ...example, userdata: [{ ...example.userdata[0]!, widthCm: Number.NaN }] }),
    ).toThrow(RangeError);
    expect(() =>
      writeCollageXml({
        ...example,
        userdata: [{ ...example.userdata[0]!, backgroundColor: 'red' }],
      }),
    ).toThrow(RangeError);
  });
});

describe('collage versions', () => {
  it('migrates version 1: no version, x/y offsets dropped, photo centred', () => {
    const xml =
      '<collage><templateId>a</templateId><photos><photo id="p"/></photos><userdata width="10" height="10"><dopimage name="img1" photoid="p" zoom="2" x="-35" y="12" rotation="180"><position x="0" y="0" width="5" height="5"/></dopimage></userdata></collage>';
    const result = readCollageXml(xml, anyTemplate);
    expect(result).toMatchObject({ ok: true, migratedFrom: 1 });
    if (!result.ok) return;
    expect(result.document.userdata[0]!.slots[0]).toMatchObject({
      photo: { id: 'p', zoom: 2, focusX: 0.5, focusY: 0.5, rotation: 180 },
    });
    expect(writeCollageXml(result.document)).toContain('version="2"');
  });

  it('keeps focal points a version 1 document already had', () => {
    const xml =
      '<collage><templateId>a</templateId><userdata version="1" width="10" height="10"><dopimage name="img1" focusx="0.1" focusy="0.9"><position x="0" y="0" width="5" height="5"/></dopimage></userdata></collage>';
    expect(read(xml).userdata[0]!.slots[0]).toMatchObject({ photo: { focusX: 0.1, focusY: 0.9 } });
  });

  it('does not report a migration for version 2', () => {
    expect(readCollageXml(EXAMPLE_XML, anyTemplate)).not.toHaveProperty('migratedFrom');
  });
});

describe('collage XML robustness', () => {
  it('never throws on damaged documents: a result or the parse error', () => {
    fc.assert(
      fc.property(
        collageDocument,
        fc.nat(),
        fc.nat({ max: 40 }),
        fc.string({ maxLength: 8 }),
        (document, at, length, insert) => {
          const xml = writeCollageXml(document);
          const start = at % (xml.length + 1);
          const damaged = xml.slice(0, start) + insert + xml.slice(start + length);
          const result = readCollageXml(damaged, anyTemplate);
          if (!result.ok) expect(result.error).toBe(PARSE_ERROR);
        },
      ),
      { numRuns: 300 },
    );
  });
});
