import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themesXmlForLocale } from '../../server/catalog/themesForLocale';
import { renderChooser } from './renderChooser';

const THEMES = readFileSync(new URL('../../catalog/themes.xml', import.meta.url), 'utf8');
const draw = (url: string, locale: 'nl' | 'en') =>
  renderChooser(url, locale, themesXmlForLocale(THEMES, locale));

/** The cards' images in the order drawn: [src, loading]. */
const images = (html: string) =>
  [...html.matchAll(/<img [^>]*?src="([^"]+)"[^>]*?loading="(\w+)"/g)].map(([, src, loading]) => [
    src,
    loading,
  ]);

describe("the chooser drawn on the server (React's renderToString of the page's tree)", () => {
  it('draws the Dutch chooser: title, first card texts and image, filters as links', async () => {
    const { html, head, title } = await draw('/keuze', 'nl');
    expect(title).toBe('Kies je ontwerp - Fotocollage');
    expect(html).toContain('<h1>Kies je ontwerp</h1>');
    expect(html).toContain('Raster');
    expect(images(html)[0]).toEqual(['/catalog/thumbs/101.webp', 'eager']);
    expect(images(html).at(-1)![1]).toBe('lazy');
    // The first cards' images are preloaded from the head, ahead of the body.
    expect(head).toContain('<link rel="preload" as="image" href="/catalog/thumbs/101.webp"');
    expect(head).not.toContain('105.webp');
    expect(html).toMatch(/<a [^>]*href="\/keuze\/basic"[^>]*>/);
    expect(html).toMatch(/<a [^>]*href="\/keuze\/tiles"[^>]*>/);
    // The page's Suspense boundary (src/ui/AppShell.tsx) is in the HTML: hydration needs it.
    expect(html).toMatch(/^<!--\$--><main class="choice-screen">/);
  });

  it("draws the English chooser in English with the English filters' links", async () => {
    const { html, title } = await draw('/selection', 'en');
    expect(title).toBe('Choose your design - Fotocollage');
    expect(html).toContain('Grid');
    expect(html).not.toContain('Raster');
    expect(html).toMatch(/<a [^>]*href="\/selection\/vintage"[^>]*>/);
  });

  it("draws a filter's cards only, and marks its link as the current page", async () => {
    const all = images((await draw('/keuze', 'nl')).html);
    const { html } = await draw('/keuze/tiles', 'nl');
    const tiles = images(html);
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThan(all.length);
    expect(html).toContain('<a aria-current="page" href="/keuze/tiles"');
  });

  it('fails on a themes list that does not parse, so that the server sends the page undrawn', async () => {
    await expect(renderChooser('/keuze', 'nl', '<themes><broken')).rejects.toThrow();
  });
});
