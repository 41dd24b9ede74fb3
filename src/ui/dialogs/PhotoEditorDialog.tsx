import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useStores } from '../StoreContext';
import { Dialog } from '../components/Dialog';
import { IMAGE_EFFECTS } from '../../model/layout/slotTypes';
import { qualityFix } from '../../model/photos/quality';
import { useEffectThumbnails } from './useEffectThumbnails';
import { PhotoPreview } from './PhotoPreview';
import { AddTextDialog } from './AddTextDialog';
import './PhotoEditorDialog.css';

/** Effect thumbnails are 100 px (templates-photos-text §9). */
const THUMB_PX = 100;

/**
 * 'Foto bewerken': the selected photo in its slot's shape with Kleiner, Groter, Effecten, Draaien,
 * Tekst (when the design has text) and Klaar; in effect mode one thumbnail per effect and
 * 'Bewerken' back; below, the photo's print quality. Tekst swaps this dialog for 'Tekst toevoegen'.
 */
export const PhotoEditorDialog = observer(function PhotoEditorDialog() {
  const { t } = useTranslation();
  const { editor } = useStores();
  const photoEditor = editor.photoEditor;
  if (photoEditor.mode === 'text') return <AddTextDialog />;
  const photo = photoEditor.photo;
  const close = () => photoEditor.done();
  return (
    <Dialog
      title={t('photoEditor.title')}
      onClose={close}
      closeLabel={t('editor.header.close')}
      viewKey={photoEditor.mode}
      className="photo-editor"
    >
      {photo ? (
        <>
          <PhotoPreview heightReserve={180 + 160} pannable={photoEditor.mode === 'edit'} />
          {photoEditor.mode === 'edit' ? <EditButtons /> : <EffectChoices />}
          <QualityText />
        </>
      ) : (
        <div className="dialog__actions">
          <button type="button" className="button" onClick={close}>
            {t('photoEditor.done')}
          </button>
        </div>
      )}
    </Dialog>
  );
});

const EditButtons = observer(function EditButtons() {
  const { t } = useTranslation();
  const { editor } = useStores();
  const photoEditor = editor.photoEditor;
  return (
    <div className="photo-editor__tools">
      <button
        type="button"
        className="tool-button tool-button--boxed"
        onClick={() => photoEditor.smaller()}
        aria-disabled={!photoEditor.canSmaller}
      >
        {t('photoEditor.smaller')}
      </button>
      <button
        type="button"
        className="tool-button tool-button--boxed"
        onClick={() => photoEditor.bigger()}
        aria-disabled={!photoEditor.canBigger}
      >
        {t('photoEditor.bigger')}
      </button>
      <button
        type="button"
        className="tool-button tool-button--boxed"
        onClick={() => photoEditor.showEffects()}
      >
        {t('photoEditor.effects')}
      </button>
      <button
        type="button"
        className="tool-button tool-button--boxed"
        onClick={() => photoEditor.rotate()}
      >
        {t('photoEditor.rotate')}
      </button>
      {photoEditor.textEnabled && (
        <button
          type="button"
          className="tool-button tool-button--boxed"
          onClick={() => photoEditor.openText()}
        >
          {t('photoEditor.text')}
        </button>
      )}
      <button
        type="button"
        className="button photo-editor__done"
        onClick={() => photoEditor.done()}
      >
        {t('photoEditor.done')}
      </button>
    </div>
  );
});

/** One thumbnail per effect, made by the photo worker (the same effects as the canvas and the print). */
const EffectChoices = observer(function EffectChoices() {
  const { t } = useTranslation();
  const { editor } = useStores();
  const photoEditor = editor.photoEditor;
  const photo = photoEditor.photo!;
  const image = editor.photoImage(photo.id);
  const thumbnails = useEffectThumbnails(image?.src);
  return (
    <>
      <div
        className="photo-editor__effects"
        role="group"
        aria-label={t('photoEditor.effectsLabel')}
      >
        {IMAGE_EFFECTS.map((effect) => (
          <button
            key={effect}
            type="button"
            className="effect-thumb"
            aria-pressed={photo.effect === effect}
            onClick={() => photoEditor.chooseEffect(effect)}
            data-effect={effect}
          >
            {thumbnails[effect] ? (
              <img
                src={thumbnails[effect]}
                alt=""
                width={THUMB_PX}
                height={THUMB_PX}
                style={{ transform: photo.rotation ? `rotate(${photo.rotation}deg)` : undefined }}
              />
            ) : (
              <span className="effect-thumb__empty" />
            )}
            <span className="effect-thumb__name">{t(`photoEditor.effectNames.${effect}`)}</span>
          </button>
        ))}
      </div>
      <div className="dialog__actions">
        <button type="button" className="link-button" onClick={() => photoEditor.showEdit()}>
          {t('photoEditor.edit')}
        </button>
        <button type="button" className="button" onClick={() => photoEditor.done()}>
          {t('photoEditor.done')}
        </button>
      </div>
    </>
  );
});

/** 'De afdrukkwaliteit van deze foto is' + label (+ 'Vervang de foto.'), and what would make it good. */
const QualityText = observer(function QualityText() {
  const { t } = useTranslation();
  const { editor } = useStores();
  const photoEditor = editor.photoEditor;
  const keys = photoEditor.qualityKeys;
  if (keys.length === 0) return null;
  const [prefix, label, ...rest] = keys;
  const photo = photoEditor.photo!;
  const layer = photoEditor.layer!;
  const image = photoEditor.image;
  const fix =
    image && image.orgWidth > 0
      ? qualityFix({
          photoWidthPx: image.orgWidth,
          photoHeightPx: image.orgHeight,
          slotWidthCm: layer.width,
          slotHeightCm: layer.height,
          zoom: photo.zoom,
          rotation: photo.rotation,
        })
      : { kind: 'none' as const };
  return (
    <p className="photo-editor__quality" data-testid="photo-quality" aria-live="polite">
      {t(prefix!)} <strong>{t(label!)}</strong>
      {rest.map((key) => ` ${t(key)}`)}
      {fix.kind === 'zoomOut' && (
        <span className="photo-editor__fix">
          {' '}
          {t(fix.messageKey, { zoom: fix.zoom.toFixed(2) })}
        </span>
      )}
    </p>
  );
});
