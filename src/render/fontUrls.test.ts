import { afterEach, describe, expect, it, vi } from 'vitest';
import { FONT_FILE_COUNT, fetchFonts } from './fontUrls';

describe('fetchFonts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts one request a turn, all of them under way together, and answers every file', async () => {
    // The browser's scheduler.yield, each turn held until the test lets it end.
    const turns: (() => void)[] = [];
    vi.stubGlobal('scheduler', {
      yield: () => new Promise<void>((resolve) => turns.push(resolve)),
    });
    // Requests that stay open until the end, as on a phone's slow line.
    const answers: (() => void)[] = [];
    const requested: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      requested.push(url);
      return new Promise<Response>((resolve) =>
        answers.push(() => resolve(new Response(new ArrayBuffer(8)))),
      );
    });
    const fonts = fetchFonts();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    expect(requested).toHaveLength(0);
    for (let turn = 1; turn <= FONT_FILE_COUNT; turn += 1) {
      turns.shift()!();
      await settle();
      expect(requested).toHaveLength(turn);
    }
    expect(new Set(requested).size).toBe(FONT_FILE_COUNT);
    for (const answer of answers) answer();
    const loaded = await fonts;
    expect(loaded).toHaveLength(FONT_FILE_COUNT);
    expect(loaded.every((font) => font.bytes.byteLength === 8)).toBe(true);
  });
});
