import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../StoreContext';
import type { QuotePhoto } from '../../../api/client';
import type { Photo } from '../../../stores/photos/Photo';
import { addQuotePhoto } from '../../../stores/photos/QuoteStore';
import { Spinner } from '../../components/Spinner';
import { Tile } from './PhotoTile';
import { previewHeight } from './tileRules';

export interface QuotesTabProps {
  onSelect(photo: Photo): void;
  onFull(): void;
}

/** 'Spreuken': the shop's quote images, loaded the first time the tab opens; a failure shows nothing. */
export const QuotesTab = observer(function QuotesTab({ onSelect, onFull }: QuotesTabProps) {
  const { t } = useTranslation();
  const { quotes, photos } = useStores();
  useEffect(() => quotes.load(), [quotes]);

  /** A quote is already on the server: it joins the photos once and is chosen like any photo. */
  const choose = (quote: QuotePhoto) => {
    const known = photos.byServerId(quote.id);
    if (known) return onSelect(known);
    if (photos.isFull) return onFull();
    const photo = addQuotePhoto(photos, quote);
    onSelect(photo);
  };

  if (quotes.state === 'loading') {
    return (
      <p role="status" className="quotes-tab__loading">
        <Spinner /> {t('fileDialog.quotesLoading')}
      </p>
    );
  }
  return (
    <ul className="file-dialog__tiles quotes-tab" aria-label={t('fileDialog.tabs.quotes')}>
      {quotes.items.map((quote) => (
        <Tile
          key={quote.id}
          name={quote.text || quote.id}
          alt={quote.text}
          look={2}
          src={quote.webformat.src}
          width={quote.webformat.width}
          height={quote.webformat.height}
          rotation={0}
          usedCount={photos.byServerId(quote.id)?.usedCount ?? 0}
          maxHeight={previewHeight(false, 'quote')}
          onSelect={() => choose(quote)}
        />
      ))}
    </ul>
  );
});
