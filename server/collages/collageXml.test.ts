import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENT_CHARS,
  MAX_STRUCTURE_CHARS,
  readCollageXml,
  XML_PARSE_ERROR,
} from './collageXml.js';

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('readCollageXml', () => {
  it('reads the pinned parts and keeps each page’s userdata verbatim', async () => {
    const first =
      '<userdata width="30.5" height="40" material="CANVAS2CM" photobackgroundcolor="0x8a8c8e" photoborderautomaticcolor="false"><layers><doptext text="a &gt; b"/></layers></userdata>';
    const second =
      '<userdata width="20" height="20" material="" photobordercolor="0xffffff" photoborderautomaticcolor="true"/>';
    const xml = `<collage><templateId> t1 </templateId><childTemplateId>c1</childTemplateId>
      <screenshot>data:image/jpeg;base64,/9j/4A
      AQ==</screenshot><photos><photo id="7"/><photo id="3"/><photo id="7"/></photos>
      <pages><page templateId="t1" childTemplateId="c1"/><page templateId="t2" childTemplateId="c2"/></pages>
      <!-- <userdata width="1"/> -->${first}${second}<extra keep="yes"/></collage>`;
    const read = await readCollageXml(xml);
    expect(read).toEqual({
      ok: true,
      doc: {
        templateId: 't1',
        childTemplateId: 'c1',
        screenshotBase64: '/9j/4AAQ==',
        screenshotSpan: { start: xml.indexOf('data:'), end: xml.indexOf('</screenshot>') },
        photoIds: ['7', '3'],
        pages: [
          {
            templateId: 't1',
            childTemplateId: 'c1',
            userdata: first,
            photoBackgroundColor: '0x8a8c8e',
            photoBorderAutomaticColor: false,
          },
          {
            templateId: 't2',
            childTemplateId: 'c2',
            userdata: second,
            photoBackgroundColor: '0xffffff',
            photoBorderAutomaticColor: true,
          },
        ],
        widthCm: 30.5,
        heightCm: 40,
        material: 'CANVAS2CM',
      },
    });
  });

  it('reads a screenshot written with entities or CDATA the slow way, and the same', async () => {
    const plain = await readCollageXml(
      '<collage><templateId>t</templateId><screenshot>/9j/4A+=</screenshot></collage>',
    );
    const cdata = await readCollageXml(
      '<collage><templateId>t</templateId><screenshot><![CDATA[/9j/4A]]>&#43;=</screenshot></collage>',
    );
    expect(plain.ok && plain.doc.screenshotBase64).toBe('/9j/4A+=');
    expect(cdata.ok && cdata.doc.screenshotBase64).toBe('/9j/4A+=');
    expect(
      (
        await readCollageXml(
          '<collage><templateId>t</templateId><screenshot>/9j/<b></screenshot></collage>',
        )
      ).ok,
    ).toBe(false);
  });

  it('makes one page from the root ids when the document has no <pages>', async () => {
    const read = await readCollageXml('<collage><templateId>t</templateId><photos/></collage>');
    expect(read.ok && read.doc.pages).toEqual([
      {
        templateId: 't',
        childTemplateId: '',
        userdata: '',
        photoBackgroundColor: '',
        photoBorderAutomaticColor: false,
      },
    ]);
    expect(read.ok && [read.doc.widthCm, read.doc.heightCm, read.doc.photoIds]).toEqual([
      null,
      null,
      [],
    ]);
  });

  it('refuses what is not one well-formed <collage> element', async () => {
    for (const bad of [
      '',
      '<collage>',
      '<collage></collag>',
      '<a/>',
      '<collage/><collage/>',
      '<!DOCTYPE x><collage/>',
      'text<collage/>',
    ]) {
      expect(await readCollageXml(bad)).toEqual({ ok: false, error: XML_PARSE_ERROR });
    }
  });

  it('reads back any template id, size and material it was given (property)', async () => {
    const textArb = fc
      .string({ minLength: 1, maxLength: 30 })
      .filter((value) => value.trim() === value && /^[\x20-\x7e\u00a1-\u00ff]+$/.test(value));
    await fc.assert(
      fc.asyncProperty(
        textArb,
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        textArb,
        fc.uniqueArray(fc.integer({ min: 1, max: 1e9 }), { maxLength: 20 }),
        async (templateId, width, height, material, photoIds) => {
          const userdata = `<userdata width="${width}" height="${height}" material="${escapeXml(material)}"><layers/></userdata>`;
          const xml = `<collage><templateId>${escapeXml(templateId)}</templateId><photos>${photoIds.map((id) => `<photo id="${id}"/>`).join('')}</photos>${userdata}</collage>`;
          const read = await readCollageXml(xml);
          expect(read.ok).toBe(true);
          if (!read.ok) return;
          expect(read.doc.templateId).toBe(templateId);
          expect([read.doc.widthCm, read.doc.heightCm, read.doc.material]).toEqual([
            width,
            height,
            material,
          ]);
          expect(read.doc.photoIds).toEqual(photoIds.map(String));
          expect(read.doc.pages[0]?.userdata).toBe(userdata);
        },
      ),
    );
  });

  it('never throws on arbitrary input (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (input) => {
        const read = await readCollageXml(input);
        expect(typeof read.ok).toBe('boolean');
      }),
    );
  });
});

describe('what the reader refuses and what it finds', () => {
  it('ignores tags inside comments, CDATA and attribute values', async () => {
    const xml =
      '<?xml version="1.0"?><collage a="&lt;userdata/>"><![CDATA[<userdata/>]]><!-- <userdata/> --><userdata b=">"/></collage>';
    const read = await readCollageXml(xml);
    expect(read.ok && read.doc.pages.map((page) => page.userdata)).toEqual(['<userdata b=">"/>']);
  });

  it('takes userdata and screenshot only from direct children of the root', async () => {
    const nested = await readCollageXml(
      '<collage><x><userdata/><screenshot>a</screenshot></x></collage>',
    );
    expect(nested.ok && [nested.doc.pages[0]?.userdata, nested.doc.screenshotSpan]).toEqual([
      '',
      null,
    ]);
    const xml = '<collage><screenshot>abc</screenshot><screenshot>def</screenshot></collage>';
    const two = await readCollageXml(xml);
    expect(two.ok && two.doc.screenshotSpan).toEqual({
      start: xml.indexOf('abc'),
      end: xml.indexOf('abc') + 3,
    });
  });

  it('names every photo the document refers to, in its slots too, not only its photo list', async () => {
    const xml =
      '<collage><templateId>t</templateId><photos><photo id="1"/></photos><userdata width="1" height="1"><dopimage name="a" photoid="1"/><dopimage name="b" photoid="99"><x><photo id="77"/></x></dopimage></userdata></collage>';
    const read = await readCollageXml(xml);
    expect(read.ok && read.doc.photoIds).toEqual(['1', '99', '77']);
  });

  it('refuses a document over the limits of the reader, a structure over its bound and a document over its length', async () => {
    const elements = `<collage>${'<a/>'.repeat(10_001)}</collage>`;
    const deep = `<collage>${'<a>'.repeat(40)}${'</a>'.repeat(40)}</collage>`;
    const attributes = `<collage ${Array.from({ length: 65 }, (_, index) => `a${index}="1"`).join(' ')}/>`;
    const structure = `<collage><templateId>t</templateId><x a="${'b'.repeat(MAX_STRUCTURE_CHARS)}"/></collage>`;
    const references = `<collage><templateId>t</templateId><x a="${'&amp;'.repeat(20_001)}"/></collage>`;
    const long = `<collage><templateId>t</templateId><screenshot>${'A'.repeat(MAX_DOCUMENT_CHARS)}</screenshot></collage>`;
    for (const bad of [elements, deep, attributes, structure, references, long])
      expect(await readCollageXml(bad)).toEqual({ ok: false, error: XML_PARSE_ERROR });
    // a large plain screenshot is not structure
    const shot = await readCollageXml(
      `<collage><templateId>t</templateId><screenshot>${'A'.repeat(MAX_STRUCTURE_CHARS + 10)}</screenshot></collage>`,
    );
    expect(shot.ok).toBe(true);
  });

  it('reads a large plain screenshot in one pass to the same result as reading it through, wherever the tag stands', async () => {
    // A reference '&#65;' ('A') before the text makes it not plain, so that document is read through;
    // both readings agree on everything but the reference itself and the span only the plain one has.
    const base64 = fc.stringMatching(/^[A-Za-z0-9+/]{4100,4400}$/);
    const part = fc.constantFrom(
      '',
      '<templateId>alleven</templateId>',
      '<userdata width="2" height="3"/>',
      '<photos><photo id="5"/></photos>',
      '<screenshot/>',
      '<!-- x -->',
    );
    const place = fc.constantFrom('root', 'comment', 'nested', 'cdata');
    await fc.assert(
      fc.asyncProperty(
        base64,
        fc.array(part, { maxLength: 3 }),
        fc.array(part, { maxLength: 3 }),
        place,
        async (text, before, after, where) => {
          const shot = (body: string) => `<screenshot>${body}</screenshot>`;
          const wrap = (body: string) =>
            ({
              root: shot(body),
              comment: `<!-- ${shot(body)} -->`,
              nested: `<userdata>${shot(body)}</userdata>`,
              cdata: `<![CDATA[${shot(body)}]]>`,
            })[where];
          const xml = (body: string) =>
            `<collage>${before.join('')}${wrap(body)}${after.join('')}</collage>`;
          const plain = await readCollageXml(xml(text));
          const through = await readCollageXml(xml(`&#65;${text}`));
          expect(plain.ok).toBe(through.ok);
          if (!plain.ok || !through.ok) return;
          const rootShot = where === 'root' && !before.includes('<screenshot/>');
          const { screenshotSpan, screenshotBase64, ...rest } = plain.doc;
          const {
            screenshotSpan: _none,
            screenshotBase64: throughBase64,
            ...throughRest
          } = through.doc;
          expect(rest).toEqual(JSON.parse(JSON.stringify(throughRest).replaceAll('&#65;', '')));
          // the reference decodes to the 'A' in front wherever the text is read as the screenshot
          expect([screenshotBase64, `A${screenshotBase64}`]).toContain(throughBase64);
          if (rootShot) expect(screenshotBase64).toBe(text);
          expect(screenshotSpan).toEqual(
            rootShot
              ? { start: xml(text).indexOf(text), end: xml(text).indexOf(text) + text.length }
              : null,
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
