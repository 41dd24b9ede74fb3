import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { TileThumbnail } from '../../../model/photos/photoTypes';
import { useNearView } from './useNearView';

export interface TileCanvasProps {
  /** The tile's small JPEG (TileThumbnails): made once, decoded each time the tile comes near. */
  load(): Promise<TileThumbnail>;
  /** The picture's box in CSS pixels (a quarter-turned tile passes it unturned, as an image's). */
  width: number;
  height: number;
  style?: CSSProperties;
  /** Shown when the thumbnail cannot be made (the web image itself, as the tile showed before). */
  fallbackSrc: string;
  /** The picture is drawn. */
  onShown?(): void;
}

/** Pixels of the canvas's backing store for a CSS size at this screen's density (at most 3). */
export function backingSize(cssPx: number, devicePixelRatio: number): number {
  return Math.max(1, Math.round(cssPx * Math.min(3, Math.max(1, devicePixelRatio || 1))));
}

/**
 * A photo tile's picture: a canvas that holds pixels only while the tile is near the view. Near,
 * it decodes the tile's thumbnail (createImageBitmap, off the main thread), draws it at the size
 * the tile shows and closes the bitmap; away, its backing store goes (width and height 0), so the
 * dialog keeps decoded pixels for the tiles on screen only, however many photos it lists.
 */
export function TileCanvas({ load, width, height, style, fallbackSrc, onShown }: TileCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const near = useNearView(ref);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);
  const shown = useRef(onShown);
  shown.current = onShown;

  // A canvas starts with a 300 x 150 backing store: none until it draws.
  useLayoutEffect(() => {
    const canvas = ref.current;
    if (canvas) canvas.width = canvas.height = 0;
  }, []);

  useEffect(() => {
    const canvas = ref.current;
    if (!near || !canvas) return;
    let cancelled = false;
    void (async () => {
      const thumbnail = await load();
      if (cancelled) return;
      const bitmap = await createImageBitmap(thumbnail.jpeg);
      try {
        if (cancelled) return;
        canvas.width = backingSize(width, window.devicePixelRatio);
        canvas.height = backingSize(height, window.devicePixelRatio);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D context');
        context.imageSmoothingQuality = 'high';
        context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      } finally {
        bitmap.close();
      }
      setDrawn(true);
      shown.current?.();
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      canvas.width = canvas.height = 0;
      setDrawn(false);
    };
  }, [near, load, width, height]);

  if (failed)
    return (
      <img
        className="photo-tile__image"
        src={fallbackSrc}
        alt=""
        draggable={false}
        width={width}
        height={height}
        style={style}
        onLoad={onShown}
      />
    );
  return (
    <canvas
      ref={ref}
      className="photo-tile__image"
      data-drawn={drawn}
      data-near={near ?? undefined}
      aria-hidden="true"
      style={{ width, height, ...style }}
    />
  );
}
