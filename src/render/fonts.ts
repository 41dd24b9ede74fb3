/**
 * Fonts by bytes: CanvasKit has no system fonts, so every face it can draw is registered here
 * from the @fontsource files. One family name per character-set file ('Roboto' for latin,
 * 'Roboto latin-ext' for latin-ext) so a paragraph falls through the list letter by letter and
 * accented letters never drop out; Roboto's symbol, math, Greek and Cyrillic files close the list
 * for anything else. The same files (woff2; CanvasKit's FreeType reads woff2 and woff) are read in
 * the page, the workers and Node: fontUrls.ts gives the page its URLs, server/print the paths.
 */
import type { CanvasKit, FontCollection, TypefaceFontProvider } from 'canvaskit-wasm';

/** The fonts a design can name, by the @fontsource package that holds them. Jost stands in for futura-pt. */
export const FONT_PACKAGES = {
  Roboto: 'roboto',
  'Indie Flower': 'indie-flower',
  McLaren: 'mclaren',
  Rasa: 'rasa',
  Montserrat: 'montserrat',
  Nunito: 'nunito',
  'Crimson Text': 'crimson-text',
  'futura-pt': 'jost',
} as const;

export type FontName = keyof typeof FONT_PACKAGES;
export const FONT_NAMES = Object.keys(FONT_PACKAGES) as FontName[];
export const DEFAULT_FONT: FontName = 'Roboto';

const SUBSETS = ['latin', 'latin-ext'] as const;
const FALLBACK_SUBSETS = ['symbols', 'math', 'greek', 'cyrillic'] as const;
const FALLBACK_PREFIX = 'Fallback';

export interface FontFile {
  /** The family name this file is registered under. */
  family: string;
  /** Package path of the file: '@fontsource/roboto/files/roboto-latin-400-normal.woff2'. */
  file: string;
}

function fontFile(pkg: string, subset: string): string {
  return `@fontsource/${pkg}/files/${pkg}-${subset}-400-normal.woff2`;
}

function subsetFamily(name: string, subset: string): string {
  return subset === 'latin' ? name : `${name} ${subset}`;
}

/** Every file the renderer registers, with its family name. */
export const FONT_FILES: readonly FontFile[] = [
  ...FONT_NAMES.flatMap((name) =>
    SUBSETS.map((subset) => ({
      family: subsetFamily(name, subset),
      file: fontFile(FONT_PACKAGES[name], subset),
    })),
  ),
  ...FALLBACK_SUBSETS.map((subset) => ({
    family: `${FALLBACK_PREFIX} ${subset}`,
    file: fontFile('roboto', subset),
  })),
];

const byKey = new Map<string, FontName>(FONT_NAMES.map((name) => [fontKey(name), name]));

function fontKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The font a saved design names, matched loosely ('IndieFlower', 'indie-flower', 'Futura PT');
 * an unknown font draws in Roboto rather than in nothing.
 */
export function resolveFont(font: string): FontName {
  return (
    byKey.get(fontKey(font)) ??
    byKey.get(fontKey(font.replace(/[-_ ]?(regular|normal)$/i, ''))) ??
    DEFAULT_FONT
  );
}

/**
 * The family list of a paragraph: the font's own files first, then Roboto, then the symbol
 * fallbacks. latin-ext comes before latin: the latin files hold combining accents, and a shaper
 * that meets 'ź' in a latin file builds it from 'z' and a loose accent (badly placed) instead of
 * falling through to the latin-ext file that has the real letter. latin-ext has no basic letters,
 * so everything else still falls through to latin.
 */
export function fontFamilies(font: string): string[] {
  const name = resolveFont(font);
  const order = [...SUBSETS].reverse();
  const own = order.map((subset) => subsetFamily(name, subset));
  const roboto =
    name === DEFAULT_FONT ? [] : order.map((subset) => subsetFamily(DEFAULT_FONT, subset));
  return [...own, ...roboto, ...FALLBACK_SUBSETS.map((subset) => `${FALLBACK_PREFIX} ${subset}`)];
}

export interface LoadedFont {
  family: string;
  bytes: ArrayBuffer;
}

/** Reads every font file with `read` (fetch in the page, fs in Node), all at once. */
export async function loadFontBytes(
  read: (file: FontFile) => Promise<ArrayBuffer>,
): Promise<LoadedFont[]> {
  return Promise.all(
    FONT_FILES.map(async (file) => ({ family: file.family, bytes: await read(file) })),
  );
}

/** Owns the typeface provider and the font collection paragraphs are built from. */
export class FontLibrary {
  readonly collection: FontCollection;
  private readonly provider: TypefaceFontProvider;
  private deleted = false;

  /** `provider` holds the registered files; the library owns it from now on. */
  private constructor(ck: CanvasKit, provider: TypefaceFontProvider) {
    this.provider = provider;
    this.collection = fontCollection(ck, provider);
  }

  /** Every file registered at once: Node and the workers, where no customer waits on the thread. */
  static from(ck: CanvasKit, fonts: readonly LoadedFont[]): FontLibrary {
    const provider = ck.TypefaceFontProvider.Make();
    for (const font of fonts) provider.registerFont(font.bytes, font.family);
    return new FontLibrary(ck, provider);
  }

  /**
   * The page's way: one file a task, `nextTurn` between them. FreeType unpacks each woff2 as it
   * is registered, and the 20 files in one go were a task of 150-260 ms on a phone (4x CPU,
   * bench:phone's trace) between 'Ga aan de slag' and the drawn collage.
   */
  static async inTurns(
    ck: CanvasKit,
    fonts: readonly LoadedFont[],
    nextTurn: () => Promise<void>,
  ): Promise<FontLibrary> {
    const provider = ck.TypefaceFontProvider.Make();
    try {
      for (const font of fonts) {
        provider.registerFont(font.bytes, font.family);
        await nextTurn();
      }
    } catch (error) {
      provider.delete();
      throw error;
    }
    return new FontLibrary(ck, provider);
  }

  delete(): void {
    if (this.deleted) return;
    this.deleted = true;
    this.collection.delete();
    this.provider.delete();
  }
}

/** The collection over the provider: every family list of fontFamilies() is looked up in it. */
function fontCollection(ck: CanvasKit, provider: TypefaceFontProvider): FontCollection {
  const collection = ck.FontCollection.Make();
  collection.setDefaultFontManager(provider);
  // Fallback asks the provider (our files only: CanvasKit has no system fonts) for any face
  // with a missing letter, after the family list of fontFamilies().
  collection.enableFontFallback();
  return collection;
}
