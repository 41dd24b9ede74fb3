import { useRef, type ReactNode } from 'react';
import { useElementSize } from '../components/useElementSize';
import type { Layout } from '../../model/layout/types';
import { viewportFit, type Scene } from '../../render/scene';
import { CollageView } from './CollageView';
import type { CanvasPhoto } from './canvasImages';

interface FittedCollageProps {
  scene: Scene;
  layout: Layout;
  photos?: ReadonlyMap<string, CanvasPhoto>;
  /** Shown while CanvasKit loads (and if it cannot). */
  fallback: ReactNode;
  /** The colour of the box round the collage ('#rrggbb'). */
  background: string;
}

const NO_PHOTOS: ReadonlyMap<string, CanvasPhoto> = new Map();

/** A collage drawn by CanvasKit, fitted and centred in the box it is given (the design screen's live preview). */
export function FittedCollage({
  scene,
  layout,
  photos = NO_PHOTOS,
  fallback,
  background,
}: FittedCollageProps) {
  const box = useRef<HTMLDivElement>(null);
  const space = useElementSize(box);
  const fit = viewportFit(layout, space.width, space.height);
  const placement = {
    left: fit.offsetX,
    top: fit.offsetY,
    width: layout.widthCm * fit.pxPerCm,
    height: layout.heightCm * fit.pxPerCm,
  };
  return (
    <div ref={box} className="fitted-collage">
      {fit.pxPerCm > 0 && (
        <CollageView
          frame={{ scene, width: space.width, height: space.height, placement, photos, background }}
          fallback={fallback}
        />
      )}
    </div>
  );
}
