import { useId, useState, type DragEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../StoreContext';
import type { Photo } from '../../../stores/photos/Photo';
import { PhotoTile } from './PhotoTile';
import { useNarrowWindow } from './hooks';
import { previewHeight } from './tileRules';

export interface ComputerTabProps {
  allowPng: boolean;
  /** A file just added and selected by the spec's rule: chosen at once. */
  onChosen(photo: Photo): void;
  /** A tile click (debounced by the dialog). */
  onSelect(photo: Photo): void;
  /** Not every file fitted: the collage is full. */
  onFull(): void;
}

/** The own-computer tab: a file input and a drop zone, both for several files at once, and the tiles. */
export const ComputerTab = observer(function ComputerTab({
  allowPng,
  onChosen,
  onSelect,
  onFull,
}: ComputerTabProps) {
  const { t } = useTranslation();
  const { photos, analytics } = useStores();
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const narrow = useNarrowWindow();
  const maxHeight = previewHeight(narrow, 'photo');
  const local = photos.photos.filter((photo) => photo.source === 'computer');

  const add = (files: File[]) => {
    if (!files.length) return;
    const result = photos.addFiles(files);
    // The spec's 'photos added from computer' event, with their count.
    analytics.event({ category: 'file', action: 'computer', value: result.added.length });
    if (result.refused > 0) onFull();
    if (result.selected) onChosen(result.selected);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="computer-tab">
      <div
        className={`computer-tab__drop${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <label htmlFor={inputId} className="button computer-tab__choose">
          {t('fileDialog.chooseFiles')}
        </label>
        <input
          id={inputId}
          className="computer-tab__input"
          type="file"
          multiple
          accept={allowPng ? 'image/jpeg,image/png,.jpg,.jpeg,.png' : 'image/jpeg,.jpg,.jpeg'}
          onChange={(event) => {
            add(Array.from(event.currentTarget.files ?? []));
            // The same file can be chosen again later (after deleting its error tile, say).
            event.currentTarget.value = '';
          }}
        />
        <span className="computer-tab__hint">{t('fileDialog.dropHint')}</span>
      </div>
      {local.length > 0 && (
        <ul className="file-dialog__tiles" aria-label={t('fileDialog.tabs.computer')}>
          {local.map((photo) => (
            <PhotoTile
              key={photo.localId}
              photo={photo}
              maxHeight={maxHeight}
              onSelect={onSelect}
              onDelete={(p) => photos.remove(p)}
            />
          ))}
        </ul>
      )}
    </div>
  );
});
