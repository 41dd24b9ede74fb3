import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCollageXml, scanTopLevel, XML_PARSE_ERROR } from './collageXml.js';

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('readCollageXml', () => {
  it('reads the pinned parts and keeps each page’s userdata verbatim', () => {
    const first = '<userdata width="30.5" height="40" material="CANVAS2CM" photobackgroundcolor="0x8a8c8e" photoborderautomaticcolor="false"><layers><doptext text="a &gt; b"/></layers></userdata>';
    const second = '<userdata width="20" height="20" material="" photobordercolor="0xffffff" photoborderautomaticcolor="true"/>';
    const xml = `<collage><templateId> t1 </templateId><childTemplateId>c1</childTemplateId>
      <screenshot>data:image/jpeg;base64,/9j/4A
      AQ==</screenshot><photos><photo id="7"/><photo id="3"/><photo id="7"/></photos>
      <pages><page templateId="t1" childTemplateId="c1"/><page templateId="t2" childTemplateId="c2"/></pages>
      <!-- <userdata width="1"/> -->${first}${second}<extra keep="yes"/></collage>`;
    const read = readCollageXml(xml);
    expect(read).toEqual({
      ok: true,
      doc: {
        templateId: 't1',
        childTemplateId: 'c1',
        screenshotBase64: '/9j/4AAQ==',
        screenshotSpan: { start: xml.indexOf('data:'), end: xml.indexOf('</screenshot>') },
        photoIds: ['7', '3'],
        pages: [
          { templateId: 't1', childTemplateId: 'c1', userdata: first, photoBackgroundColor: '0x8a8c8e', photoBorderAutomaticColor: false },
          { templateId: 't2', childTemplateId: 'c2', userdata: second, photoBackgroundColor: '0xffffff', photoBorderAutomaticColor: true },
        ],
        widthCm: 30.5,
        heightCm: 40,
        material: 'CANVAS2CM',
      },
    });
  });

  it('reads a screenshot written with entities or CDATA the slow way, and the same', () => {
    const plain = readCollageXml('<collage><templateId>t</templateId><screenshot>/9j/4A+=</screenshot></collage>');
    const cdata = readCollageXml('<collage><templateId>t</templateId><screenshot><![CDATA[/9j/4A]]>&#43;=</screenshot></collage>');
    expect(plain.ok && plain.doc.screenshotBase64).toBe('/9j/4A+=');
    expect(cdata.ok && cdata.doc.screenshotBase64).toBe('/9j/4A+=');
    expect(readCollageXml('<collage><templateId>t</templateId><screenshot>/9j/<b></screenshot></collage>').ok).toBe(false);
  });

  it('makes one page from the root ids when the document has no <pages>', () => {
    const read = readCollageXml('<collage><templateId>t</templateId><photos/></collage>');
    expect(read.ok && read.doc.pages).toEqual([{ templateId: 't', childTemplateId: '', userdata: '', photoBackgroundColor: '', photoBorderAutomaticColor: false }]);
    expect(read.ok && [read.doc.widthCm, read.doc.heightCm, read.doc.photoIds]).toEqual([null, null, []]);
  });

  it('refuses what is not one well-formed <collage> element', () => {
    for (const bad of ['', '<collage>', '<collage></collag>', '<a/>', '<collage/><collage/>', '<!DOCTYPE x><collage/>', 'text<collage/>']) {
      expect(readCollageXml(bad)).toEqual({ ok: false, error: XML_PARSE_ERROR });
    }
  });

  it('reads back any template id, size and material it was given (property)', () => {
    const textArb = fc.string({ minLength: 1, maxLength: 30 }).filter((value) => value.trim() === value && /^[\x20-\x7e\u00a1-\u00ff]+$/.test(value));
    fc.assert(
      fc.property(textArb, fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), textArb, fc.uniqueArray(fc.integer({ min: 1, max: 1e9 }), { maxLength: 20 }), (templateId, width, height, material, photoIds) => {
        const userdata = `<userdata width="${width}" height="${height}" material="${escapeXml(material)}"><layers/></userdata>`;
        const xml = `<collage><templateId>${escapeXml(templateId)}</templateId><photos>${photoIds.map((id) => `<photo id="${id}"/>`).join('')}</photos>${userdata}</collage>`;
        const read = readCollageXml(xml);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        expect(read.doc.templateId).toBe(templateId);
        expect([read.doc.widthCm, read.doc.heightCm, read.doc.material]).toEqual([width, height, material]);
        expect(read.doc.photoIds).toEqual(photoIds.map(String));
        expect(read.doc.pages[0]?.userdata).toBe(userdata);
      }),
    );
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (input) => {
        const read = readCollageXml(input);
        expect(typeof read.ok).toBe('boolean');
      }),
    );
  });
});

describe('scanTopLevel', () => {
  it('ignores tags inside comments, CDATA and attribute values', () => {
    const xml = '<?xml version="1.0"?><collage a="<userdata/>"><![CDATA[<userdata/>]]><!-- <userdata/> --><userdata b=">"/></collage>';
    expect(scanTopLevel(xml)).toEqual({ rootName: 'collage', userdataSpans: ['<userdata b=">"/>'], screenshotText: null });
  });

  it('takes only direct children of the root', () => {
    expect(scanTopLevel('<collage><x><userdata/><screenshot>a</screenshot></x></collage>')).toEqual({ rootName: 'collage', userdataSpans: [], screenshotText: null });
    const xml = '<collage><screenshot>abc</screenshot><screenshot>def</screenshot></collage>';
    expect(scanTopLevel(xml)?.screenshotText).toEqual({ start: xml.indexOf('abc'), end: xml.indexOf('abc') + 3 });
  });
});
