import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ENTROPY_BYTES_FLOOR,
  JpegWork,
  MAX_ENTROPY_BYTES_PER_SAMPLE,
  MAX_PASSES_PER_BLOCK,
  MAX_SCANS,
  TABLE_SEGMENTS_BASE,
  TABLE_SEGMENTS_PER_SCAN,
  samples,
} from './jpegLimits';
import type { JpegFrame } from './jpegSegments';

const DHT = 0xc4;
const DQT = 0xdb;
const DRI = 0xdd;

function frame(sampling: [number, number][], progressive = true, width = 4000, height = 3000) {
  return {
    width,
    height,
    progressive,
    components: sampling.map(([h, v], k) => ({ id: k + 1, h, v })),
  } satisfies JpegFrame;
}

/** libjpeg's jpeg_simple_progression for three components: ten scans. */
const LIBJPEG_PROGRESSION = [[1, 2, 3], [1], [3], [2], [1], [1], [1, 2, 3], [3], [2], [1]];

/** Feeds the scans in turn; the first problem and how many scans were read before it. */
function run(work: JpegWork, scans: number[][]): { problem: string | null; read: number } {
  for (const [k, ids] of scans.entries()) {
    const problem = work.scan(ids);
    if (problem) return { problem, read: k };
  }
  return { problem: null, read: scans.length };
}

describe('the work a JPEG may ask of a decoder', () => {
  it.each([
    ['4:2:0', [2, 2]],
    ['4:4:4', [1, 1]],
    ['Y 4x1', [4, 1]],
    ['Y 1x4', [1, 4]],
  ] as [string, [number, number]][])(
    "takes libjpeg's progression at %s, and a sequential file",
    (_, luma) => {
      const progressive = new JpegWork();
      expect(progressive.setFrame(frame([luma, [1, 1], [1, 1]]))).toBeNull();
      expect(run(progressive, LIBJPEG_PROGRESSION).problem).toBeNull();
      const sequential = new JpegWork();
      sequential.setFrame(frame([luma, [1, 1], [1, 1]], false));
      expect(run(sequential, [[1, 2, 3]]).problem).toBeNull();
      const separate = new JpegWork();
      separate.setFrame(frame([luma, [1, 1], [1, 1]], false));
      expect(run(separate, [[1], [2], [3]]).problem).toBeNull();
    },
  );

  it("refuses issue 26's file at the scan that takes it past 16 walks a block", () => {
    // Y sampled 4x1 (4 of an MCU's 6 blocks), one DC scan, then one AC scan of Y 300 times
    const work = new JpegWork();
    work.setFrame(
      frame([
        [4, 1],
        [1, 1],
        [1, 1],
      ]),
    );
    const scans = [[1, 2, 3], ...Array.from({ length: 300 }, () => [1])];
    const { problem, read } = run(work, scans);
    // (6 + 4 * 22) / 6 = 15.7 walks after 23 scans; the 24th makes 16.3
    expect(read).toBe(23);
    expect(problem).toBe('16.3 walks over each block (at most 16)');
  });

  it('refuses a component coded twice in a sequential frame, and a component the frame lacks', () => {
    const twice = new JpegWork();
    twice.setFrame(
      frame(
        [
          [2, 2],
          [1, 1],
          [1, 1],
        ],
        false,
      ),
    );
    expect(run(twice, [[1, 2, 3], [1]]).problem).toBe(
      'component 1 coded twice in a sequential frame',
    );
    const unknown = new JpegWork();
    unknown.setFrame(frame([[1, 1]]));
    expect(run(unknown, [[2]]).problem).toBe(
      'a scan of component 2, which the frame does not have',
    );
  });

  it('refuses sampling factors outside 1-4', () => {
    expect(new JpegWork().setFrame(frame([[0, 1]]))).toBe('sampling 0x1');
    expect(new JpegWork().setFrame(frame([[2, 5]]))).toBe('sampling 2x5');
  });

  it(`refuses scan ${MAX_SCANS + 1} however small the scans`, () => {
    const work = new JpegWork();
    // four components: a scan of one of the last three walks 1 of the 15 blocks of an MCU
    work.setFrame(
      frame([
        [4, 3],
        [1, 1],
        [1, 1],
        [1, 1],
      ]),
    );
    const { problem, read } = run(
      work,
      Array.from({ length: 200 }, (_, k) => [2 + (k % 3)]),
    );
    expect(read).toBe(MAX_SCANS);
    expect(problem).toBe(`more than ${MAX_SCANS} scans`);
  });

  it('counts table segments against the scans they serve and bounds their bodies', () => {
    const work = new JpegWork();
    for (let k = 0; k < TABLE_SEGMENTS_BASE + TABLE_SEGMENTS_PER_SCAN; k++) {
      expect(work.table(k % 2 ? DHT : DQT, 100)).toBeNull();
    }
    expect(work.table(DRI, 2)).toBe('13 table segments for 1 scans');
    const sized = new JpegWork();
    expect(sized.table(DHT, 8 * 273)).toBeNull();
    expect(sized.table(DHT, 8 * 273 + 1)).toBe('a table segment 0xc4 of 2185 bytes (at most 2184)');
    expect(sized.table(DQT, 4 * 129 + 1)).toBe('a table segment 0xdb of 517 bytes (at most 516)');
    expect(sized.table(DRI, 4)).toBe('a table segment 0xdd of 4 bytes (at most 2)');
  });

  it('bounds the scan data by the samples it can code', () => {
    const small = frame(
      [
        [2, 2],
        [1, 1],
        [1, 1],
      ],
      false,
      100,
      68,
    );
    // 7 x 5 MCUs of 6 blocks
    expect(samples(small)).toBe(7 * 5 * 6 * 64);
    const work = new JpegWork();
    work.setFrame(small);
    const allowed = ENTROPY_BYTES_FLOOR + MAX_ENTROPY_BYTES_PER_SAMPLE * samples(small);
    expect(work.entropy(allowed)).toBeNull();
    expect(work.entropy(allowed + 1)).toBe(
      `more than ${allowed} bytes of scan data for ${samples(small)} samples`,
    );
  });
});

const sampling = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }));

describe('properties', () => {
  it('a progressive file is refused exactly when its walks per block pass the bound, or its scans the count', () => {
    fc.assert(
      fc.property(
        fc.array(sampling, { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(fc.nat(3), { minLength: 1, maxLength: 4 }), { maxLength: 150 }),
        (factors, picks) => {
          const scanned = frame(factors);
          const work = new JpegWork();
          expect(work.setFrame(scanned)).toBeNull();
          const units = factors.reduce((sum, [h, v]) => sum + h * v, 0);
          let walks = 0;
          for (const [k, pick] of picks.entries()) {
            const ids = [...new Set(pick.map((n) => (n % factors.length) + 1))];
            walks += ids.reduce((sum, id) => sum + factors[id - 1]![0] * factors[id - 1]![1], 0);
            const problem = work.scan(ids);
            const over = k + 1 > MAX_SCANS || walks / units > MAX_PASSES_PER_BLOCK;
            expect(problem !== null).toBe(over);
            if (problem) return;
          }
        },
      ),
    );
  });

  it('the samples cover every pixel, padded by less than one MCU each way', () => {
    fc.assert(
      fc.property(
        fc.array(sampling, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 65535 }),
        fc.integer({ min: 1, max: 65535 }),
        (factors, width, height) => {
          const scanned = frame(factors, true, width, height);
          const hMax = Math.max(...factors.map(([h]) => h));
          const vMax = Math.max(...factors.map(([, v]) => v));
          const perPixel = factors.reduce((sum, [h, v]) => sum + h * v, 0) / (hMax * vMax);
          const padded = (width + 8 * hMax) * (height + 8 * vMax) * perPixel;
          expect(samples(scanned)).toBeGreaterThanOrEqual(width * height * perPixel);
          expect(samples(scanned)).toBeLessThan(padded);
        },
      ),
    );
  });
});
