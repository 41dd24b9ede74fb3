import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixture, loadCodec } from '../../../workers/codec/test/support';
import {
  countsAsChromium,
  memoryFigures,
  processKind,
  pssOfRollup,
  withComment,
} from '../photoMemoryParts';

const rollup = `56214907b000-7ffcf8145000 ---p 00000000 00:00 0                          [rollup]
Rss:              204800 kB
Pss:              150000 kB
Pss_Dirty:         90000 kB
Pss_Anon:          80000 kB
Pss_File:          60000 kB
Pss_Shmem:         10000 kB
Shared_Clean:       1484 kB
`;

describe('pssOfRollup', () => {
  it('adds Pss_Anon and Pss_Shmem, in bytes, and leaves the file-backed pages out', () => {
    expect(pssOfRollup(rollup)).toBe((80000 + 10000) * 1024);
  });

  it('refuses a rollup without the fields (an older kernel) instead of measuring nothing', () => {
    expect(() => pssOfRollup('Rss: 1 kB\nPss: 1 kB\n')).toThrow(/Pss_Anon/);
  });
});

describe('countsAsChromium', () => {
  it("counts Chromium's processes, NUL-separated or with a rewritten title", () => {
    expect(countsAsChromium('/usr/lib/chromium/chromium\0--headless\0--no-sandbox')).toBe(true);
    expect(
      countsAsChromium('/usr/lib/chromium/chromium --type=renderer --renderer-client-id=5'),
    ).toBe(true);
    expect(countsAsChromium('/usr/lib/chromium/chromium --type=zygote')).toBe(true);
  });

  it('leaves out the browser-UI renderer, the server, the shell wrapper and other programs', () => {
    expect(
      countsAsChromium('/usr/lib/chromium/chromium --type=renderer --top-chrome-webui --x'),
    ).toBe(false);
    expect(countsAsChromium('/usr/bin/node\0--import\0tsx\0server/main.ts')).toBe(false);
    expect(countsAsChromium('/bin/sh\0/usr/bin/chromium')).toBe(false);
    expect(countsAsChromium('/usr/lib/chromium/chrome_crashpad_handler\0--database')).toBe(false);
  });

  it('names the kind of each process for the report', () => {
    expect(processKind('/usr/lib/chromium/chromium\0--headless')).toBe('browser');
    expect(processKind('/usr/lib/chromium/chromium --type=gpu-process --x')).toBe('gpu-process');
  });
});

describe('withComment', () => {
  const jpeg = fixture('cameras/Canon_40D.jpg');

  it('makes copies that differ from each other and still decode to the same picture', async () => {
    const codec = await loadCodec();
    const original = codec.decodeToFit(jpeg, 64, 64);
    const one = withComment(jpeg, 'bench photo 1');
    const two = withComment(jpeg, 'bench photo 2');
    expect(Buffer.from(one).equals(Buffer.from(two))).toBe(false);
    expect(one.length).toBe(jpeg.length + 4 + 'bench photo 1'.length);
    for (const copy of [one, two]) {
      const decoded = codec.decodeToFit(copy, 64, 64);
      expect(decoded.ok && original.ok).toBe(true);
      if (decoded.ok && original.ok)
        expect(Buffer.from(decoded.value.rgba).equals(Buffer.from(original.value.rgba))).toBe(true);
    }
  });

  it('puts the comment after the APPn segments, the rest of the file unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const copy = withComment(jpeg, text);
        let at = 2;
        while (jpeg[at] === 0xff && jpeg[at + 1]! >= 0xe0 && jpeg[at + 1]! <= 0xef)
          at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
        const body = new TextEncoder().encode(text);
        expect([...copy.subarray(0, at)]).toEqual([...jpeg.subarray(0, at)]);
        expect([copy[at], copy[at + 1]]).toEqual([0xff, 0xfe]);
        expect((copy[at + 2]! << 8) | copy[at + 3]!).toBe(body.length + 2);
        expect(Buffer.from(copy.subarray(at + 4 + body.length)).equals(jpeg.subarray(at))).toBe(
          true,
        );
      }),
      { numRuns: 30 },
    );
  });

  it('refuses what is not a JPEG', () => {
    expect(() => withComment(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'x')).toThrow(/SOI/);
  });
});

describe('memoryFigures', () => {
  const MB = 2 ** 20;
  it('gives the editor over the blank page, and each step over the base per photo', () => {
    const figures = memoryFigures(
      {
        blank: 100 * MB,
        editor: 180 * MB,
        base: 185 * MB,
        added: 215 * MB,
        placed: 245 * MB,
        scrolled: 260 * MB,
      },
      150,
    );
    expect(figures).toEqual({
      editor_over_blank_mb: { value: 80, unit: 'MB' },
      photo_added_mb: { value: 0.2, unit: 'MB' },
      photo_placed_mb: { value: 0.4, unit: 'MB' },
      photo_scrolled_mb: { value: 0.5, unit: 'MB' },
    });
  });

  it('refuses to divide by no photos', () => {
    const steps = { blank: 0, editor: 0, base: 0, added: 0, placed: 0, scrolled: 0 };
    expect(() => memoryFigures(steps, 0)).toThrow(/no photos/);
  });
});
