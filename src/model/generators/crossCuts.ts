/**
 * The cutting of mosaiccross (mosaic-cross.ts): its area cut into N pieces. Its own file, apart
 * from the generator's controls: the geometry of the six layouts and of the cuts.
 *
 * The spec names six layouts; their geometry is ours:
 *   A free: cut the largest piece across its longer side until there are N pieces.
 *   B columns: start from a few columns, then cut on (pieces stay column-bound).
 *   C rows: start from a few rows, then cut on.
 *   D cross: a large photo in the middle with four arms around it in a pinwheel.
 *   E corner: a large photo top-left, the rest in the L around it.
 *   F diagonal: two large photos top-left and bottom-right, the others in the two other quarters.
 * D–F keep their large photos whole.
 * mixed=0 cuts pieces in half (even sizes); mixed=1 cuts at a repeating 0.5/0.38/0.62/… rhythm
 * (mixed sizes). random=1 draws the cut ratio (0.3..0.7) and the piece to cut (one of the three
 * largest) from the seeded PRNG. No piece is cut below 4 cm (below half the area's shorter side on
 * very small sheets, so four photos always fit where 1 cm slots do); when no piece can be cut any
 * more there are fewer pieces than asked.
 */
import type { Rect } from '../layout/types';
import { MIN_SLOT_CM } from './common';

export const MIN_PIECE_CM = 4;
const MIXED_RATIOS = [0.5, 0.38, 0.62, 0.45, 0.58, 0.4, 0.55, 0.35];

interface Piece extends Rect {
  locked: boolean;
}

export interface CrossOptions {
  layout: number;
  count: number;
  spacing: number;
  mixed: boolean;
  random?: () => number;
}

const piece = (x: number, y: number, width: number, height: number, locked = false): Piece => ({
  x,
  y,
  width,
  height,
  locked,
});

/** 4 cm, less on a sheet too small for 2x2 pieces of 4 cm (never under the 1 cm slot minimum). */
export function minPieceCm(area: Rect, spacing: number): number {
  return Math.min(
    MIN_PIECE_CM,
    Math.max(MIN_SLOT_CM, (Math.min(area.width, area.height) - spacing) / 2),
  );
}

function canCut(p: Piece, spacing: number, across: 'x' | 'y', min: number): boolean {
  return (across === 'x' ? p.width : p.height) - spacing >= 2 * min - 1e-9;
}

/** Cut a piece at `ratio` across x (side by side) or y (one above the other), keeping the spacing. */
function cut(
  p: Piece,
  ratio: number,
  spacing: number,
  across: 'x' | 'y',
  min: number,
): [Piece, Piece] {
  const length = (across === 'x' ? p.width : p.height) - spacing;
  const bound = min / length;
  const first = length * Math.min(1 - bound, Math.max(bound, ratio));
  if (across === 'x')
    return [
      piece(p.x, p.y, first, p.height),
      piece(p.x + first + spacing, p.y, length - first, p.height),
    ];
  return [
    piece(p.x, p.y, p.width, first),
    piece(p.x, p.y + first + spacing, p.width, length - first),
  ];
}

/** Split a piece into `parts` strips across one axis (weights for a mixed rhythm). */
function strips(
  area: Piece,
  parts: number,
  spacing: number,
  across: 'x' | 'y',
  mixed: boolean,
): Piece[] {
  const weights = Array.from({ length: parts }, (_, i) =>
    mixed ? [1.2, 0.85, 1.05, 0.9][i % 4]! : 1,
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const length = (across === 'x' ? area.width : area.height) - (parts - 1) * spacing;
  let at = across === 'x' ? area.x : area.y;
  return weights.map((weight) => {
    const size = (length * weight) / total;
    const p =
      across === 'x' ? piece(at, area.y, size, area.height) : piece(area.x, at, area.width, size);
    at += size + spacing;
    return p;
  });
}

/** The starting pieces of a layout (D–F lock their large photos). */
function startPieces(area: Piece, o: CrossOptions): Piece[] {
  const s = o.spacing;
  const { x, y, width: W, height: H } = area;
  switch (o.layout) {
    case 1:
    case 2: {
      const across = o.layout === 1 ? 'x' : 'y';
      const along = across === 'x' ? W : H;
      const other = across === 'x' ? H : W;
      const wanted = Math.max(2, Math.round(Math.sqrt((o.count * along) / other) / 1.4));
      const fitting = Math.floor((along + s) / (MIN_PIECE_CM * 1.25 + s));
      return strips(area, Math.max(1, Math.min(wanted, fitting, o.count)), s, across, o.mixed);
    }
    case 3: {
      const a = x + (W - 2 * s) * 0.28;
      const b = a + s + (W - 2 * s) * 0.44;
      const c = y + (H - 2 * s) * 0.28;
      const d = c + s + (H - 2 * s) * 0.44;
      return [
        piece(a + s, c + s, b - a - s, d - c - s, true),
        piece(x, y, b - x, c - y),
        piece(b + s, y, x + W - b - s, d - y),
        piece(a + s, d + s, x + W - a - s, y + H - d - s),
        piece(x, c + s, a - x, y + H - c - s),
      ];
    }
    case 4: {
      const w = (W - s) * 0.62;
      const h = (H - s) * 0.62;
      return [
        piece(x, y, w, h, true),
        piece(x + w + s, y, W - w - s, H),
        piece(x, y + h + s, w, H - h - s),
      ];
    }
    case 5: {
      const w = (W - s) * 0.55;
      const h = (H - s) * 0.55;
      return [
        piece(x, y, w, h, true),
        piece(x + w + s, y, W - w - s, h),
        piece(x, y + h + s, w, H - h - s),
        piece(x + w + s, y + h + s, W - w - s, H - h - s, true),
      ];
    }
    default:
      return [area];
  }
}

/** The mosaic's rectangles: as many as asked when the pieces allow, else as many as could be cut. */
export function crossRects(area: Rect, o: CrossOptions): Rect[] {
  const min = minPieceCm(area, o.spacing);
  const tooSmallPiece = (p: Piece) => p.width < min - 1e-9 || p.height < min - 1e-9;
  let pieces = startPieces(piece(area.x, area.y, area.width, area.height), o);
  if (pieces.some(tooSmallPiece) || pieces.length > o.count)
    pieces = [piece(area.x, area.y, area.width, area.height)];
  for (let cuts = 0; pieces.length < o.count; cuts++) {
    const open = pieces
      .map((p, index) => ({ p, index }))
      .filter(
        ({ p }) => !p.locked && (canCut(p, o.spacing, 'x', min) || canCut(p, o.spacing, 'y', min)),
      )
      .sort((a, b) => b.p.width * b.p.height - a.p.width * a.p.height || a.index - b.index);
    if (open.length === 0) break;
    const chosen = open[o.random ? Math.floor(o.random() * Math.min(3, open.length)) : 0]!;
    const p = chosen.p;
    const longer = p.width >= p.height ? 'x' : 'y';
    const across = canCut(p, o.spacing, longer, min) ? longer : longer === 'x' ? 'y' : 'x';
    const ratio = o.random
      ? 0.3 + 0.4 * o.random()
      : o.mixed
        ? MIXED_RATIOS[cuts % MIXED_RATIOS.length]!
        : 0.5;
    pieces.splice(chosen.index, 1, ...cut(p, ratio, o.spacing, across, min));
  }
  if (o.layout !== 0 && pieces.length < o.count) {
    // A start structure that cannot hold the photos gives way to the free layout when that can.
    const free = crossRects(area, { ...o, layout: 0 });
    if (free.length > pieces.length) return free;
  }
  if (o.random && pieces.length < o.count) {
    // Random cuts can waste room on a small sheet; never give fewer photos than even cuts would.
    const even = crossRects(area, { ...o, random: undefined });
    if (even.length > pieces.length) return even;
  }
  return pieces.map(({ x, y, width, height }) => ({ x, y, width, height }));
}
