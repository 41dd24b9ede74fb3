import { describe, expect, it } from 'vitest';
import { imageSettled } from './imageSettled';

/** An image as far as imageSettled reads it: its `complete` flag and its load and error events. */
const fakeImage = (complete: boolean) =>
  Object.assign(new EventTarget(), { complete }) as unknown as HTMLImageElement;

/** Whether the promise has settled once the microtasks queued so far have run. */
async function hasSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('imageSettled', () => {
  it('resolves at once for an image already loaded (or failed)', async () => {
    expect(await hasSettled(imageSettled(fakeImage(true)))).toBe(true);
  });

  it('waits for a loading image, and resolves on its load or on its error', async () => {
    for (const event of ['load', 'error']) {
      const image = fakeImage(false);
      const settled = imageSettled(image);
      expect(await hasSettled(settled)).toBe(false);
      image.dispatchEvent(new Event(event));
      expect(await hasSettled(settled)).toBe(true);
    }
  });
});
