/** Painted brush strokes made of bristles: ragged ends, dry-brush gaps, colour streaks. */
import { color } from '../ck';
import { mix, valueNoise1D, withPaint, type ArtContext, type Point } from './core';
import { noisePaint } from './texture';

export interface BrushOptions {
  /** Centre line of the stroke (cm); at least two points. */
  points: readonly Point[];
  width: number;
  tint: string;
  bristles?: number;
  /** 0 wet and full, 1 very dry: more gaps towards the end. */
  dryness?: number;
}

interface Sample {
  x: number;
  y: number;
  nx: number;
  ny: number;
}

/** Points along the centre line at equal steps, with the normal at each. */
function sampleLine(points: readonly Point[], step: number): Sample[] {
  const dense: Point[] = [];
  for (let index = 0; index + 1 < points.length; index++) {
    const [x0, y0] = points[index]!;
    const [x1, y1] = points[index + 1]!;
    const count = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let n = 0; n < count; n++)
      dense.push([x0 + ((x1 - x0) * n) / count, y0 + ((y1 - y0) * n) / count]);
  }
  dense.push(points[points.length - 1]!);
  return dense.map(([x, y], index) => {
    const [ax, ay] = dense[Math.max(0, index - 1)]!;
    const [bx, by] = dense[Math.min(dense.length - 1, index + 1)]!;
    const length = Math.hypot(bx - ax, by - ay) || 1;
    return { x, y, nx: -(by - ay) / length, ny: (bx - ax) / length };
  });
}

export function brushStroke(ctx: ArtContext, options: BrushOptions): void {
  const { ck, canvas, random } = ctx;
  const samples = sampleLine(options.points, 0.12);
  const bristles = options.bristles ?? Math.max(12, Math.round(options.width * 16));
  const dryness = options.dryness ?? 0.35;
  const bristleWidth = (options.width / bristles) * 2.2;
  canvas.saveLayer(undefined, null, null, 0);
  for (let bristle = 0; bristle < bristles; bristle++) {
    const across = (bristle / (bristles - 1) - 0.5) * options.width;
    const edge = Math.abs(across) / options.width;
    const start = random() * 0.025 + edge * edge * 0.06;
    const end = 1 - random() * 0.08 - edge * edge * 0.1;
    const load = 0.75 + random() * 0.25;
    const tint = mix(options.tint, random() < 0.5 ? '#ffffff' : '#000000', random() * 0.12);
    const gaps = valueNoise1D(random);
    const wobble = valueNoise1D(random);
    const phase = random() * 100;
    withPaint(new ck.Paint(), (paint) => {
      paint.setAntiAlias(true);
      paint.setStyle(ck.PaintStyle.Stroke);
      paint.setStrokeCap(ck.StrokeCap.Round);
      paint.setStrokeWidth(bristleWidth * (0.6 + random() * 0.8));
      paint.setColor(color(ck, tint, load));
      let builder: InstanceType<typeof ck.PathBuilder> | undefined;
      const flush = () => {
        if (!builder) return;
        const path = builder.detachAndDelete();
        canvas.drawPath(path, paint);
        path.delete();
        builder = undefined;
      };
      samples.forEach((sample, index) => {
        const t = index / (samples.length - 1);
        // Dry brush: the further along, the more the paper shows through.
        const dry = Math.max(0, (t - 0.55) / 0.45);
        const visible =
          t >= start && t <= end && gaps(phase + t * 22) > 1 - 2 * (1 - dryness * dry * 1.6);
        if (!visible) return flush();
        // The stroke narrows where the brush touches down and lifts off.
        const taper = Math.min(1, (t - start) / 0.04, (end - t) / 0.04) ** 0.35;
        const offset = across * (0.85 + 0.15 * taper) + wobble(phase + t * 4) * 0.025;
        const x = sample.x + sample.nx * offset;
        const y = sample.y + sample.ny * offset;
        if (!builder) {
          builder = new ck.PathBuilder();
          builder.moveTo(x, y);
        } else builder.lineTo(x, y);
      });
      flush();
    });
  }
  // The canvas grain lifts a little paint off the tops of the weave.
  withPaint(
    noisePaint(ctx, {
      frequency: 5,
      octaves: 2,
      seed: Math.floor(random() * 1000),
      tint: '#000000',
      gain: 0.7,
      bias: -0.38,
    }),
    (paint) => {
      paint.setBlendMode(ck.BlendMode.DstOut);
      canvas.drawRect(ck.XYWHRect(0, 0, ctx.widthCm, ctx.heightCm), paint);
    },
  );
  canvas.restore();
}

/** A block painted with parallel strokes, alternately left to right and back, so dry ends alternate. */
export function paintedBlock(
  ctx: ArtContext,
  rect: { x: number; y: number; width: number; height: number },
  tint: string,
  strokes: number,
  dryness = 0.5,
): void {
  const { random } = ctx;
  const band = rect.height / strokes;
  for (let index = 0; index < strokes; index++) {
    const y = rect.y + band * (index + 0.5) + (random() - 0.5) * band * 0.2;
    const left = rect.x + (random() - 0.5) * 1.2;
    const right = rect.x + rect.width + (random() - 0.5) * 1.2;
    const tilt = (random() - 0.5) * band * 0.35;
    const ends: Point[] = [
      [left, y - tilt],
      [(left + right) / 2, y + (random() - 0.5) * band * 0.15],
      [right, y + tilt],
    ];
    brushStroke(ctx, {
      points: index % 2 === 0 ? ends : [...ends].reverse(),
      width: band * 1.35,
      tint: mix(tint, random() < 0.5 ? '#ffffff' : '#000000', random() * 0.06),
      dryness,
    });
  }
}
