import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../../src/i18n/localePaths';
import { messages } from '../../../server/i18n/messages';
import { limitMessages } from '../../../server/i18n/limitMessages';
import {
  PHOTO_ERRORS,
  photoMessage,
  type PhotoMessageKey,
} from '../../../server/i18n/photoMessages';
import { PAGE_TEXTS } from '../../../server/pages/texts';
import { DONE_VISIT_TEXTS, QUIT_TEXTS } from '../../../server/pages/doneTexts';
import { materialLabel } from '../../../server/pages/materialTexts';
import { PASSWORD_TEXTS } from '../../../server/pages/passwordTexts';
import { PRINT_TEXTS } from '../../../server/pages/printTexts';
import { TERMS_TEXTS } from '../../../server/pages/termsTexts';
import { flatten, type LocaleText } from './localeTexts';
import { MATERIALS } from '../../../src/model/catalog/materials';

/**
 * The server's texts of a locale and the shop's terms, each with where it lives, for the voice test
 * of the server (server/i18n/voice.test.ts).
 */

/** The server files with texts per locale that serverTexts reads; the server's voice test fails on any other file with such a table. */
export const SERVER_TEXT_FILES = [
  'server/i18n/messages.ts',
  'server/i18n/limitMessages.ts',
  'server/i18n/photoMessages.ts',
  'server/pages/texts.ts',
  'server/pages/doneTexts.ts',
  'server/pages/materialTexts.ts',
  'server/pages/passwordTexts.ts',
  'server/pages/printTexts.ts',
  'server/pages/termsTexts.ts',
];

const MATERIAL_CODES = MATERIALS.map((material) => material.code);

/** The server's texts: its message tables, the shop pages' texts, the reset mail. */
export function serverTexts(locale: Locale): LocaleText[] {
  const perKey = (file: string, table: Record<string, Record<Locale, string>>) =>
    Object.entries(table).map(([key, texts]) => ({ where: `${file} ${key}`, text: texts[locale] }));
  return [
    ...perKey('messages.ts', messages),
    ...perKey('limitMessages.ts', limitMessages),
    ...Object.keys(PHOTO_ERRORS).map((key) => ({
      where: `photoMessages.ts ${key}`,
      text: photoMessage(locale, key as PhotoMessageKey),
    })),
    ...flatten(PAGE_TEXTS[locale], 'texts.ts'),
    ...flatten(QUIT_TEXTS[locale], 'doneTexts.ts QUIT_TEXTS'),
    { where: 'doneTexts.ts DONE_VISIT_TEXTS', text: DONE_VISIT_TEXTS[locale] },
    ...MATERIAL_CODES.map((code) => ({
      where: `materialTexts.ts ${code}`,
      text: materialLabel(locale, code),
    })),
    ...flatten(PASSWORD_TEXTS[locale], 'passwordTexts.ts'),
    ...flatten(PRINT_TEXTS[locale], 'printTexts.ts'),
    ...flatten(TERMS_TEXTS[locale], 'termsTexts.ts'),
  ];
}

/** The shop's terms, catalog/terms/<locale>.md, a paragraph or heading each. */
export function termsTexts(locale: Locale): LocaleText[] {
  const file = `catalog/terms/${locale}.md`;
  return readFileSync(path.resolve(file), 'utf8')
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph, index) => ({ where: `${file} paragraph ${index + 1}`, text: paragraph }));
}
