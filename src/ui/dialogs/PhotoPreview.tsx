import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { FramedPhoto } from '../components/FramedPhoto';
import { useTwoFingers } from '../canvas/useTwoFingers';
import { CollageView } from '../canvas/CollageView';
import { slotPreviewScene } from '../canvas/editorScene';

interface PhotoPreviewProps {
  /** Room it may take: the spec's at most 400 x 400, less 10-20 px of the width and 180 (photo editor) or 230 (text dialog) px of the height. */
  heightReserve: number;
  /** Drag (and arrow keys) move the photo in its slot. */
  pannable: boolean;
}

const KEY_STEP_PX = 8;

/** The one-photo canvas of the photo editor and the add-text dialog: the selected photo in its slot's shape. */
export const PhotoPreview = observer(function PhotoPreview({
  heightReserve,
  pannable,
}: PhotoPreviewProps) {
  const { t } = useTranslation();
  const { editor, collage } = useStores();
  const photoEditor = editor.photoEditor;
  const drag = useRef<{ x: number; y: number; id: number } | null>(null);
  const canvas = useRef<SVGSVGElement>(null);
  const { photo, layer } = photoEditor;
  const scale = useRef(1);
  // Two fingers zoom the photo (refused at 25 dpi or less) and move it; one finger drags it.
  useTwoFingers(canvas, {
    onZoom: (factor) => pannable && photoEditor.pinch(factor),
    onPan: (dx, dy) => pannable && photoEditor.pan(dx / scale.current, dy / scale.current),
    onGesture: (active) => {
      drag.current = null;
      if (!active && pannable) photoEditor.endPan();
    },
  });
  const image = photo ? editor.photoImage(photo.id) : undefined;
  if (!photo || !layer) return null;
  const maxWidth = Math.min(400, editor.windowWidth - 20 - 40);
  const maxHeight = Math.max(120, Math.min(400, editor.windowHeight - heightReserve));
  const pxPerCm = Math.min(maxWidth / layer.width, maxHeight / layer.height);
  scale.current = pxPerCm;
  const rect = { x: 0, y: 0, width: layer.width, height: layer.height };
  const text = editor.photoTexts[layer.slot];

  const panBy = (dxPx: number, dyPx: number) => photoEditor.pan(dxPx / pxPerCm, dyPx / pxPerCm);
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (!pannable || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const last = drag.current;
    if (!last || last.id !== event.pointerId) return;
    panBy(event.clientX - last.x, event.clientY - last.y);
    drag.current = { ...last, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = () => {
    if (drag.current) photoEditor.endPan();
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP_PX, 0],
      ArrowRight: [KEY_STEP_PX, 0],
      ArrowUp: [0, -KEY_STEP_PX],
      ArrowDown: [0, KEY_STEP_PX],
    };
    const move = moves[event.key];
    if (!pannable || !move) return;
    event.preventDefault();
    panBy(move[0], move[1]);
  };
  const onKeyUp = () => pannable && photoEditor.endPan();

  const width = layer.width * pxPerCm;
  const height = layer.height * pxPerCm;
  const scene = slotPreviewScene(
    collage.layout!,
    layer.slot,
    collage.slots,
    collage.backgroundColor,
  );
  const photos = new Map(image ? [[photo.id, image]] : []);
  const picture = (
    <svg
      className="photo-preview__fallback"
      width={width}
      height={height}
      viewBox={`0 0 ${layer.width} ${layer.height}`}
      aria-hidden="true"
    >
      <rect width={layer.width} height={layer.height} fill="#d9dee4" />
      {image && (
        <FramedPhoto
          rect={rect}
          photo={photo}
          image={image}
          text={text}
          clipId={`preview-${layer.slot}`}
        />
      )}
    </svg>
  );

  return (
    <figure className="photo-preview">
      <div className="photo-preview__frame" style={{ width, height }}>
        {scene ? (
          <CollageView
            frame={{ scene, width, height, placement: { left: 0, top: 0, width, height }, photos }}
            fallback={picture}
          />
        ) : (
          picture
        )}
        {/* The surface that takes the drag, the fingers and the arrow keys, over the drawing. */}
        <svg
          ref={canvas}
          className={`photo-preview__canvas${pannable ? ' is-pannable' : ''}`}
          width={width}
          height={height}
          role="img"
          aria-label={t(pannable ? 'photoEditor.previewPannable' : 'photoEditor.preview')}
          tabIndex={pannable ? 0 : undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          data-testid="photo-preview"
          data-zoom={photo.zoom.toFixed(3)}
          data-rotation={photo.rotation}
          data-effect={photo.effect}
        />
      </div>
    </figure>
  );
});
