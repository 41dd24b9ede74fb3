import type { Layer, Layout, Size } from './types';

/**
 * A static template is drawn by its designer at one size; its child sizes print it larger or
 * smaller. Every position and size scales with the sheet; lengths that are not tied to one axis
 * (font sizes, radii, border widths, margins) scale with the smaller factor, so a text never grows
 * out of its box when a size is not exactly proportional.
 */
export function scaleLayout(layout: Layout, size: Size): Layout {
  const sx = size.widthCm / layout.widthCm;
  const sy = size.heightCm / layout.heightCm;
  if (!(sx > 0) || !(sy > 0) || !Number.isFinite(sx) || !Number.isFinite(sy)) return layout;
  if (sx === 1 && sy === 1) return layout;
  const s = Math.min(sx, sy);
  const layers = layout.layers.map((layer) => scaleLayer(layer, sx, sy, s));
  const photoBorder = layout.photoBorder && {
    ...layout.photoBorder,
    marginsCm: layout.photoBorder.marginsCm * s,
    cardWidthCm: layout.photoBorder.cardWidthCm * s,
    glowWidthCm: layout.photoBorder.glowWidthCm * s,
    shadowWidthCm: layout.photoBorder.shadowWidthCm * s,
  };
  const scaled: Layout = { ...layout, widthCm: size.widthCm, heightCm: size.heightCm, layers };
  if (photoBorder) scaled.photoBorder = photoBorder;
  return scaled;
}

function scaleLayer(layer: Layer, sx: number, sy: number, s: number): Layer {
  const rect = {
    x: layer.x * sx,
    y: layer.y * sy,
    width: layer.width * sx,
    height: layer.height * sy,
  };
  switch (layer.kind) {
    case 'text':
      return {
        ...layer,
        ...rect,
        style: {
          ...layer.style,
          fontSize: layer.style.fontSize * s,
          paddingCm: layer.style.paddingCm * s,
        },
      };
    case 'shape':
      return {
        ...layer,
        ...rect,
        radiusCm: layer.radiusCm * s,
        borderWidthCm: layer.borderWidthCm * s,
      };
    case 'clip': {
      const clip = { ...layer, ...rect };
      if (layer.radiusCm !== undefined) clip.radiusCm = layer.radiusCm * s;
      if (layer.path !== undefined) clip.path = scalePath(layer.path, sx, sy);
      return clip;
    }
    case 'box':
      return { ...layer, ...rect, borderWidthCm: layer.borderWidthCm * s };
    default:
      return { ...layer, ...rect };
  }
}

/**
 * Scales SVG path data with absolute and relative move/line/curve commands (what generators and
 * designers write). Arcs keep their flags; their radii scale per axis.
 */
export function scalePath(path: string, sx: number, sy: number): string {
  const tokens = path.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  const out: string[] = [];
  let command = '';
  let index = 0;
  for (const token of tokens) {
    if (/^[a-zA-Z]$/.test(token)) {
      command = token;
      index = 0;
      out.push(token);
      continue;
    }
    const value = Number(token);
    out.push(formatNumber(value * factorFor(command, index, sx, sy)));
    index += 1;
  }
  return out.join(' ');
}

function factorFor(command: string, index: number, sx: number, sy: number): number {
  switch (command.toUpperCase()) {
    case 'H':
      return sx;
    case 'V':
      return sy;
    case 'A': {
      // rx ry x-axis-rotation large-arc-flag sweep-flag x y
      const factors = [sx, sy, 1, 1, 1, sx, sy];
      return factors[index % 7]!;
    }
    default:
      return index % 2 === 0 ? sx : sy;
  }
}

function formatNumber(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}
