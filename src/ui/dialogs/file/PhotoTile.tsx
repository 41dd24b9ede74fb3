import { useCallback } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../../../stores/photos/Photo';
import type { TileLook, TileThumbnail } from '../../../model/photos/photoTypes';
import { useStores } from '../../StoreContext';
import { useLoadingStep } from './hooks';
import { TileCanvas } from './TileCanvas';
import { loadingDots, shortFileName, tileBox } from './tileRules';
import { markMilestone } from '../../../services/userTiming';

const markTileShown = () => markMilestone('photo-tile-shown');

export interface TileProps {
  name: string;
  /** Shown under the picture instead of the cut name (social photos: their date or number); the name stays the title. */
  label?: string;
  /** The spec's looks: 0 loading, 1 error, 2 loaded (the rotated look follows from `rotation`). */
  look: TileLook;
  src: string;
  width: number;
  height: number;
  rotation: number;
  usedCount: number;
  maxHeight: number;
  alt?: string;
  onSelect(): void;
  /** Shown on the error look (the spec: a delete icon if allowed). */
  onDelete?(): void;
  /** Why the photo could not be loaded, in the customer's language, under the spec's 'Could not be loaded'. */
  errorReason?: string;
  /** The picture has loaded and shows. */
  onShown?(): void;
  /** Load the picture only when it scrolls near (a long list of a social service's thumbnails). */
  lazy?: boolean;
  /**
   * The customer's photo: its small thumbnail, drawn only while the tile is near the view
   * (TileCanvas) instead of `src`, the web image, which is then only its fallback.
   */
  thumbnail?: () => Promise<TileThumbnail>;
}

/**
 * The error look is wider than the others and may grow taller than them, so the spec's words and
 * a reason fit under the delete icon in every language.
 */
const ERROR_LOOK_WIDTH = 1.6;

/** One tile of the photo picker: loading dots, the error look, or the picture (turned when rotated). */
export function Tile({
  name,
  label,
  look,
  src,
  width,
  height,
  rotation,
  usedCount,
  maxHeight,
  alt,
  onSelect,
  onDelete,
  errorReason,
  onShown,
  lazy,
  thumbnail,
}: TileProps) {
  const { t } = useTranslation();
  const step = useLoadingStep(look === 0);
  const box = tileBox(width, height, rotation, maxHeight);
  const quarter = rotation === 90 || rotation === 270;
  const shortName = label ?? shortFileName(name);
  const spoken = label ? `${name} (${label})` : name;
  const errorText = errorReason
    ? `${t('fileDialog.couldNotLoad')}. ${errorReason}`
    : t('fileDialog.couldNotLoad');
  const pictureWidth =
    look === 2 ? box.width : look === 1 ? Math.round(maxHeight * ERROR_LOOK_WIDTH) : maxHeight;
  return (
    <li
      className={`photo-tile photo-tile--look${look}${quarter ? ' photo-tile--quarter' : ''}`}
      data-look={look}
    >
      <button
        type="button"
        className="photo-tile__select"
        onClick={onSelect}
        aria-disabled={look === 1 || undefined}
        title={name}
        aria-label={
          look === 0
            ? `${spoken}: ${t('fileDialog.loading')}`
            : look === 1
              ? `${spoken}: ${errorText}`
              : spoken
        }
      >
        <span
          className="photo-tile__picture"
          style={
            look === 1
              ? { minHeight: maxHeight, width: pictureWidth }
              : { height: maxHeight, width: pictureWidth }
          }
        >
          {look === 0 && (
            <span className="photo-tile__dots" aria-hidden="true">
              {loadingDots(step)}
            </span>
          )}
          {look === 1 && (
            <span className="photo-tile__error">
              {t('fileDialog.couldNotLoad')}
              {errorReason && <span className="photo-tile__reason">{errorReason}</span>}
            </span>
          )}
          {look === 2 && thumbnail && (
            <TileCanvas
              load={thumbnail}
              fallbackSrc={src}
              onShown={onShown}
              // A 90/270 turn swaps the box; the picture keeps its own sides and is turned inside it.
              width={quarter ? box.height : box.width}
              height={quarter ? box.width : box.height}
              style={rotation ? { transform: `rotate(${rotation}deg)` } : undefined}
            />
          )}
          {look === 2 && !thumbnail && (
            <img
              className="photo-tile__image"
              src={src}
              alt={alt ?? ''}
              loading={lazy ? 'lazy' : undefined}
              draggable={false}
              onLoad={onShown}
              // A 90/270 turn swaps the box; the image keeps its own sides and is turned inside it.
              width={quarter ? box.height : box.width}
              height={quarter ? box.width : box.height}
              style={rotation ? { transform: `rotate(${rotation}deg)` } : undefined}
            />
          )}
        </span>
        {/* No wider than the picture (at least the preview height): a 15-character name set the tile's width, and at 360 px three 80 px social photos did not fit a row. */}
        <span
          className="photo-tile__name"
          aria-hidden="true"
          style={{ maxWidth: Math.max(pictureWidth, maxHeight) }}
        >
          {shortName}
        </span>
      </button>
      {usedCount > 0 && (
        <span className="photo-tile__used" title={t('fileDialog.usedCount', { count: usedCount })}>
          <span aria-hidden="true">{usedCount}×</span>
          <span className="photo-tile__sr">{t('fileDialog.usedCount', { count: usedCount })}</span>
        </span>
      )}
      {look === 1 && onDelete && (
        <button
          type="button"
          className="photo-tile__delete"
          aria-label={t('fileDialog.delete', { name })}
          onClick={onDelete}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M9 3h6l1 1h4v2H4V4h4l1-1zm-3 5h12l-1 13H7L6 8zm4 2v9h1.5v-9H10zm3.5 0v9H15v-9h-1.5z"
            />
          </svg>
        </button>
      )}
    </li>
  );
}

/** A customer's photo as a tile: an observer, so it follows LOADING → IMAGE / ERROR and the used count. */
export const PhotoTile = observer(function PhotoTile({
  photo,
  maxHeight,
  onSelect,
  onDelete,
}: {
  photo: Photo;
  maxHeight: number;
  onSelect(photo: Photo): void;
  onDelete(photo: Photo): void;
}) {
  const { t } = useTranslation();
  const { photos } = useStores();
  const reason = photo.loadFailure?.reason;
  const thumbnail = useCallback(() => photos.thumbnails.of(photo), [photos, photo]);
  return (
    <Tile
      name={photo.name}
      look={photo.tileLook}
      src={photo.src}
      width={photo.webWidth}
      height={photo.webHeight}
      rotation={photo.rotation}
      usedCount={photo.usedCount}
      maxHeight={maxHeight}
      onSelect={() => onSelect(photo)}
      onDelete={() => onDelete(photo)}
      errorReason={reason ? t(`fileDialog.reasons.${reason}`) : undefined}
      onShown={markTileShown}
      thumbnail={thumbnail}
    />
  );
});
