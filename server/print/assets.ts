/**
 * The renderer's files in Node: CanvasKit finds its .wasm next to its .js by itself, and the font
 * files of FONT_FILES are read from node_modules by the same package paths the page fetches by
 * URL, so the print master is drawn with the very bytes the customer saw.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { CanvasKit } from 'canvaskit-wasm';
import { initCanvasKit, loadCanvasKit, type CanvasKitInit } from '../../src/render/canvaskit';
import { FontLibrary, loadFontBytes, type LoadedFont } from '../../src/render/fonts';

const require = createRequire(import.meta.url);

export function fontPath(file: string): string {
  return require.resolve(file);
}

let fontBytes: Promise<LoadedFont[]> | null = null;

/** Every font file's bytes, read once per process. */
export function loadNodeFonts(): Promise<LoadedFont[]> {
  fontBytes ??= loadFontBytes(async (file) => {
    const bytes = await readFile(fontPath(file.file));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }).catch((error: unknown) => {
    fontBytes = null;
    throw error;
  });
  return fontBytes;
}

export interface NodeCanvasKit {
  ck: CanvasKit;
  /** Owned by the caller: delete() it when done with this CanvasKit. */
  fonts: FontLibrary;
}

export type NodeCanvasKitBuild = 'default' | 'full';

let fullBuild: Promise<CanvasKit> | null = null;

/**
 * The /full build: the default one plus the JPEG encoder, for the print master. Node only: the
 * page and its workers load the default build alone (src/render/canvaskit.ts).
 */
function loadFullCanvasKit(): Promise<CanvasKit> {
  fullBuild ??= import('canvaskit-wasm/full')
    .then((module) => initCanvasKit((module as unknown as { default: CanvasKitInit }).default))
    .catch((error: unknown) => {
      fullBuild = null;
      throw error;
    });
  return fullBuild;
}

/** CanvasKit (default build, or /full for the JPEG encoder) with the fonts registered. */
export async function loadNodeCanvasKit(
  build: NodeCanvasKitBuild = 'default',
): Promise<NodeCanvasKit> {
  const [ck, fonts] = await Promise.all([
    build === 'full' ? loadFullCanvasKit() : loadCanvasKit(),
    loadNodeFonts(),
  ]);
  return { ck, fonts: FontLibrary.from(ck, fonts) };
}
