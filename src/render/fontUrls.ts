/**
 * The page's and workers' URLs of the font files in FONT_FILES (fonts.ts), given by Vite. Node
 * reads the same files from node_modules (server/print/assets.ts). A test checks the two lists agree.
 */
import crimsonLatin from '@fontsource/crimson-text/files/crimson-text-latin-400-normal.woff2?url';
import crimsonLatinExt from '@fontsource/crimson-text/files/crimson-text-latin-ext-400-normal.woff2?url';
import indieLatin from '@fontsource/indie-flower/files/indie-flower-latin-400-normal.woff2?url';
import indieLatinExt from '@fontsource/indie-flower/files/indie-flower-latin-ext-400-normal.woff2?url';
import jostLatin from '@fontsource/jost/files/jost-latin-400-normal.woff2?url';
import jostLatinExt from '@fontsource/jost/files/jost-latin-ext-400-normal.woff2?url';
import mclarenLatin from '@fontsource/mclaren/files/mclaren-latin-400-normal.woff2?url';
import mclarenLatinExt from '@fontsource/mclaren/files/mclaren-latin-ext-400-normal.woff2?url';
import montserratLatin from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url';
import montserratLatinExt from '@fontsource/montserrat/files/montserrat-latin-ext-400-normal.woff2?url';
import nunitoLatin from '@fontsource/nunito/files/nunito-latin-400-normal.woff2?url';
import nunitoLatinExt from '@fontsource/nunito/files/nunito-latin-ext-400-normal.woff2?url';
import rasaLatin from '@fontsource/rasa/files/rasa-latin-400-normal.woff2?url';
import rasaLatinExt from '@fontsource/rasa/files/rasa-latin-ext-400-normal.woff2?url';
import robotoLatin from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url';
import robotoLatinExt from '@fontsource/roboto/files/roboto-latin-ext-400-normal.woff2?url';
import robotoSymbols from '@fontsource/roboto/files/roboto-symbols-400-normal.woff2?url';
import robotoMath from '@fontsource/roboto/files/roboto-math-400-normal.woff2?url';
import robotoGreek from '@fontsource/roboto/files/roboto-greek-400-normal.woff2?url';
import robotoCyrillic from '@fontsource/roboto/files/roboto-cyrillic-400-normal.woff2?url';
import { FONT_FILES, loadFontBytes, type FontFile, type LoadedFont } from './fonts';
import { nextTurn } from './nextTurn';

export const FONT_URLS: Readonly<Record<string, string>> = {
  '@fontsource/crimson-text/files/crimson-text-latin-400-normal.woff2': crimsonLatin,
  '@fontsource/crimson-text/files/crimson-text-latin-ext-400-normal.woff2': crimsonLatinExt,
  '@fontsource/indie-flower/files/indie-flower-latin-400-normal.woff2': indieLatin,
  '@fontsource/indie-flower/files/indie-flower-latin-ext-400-normal.woff2': indieLatinExt,
  '@fontsource/jost/files/jost-latin-400-normal.woff2': jostLatin,
  '@fontsource/jost/files/jost-latin-ext-400-normal.woff2': jostLatinExt,
  '@fontsource/mclaren/files/mclaren-latin-400-normal.woff2': mclarenLatin,
  '@fontsource/mclaren/files/mclaren-latin-ext-400-normal.woff2': mclarenLatinExt,
  '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2': montserratLatin,
  '@fontsource/montserrat/files/montserrat-latin-ext-400-normal.woff2': montserratLatinExt,
  '@fontsource/nunito/files/nunito-latin-400-normal.woff2': nunitoLatin,
  '@fontsource/nunito/files/nunito-latin-ext-400-normal.woff2': nunitoLatinExt,
  '@fontsource/rasa/files/rasa-latin-400-normal.woff2': rasaLatin,
  '@fontsource/rasa/files/rasa-latin-ext-400-normal.woff2': rasaLatinExt,
  '@fontsource/roboto/files/roboto-latin-400-normal.woff2': robotoLatin,
  '@fontsource/roboto/files/roboto-latin-ext-400-normal.woff2': robotoLatinExt,
  '@fontsource/roboto/files/roboto-symbols-400-normal.woff2': robotoSymbols,
  '@fontsource/roboto/files/roboto-math-400-normal.woff2': robotoMath,
  '@fontsource/roboto/files/roboto-greek-400-normal.woff2': robotoGreek,
  '@fontsource/roboto/files/roboto-cyrillic-400-normal.woff2': robotoCyrillic,
};

export function fontUrl(file: FontFile): string {
  const url = FONT_URLS[file.file];
  if (!url) throw new Error(`No URL for font file ${file.file}`);
  return url;
}

/**
 * Fetches every font file the renderer registers (page and workers), at low priority in the page:
 * the renderer's fonts are wanted for the next screen, never for what shows now.
 */
export function fetchFonts(): Promise<LoadedFont[]> {
  // A request a turn, all of them under way together: the 20 fetch calls in one go were a task of
  // 27 ms on an unthrottled load and 68 ms at the bench's phone CPU, on the chooser at idle.
  let started = Promise.resolve();
  return loadFontBytes(async (file) => {
    started = started.then(nextTurn);
    await started;
    const response = await fetch(fontUrl(file), { priority: 'low' });
    if (!response.ok) throw new Error(`Font ${file.file}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
}

export const FONT_FILE_COUNT = FONT_FILES.length;
