import { useEffect, useState } from 'react';
import type { PhotoEffect } from '../../render/scene';
import { useCanvasServices } from '../canvas/CanvasServices';

/**
 * The six effect thumbnails of a web image, made by the photo worker with the same codec and
 * effects as the canvas and the print; an empty record while they are made or when they fail
 * (the failure is reported, the buttons still work).
 */
export function useEffectThumbnails(src: string | undefined): Partial<Record<PhotoEffect, string>> {
  const services = useCanvasServices();
  const [thumbnails, setThumbnails] = useState<Partial<Record<PhotoEffect, string>>>({});
  useEffect(() => {
    if (!src || !services) return;
    let made: string[] = [];
    let cancelled = false;
    services.effectThumbnails(src).then(
      (images) => {
        made = images.map((image) => image.src);
        if (cancelled) made.forEach((url) => services.revokeThumbnail(url));
        else setThumbnails(Object.fromEntries(images.map((image) => [image.effect, image.src])));
      },
      (error: unknown) => services.reportError(`effect thumbnails: ${String(error)}`),
    );
    return () => {
      cancelled = true;
      made.forEach((url) => services.revokeThumbnail(url));
      setThumbnails({});
    };
  }, [src, services]);
  return thumbnails;
}
