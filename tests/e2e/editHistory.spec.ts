import { expect, test, type Page } from '@playwright/test';
import { enableTestHooks, expectState, photoSlot } from './editorHelpers';
import {
  CAMERA_PHOTOS,
  filledSlots,
  openSmallCollage,
  photoStates,
  pickPhoto,
  setTitle,
} from './accountHelpers';

/**
 * Issue 7's proof, undo and redo: ten edits of different kinds made through the editor (photos
 * picked, moved, zoomed and deleted, title typed, background colour), then walked back with
 * Ctrl+Z and the 'Ongedaan maken' button and forth with Ctrl+Shift+Z and 'Opnieuw', comparing the
 * whole editor state after every step with the state recorded when it was first reached.
 */

interface EditorState {
  /** From the slot layer's data-filled. */
  filled: Record<string, boolean>;
  /** The rest through the test hook (the collage picture is not read: a canvas replaces it). */
  photos: Record<string, string>;
  zoom: Record<string, number>;
  title: string;
  background: string;
}

async function editorState(page: Page): Promise<EditorState> {
  const filled = await filledSlots(page);
  const store = await page.evaluate(() => {
    type Hook = {
      collage: {
        backgroundColor: string;
        slots: {
          photos: Record<string, { id: string; zoom: number }>;
          texts: Record<string, { txt: string }>;
        };
      };
    };
    const { collage } = (window as unknown as { __fotocollage: Hook }).__fotocollage;
    const entries = Object.entries(collage.slots.photos);
    return {
      photos: Object.fromEntries(entries.map(([slot, photo]) => [slot, photo.id])),
      zoom: Object.fromEntries(entries.map(([slot, photo]) => [slot, photo.zoom])),
      title: collage.slots.texts.txt1?.txt ?? '',
      background: collage.backgroundColor,
    };
  });
  return { filled, ...store };
}

async function dragSlot(page: Page, from: string, to: string) {
  const source = (await photoSlot(page, from).boundingBox())!;
  const target = (await photoSlot(page, to).boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 40, source.y + source.height / 2 + 20, {
    steps: 4,
  });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
}

test('undo and redo walk back and forth through ten edits, with the keys and the buttons', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await enableTestHooks(page);
  await openSmallCollage(page);
  const undoButton = page.getByRole('button', { name: 'Ongedaan maken' });
  const redoButton = page.getByRole('button', { name: 'Opnieuw' });

  const edits: [string, () => Promise<void>][] = [
    ['photo in slot 1', () => pickPhoto(page, 'img1', CAMERA_PHOTOS[0]!)],
    ['photo in slot 2', () => pickPhoto(page, 'img2', CAMERA_PHOTOS[1]!)],
    ['photo in slot 3', () => pickPhoto(page, 'img3', CAMERA_PHOTOS[2]!)],
    ['title', () => setTitle(page, 'Eerste titel')],
    [
      'drag slot 1 to slot 4',
      async () => {
        await dragSlot(page, 'img1', 'img4');
        await expect(photoSlot(page, 'img4')).toHaveAttribute('data-filled', 'true');
      },
    ],
    [
      'background colour',
      async () => {
        await page.getByRole('button', { name: 'Wijzig achtergrondkleur' }).click();
        const menu = page.getByRole('dialog', { name: 'Kies je kleur' });
        await menu.getByRole('radio', { name: 'Kleur #257ee4' }).click();
        await menu.getByRole('button', { name: 'sluit' }).click();
        await expect(menu).toHaveCount(0);
      },
    ],
    [
      'zoom slot 2',
      async () => {
        await photoSlot(page, 'img2').click();
        await page.getByRole('menuitem', { name: 'Bewerk' }).click();
        const dialog = page.getByRole('dialog', { name: 'Foto bewerken' });
        await dialog.getByRole('button', { name: 'Groter' }).click();
        await expect(dialog.getByTestId('photo-preview')).toHaveAttribute(
          'data-zoom',
          (1 / 0.95).toFixed(3),
        );
        await page.keyboard.press('Escape');
        await expectState(page, 2);
      },
    ],
    [
      'delete slot 3',
      async () => {
        await photoSlot(page, 'img3').click();
        await page.getByRole('menuitem', { name: 'Verwijder' }).click();
        await expect(photoSlot(page, 'img3')).toHaveAttribute('data-filled', 'false');
      },
    ],
    ['second title', () => setTitle(page, 'Tweede titel')],
    ['photo in slot 1 again', () => pickPhoto(page, 'img1', CAMERA_PHOTOS[3]!)],
  ];

  const states = [await editorState(page)];
  for (const [name, edit] of edits) {
    await edit();
    // Photos are read by then: their loading does not count as an edit, but the next edit must not race it.
    await expect.poll(() => photoStates(page), { timeout: 30_000 }).not.toContain('LOADING');
    const state = await editorState(page);
    expect(state, `${name} changed the editor`).not.toEqual(states.at(-1));
    states.push(state);
  }
  expect(states).toHaveLength(11);
  // Every edit left the editor in a state of its own.
  expect(new Set(states.map((state) => JSON.stringify(state))).size).toBe(11);
  await expect(redoButton).toBeDisabled();

  // Back through all ten: Ctrl+Z and the button in turn.
  for (let step = 9; step >= 0; step--) {
    if (step % 2 === 0) await undoButton.click();
    else await page.keyboard.press('Control+z');
    await expect
      .poll(() => editorState(page), { message: `undo to state ${step}` })
      .toEqual(states[step]);
  }
  // The collage as it came from the design screen: nothing before it to undo.
  await expect(undoButton).toBeDisabled();
  await expect(redoButton).toBeEnabled();

  // Forth through all ten: Ctrl+Shift+Z and the button in turn.
  for (let step = 1; step <= 10; step++) {
    if (step % 2 === 0) await redoButton.click();
    else await page.keyboard.press('Control+Shift+Z');
    await expect
      .poll(() => editorState(page), { message: `redo to state ${step}` })
      .toEqual(states[step]);
  }
  await expect(redoButton).toBeDisabled();

  // Halfway back and a new edit: the redo steps after it are gone.
  for (let step = 0; step < 5; step++) await page.keyboard.press('Control+z');
  await expect.poll(() => editorState(page)).toEqual(states[5]);
  await setTitle(page, 'Derde titel');
  await expect(redoButton).toBeDisabled();
  expect((await editorState(page)).filled).toEqual(states[5]!.filled);
});
