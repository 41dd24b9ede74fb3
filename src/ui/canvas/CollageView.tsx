import { useEffect, useRef, useState, type ReactNode } from 'react';
import { loadBrowserRenderer } from '../../render/browserRenderer';
import { CanvasEngine, STAGE_COLOR, type CanvasFrame } from './canvasEngine';
import { useCanvasServices } from './CanvasServices';
import './canvas.css';

interface CollageViewProps {
  frame: CanvasFrame;
  /** Shown until the first CanvasKit frame is on screen, and for good when CanvasKit cannot load. */
  fallback: ReactNode;
  /** A photo shows larger than its web image (the customer zoomed in): a sharper one is wanted. */
  onPhotoNeedsPixels?(photoId: string, longSidePx: number): void;
  /** CanvasKit's first frame has replaced the stand-in (the editor marks it: 'editor-drawn'). */
  onDrawn?(): void;
}

type Status = 'loading' | 'drawn' | 'failed';

/**
 * The collage drawn by CanvasKit in a box: the same renderer as the screenshot and the print
 * master, so the customer sees what will be printed. Until CanvasKit has loaded (it starts loading
 * once the design chooser has shown) the fallback picture stands in; it never leaves a blank box.
 */
export function CollageView({ frame, fallback, onPhotoNeedsPixels, onDrawn }: CollageViewProps) {
  const services = useCanvasServices();
  const host = useRef<HTMLDivElement>(null);
  const engine = useRef<CanvasEngine | null>(null);
  const latest = useRef(frame);
  const needsPixels = useRef(onPhotoNeedsPixels);
  needsPixels.current = onPhotoNeedsPixels;
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  const [status, setStatus] = useState<Status>('loading');
  latest.current = frame;

  useEffect(() => {
    const element = host.current;
    if (!element || !services) {
      setStatus('failed');
      return;
    }
    let cancelled = false;
    loadBrowserRenderer().then(
      (tools) => {
        if (cancelled) return;
        engine.current = new CanvasEngine(
          tools,
          element,
          services.pixels,
          services.reportError,
          () => setStatus('drawn'),
          (key, px) => needsPixels.current?.(key, px),
        );
        engine.current.show(latest.current);
      },
      (error: unknown) => {
        services.reportError(`CanvasKit did not load: ${String(error)}`);
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      engine.current?.dispose();
      engine.current = null;
    };
  }, [services]);

  useEffect(() => {
    engine.current?.show(frame);
  });

  // Told once the drawing shows, the stand-in gone: committed, so the next frame paints it.
  useEffect(() => {
    if (status === 'drawn') drawn.current?.();
  }, [status]);

  return (
    <div
      className="collage-view"
      style={{
        width: frame.width,
        height: frame.height,
        background: frame.background ?? STAGE_COLOR,
      }}
      data-status={status}
    >
      <div ref={host} className="collage-view__host" hidden={status === 'failed'} />
      {status !== 'drawn' && <div className="collage-view__fallback">{fallback}</div>}
    </div>
  );
}
