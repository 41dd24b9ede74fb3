import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogService } from './catalogService.js';
import { writeTestCatalog } from '../test/seed.js';

/** A logger that keeps the warnings, with their context. */
function recordingLog() {
  const warnings: { context: Record<string, unknown>; message: string }[] = [];
  const log = {
    warn: (context: Record<string, unknown>, message: string) =>
      warnings.push({ context, message }),
    error: () => undefined,
    info: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

const THEMES = `<themes>
  <template id="1" name="Fotocollage Raster" category="Fotocollage" namepart="Raster" shortinfo="3 x 4 foto&apos;s">
    <text locale="en" name="Photo collage Grid" category="Photo collage" namepart="Grid"/>
    <text locale="pt" name="Colagem"/>
    <size id="1" width="40" height="30"/>
  </template>
</themes>`;

describe('CatalogService', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  it('tells the shop at load which texts fall back to Dutch in which locale, and which <text> is for no locale it offers', async () => {
    const dir = await writeTestCatalog(THEMES);
    dirs.push(dir);
    const { log, warnings } = recordingLog();
    const catalog = new CatalogService(dir, log);
    expect(await catalog.templates()).toHaveLength(1);
    const english = warnings.find((warning) => warning.context.locale === 'en');
    expect(english?.message).toBe("themes list: 1 texts of 'en' fall back to Dutch");
    expect(english?.context.untranslated).toEqual([
      `template 1, en: shortinfo shows the Dutch "3 x 4 foto's"`,
    ]);
    const german = warnings.find((warning) => warning.context.locale === 'de');
    expect(german?.message).toBe("themes list: 4 texts of 'de' fall back to Dutch");
    expect(warnings.map((warning) => warning.message)).toContain(
      'template 1: <text locale="pt"> is for a locale the shop does not offer',
    );
    // Read once: no second report until the file changes.
    const count = warnings.length;
    await catalog.templates();
    expect(warnings).toHaveLength(count);
  });
});
