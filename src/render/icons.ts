/**
 * The editor's small marks, drawn as vector paths so they stay sharp at any zoom: the camera of an
 * empty slot (at most 25 px, templates-photos-text §9) and the quality smileys (at most 30 px).
 */
import type { Canvas, CanvasKit } from 'canvaskit-wasm';
import { BLACK, parseColor, WHITE, withAlpha, type Rgba } from './color';
import { withPaint, withPath } from './paint';
import type { SmileyColour } from './scene';

export const CAMERA_MAX_PX = 25;
export const SMILEY_MAX_PX = 30;

/** A camera `size` px wide centred on (cx, cy). */
export function drawCamera(
  ck: CanvasKit,
  canvas: Canvas,
  cx: number,
  cy: number,
  size: number,
  color: Rgba,
): void {
  if (size < 4) return;
  const w = size;
  const h = size * 0.72;
  const left = cx - w / 2;
  const top = cy - h / 2 + size * 0.06;
  withPath(
    ck,
    (path) => {
      path.addRRect(ck.RRectXY(ck.XYWHRect(left, top, w, h), size * 0.12, size * 0.12));
      // The viewfinder bump on top.
      path.addRRect(
        ck.RRectXY(
          ck.XYWHRect(cx - w * 0.2, top - size * 0.14, w * 0.4, size * 0.2),
          size * 0.05,
          size * 0.05,
        ),
      );
      path.setFillType(ck.FillType.Winding);
    },
    (body) => withPaint(ck, { color }, (paint) => canvas.drawPath(body, paint)),
  );
  const lens = h * 0.3;
  withPaint(ck, { color: WHITE }, (paint) => canvas.drawCircle(cx, top + h / 2, lens, paint));
  withPaint(ck, { color }, (paint) => canvas.drawCircle(cx, top + h / 2, lens * 0.62, paint));
}

const SMILEY_COLOURS: Record<SmileyColour, Rgba> = {
  red: parseColor('#e53935')!,
  orange: parseColor('#fb8c00')!,
  green: parseColor('#43a047')!,
};

/** A smiley of `size` px centred on (cx, cy): green smiles, orange is level, red frowns. */
export function drawSmiley(
  ck: CanvasKit,
  canvas: Canvas,
  cx: number,
  cy: number,
  size: number,
  mood: SmileyColour,
): void {
  if (size < 6) return;
  const r = size / 2;
  withPaint(ck, { color: withAlpha(BLACK, 0.25) }, (paint) =>
    canvas.drawCircle(cx, cy + size * 0.04, r, paint),
  );
  withPaint(ck, { color: SMILEY_COLOURS[mood] }, (paint) => canvas.drawCircle(cx, cy, r, paint));
  withPaint(ck, { color: WHITE, stroke: Math.max(1, size * 0.06) }, (paint) =>
    canvas.drawCircle(cx, cy, r - paint.getStrokeWidth() / 2, paint),
  );
  withPaint(ck, { color: WHITE }, (paint) => {
    canvas.drawCircle(cx - r * 0.35, cy - r * 0.25, r * 0.12, paint);
    canvas.drawCircle(cx + r * 0.35, cy - r * 0.25, r * 0.12, paint);
  });
  const curve = mood === 'green' ? 0.25 : mood === 'red' ? -0.25 : 0;
  withPath(
    ck,
    (mouth) => {
      mouth.moveTo(cx - r * 0.42, cy + r * 0.3);
      mouth.quadTo(cx, cy + r * (0.3 + curve * 2), cx + r * 0.42, cy + r * 0.3);
    },
    (mouth) =>
      withPaint(ck, { color: WHITE, stroke: Math.max(1, size * 0.08) }, (paint) => {
        paint.setStrokeCap(ck.StrokeCap.Round);
        canvas.drawPath(mouth, paint);
      }),
  );
}
