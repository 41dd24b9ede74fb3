import type { CollageStore } from '../collage/CollageStore';
import type { PhotoStore } from '../photos/PhotoStore';
import type { ScreenshotCollage, ScreenshotPhotoSource } from '../../services/screenshotTypes';

/**
 * The collage as the screenshot draws it, read from the stores (inside RootStore's reaction, so
 * it tracks exactly what the picture depends on: layout, slots, background colour and the used
 * photos' images). Null while there is nothing to draw: no design, no layout yet, or slots that
 * still belong to the previous layout (the collage adopts them in its own reaction).
 */
export function screenshotCollage(
  collage: CollageStore,
  photos: PhotoStore,
): ScreenshotCollage | null {
  const layout = collage.layout;
  if (!collage.hasDesign || !layout || collage.slotsLayoutKey !== collage.format.layoutKey)
    return null;
  const sources: ScreenshotPhotoSource[] = [];
  for (const id of new Set(collage.photoIdsInUse)) {
    const photo = photos.byLocalId(id);
    if (!photo) continue;
    sources.push({
      id,
      state: photo.state,
      src: photo.src,
      width: photo.webWidth,
      height: photo.webHeight,
    });
  }
  return {
    layout,
    slots: collage.slots,
    backgroundColor: collage.backgroundColor,
    photos: sources,
  };
}
