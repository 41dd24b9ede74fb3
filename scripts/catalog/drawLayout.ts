/**
 * A small layout painter for catalog thumbnails and the artwork check: draws a Layout with grey-blue
 * placeholder photos and the placeholder texts. Deliberately minimal; the product's renderer is
 * src/render, which will replace this for the contact sheet.
 */
import type { Canvas, CanvasKit, Image, Path } from 'canvaskit-wasm';
import type {
  ClipLayer,
  Layout,
  PhotoSlotLayer,
  Rect,
  TextSlotLayer,
} from '../../src/model/layout/types';
import { fitBoxForSlot, SUBTITLE_SLOT } from '../../src/model/text/box';
import { innerTextBox, textMarginCm } from '../../src/model/text/box';
import { layoutTextBlock } from '../../src/model/text/fit';
import type { TextMeasurer } from '../../src/model/text/measure';
import { DUTCH_PLACEHOLDERS, shortenPlaceholder } from '../../src/model/text/placeholder';
import { color } from './ck';
import type { Fonts } from './fonts';
import { canvasKitMeasurer } from './measure';

export interface DrawLayoutOptions {
  /** Pixels per cm. */
  scale: number;
  fonts: Fonts;
  /** Artwork by catalog-relative url. */
  image(url: string): Image;
  /**
   * Whether the text slots show their placeholders (default true). The catalogue's cards leave
   * them out: a picture serves every locale, and the placeholders are Dutch.
   */
  texts?: boolean;
}

export function drawLayout(
  ck: CanvasKit,
  canvas: Canvas,
  layout: Layout,
  options: DrawLayoutOptions,
): void {
  const { scale } = options;
  const measurer = canvasKitMeasurer(ck, options.fonts);
  const clips = new Map<string, ClipLayer>();
  const hasSubtitle = layout.layers.some(
    (layer) => layer.kind === 'text' && layer.slot === SUBTITLE_SLOT,
  );
  canvas.save();
  canvas.scale(scale, scale);
  canvas.drawColor(color(ck, layout.backgroundColor));
  const paint = new ck.Paint();
  paint.setAntiAlias(true);
  for (const layer of layout.layers) {
    switch (layer.kind) {
      case 'shape': {
        paint.setStyle(ck.PaintStyle.Fill);
        paint.setColor(color(ck, layer.fill));
        const rect = ck.XYWHRect(layer.x, layer.y, layer.width, layer.height);
        if (layer.shape === 'circle') canvas.drawOval(rect, paint);
        else canvas.drawRRect(ck.RRectXY(rect, layer.radiusCm, layer.radiusCm), paint);
        if (layer.borderWidthCm > 0) {
          paint.setStyle(ck.PaintStyle.Stroke);
          paint.setStrokeWidth(layer.borderWidthCm);
          paint.setColor(color(ck, layer.borderColor));
          if (layer.shape === 'circle') canvas.drawOval(rect, paint);
          else canvas.drawRRect(ck.RRectXY(rect, layer.radiusCm, layer.radiusCm), paint);
        }
        break;
      }
      case 'overlay':
        withRotation(canvas, layer, layer.rotation, () =>
          drawImageIn(ck, canvas, options.image(layer.url), layer),
        );
        break;
      case 'clip':
        clips.set(layer.name, layer);
        break;
      case 'photo':
        drawPhotoSlot(
          ck,
          canvas,
          layer,
          layer.clip === undefined ? undefined : clips.get(layer.clip),
          options,
        );
        break;
      case 'text':
        if (options.texts !== false)
          drawTextSlot(ck, canvas, layer, hasSubtitle, options, measurer);
        break;
      case 'box':
        paint.setStyle(ck.PaintStyle.Stroke);
        paint.setStrokeWidth(layer.borderWidthCm);
        paint.setColor(color(ck, layer.color));
        canvas.drawRect(ck.XYWHRect(layer.x, layer.y, layer.width, layer.height), paint);
        break;
      case 'frame':
        // The material's fold-over edge: not part of the design's look at thumbnail size.
        break;
    }
  }
  paint.delete();
  canvas.restore();
}

function withRotation(canvas: Canvas, rect: Rect, degrees: number, draw: () => void): void {
  canvas.save();
  if (degrees !== 0) canvas.rotate(degrees, rect.x + rect.width / 2, rect.y + rect.height / 2);
  draw();
  canvas.restore();
}

function drawImageIn(ck: CanvasKit, canvas: Canvas, image: Image, rect: Rect): void {
  const source = ck.XYWHRect(0, 0, image.width(), image.height());
  canvas.drawImageRectOptions(
    image,
    source,
    ck.XYWHRect(rect.x, rect.y, rect.width, rect.height),
    ck.FilterMode.Linear,
    ck.MipmapMode.Linear,
    null,
  );
}

export function clipPath(ck: CanvasKit, clip: ClipLayer): Path | undefined {
  if (clip.shape !== 'path' || !clip.path) return undefined;
  const path = ck.Path.MakeFromSVGString(clip.path);
  if (!path) throw new Error(`clip ${clip.name}: unreadable path`);
  const builder = new ck.PathBuilder(path);
  path.delete();
  builder.offset(clip.x, clip.y);
  return builder.detachAndDelete();
}

function applyClip(
  ck: CanvasKit,
  canvas: Canvas,
  clip: ClipLayer,
  image: (url: string) => Image,
): void {
  const rect = ck.XYWHRect(clip.x, clip.y, clip.width, clip.height);
  if (clip.shape === 'circle') {
    const path = new ck.PathBuilder().addOval(rect).detachAndDelete();
    canvas.clipPath(path, ck.ClipOp.Intersect, true);
    path.delete();
  } else if (clip.shape === 'path') {
    const path = clipPath(ck, clip)!;
    canvas.clipPath(path, ck.ClipOp.Intersect, true);
    path.delete();
  } else if (clip.shape === 'rect') {
    const radius = clip.radiusCm ?? 0;
    canvas.clipRRect(ck.RRectXY(rect, radius, radius), ck.ClipOp.Intersect, true);
  } else if (clip.url) {
    // An image mask: only its bounds at thumbnail size; the alpha is applied by src/render.
    void image;
    canvas.clipRect(rect, ck.ClipOp.Intersect, true);
  }
}

function drawPhotoSlot(
  ck: CanvasKit,
  canvas: Canvas,
  slot: PhotoSlotLayer,
  clip: ClipLayer | undefined,
  options: DrawLayoutOptions,
): void {
  withRotation(canvas, slot, slot.rotation, () => {
    const rect = ck.XYWHRect(slot.x, slot.y, slot.width, slot.height);
    if (slot.border) {
      const card = slot.border.cardWidthCm;
      const outer = ck.XYWHRect(
        slot.x - card,
        slot.y - card,
        slot.width + 2 * card,
        slot.height + 2 * card,
      );
      const shadow = new ck.Paint();
      shadow.setColor(color(ck, '#000000', 0.28));
      shadow.setMaskFilter(
        ck.MaskFilter.MakeBlur(ck.BlurStyle.Normal, slot.border.shadowWidthCm / 2, true),
      );
      canvas.drawRect(
        outer.map((value, index) => value + (index % 2 === 0 ? 0.05 : 0.1)) as Float32Array,
        shadow,
      );
      shadow.setMaskFilter(null);
      shadow.setColor(color(ck, '#ffffff'));
      canvas.drawRect(outer, shadow);
      shadow.delete();
    }
    canvas.save();
    if (clip) applyClip(ck, canvas, clip, options.image);
    else canvas.clipRect(rect, ck.ClipOp.Intersect, true);
    drawPlaceholderPhoto(ck, canvas, slot);
    canvas.restore();
  });
}

/** A grey-blue tile with a soft gradient and a small camera glyph. */
export function drawPlaceholderPhoto(ck: CanvasKit, canvas: Canvas, rect: Rect): void {
  const paint = new ck.Paint();
  paint.setAntiAlias(true);
  const shader = ck.Shader.MakeLinearGradient(
    [rect.x, rect.y],
    [rect.x + rect.width, rect.y + rect.height],
    [color(ck, '#d3dbe4'), color(ck, '#a9b7c7')],
    null,
    ck.TileMode.Clamp,
  );
  paint.setShader(shader);
  canvas.drawRect(ck.XYWHRect(rect.x, rect.y, rect.width, rect.height), paint);
  paint.setShader(null);
  shader.delete();
  const glyph = Math.min(rect.width, rect.height) * 0.22;
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  paint.setColor(color(ck, '#ffffff', 0.75));
  const body = ck.XYWHRect(cx - glyph / 2, cy - glyph * 0.32, glyph, glyph * 0.68);
  canvas.drawRRect(ck.RRectXY(body, glyph * 0.1, glyph * 0.1), paint);
  canvas.drawRRect(
    ck.RRectXY(
      ck.XYWHRect(cx - glyph * 0.18, cy - glyph * 0.44, glyph * 0.36, glyph * 0.16),
      glyph * 0.04,
      glyph * 0.04,
    ),
    paint,
  );
  paint.setColor(color(ck, '#a9b7c7'));
  canvas.drawCircle(cx, cy + glyph * 0.02, glyph * 0.2, paint);
  paint.setColor(color(ck, '#ffffff', 0.75));
  canvas.drawCircle(cx, cy + glyph * 0.02, glyph * 0.12, paint);
  paint.delete();
}

function drawTextSlot(
  ck: CanvasKit,
  canvas: Canvas,
  layer: TextSlotLayer,
  hasSubtitle: boolean,
  options: DrawLayoutOptions,
  measurer: TextMeasurer,
): void {
  const style = layer.style;
  const box = fitBoxForSlot(
    layer.slot,
    { widthCm: layer.width, heightCm: layer.height },
    hasSubtitle,
  );
  const placeholder = layer.placeholder ?? DUTCH_PLACEHOLDERS[layer.slot] ?? '';
  const { text } = shortenPlaceholder(placeholder, style, box, measurer);
  withRotation(canvas, layer, layer.rotation, () => {
    if (style.background !== 'none') {
      const paint = new ck.Paint();
      paint.setColor(
        style.background === 'back1' ? color(ck, '#ffffff', 0.35) : color(ck, '#000000', 0.35),
      );
      canvas.drawRect(ck.XYWHRect(layer.x, layer.y, layer.width, layer.height), paint);
      paint.delete();
    }
    if (!text) return;
    const inset = textMarginCm({ widthCm: layer.width, heightCm: layer.height }) + style.paddingCm;
    const inner = innerTextBox({ widthCm: layer.width, heightCm: layer.height }, style.paddingCm);
    const block = layoutTextBlock(text, style, style.fontSize, inner.widthCm, measurer);
    const font = new ck.Font(options.fonts.typeface(style.font), style.fontSize);
    font.setSubpixel(true);
    font.setLinearMetrics(true);
    font.setHinting(ck.FontHinting.None);
    const metrics = font.getMetrics();
    const top = layer.y + inset;
    const blockTop =
      style.valign === 'top'
        ? top
        : style.valign === 'middle'
          ? top + (inner.heightCm - block.heightCm) / 2
          : top + inner.heightCm - block.heightCm;
    const paint = new ck.Paint();
    paint.setAntiAlias(true);
    paint.setColor(color(ck, style.color));
    block.lines.forEach((line, index) => {
      const baseline = blockTop - metrics.ascent + index * style.fontSize * (1 + style.lineHeight);
      const width = measurer.measure(line, style.font, style.fontSize, style.letterSpacing).widthCm;
      const left =
        style.align === 'left'
          ? layer.x + inset
          : style.align === 'right'
            ? layer.x + layer.width - inset - width
            : layer.x + (layer.width - width) / 2;
      drawSpaced(canvas, line, left, baseline, font, paint, style.letterSpacing * style.fontSize);
    });
    paint.delete();
    font.delete();
  });
}

function drawSpaced(
  canvas: Canvas,
  line: string,
  left: number,
  baseline: number,
  font: InstanceType<CanvasKit['Font']>,
  paint: InstanceType<CanvasKit['Paint']>,
  spacing: number,
): void {
  if (spacing === 0) {
    canvas.drawText(line, left, baseline, paint, font);
    return;
  }
  const widths = font.getGlyphWidths(font.getGlyphIDs(line));
  let x = left;
  [...line].forEach((char, index) => {
    canvas.drawText(char, x, baseline, paint, font);
    x += (widths[index] ?? 0) + spacing;
  });
}
