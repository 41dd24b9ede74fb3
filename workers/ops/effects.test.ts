import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_EFFECTS, type DecodedImage, type PhotoCodec } from '../codec/photoCodec';
import { applyEffectReference } from '../codec/effectsReference';
import { fixture, loadCodec } from '../codec/test/support';
import { MAX_FILE_BYTES } from '../../src/model/photos/photoTypes';
import { applyEffect, EFFECT_THUMBNAIL_BOX, effectThumbnails } from './effects';
import { processFile, type JpegEncoder } from './processFile';
import { loadFailureCode } from './loadFailure';
import { blob, nodeJpegEncoder } from './test/nodeJpegEncoder';

let codec: PhotoCodec;
let encodeJpeg: JpegEncoder;
let web: Blob;

beforeAll(async () => {
  codec = await loadCodec();
  encodeJpeg = await nodeJpegEncoder();
  web = (
    await processFile(blob(fixture('cameras/mobile_jolla.jpg')), 1024, {
      codec,
      encodeJpeg,
      allowPng: false,
      maxBytes: MAX_FILE_BYTES,
    })
  ).web;
});

function decode(bytes: Uint8Array): DecodedImage {
  const decoded = codec.decodeToFit(bytes, 4096, 4096, 1);
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value;
}

describe('effect thumbnails', () => {
  it('makes one JPEG per effect, in the spec order, fitting 100 px', async () => {
    const thumbnails = await effectThumbnails(codec, web, encodeJpeg);
    expect(thumbnails.map((t) => t.effect)).toEqual([...PHOTO_EFFECTS]);
    for (const thumbnail of thumbnails) {
      expect(Math.max(thumbnail.width, thumbnail.height)).toBe(EFFECT_THUMBNAIL_BOX);
      const pixels = decode(new Uint8Array(await thumbnail.jpeg.arrayBuffer()));
      expect([pixels.width, pixels.height]).toEqual([thumbnail.width, thumbnail.height]);
    }
    const grey = decode(
      new Uint8Array(await thumbnails.find((t) => t.effect === 'grey')!.jpeg.arrayBuffer()),
    );
    let spread = 0;
    for (let i = 0; i < grey.rgba.length; i += 4)
      spread = Math.max(spread, Math.abs(grey.rgba[i]! - grey.rgba[i + 2]!));
    expect(spread, 'grey stays grey through JPEG').toBeLessThan(6);
  });

  it('an unreadable web image is refused, not thrown as anything else', async () => {
    let failure: unknown;
    await effectThumbnails(codec, new Blob(['not a jpeg']), encodeJpeg).catch(
      (error: unknown) => (failure = error),
    );
    expect(loadFailureCode(failure)).toBe('ERROR_IMAGE_COULD_NOT_BE_LOADED');
  });
});

describe('applyEffect', () => {
  it('returns the slot image with the effect as the TypeScript reference computes it', async () => {
    const plain = decode(new Uint8Array(await web.arrayBuffer()));
    for (const effect of PHOTO_EFFECTS) {
      const image = await applyEffect(codec, web, effect, 1024);
      expect([image.width, image.height]).toEqual([plain.width, plain.height]);
      const expected = applyEffectReference(plain.rgba, effect);
      expect(Buffer.from(image.rgba).equals(Buffer.from(expected)), effect).toBe(true);
    }
  });
});
