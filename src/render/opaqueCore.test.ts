import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { opaqueCore } from './opaqueCore';

/** RGBA with alpha from `alphaAt`, colour bytes arbitrary. */
function pixels(
  width: number,
  height: number,
  alphaAt: (x: number, y: number) => number,
): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) rgba[(y * width + x) * 4 + 3] = alphaAt(x, y);
  return rgba;
}

describe('opaqueCore', () => {
  it('finds exactly an upright opaque rectangle inside a blended rim', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 40 }),
        fc.integer({ min: 3, max: 40 }),
        fc.integer({ min: 0, max: 254 }),
        (width, height, rim) => {
          const inner = { x: 1, y: 1, width: width - 2, height: height - 2 };
          const inside = (x: number, y: number) =>
            x >= inner.x && y >= inner.y && x < inner.x + inner.width && y < inner.y + inner.height;
          expect(
            opaqueCore(
              pixels(width, height, (x, y) => (inside(x, y) ? 255 : rim)),
              width,
              height,
            ),
          ).toEqual(inner);
        },
      ),
    );
  });

  it('returns only opaque pixels, whatever the alpha', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }).chain((width) =>
          fc.integer({ min: 1, max: 24 }).chain((height) =>
            fc.tuple(
              fc.constant(width),
              fc.constant(height),
              fc
                .uint8Array({ minLength: width * height, maxLength: width * height })
                .map((a) => a.map((v) => (v > 60 ? 255 : v))),
            ),
          ),
        ),
        ([width, height, alphas]) => {
          const rgba = pixels(width, height, (x, y) => alphas[y * width + x]!);
          const core = opaqueCore(rgba, width, height);
          if (!core) return;
          expect(core.width).toBeGreaterThan(0);
          expect(core.height).toBeGreaterThan(0);
          for (let y = core.y; y < core.y + core.height; y += 1)
            for (let x = core.x; x < core.x + core.width; x += 1)
              expect(alphas[y * width + x]).toBe(255);
          expect(core.x + core.width).toBeLessThanOrEqual(width);
          expect(core.y + core.height).toBeLessThanOrEqual(height);
        },
      ),
    );
  });

  it('finds most of a tilted opaque square, and nothing when the centre is see-through', () => {
    const size = 60;
    const turn = (4 * Math.PI) / 180;
    const insideTilted = (x: number, y: number) => {
      const dx = x + 0.5 - size / 2;
      const dy = y + 0.5 - size / 2;
      const u = dx * Math.cos(turn) + dy * Math.sin(turn);
      const v = -dx * Math.sin(turn) + dy * Math.cos(turn);
      return Math.abs(u) < 24 && Math.abs(v) < 24;
    };
    const core = opaqueCore(
      pixels(size, size, (x, y) => (insideTilted(x, y) ? 255 : 0)),
      size,
      size,
    )!;
    expect(core.width * core.height).toBeGreaterThan(0.7 * 48 * 48);
    expect(
      opaqueCore(
        pixels(size, size, (x, y) => (x === 30 && y === 30 ? 0 : 255)),
        size,
        size,
      ),
    ).toBeNull();
  });
});
