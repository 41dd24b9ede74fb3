/**
 * The opaque core of a sprite: a rectangle of pixels whose alpha is all 255, found once when the
 * sprite is made. Copying those pixels (Src) gives the bytes that blending them (SrcOver) would,
 * and Skia copies rows where it would blend pixel by pixel; only the rim (anti-aliased edges,
 * borders, shadows, the corners a tilt leaves) still needs blending.
 *
 * Not the largest opaque rectangle in general (that is costlier to find): the one through the
 * centre, grown a row at a time towards the wider side. For an upright photo slot that is the
 * whole photo; for a tilted one most of it.
 */
import type { Rect } from '../model/layout/types';

/** `rgba`: premultiplied or straight RGBA rows of `width` pixels. Null when the centre is not opaque. */
export function opaqueCore(rgba: ArrayLike<number>, width: number, height: number): Rect | null {
  if (width <= 0 || height <= 0) return null;
  const cx = width >> 1;
  const cy = height >> 1;
  const opaque = (x: number, y: number) => rgba[(y * width + x) * 4 + 3] === 255;
  // Per row, the run of opaque pixels through the centre column (empty: left === right).
  const left = new Int32Array(height);
  const right = new Int32Array(height);
  for (let y = 0; y < height; y += 1) {
    if (!opaque(cx, y)) {
      left[y] = right[y] = cx;
      continue;
    }
    let l = cx;
    while (l > 0 && opaque(l - 1, y)) l -= 1;
    let r = cx + 1;
    while (r < width && opaque(r, y)) r += 1;
    left[y] = l;
    right[y] = r;
  }
  if (left[cy] === right[cy]) return null;
  let top = cy;
  let bottom = cy + 1;
  let l = left[cy]!;
  let r = right[cy]!;
  let best: Rect = { x: l, y: top, width: r - l, height: 1 };
  while (top > 0 || bottom < height) {
    const up = top > 0 ? Math.min(r, right[top - 1]!) - Math.max(l, left[top - 1]!) : -1;
    const down = bottom < height ? Math.min(r, right[bottom]!) - Math.max(l, left[bottom]!) : -1;
    if (up <= 0 && down <= 0) break;
    const row = up >= down ? (top -= 1) : (bottom += 1) - 1;
    l = Math.max(l, left[row]!);
    r = Math.min(r, right[row]!);
    if ((r - l) * (bottom - top) > best.width * best.height)
      best = { x: l, y: top, width: r - l, height: bottom - top };
  }
  return best;
}
