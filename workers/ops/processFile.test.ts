import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { DecodedImage, PhotoCodec } from '../codec/photoCodec';
import { fixture, FIXTURES, jpegSize, loadCodec, meanAbsDifference } from '../codec/test/support';
import { MAX_FILE_BYTES } from '../../src/model/photos/photoTypes';
import { processFile, WEB_JPEG_QUALITY, type FileOpsDeps, type JpegEncoder } from './processFile';
import {
  isPhotoLoadFailure,
  loadFailureCode,
  loadFailureReason,
  PHOTO_LOAD_MESSAGE,
  type LoadFailureReason,
} from './loadFailure';
import { craftJpeg } from '../../server/test/craftJpeg';
import { blob, nodeJpegEncoder } from './test/nodeJpegEncoder';

let codec: PhotoCodec;
let encodeJpeg: JpegEncoder;
let deps: FileOpsDeps;

beforeAll(async () => {
  codec = await loadCodec();
  encodeJpeg = await nodeJpegEncoder();
  deps = { codec, encodeJpeg, allowPng: false, maxBytes: MAX_FILE_BYTES };
});

const blobOf = (path: string) => blob(fixture(path));

async function webPixels(web: Blob): Promise<DecodedImage> {
  const decoded = codec.decodeToFit(new Uint8Array(await web.arrayBuffer()), 4096, 4096, 1);
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value;
}

async function failureOf(
  promise: Promise<unknown>,
): Promise<{ code: string | null; message: string }> {
  try {
    await promise;
  } catch (error) {
    expect(isPhotoLoadFailure(error), String(error)).toBe(true);
    return { code: loadFailureCode(error), message: (error as Error).message };
  }
  throw new Error('expected a failure');
}

describe('processFile: orientation', () => {
  const rotations: Record<number, number> = { 3: 180, 6: 90, 8: 270 };

  for (const kind of ['Landscape', 'Portrait'] as const) {
    it(`turns all nine ${kind} photos upright and suggests 3/6/8 → 180/90/270`, async () => {
      const upright = await processFile(blobOf(`orientation/${kind}_1.jpg`), 1024, deps);
      const reference = await webPixels(upright.web);
      expect(upright.webWidth > upright.webHeight).toBe(kind === 'Landscape');
      for (let n = 0; n <= 8; n++) {
        const result = await processFile(blobOf(`orientation/${kind}_${n}.jpg`), 1024, deps);
        expect([result.webWidth, result.webHeight], `${kind}_${n}`).toEqual([
          upright.webWidth,
          upright.webHeight,
        ]);
        expect([result.orgWidth, result.orgHeight], `${kind}_${n} original, upright`).toEqual([
          upright.orgWidth,
          upright.orgHeight,
        ]);
        expect(result.suggestedRotation, `${kind}_${n}`).toBe(rotations[n] ?? 0);
        const pixels = await webPixels(result.web);
        expect([pixels.width, pixels.height]).toEqual([result.webWidth, result.webHeight]);
        // Two JPEG generations of the same picture differ by a few levels; a wrong turn or mirror by tens.
        expect(meanAbsDifference(pixels, reference), `${kind}_${n} upright`).toBeLessThan(6);
      }
    });
  }

  it('a wrong orientation would be caught by the comparison', async () => {
    const reference = await webPixels(
      (await processFile(blobOf('orientation/Landscape_1.jpg'), 1024, deps)).web,
    );
    const mirrored = codec.decodeToFit(fixture('orientation/Landscape_1.jpg'), 1024, 1024, 2);
    if (!mirrored.ok) throw new Error(mirrored.error.message);
    expect(meanAbsDifference(mirrored.value, reference)).toBeGreaterThan(15);
  });
});

describe('processFile: camera and phone photos', () => {
  const cameras = [
    'Canon_40D.jpg',
    'Fujifilm_FinePix_E500.jpg',
    'gps_DSCN0010.jpg',
    'hdr_canon_hdr_YES.jpg',
    'hdr_iphone_hdr_YES.jpg',
    'invalid_image00971.jpg',
    'mobile_HMD_Nokia_8.3_5G.jpg',
    'mobile_jolla.jpg',
    'xmp_no_exif.jpg',
  ];

  it.each(cameras)('%s: web size fits the box, key = size.width.height.md5[0..8]', async (name) => {
    const bytes = fixture(`cameras/${name}`);
    const stored = jpegSize(bytes);
    const result = await processFile(blob(bytes), 1024, deps);
    const md5 = createHash('md5').update(bytes).digest('hex');
    expect(result.key).toBe(`${bytes.length}.${stored.width}.${stored.height}.${md5.slice(0, 8)}`);
    expect(Math.max(result.webWidth, result.webHeight)).toBe(
      Math.min(1024, Math.max(stored.width, stored.height)),
    );
    const pixels = await webPixels(result.web);
    expect([pixels.width, pixels.height]).toEqual([result.webWidth, result.webHeight]);
    expect(result.web.type).toBe('image/jpeg');
  });

  it('fits the social and other boxes (640, 512)', async () => {
    for (const box of [640, 512]) {
      const result = await processFile(blobOf('cameras/mobile_jolla.jpg'), box, deps);
      expect(Math.max(result.webWidth, result.webHeight)).toBe(box);
    }
  });

  it('encodes the web version at quality 80', async () => {
    const encoder = vi.fn(encodeJpeg);
    await processFile(blobOf('cameras/Canon_40D.jpg'), 1024, { ...deps, encodeJpeg: encoder });
    expect(encoder).toHaveBeenCalledOnce();
    expect(encoder.mock.calls[0]![1]).toBe(WEB_JPEG_QUALITY);
    expect(WEB_JPEG_QUALITY).toBe(0.8);
  });
});

describe('processFile: refusals', () => {
  const cut = (path: string, fraction: number) => {
    const bytes = fixture(path);
    return blob(bytes.subarray(0, Math.floor(bytes.length * fraction)));
  };

  // The reason is what the tile, the analytics event and the server's log name besides the spec's words.
  const cases: [string, () => Blob, string, LoadFailureReason][] = [
    [
      'arithmetic-coded JPEG',
      () => blob(fixture('libjpeg-turbo/testimgari.jpg')),
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      'damaged',
    ],
    [
      '12-bit JPEG',
      () => blob(fixture('libjpeg-turbo/monkey12.jpg')),
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      'damaged',
    ],
    [
      'corrupted JPEG',
      () => blob(fixture('reject/corrupted.jpg')),
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      'damaged',
    ],
    [
      'camera JPEG cut at 60%',
      () => cut('cameras/mobile_jolla.jpg', 0.6),
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      'damaged',
    ],
    // Cut inside its EXIF segment: unreadable EXIF counts as not a JPEG.
    [
      'camera JPEG cut inside its EXIF',
      () => cut('cameras/Canon_40D.jpg', 0.05),
      'ERROR_NO_JPG_IMAGE',
      'notJpeg',
    ],
    ['HEIC', () => blob(fixture('reject/iphone.heic')), 'ERROR_NO_JPG_IMAGE', 'heic'],
    ['TIFF', () => blob(fixture('reject/BSG1.tiff')), 'ERROR_NO_JPG_IMAGE', 'notJpeg'],
    [
      'PNG while PNG is off',
      () => blob(fixture('reject/testorig.png')),
      'ERROR_NO_JPG_IMAGE',
      'png',
    ],
    ['empty file', () => new Blob([]), 'ERROR_NO_JPG_IMAGE', 'empty'],
    [
      'header of 20000 x 20000 pixels',
      () => blob(craftJpeg({ width: 20000, height: 20000 })),
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      'tooManyPixels',
    ],
  ];

  it.each(cases)(
    '%s gives "Could not load photo" with its code and reason',
    async (_name, file, code, reason) => {
      let thrown: unknown;
      await processFile(file(), 1024, deps).catch((error: unknown) => (thrown = error));
      expect(isPhotoLoadFailure(thrown), String(thrown)).toBe(true);
      expect(loadFailureCode(thrown)).toBe(code);
      // As it arrives from the worker: comlink passes the name and message only.
      const crossed = Object.assign(new Error((thrown as Error).message), {
        name: (thrown as Error).name,
      });
      expect(loadFailureReason(crossed)).toBe(reason);
      expect((thrown as Error).message.startsWith(PHOTO_LOAD_MESSAGE)).toBe(true);
    },
  );

  it('refuses a file over 26214400 bytes from its size, without reading it all', async () => {
    const big = blob(fixture('cameras/Canon_40D.jpg'), new Uint8Array(MAX_FILE_BYTES));
    const read = vi.spyOn(big, 'arrayBuffer');
    const failure = await failureOf(processFile(big, 1024, deps));
    expect(failure.code).toBe('ERROR_FILE_TO_BIG');
    expect(failure.message).toMatch(/\[tooLarge\]$/);
    expect(read).not.toHaveBeenCalled();
    const exact = blob(
      fixture('cameras/Canon_40D.jpg'),
      new Uint8Array(MAX_FILE_BYTES - fixture('cameras/Canon_40D.jpg').length),
    );
    // Exactly at the limit passes; the zeros after the end-of-image marker are ignored, as phones' trailers are.
    await expect(processFile(exact, 1024, deps)).resolves.toMatchObject({
      webWidth: 100,
      webHeight: 68,
    });
  });

  it('keeps working after every kind of failure (same codec, next file loads)', async () => {
    for (const [, file] of cases) await processFile(file(), 1024, deps).catch(() => undefined);
    const next = await processFile(blobOf('cameras/gps_DSCN0010.jpg'), 1024, deps);
    expect([next.webWidth, next.webHeight]).toEqual([640, 480]);
    expect(codec.liveImages()).toBe(0);
  });

  it('reads the head only for a file it refuses by signature', async () => {
    const heic = blob(fixture('reject/iphone.heic'));
    const whole = vi.spyOn(heic, 'arrayBuffer');
    await failureOf(processFile(heic, 1024, deps));
    expect(whole).not.toHaveBeenCalled();
  });
});

describe('processFile: PNG when the setting allows it', () => {
  it('hands a PNG to the PNG resizer with its IHDR size and keys it', async () => {
    const bytes = new Uint8Array(readFileSync(`${FIXTURES}/reject/testorig.png`));
    const resizePng = vi.fn(async () => new Blob(['jpeg']));
    const result = await processFile(blob(bytes), 100, { ...deps, allowPng: true, resizePng });
    expect(resizePng.mock.calls[0]!.slice(1)).toEqual([100, 66]);
    const md5 = createHash('md5').update(bytes).digest('hex');
    expect(result).toMatchObject({
      webWidth: 100,
      webHeight: 66,
      orgWidth: 227,
      orgHeight: 149,
      key: `${bytes.length}.227.149.${md5.slice(0, 8)}`,
      suggestedRotation: 0,
    });
  });

  it('a PNG the browser cannot decode is "Could not load photo"', async () => {
    const resizePng = async () =>
      Promise.reject(new Error('The source image could not be decoded.'));
    const failure = await failureOf(
      processFile(blob(fixture('reject/testorig.png')), 1024, {
        ...deps,
        allowPng: true,
        resizePng,
      }),
    );
    expect(failure.code).toBe('ERROR_IMAGE_COULD_NOT_BE_LOADED');
  });
});
