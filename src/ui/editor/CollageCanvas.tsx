import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { LayoutPreview } from '../components/LayoutPreview';
import { SlotLayer } from './SlotLayer';

interface CollageCanvasProps {
  stage: HTMLElement | null;
}

/**
 * The collage in the editor, fitted into the space it gets: the picture (the SVG LayoutPreview
 * until the CanvasKit view replaces it at this boundary) with the slot layer on top.
 */
export const CollageCanvas = observer(function CollageCanvas({ stage }: CollageCanvasProps) {
  const { t } = useTranslation();
  const { collage, editor } = useStores();
  const box = useRef<HTMLDivElement>(null);
  const [space, setSpace] = useState({ width: 0, height: 0 });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSpace({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const layout = collage.layout;
  const pxPerCm = layout ? Math.max(0, Math.min(space.width / layout.widthCm, space.height / layout.heightCm)) : 0;
  return (
    <div ref={box} className="collage-canvas">
      {layout && pxPerCm > 0 && (
        <div className="collage-canvas__sheet" style={{ width: layout.widthCm * pxPerCm, height: layout.heightCm * pxPerCm }} data-testid="collage-sheet">
          <LayoutPreview
            layout={layout}
            slots={collage.slots}
            backgroundColor={collage.backgroundColor}
            placeholders={{ txt1: t('text.placeholder.title'), txt2: t('text.placeholder.subtitle') }}
            photoImage={(id) => editor.photoImage(id)}
            photoTexts={editor.photoTexts}
            label={t('editor.canvas.label', { width: layout.widthCm, height: layout.heightCm })}
          />
          <SlotLayer layout={layout} pxPerCm={pxPerCm} stage={stage} />
        </div>
      )}
    </div>
  );
});
