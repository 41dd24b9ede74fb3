import {
  useCallback,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import type { Layout, PhotoSlotLayer, TextSlotLayer } from '../../model/layout/types';
import { quality } from '../../model/photos/quality';
import { CrossIcon, SmileyFace } from './icons';
import { deleteButtonFits } from '../../stores/editor/editorRules';
import { useSlotDrag } from './useSlotDrag';

interface SlotLayerProps {
  layout: Layout;
  pxPerCm: number;
  /** The stage the context menu is placed in. */
  stage: HTMLElement | null;
}

const SMILEY_MAX_PX = 30;
const MOVE_HINT_ID = 'slot-move-hint';

function boxStyle(
  layer: { x: number; y: number; width: number; height: number; rotation: number },
  pxPerCm: number,
): CSSProperties {
  return {
    left: layer.x * pxPerCm,
    top: layer.y * pxPerCm,
    width: layer.width * pxPerCm,
    height: layer.height * pxPerCm,
    transform: layer.rotation ? `rotate(${layer.rotation}deg)` : undefined,
  };
}

/**
 * The interactive layer over the collage picture: one button per photo slot and per text slot,
 * placed in collage centimetres. Empty slots ask for a photo, filled ones open the context menu,
 * texts open the title dialog; filled photos can be dragged onto another slot; the quality
 * smileys sit in the slots' corners. The CanvasKit view under it draws the collage.
 */
export const SlotLayer = observer(function SlotLayer({ layout, pxPerCm, stage }: SlotLayerProps) {
  const { t } = useTranslation();
  const { collage, editor } = useStores();
  const sheet = useRef<HTMLDivElement>(null);
  const swap = useCallback(
    (from: string, to: string) => editor.slotActions.swapSlots(from, to),
    [editor],
  );
  const { drag, start, takeSwallowedClick } = useSlotDrag(
    sheet,
    layout,
    pxPerCm,
    swap,
    editor.view.gesturing,
  );
  const photos = layout.layers.filter((layer): layer is PhotoSlotLayer => layer.kind === 'photo');
  const texts = layout.layers.filter((layer): layer is TextSlotLayer => layer.kind === 'text');
  const smileys = editor.smileys;
  const duplicates = new Set(editor.showQuality ? editor.quality.duplicateSlots : []);

  const activate = (slot: string, event: MouseEvent<HTMLButtonElement>) => {
    if (takeSwallowedClick()) return;
    const origin = stage?.getBoundingClientRect() ?? { left: 0, top: 0 };
    const button = event.currentTarget.getBoundingClientRect();
    // A keyboard click has no pointer position: the menu opens at the slot's centre.
    const keyboard = event.detail === 0;
    const x = (keyboard ? button.left + button.width / 2 : event.clientX) - origin.left;
    const y = (keyboard ? button.top + button.height / 2 : event.clientY) - origin.top;
    editor.slotActions.activateSlot(slot, x, y);
  };

  const moving = editor.slotActions.movingSlot;
  // M picks a filled photo up, Enter (or a click) on another slot puts it there, Escape stops.
  const onSlotKey = (slot: string, filled: boolean, event: KeyboardEvent<HTMLButtonElement>) => {
    if (
      (event.key === 'm' || event.key === 'M') &&
      filled &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault();
      editor.slotActions.startMove(slot);
    } else if (event.key === 'Escape' && moving !== null) {
      event.preventDefault();
      event.stopPropagation();
      editor.slotActions.cancelMove();
    }
  };

  return (
    <div
      ref={sheet}
      className={`slot-layer${drag ? ' is-dragging' : ''}${moving ? ' is-moving' : ''}`}
    >
      <p id={MOVE_HINT_ID} className="visually-hidden">
        {t('editor.move.hint')}
      </p>
      <p className="visually-hidden" role="status" data-testid="move-status">
        {moving
          ? t('editor.move.choose')
          : editor.slotActions.moveOutcome
            ? t(`editor.move.${editor.slotActions.moveOutcome}`)
            : ''}
      </p>
      {texts.map((layer) => (
        <button
          key={layer.slot}
          type="button"
          className="slot slot--text"
          style={boxStyle(layer, pxPerCm)}
          data-slot={layer.slot}
          data-text={collage.slots.texts[layer.slot]?.txt ?? ''}
          aria-label={t(layer.slot === 'txt2' ? 'editor.slot.subtitle' : 'editor.slot.title')}
          onClick={() => editor.editTitle(layer.slot)}
        />
      ))}
      {photos.map((layer, index) => {
        const photo = collage.slots.photos[layer.slot];
        const filled = !!photo && photo.id !== '';
        const smiley = smileys[layer.slot];
        const size = Math.min(SMILEY_MAX_PX, Math.min(layer.width, layer.height) * pxPerCm * 0.3);
        const classes = [
          'slot',
          'slot--photo',
          filled ? 'is-filled' : 'is-empty',
          drag?.from === layer.slot || moving === layer.slot ? 'is-drag-source' : '',
          drag && drag.over === layer.slot && drag.from !== layer.slot ? 'is-drag-over' : '',
        ];
        return (
          <div key={layer.slot} className="slot-box" style={boxStyle(layer, pxPerCm)}>
            <button
              type="button"
              className={classes.filter(Boolean).join(' ')}
              data-slot={layer.slot}
              data-filled={filled}
              data-text={photo?.text?.txt ?? ''}
              aria-label={t(filled ? 'editor.slot.filled' : 'editor.slot.empty', {
                number: index + 1,
              })}
              aria-haspopup={filled ? 'menu' : 'dialog'}
              aria-describedby={filled ? MOVE_HINT_ID : undefined}
              aria-keyshortcuts={filled ? 'M' : undefined}
              onPointerDown={(event) => start(layer.slot, event, filled)}
              onKeyDown={(event) => onSlotKey(layer.slot, filled, event)}
              onClick={(event) => activate(layer.slot, event)}
            >
              <span className="slot__prompt" aria-hidden="true">
                {t(filled ? 'editor.slot.editPrompt' : 'editor.slot.addPrompt')}
              </span>
            </button>
            {filled && deleteButtonFits(layer.width * pxPerCm, layer.height * pxPerCm) && (
              <button
                type="button"
                className="slot__delete"
                aria-label={t('editor.slot.delete', { number: index + 1 })}
                onClick={() => editor.slotActions.clearSlot(layer.slot)}
              >
                <CrossIcon />
              </button>
            )}
            {smiley && photo && (
              <span
                className="slot__smiley"
                role="img"
                aria-label={t('editor.slot.quality', {
                  number: index + 1,
                  quality: t(quality(photo.dpi).labelKey),
                })}
                data-smiley={smiley}
              >
                <SmileyFace smiley={smiley} size={size} />
              </span>
            )}
            {duplicates.has(layer.slot) && (
              <span
                className="slot__duplicate"
                role="img"
                aria-label={t('editor.slot.duplicate', { number: index + 1 })}
              >
                2×
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
});
