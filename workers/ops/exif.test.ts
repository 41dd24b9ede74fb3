import { describe, expect, it, vi } from 'vitest';
import { fixture } from '../codec/test/support';
import { EXIF_RETRY_MS, readOrientation } from './exif';
import { HEAD_BYTES } from './headCheck';
import { loadFailureCode } from './loadFailure';

/** A JPEG head whose APP1 says Exif but whose TIFF header points outside the segment. */
function brokenExifHead(): Uint8Array {
  const body = [...'Exif\0\0II']
    .map((c) => c.charCodeAt(0))
    .concat([42, 0, 0xff, 0xff, 0xff, 0x0f]);
  const length = body.length + 2;
  return Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...body, 0xff, 0xd9]);
}

describe('readOrientation', () => {
  it('reads every orientation 1–8 from the first 256 KiB; 0 (out of range) and no EXIF give 1', async () => {
    for (let n = 0; n <= 8; n++) {
      const head = fixture(`orientation/Portrait_${n}.jpg`).subarray(0, HEAD_BYTES);
      expect(await readOrientation(head)).toBe(n === 0 ? 1 : n);
    }
    expect(await readOrientation(fixture('libjpeg-turbo/testorig.jpg'))).toBe(1);
    expect(
      await readOrientation(fixture('cameras/hdr_canon_hdr_YES.jpg').subarray(0, HEAD_BYTES)),
    ).toBe(6);
  });

  it('retries an unreadable EXIF once after 20 ms, then refuses it as not a JPEG', async () => {
    const wait = vi.fn(async () => undefined);
    let failure: unknown;
    await readOrientation(brokenExifHead(), wait).catch((error: unknown) => (failure = error));
    expect(loadFailureCode(failure)).toBe('ERROR_NO_JPG_IMAGE');
    expect(wait.mock.calls).toEqual([[EXIF_RETRY_MS]]);
    expect(EXIF_RETRY_MS).toBe(20);
  });

  it('does not wait when the first read succeeds', async () => {
    const wait = vi.fn(async () => undefined);
    await readOrientation(fixture('orientation/Landscape_6.jpg'), wait);
    expect(wait).not.toHaveBeenCalled();
  });
});
