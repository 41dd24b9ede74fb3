/**
 * How every end-to-end test and benchmark starts Debian's Chromium: one list of flags, so that
 * Playwright's tests, the benchmarks and Lighthouse run the same browser.
 *
 * `--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup`: Chromium 156 preloads its omnibox
 * popup (chrome://omnibox-popup.top-chrome, a Lit app) in a renderer of its own for every new
 * window, which a headless window never shows. In a trace of bench:phone's visit that renderer took
 * 1.26 s of CPU in the chooser's first 5 s, on a 2-core machine, beside the page being measured:
 * work no phone's browser does beside a shop's page. Either feature alone still left the renderer;
 * both together remove it.
 */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** A browser on these flags (a phone's persistent context sets them itself: bench/phone.ts, photoMemory.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
