/**
 * The product's fonts for the catalog scripts, read from the installed @fontsource packages
 * (latin subset, which covers the allowed characters U+0020-00FF). futura-pt is not free: Jost
 * stands in for it, as in the renderer. CanvasKit reads the woff2 files directly.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CanvasKit, Typeface } from 'canvaskit-wasm';

const require = createRequire(import.meta.url);

/** Product font family → @fontsource package: the renderer's own table. */
import { FONT_PACKAGES } from '../../src/render/fonts';

export { FONT_PACKAGES };

export type FontStyle = 'normal' | 'italic';

export function fontFile(family: string, weight = 400, style: FontStyle = 'normal'): string {
  const pkg = (FONT_PACKAGES as Record<string, string | undefined>)[family];
  if (!pkg) throw new Error(`unknown font family '${family}'`);
  const root = dirname(require.resolve(`@fontsource/${pkg}/package.json`));
  return join(root, 'files', `${pkg}-latin-${weight}-${style}.woff2`);
}

export class Fonts {
  private readonly faces = new Map<string, Typeface>();
  constructor(private readonly ck: CanvasKit) {}

  /** The typeface of a family at a weight; a missing weight falls back to 400. */
  typeface(family: string, weight = 400, style: FontStyle = 'normal'): Typeface {
    const key = `${family}/${weight}/${style}`;
    let face = this.faces.get(key);
    if (!face) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(fontFile(family, weight, style));
      } catch {
        bytes = readFileSync(fontFile(family, 400, 'normal'));
      }
      const made = this.ck.Typeface.MakeTypefaceFromData(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
      if (!made) throw new Error(`CanvasKit cannot read the font ${key}`);
      face = made;
      this.faces.set(key, face);
    }
    return face;
  }
}
