/**
 * Small helpers that keep CanvasKit objects short-lived: every Paint and Path made here is
 * deleted by the helper that made it, before it returns (DESIGN.md convention 5).
 */
import type { CanvasKit, Color, Paint, Path, PathBuilder } from 'canvaskit-wasm';
import type { Rgba } from './color';

export function ckColor(ck: CanvasKit, color: Rgba): Color {
  return ck.Color(color.r, color.g, color.b, color.a);
}

export interface PaintSpec {
  color: Rgba;
  stroke?: number;
  antiAlias?: boolean;
}

/** Runs `use` with a paint made from `spec` and deletes the paint afterwards. */
export function withPaint<T>(ck: CanvasKit, spec: PaintSpec, use: (paint: Paint) => T): T {
  const paint = new ck.Paint();
  try {
    paint.setColor(ckColor(ck, spec.color));
    paint.setAntiAlias(spec.antiAlias ?? true);
    if (spec.stroke !== undefined) {
      paint.setStyle(ck.PaintStyle.Stroke);
      paint.setStrokeWidth(spec.stroke);
    }
    return use(paint);
  } finally {
    paint.delete();
  }
}

/** Builds a path, runs `use` with it and deletes builder and path afterwards. */
export function withPath<T>(
  ck: CanvasKit,
  build: (builder: PathBuilder) => void,
  use: (path: Path) => T,
): T {
  const builder = new ck.PathBuilder();
  let path: Path | null = null;
  try {
    build(builder);
    path = builder.snapshot();
    return use(path);
  } finally {
    path?.delete();
    builder.delete();
  }
}

/** Runs `use` with `canvas.save()` undone afterwards, even when `use` throws. */
export function saved<T>(
  canvas: { save(): number; restoreToCount(count: number): void },
  use: () => T,
): T {
  const count = canvas.save();
  try {
    return use();
  } finally {
    canvas.restoreToCount(count);
  }
}
