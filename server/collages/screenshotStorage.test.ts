import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCollageXml } from './collageXml.js';
import { joinScreenshot, screenshotBytes, splitScreenshot } from './screenshotStorage.js';

async function roundTrip(xml: string) {
  const read = await readCollageXml(xml);
  if (!read.ok) throw new Error('test document does not parse');
  const stored = splitScreenshot(xml, read.doc);
  // loading reads the stored document to find the empty element the screenshot goes back into
  const storedRead = await readCollageXml(stored.xml);
  if (!storedRead.ok) throw new Error('stored document does not parse');
  return { stored, joined: joinScreenshot(stored, storedRead.doc.screenshotSpan), doc: read.doc };
}

const jpegBase64 = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 250]).toString('base64');

describe('screenshot storage', () => {
  it('stores a plain screenshot once, outside the XML, and puts it back byte for byte', async () => {
    const xml = `<collage><templateId>t</templateId><screenshot>\n data:image/jpeg;base64,${jpegBase64.slice(0, 4)}\n${jpegBase64.slice(4)} </screenshot><photos/></collage>`;
    const { stored, joined } = await roundTrip(xml);
    expect(stored.xml).toBe(
      '<collage><templateId>t</templateId><screenshot></screenshot><photos/></collage>',
    );
    expect(screenshotBytes(stored.screenshot!)).toEqual(Buffer.from(jpegBase64, 'base64'));
    expect(joined).toBe(xml);
  });

  it('keeps a CDATA screenshot in the XML and its clean base64 in the column', async () => {
    const xml = `<collage><templateId>t</templateId><screenshot><![CDATA[${jpegBase64}]]></screenshot></collage>`;
    const { stored, joined } = await roundTrip(xml);
    expect(stored).toEqual({ xml, screenshot: jpegBase64 });
    expect(joined).toBe(xml);
  });

  it('stores nothing for an empty or missing screenshot', async () => {
    for (const xml of [
      '<collage><screenshot>  </screenshot></collage>',
      '<collage><screenshot/></collage>',
      '<collage/>',
    ]) {
      expect(await roundTrip(xml)).toMatchObject({
        stored: { xml, screenshot: null },
        joined: xml,
      });
    }
  });

  it('gives back every document it stored (property)', async () => {
    const base64 = fc
      .uint8Array({ minLength: 1, maxLength: 60 })
      .map((bytes) => Buffer.from(bytes).toString('base64'));
    const padding = fc.constantFrom('', ' ', '\n', '\r\n  ');
    const prefix = fc.constantFrom('', 'data:image/jpeg;base64,');
    const wrap = fc.constantFrom('plain', 'cdata', 'none');
    await fc.assert(
      fc.asyncProperty(
        base64,
        padding,
        prefix,
        wrap,
        padding,
        async (data, before, dataPrefix, form, between) => {
          const content =
            form === 'none'
              ? ''
              : form === 'cdata'
                ? `<![CDATA[${dataPrefix}${data}]]>`
                : `${before}${dataPrefix}${data}${before}`;
          const xml = `<?xml version="1.0"?>${between}<collage>${between}<templateId>a</templateId><screenshot>${content}</screenshot>${between}<userdata width="1"/></collage>`;
          const { stored, joined, doc } = await roundTrip(xml);
          expect(joined).toBe(xml);
          expect(
            stored.screenshot === null ? '' : screenshotBytes(stored.screenshot).toString('base64'),
          ).toBe(doc.screenshotBase64 && Buffer.from(data, 'base64').toString('base64'));
        },
      ),
    );
  });
});
