import { useRef, type ReactNode } from 'react';
import { useElementSize } from '../components/useElementSize';
import type { Layout } from '../../model/layout/types';
import type { Scene } from '../../render/scene';
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
export function FittedCollage({ scene, layout, photos = NO_PHOTOS, fallback, background }: FittedCollageProps) {
  const box = useRef<HTMLDivElement>(null);
  const space = useElementSize(box);
  const fit = Math.max(0, Math.min(space.width / layout.widthCm, space.height / layout.heightCm));
  const width = layout.widthCm * fit;
  const height = layout.heightCm * fit;
  const placement = { left: (space.width - width) / 2, top: (space.height - height) / 2, width, height };
  return (
    <div ref={box} className="fitted-collage">
      {fit > 0 && <CollageView frame={{ scene, width: space.width, height: space.height, placement, photos, background }} fallback={fallback} />}
    </div>
  );
}
