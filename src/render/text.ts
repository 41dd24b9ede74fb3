/**
 * Text with CanvasKit's Paragraph: the measurer the text model's fitting needs (src/model/text)
 * and the drawing that follows the same rules, so what fitted is what is drawn.
 *
 * - Lines come from the model's layoutTextBlock (caps applied, words wrapped for multi-line
 *   styles); the renderer never wraps by itself.
 * - Widths follow the model: letter spacing between characters only. SkParagraph puts half a
 *   spacing before the first glyph and half after the last, so a line is drawn half a spacing
 *   to the left and measured one spacing narrower.
 * - Measuring is done once per (font, spacing, text) at a reference size and scaled: the same
 *   answer on screen, in the worker and on the print server, whatever the zoom.
 * - Lines are placed by their baselines: the first at the block's top plus the font's ascent,
 *   the next ones (1 + lineHeight) × size further down, as the model's block height assumes.
 */
import type { Canvas, CanvasKit, Paragraph } from 'canvaskit-wasm';
import type { Rect, TextStyle } from '../model/layout/types';
import { innerTextBox } from '../model/text/box';
import { DEFAULT_LINE_HEIGHT, layoutTextBlock } from '../model/text/fit';
import type { TextMeasure, TextMeasurer } from '../model/text/measure';
import { BLACK, colorOr, WHITE, withAlpha, type Rgba } from './color';
import { fontFamilies, type FontLibrary } from './fonts';
import { ckColor, withPaint } from './paint';

/** Font size (px) measurements are taken at; widths scale linearly from it. */
const REFERENCE_PX = 100;
const MAX_CACHED_MEASURES = 4096;

/** back1: white at 35 %, back2: black at 35 % (editor-core §3). */
export const TEXT_BACKGROUNDS: Record<'back1' | 'back2', Rgba> = {
  back1: withAlpha(WHITE, 0.35),
  back2: withAlpha(BLACK, 0.35),
};

interface EmMeasure {
  /** Line width per cm of font size, letter spacing included the model's way. */
  width: number;
  ascent: number;
  descent: number;
}

export class TextPainter implements TextMeasurer {
  private readonly measures = new Map<string, EmMeasure>();

  constructor(
    private readonly ck: CanvasKit,
    private readonly fonts: FontLibrary,
  ) {}

  measure(text: string, font: string, sizeCm: number, letterSpacing: number): TextMeasure {
    const em = this.em(text, font, letterSpacing);
    return { widthCm: em.width * sizeCm, lineHeightCm: (em.ascent + em.descent) * sizeCm };
  }

  /**
   * Draws `text` in a text slot whose rect (px, in the slot's own frame) is `box`. The block is
   * placed by valign inside the slot minus its text margin and padding, and may stand out of the
   * slot (a title fitted in the doubled height grows away from its valign edge).
   */
  draw(canvas: Canvas, box: Rect, text: string, style: TextStyle, pxPerCm: number): void {
    if (text.trim() === '' || !(style.fontSize > 0) || !(pxPerCm > 0)) return;
    const slot = { widthCm: box.width / pxPerCm, heightCm: box.height / pxPerCm };
    const inner = innerTextBox(slot, style.paddingCm);
    const insetX = ((slot.widthCm - inner.widthCm) / 2) * pxPerCm;
    const insetY = ((slot.heightCm - inner.heightCm) / 2) * pxPerCm;
    const size = style.fontSize;
    const block = layoutTextBlock(text, style, size, inner.widthCm, this);
    const blockHeight = block.heightCm * pxPerCm;
    const innerTop = box.y + insetY;
    const innerHeight = inner.heightCm * pxPerCm;
    const top =
      style.valign === 'top'
        ? innerTop
        : style.valign === 'middle'
          ? innerTop + (innerHeight - blockHeight) / 2
          : innerTop + innerHeight - blockHeight;
    const left = box.x + insetX;
    const innerWidth = inner.widthCm * pxPerCm;
    const lines = block.lines.map((line) => ({
      line,
      width: this.measure(line, style.font, size, style.letterSpacing).widthCm * pxPerCm,
    }));
    const xOf = (width: number) =>
      style.align === 'left'
        ? left
        : style.align === 'right'
          ? left + innerWidth - width
          : left + (innerWidth - width) / 2;

    if (style.background === 'back1' || style.background === 'back2') {
      const pad = Math.max(style.paddingCm, 0.2 * size) * pxPerCm;
      const xs = lines
        .filter((l) => l.width > 0)
        .map((l) => [xOf(l.width), xOf(l.width) + l.width]);
      if (xs.length > 0) {
        const x0 = Math.min(...xs.map((x) => x[0]!)) - pad;
        const x1 = Math.max(...xs.map((x) => x[1]!)) + pad;
        withPaint(this.ck, { color: TEXT_BACKGROUNDS[style.background] }, (paint) =>
          canvas.drawRect(this.ck.LTRBRect(x0, top - pad, x1, top + blockHeight + pad), paint),
        );
      }
    }

    const em = this.em('', style.font, 0);
    const lineHeight =
      Number.isFinite(style.lineHeight) && style.lineHeight >= 0
        ? style.lineHeight
        : DEFAULT_LINE_HEIGHT;
    const advance = (1 + lineHeight) * size * pxPerCm;
    const spacingPx = style.letterSpacing * size * pxPerCm;
    const color = colorOr(style.color, BLACK);
    lines.forEach(({ line, width }, index) => {
      if (line === '') return;
      const baseline = top + em.ascent * size * pxPerCm + index * advance;
      const paragraph = this.paragraph(line, style.font, size * pxPerCm, spacingPx, color);
      try {
        canvas.drawParagraph(
          paragraph,
          xOf(width) - spacingPx / 2,
          baseline - paragraph.getAlphabeticBaseline(),
        );
      } finally {
        paragraph.delete();
      }
    });
  }

  private em(text: string, font: string, letterSpacing: number): EmMeasure {
    const key = `${font}\u0000${letterSpacing}\u0000${text}`;
    const cached = this.measures.get(key);
    if (cached) return cached;
    const spacing = letterSpacing * REFERENCE_PX;
    // Measure a letter when the text is empty, for the font's ascent and descent.
    const paragraph = this.paragraph(text === '' ? 'H' : text, font, REFERENCE_PX, spacing, BLACK);
    try {
      const metrics = paragraph.getLineMetrics()[0];
      const characters = [...text].length;
      const width =
        text === ''
          ? 0
          : (paragraph.getMaxIntrinsicWidth() - (characters > 0 ? spacing : 0)) / REFERENCE_PX;
      const measure = {
        width: Math.max(0, width),
        ascent: (metrics?.ascent ?? 0) / REFERENCE_PX,
        descent: (metrics?.descent ?? 0) / REFERENCE_PX,
      };
      if (this.measures.size >= MAX_CACHED_MEASURES) this.measures.clear();
      this.measures.set(key, measure);
      return measure;
    } finally {
      paragraph.delete();
    }
  }

  private paragraph(
    text: string,
    font: string,
    sizePx: number,
    spacingPx: number,
    color: Rgba,
  ): Paragraph {
    const ck = this.ck;
    const style = new ck.ParagraphStyle({
      textStyle: {
        color: ckColor(ck, color),
        fontFamilies: fontFamilies(font),
        fontSize: sizePx,
        letterSpacing: spacingPx,
      },
      textAlign: ck.TextAlign.Left,
      maxLines: 1,
      replaceTabCharacters: true,
    });
    const builder = ck.ParagraphBuilder.MakeFromFontCollection(style, this.fonts.collection);
    try {
      builder.addText(text);
      const paragraph = builder.build();
      paragraph.layout(1e6);
      return paragraph;
    } finally {
      builder.delete();
    }
  }
}
