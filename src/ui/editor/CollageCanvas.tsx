import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useElementSize } from '../components/useElementSize';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { LayoutPreview } from '../components/LayoutPreview';
import { CollageView } from '../canvas/CollageView';
import { editorScene } from '../canvas/editorScene';
import type { CanvasPhoto } from '../canvas/canvasImages';
import { useCanvasGestures } from '../canvas/useCanvasGestures';
import { SlotLayer } from './SlotLayer';
import { viewportFit } from '../../render/scene';
import { markMilestoneWhenPainted } from '../../services/userTiming';

const markDrawn = () => markMilestoneWhenPainted('editor-drawn');

interface CollageCanvasProps {
  stage: HTMLElement | null;
}

/**
 * The collage in the editor, fitted into the space it gets and zoomed or panned by the customer:
 * CanvasKit draws it (the SVG preview stands in while CanvasKit loads), the slot layer on top
 * takes the clicks, drags and keys. Both are placed where the view store puts the sheet.
 */
export const CollageCanvas = observer(function CollageCanvas({ stage }: CollageCanvasProps) {
  const { t } = useTranslation();
  const { collage, editor } = useStores();
  const box = useRef<HTMLDivElement>(null);
  const space = useElementSize(box);
  const view = editor.view;
  useCanvasGestures(box, view);

  const layout = collage.layout;
  const fit = layout ? Math.max(0, viewportFit(layout, space.width, space.height).pxPerCm) : 0;
  useEffect(() => {
    if (layout)
      view.setBox({
        width: space.width,
        height: space.height,
        sheetWidth: layout.widthCm * fit,
        sheetHeight: layout.heightCm * fit,
      });
  }, [view, layout, space.width, space.height, fit]);

  const placeholders = useMemo(
    () => ({ txt1: t('text.placeholder.title'), txt2: t('text.placeholder.subtitle') }),
    [t],
  );
  const placement = view.placement;
  const label = layout
    ? t('editor.canvas.label', { width: layout.widthCm, height: layout.heightCm })
    : '';
  const ready = !!layout && fit > 0 && placement.width > 0;
  useEffect(() => {
    if (ready) markMilestoneWhenPainted('editor-shown');
  }, [ready]);
  const sheetStyle: CSSProperties = {
    left: placement.left,
    top: placement.top,
    width: placement.width,
    height: placement.height,
  };
  const photos = new Map<string, CanvasPhoto>();
  for (const slot of Object.values(collage.slots.photos)) {
    const image = slot.id ? editor.photoImage(slot.id) : undefined;
    if (image) photos.set(slot.id, image);
  }

  return (
    <div ref={box} className="collage-canvas">
      {ready && (
        <>
          <div className="collage-canvas__picture" role="img" aria-label={label}>
            <CollageView
              frame={{
                scene: editorScene(layout, collage.slots, collage.backgroundColor, placeholders),
                width: space.width,
                height: space.height,
                placement,
                photos,
              }}
              onPhotoNeedsPixels={(id, px) => editor.sharpenPhoto(id, px)}
              onDrawn={markDrawn}
              fallback={
                <div className="collage-canvas__sheet" style={sheetStyle}>
                  <LayoutPreview
                    layout={layout}
                    slots={collage.slots}
                    backgroundColor={collage.backgroundColor}
                    placeholders={placeholders}
                    photoImage={(id) => editor.photoImage(id)}
                    photoTexts={editor.photoTexts}
                    label={label}
                  />
                </div>
              }
            />
          </div>
          <div
            className="collage-canvas__sheet"
            style={sheetStyle}
            data-testid="collage-sheet"
            data-zoom={view.view.zoom.toFixed(2)}
          >
            <SlotLayer layout={layout} pxPerCm={placement.width / layout.widthCm} stage={stage} />
          </div>
        </>
      )}
      {view.showZoomHelp && (
        <p className="collage-canvas__zoom-help" role="status">
          {t(editor.touch ? 'editor.zoom.helpTouch' : 'editor.zoom.help')}{' '}
          <button type="button" className="link-button" onClick={() => view.reset()}>
            {t('editor.zoom.fit')}
          </button>
        </p>
      )}
    </div>
  );
});
