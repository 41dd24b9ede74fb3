import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../StoreContext';
import type { Photo } from '../../../stores/photos/Photo';
import {
  listHeight,
  popupFeatures,
  socialTileLabel,
  type SocialPhoto,
} from '../../../stores/social/socialRules';
import { Spinner } from '../../components/Spinner';
import { Tile } from './PhotoTile';
import { useDebounced, useNarrowWindow } from './hooks';
import { CLICK_DEBOUNCE_MS, previewHeight } from './tileRules';

export interface SocialTabProps {
  onSelect(photo: Photo): void;
  onFull(): void;
}

/** Pages on once the customer scrolls within this many pixels of the list's end. */
const NEAR_END_PX = 200;

/**
 * The list's height: window height minus its top offset minus 65, again on every resize. The
 * dialog is centred, so giving the list its height moves the list's top: measured again until
 * it holds (each step halves the error).
 */
function useListHeight(list: HTMLElement | null, contentKey: unknown): void {
  useLayoutEffect(() => {
    if (!list) return;
    const update = () => {
      for (let step = 0; step < 12; step++) {
        const height = `${listHeight(window.innerHeight, list.getBoundingClientRect().top)}px`;
        if (list.style.height === height) return;
        list.style.height = height;
      }
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [list, contentKey]);
}

/** 'Sociale media': the login prompt without an access code, else the customer's photos, paged while scrolling. */
export const SocialTab = observer(function SocialTab({ onSelect, onFull }: SocialTabProps) {
  const { t, i18n } = useTranslation();
  const { social, photos } = useStores();
  const narrow = useNarrowWindow();
  const [list, setList] = useState<HTMLUListElement | null>(null);
  useListHeight(list, social.photosList.length === 0);
  const [blocked, setBlocked] = useState(false);
  const popup = useRef<Window | null>(null);
  const name = social.service?.name ?? '';

  // The login window's answer comes as a window message; the store checks its origin and length.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => social.acceptMessage(event.origin, event.data);
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [social]);

  const loadWhileShort = useCallback(() => {
    if (list && list.scrollHeight - list.scrollTop - list.clientHeight <= NEAR_END_PX)
      void social.loadMore();
  }, [list, social]);
  // A page that does not fill the list yet cannot be scrolled: ask for the next one at once.
  useEffect(loadWhileShort, [loadWhileShort, social.photosList.length, social.loadingPage]);

  const login = () => {
    const path = social.startLogin();
    popup.current = window.open(
      path,
      'fotocollage-social-login',
      popupFeatures(window.screenX, window.screenY, window.outerWidth, window.outerHeight),
    );
    setBlocked(!popup.current);
    popup.current?.focus();
  };

  // Tile clicks wait 200 ms for a second click (the spec's debounce), then the photo is read.
  const choose = useDebounced((item: SocialPhoto) => {
    const known = photos.photos.some(
      (photo) => photo.source === 'social' && photo.name === item.name,
    );
    if (!known && photos.isFull) return onFull();
    void social.choose(item).then((photo) => photo && onSelect(photo));
  }, CLICK_DEBOUNCE_MS);

  if (!social.accessCode) {
    return (
      <div className="social-tab social-tab--login">
        <p>{t('fileDialog.social.loginPrompt', { name })}</p>
        <button type="button" className="social-tab__login" onClick={login}>
          {t('fileDialog.social.login', { name })}
        </button>
        {social.loggingIn && !blocked && <p role="status">{t('fileDialog.social.waiting')}</p>}
        {blocked && <p role="alert">{t('fileDialog.social.popupBlocked')}</p>}
      </div>
    );
  }

  const maxHeight = previewHeight(narrow, 'photo');
  // Short dates ('01-06-2025'): the label must fit under an 80 px picture on a phone.
  const tileDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' });
  return (
    <div className="social-tab">
      <div className="social-tab__account">
        <span>{t('fileDialog.social.signedInAs', { username: social.username || name })}</span>
        <button type="button" className="social-tab__logout" onClick={() => social.logout()}>
          {t('fileDialog.social.logout')}
        </button>
      </div>
      <ul
        ref={setList}
        className="file-dialog__tiles social-tab__list"
        aria-label={t('fileDialog.social.listLabel', { name })}
        onScroll={loadWhileShort}
      >
        {social.photosList.map((item, index) => (
          <Tile
            key={item.id}
            name={item.name}
            label={socialTileLabel(item, index + 1, tileDate.format, (number) =>
              t('fileDialog.social.photoNumber', { number }),
            )}
            look={social.reading.has(item.id) ? 0 : 2}
            src={social.thumbnailSrc(item)}
            width={maxHeight}
            height={maxHeight}
            rotation={0}
            usedCount={social.usedCount(item)}
            maxHeight={maxHeight}
            lazy
            onSelect={() => choose(item)}
          />
        ))}
      </ul>
      <p role="status" className="social-tab__status">
        {social.loadingPage ? (
          <>
            <Spinner /> {t('fileDialog.social.loading')}
          </>
        ) : social.exhausted ? (
          t(social.photosList.length ? 'fileDialog.social.allLoaded' : 'fileDialog.social.empty')
        ) : null}
      </p>
    </div>
  );
});
