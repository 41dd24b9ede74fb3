/**
 * Editor marks above the collage (never in a screenshot or print): the wrap zone and blocked
 * corners of canvas materials, the safe area, the selected and drag-over slot, and the quality
 * smileys. Cheap to draw, so they are drawn every frame rather than cached.
 */
import type { Canvas, CanvasKit } from 'canvaskit-wasm';
import { material } from '../model/catalog/materials';
import type { Layout, PhotoSlotLayer, TextSlotLayer } from '../model/layout/types';
import { BLACK, parseColor, WHITE, withAlpha } from './color';
import { drawSmiley, SMILEY_MAX_PX } from './icons';
import { pxRect } from './layers';
import { saved, withPaint } from './paint';
import type { SceneOverlays } from './scene';

export const HIGHLIGHT = parseColor('#1e88e5')!;
const WRAP_SHADE = withAlpha(BLACK, 0.35);
const CORNER_MARK = withAlpha(parseColor('#e53935')!, 0.45);

function slotLayer(
  layout: Layout,
  slot: string | undefined,
): PhotoSlotLayer | TextSlotLayer | undefined {
  if (slot === undefined) return undefined;
  return layout.layers.find(
    (layer): layer is PhotoSlotLayer | TextSlotLayer =>
      (layer.kind === 'photo' || layer.kind === 'text') && layer.slot === slot,
  );
}

/** Runs `draw` in the slot's turned frame, origin at its top-left, sizes in px. */
function inSlot(
  canvas: Canvas,
  layer: PhotoSlotLayer | TextSlotLayer,
  pxPerCm: number,
  draw: (width: number, height: number) => void,
): void {
  const r = pxRect(layer, pxPerCm);
  saved(canvas, () => {
    canvas.translate(r.x + r.width / 2, r.y + r.height / 2);
    if (layer.rotation) canvas.rotate(layer.rotation, 0, 0);
    canvas.translate(-r.width / 2, -r.height / 2);
    draw(r.width, r.height);
  });
}

export function drawOverlays(
  ck: CanvasKit,
  canvas: Canvas,
  layout: Layout,
  overlays: SceneOverlays,
  pxPerCm: number,
): void {
  const margin = Math.max(layout.marginCm, material(layout.material).marginCm) * pxPerCm;
  const sheet = ck.XYWHRect(0, 0, layout.widthCm * pxPerCm, layout.heightCm * pxPerCm);
  const front = ck.XYWHRect(
    margin,
    margin,
    layout.widthCm * pxPerCm - 2 * margin,
    layout.heightCm * pxPerCm - 2 * margin,
  );
  const canvasMaterial = material(layout.material);
  if (overlays.wrapZone && margin > 0 && canvasMaterial.isCanvas) {
    withPaint(ck, { color: WRAP_SHADE }, (paint) =>
      canvas.drawDRRect(ck.RRectXY(sheet, 0, 0), ck.RRectXY(front, 0, 0), paint),
    );
    if (canvasMaterial.blockedCorners) {
      // The corners fold over each other round the stretcher: nothing there shows on the product.
      const w = layout.widthCm * pxPerCm;
      const h = layout.heightCm * pxPerCm;
      withPaint(ck, { color: CORNER_MARK }, (paint) => {
        for (const [x, y] of [
          [0, 0],
          [w - margin, 0],
          [0, h - margin],
          [w - margin, h - margin],
        ] as const)
          canvas.drawRect(ck.XYWHRect(x, y, margin, margin), paint);
      });
    }
  }
  if (overlays.safeArea && margin > 0) {
    withPaint(ck, { color: WHITE, stroke: 1 }, (paint) => canvas.drawRect(front, paint));
    withPaint(ck, { color: BLACK, stroke: 1 }, (paint) => {
      const dash = ck.PathEffect.MakeDash([6, 4], 0);
      paint.setPathEffect(dash);
      canvas.drawRect(front, paint);
      dash.delete();
    });
  }
  const dragOver = slotLayer(layout, overlays.dragOverSlot);
  if (dragOver) {
    inSlot(canvas, dragOver, pxPerCm, (w, h) => {
      withPaint(ck, { color: withAlpha(HIGHLIGHT, 0.3) }, (paint) =>
        canvas.drawRect(ck.XYWHRect(0, 0, w, h), paint),
      );
      withPaint(ck, { color: HIGHLIGHT, stroke: 3 }, (paint) =>
        canvas.drawRect(ck.XYWHRect(1.5, 1.5, w - 3, h - 3), paint),
      );
    });
  }
  const selected = slotLayer(layout, overlays.selectedSlot);
  if (selected) {
    inSlot(canvas, selected, pxPerCm, (w, h) =>
      withPaint(ck, { color: HIGHLIGHT, stroke: 3 }, (paint) =>
        canvas.drawRect(ck.XYWHRect(-1.5, -1.5, w + 3, h + 3), paint),
      ),
    );
  }
  for (const [slot, mood] of Object.entries(overlays.quality ?? {})) {
    const layer = slotLayer(layout, slot);
    if (!layer || layer.kind !== 'photo') continue;
    inSlot(canvas, layer, pxPerCm, (w, h) => {
      const size = Math.min(SMILEY_MAX_PX, 0.3 * Math.min(w, h));
      const inset = Math.min(6, 0.05 * Math.min(w, h));
      drawSmiley(ck, canvas, w - inset - size / 2, inset + size / 2, size, mood);
    });
  }
}
