/**
 * The benchmark's yardstick: the same scene drawn with the browser's plain Canvas2D, as a simple
 * editor would (drawImage with the cover rule, clip, rotation, shadowBlur for the borders,
 * fillText). It draws everything every frame; no caching. Not used by the product.
 */
import type { Layer } from '../../src/model/layout/types';
import { cover } from '../../src/render/geometry';
import type { Scene, Viewport } from '../../src/render/scene';

export type Canvas2DImages = Map<string, ImageBitmap>;

function layerRect(layer: { x: number; y: number; width: number; height: number }, k: number) {
  return { x: layer.x * k, y: layer.y * k, w: layer.width * k, h: layer.height * k };
}

export function drawCanvas2D(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  viewport: Viewport,
  images: Canvas2DImages,
): void {
  const k = viewport.pxPerCm;
  const { layout } = scene;
  ctx.save();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.translate(viewport.offsetX, viewport.offsetY);
  ctx.beginPath();
  ctx.rect(0, 0, layout.widthCm * k, layout.heightCm * k);
  ctx.clip();
  ctx.fillStyle = scene.backgroundColor ?? layout.backgroundColor;
  ctx.fillRect(0, 0, layout.widthCm * k, layout.heightCm * k);
  for (const layer of layout.layers) drawLayer(ctx, scene, layer, k, images);
  if (scene.overlays?.safeArea) {
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = '#000000';
    const m = layout.marginCm * k;
    ctx.strokeRect(m, m, layout.widthCm * k - 2 * m, layout.heightCm * k - 2 * m);
    ctx.setLineDash([]);
  }
  ctx.restore();
}

function drawLayer(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  layer: Layer,
  k: number,
  images: Canvas2DImages,
): void {
  switch (layer.kind) {
    case 'shape': {
      const r = layerRect(layer, k);
      ctx.fillStyle =
        layer.role === 'background' ? (scene.backgroundColor ?? layer.fill) : layer.fill;
      ctx.beginPath();
      if (layer.shape === 'circle')
        ctx.ellipse(r.x + r.w / 2, r.y + r.h / 2, r.w / 2, r.h / 2, 0, 0, Math.PI * 2);
      else ctx.roundRect(r.x, r.y, r.w, r.h, layer.radiusCm * k);
      ctx.fill();
      return;
    }
    case 'photo': {
      const r = layerRect(layer, k);
      ctx.save();
      ctx.translate(r.x + r.w / 2, r.y + r.h / 2);
      ctx.rotate((layer.rotation * Math.PI) / 180);
      ctx.translate(-r.w / 2, -r.h / 2);
      if (layer.border && !scene.layout.isFlat) {
        const card = layer.border.cardWidthCm * k;
        ctx.shadowColor = 'rgba(0,0,0,0.45)';
        ctx.shadowBlur = layer.border.shadowWidthCm * k;
        ctx.shadowOffsetX = ctx.shadowOffsetY = layer.border.shadowWidthCm * k * 0.5;
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(-card, -card, r.w + 2 * card, r.h + 2 * card);
        ctx.shadowColor = 'transparent';
      }
      ctx.beginPath();
      ctx.rect(0, 0, r.w, r.h);
      ctx.clip();
      const photo = scene.photos[layer.slot];
      const image = photo ? images.get(photo.imageKey) : undefined;
      if (photo && image) {
        const c = cover({
          slotWidth: r.w,
          slotHeight: r.h,
          imageWidth: image.width,
          imageHeight: image.height,
          zoom: photo.zoom,
          focusX: photo.focusX,
          focusY: photo.focusY,
          rotation: photo.rotation,
        });
        ctx.translate(c.centerX, c.centerY);
        ctx.rotate((photo.rotation * Math.PI) / 180);
        ctx.drawImage(
          image,
          (-image.width * c.scale) / 2,
          (-image.height * c.scale) / 2,
          image.width * c.scale,
          image.height * c.scale,
        );
      } else {
        ctx.fillStyle = '#e3e4e5';
        ctx.fillRect(0, 0, r.w, r.h);
      }
      ctx.restore();
      return;
    }
    case 'text': {
      const content = scene.texts[layer.slot];
      if (!content) return;
      const r = layerRect(layer, k);
      ctx.fillStyle = content.style.color;
      ctx.font = `${content.style.fontSize * k}px ${JSON.stringify(content.style.font)}`;
      ctx.textAlign = content.style.align;
      ctx.textBaseline = 'middle';
      const x =
        content.style.align === 'left'
          ? r.x
          : content.style.align === 'right'
            ? r.x + r.w
            : r.x + r.w / 2;
      ctx.fillText(content.text, x, r.y + r.h / 2);
      return;
    }
    case 'frame': {
      const r = layerRect(layer, k);
      const m = layer.marginCm * k;
      ctx.fillStyle = layer.fill;
      ctx.beginPath();
      ctx.rect(r.x, r.y, r.w, r.h);
      ctx.rect(r.x + m, r.y + m, r.w - 2 * m, r.h - 2 * m);
      ctx.fill('evenodd');
      ctx.strokeStyle = layer.color;
      ctx.strokeRect(r.x + m, r.y + m, r.w - 2 * m, r.h - 2 * m);
      return;
    }
    case 'box': {
      const r = layerRect(layer, k);
      ctx.strokeStyle = layer.color;
      ctx.lineWidth = layer.borderWidthCm * k;
      ctx.strokeRect(r.x, r.y, r.w, r.h);
      ctx.lineWidth = 1;
      return;
    }
    default:
      return;
  }
}
