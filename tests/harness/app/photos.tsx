/**
 * Harness page: the photo picker ('Kies een foto') with a real RootStore, PhotoStore, QuoteStore
 * and the real photo worker pool, for tests/e2e/photos.spec.ts and tests/bench/photoTiles.ts.
 * ?png=1 turns the PNG setting on, ?lang= picks the locale.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { createI18n } from '../../../src/i18n/i18n';
import { ApiClient } from '../../../src/api/client';
import { testRootStore } from '../../support/stores/testRoot';
import type { Photo } from '../../../src/stores/photos/Photo';
import type { AnalyticsEvent } from '../../../src/services/analytics';
import { browserPhotoServices, quoteServices } from '../../../src/services/photoServices';
import { StoreContext } from '../../../src/ui/StoreContext';
import { FileDialog } from '../../../src/ui/dialogs/file/FileDialog';
import { quietApi, quietCollage, quietSave } from '../../support/stores/quietServices';
import { PhotoWorkerClient } from '../../../workers/photoClient';
import '../../../src/ui/global.css';
import { watchTilesShown } from './tilesShown';

const params = new URLSearchParams(window.location.search);
const allowPng = params.get('png') === '1';
const events: AnalyticsEvent[] = [];
const analytics = { pageView: () => {}, event: (event: AnalyticsEvent) => void events.push(event) };
const processor = new PhotoWorkerClient({ allowPng });
const store = testRootStore({
  analytics,
  catalog: { loadTemplates: async () => [], reportError: () => {} },
  navigation: {
    navigate: () => {},
    leaveTo: () => {},
    paths: { choice: () => '/', design: () => '/', error: () => '/', shopBack: () => '/' },
    now: () => new Date(),
  },
  photos: browserPhotoServices(processor, analytics),
  quotes: quoteServices(new ApiClient()),
  // The rest of the editor is not under test here: it answers and never leaves.
  collage: quietCollage,
  api: quietApi,
  save: quietSave,
});
const selections: string[] = [];
let closes = 0;

/** What the tests read besides the page itself. */
Object.assign(window, {
  harness: { store, processor, events, selections, closes: () => closes, watchTilesShown },
});

const Harness = observer(function Harness() {
  const [open, setOpen] = useState(true);
  const [last, setLast] = useState<Photo | null>(null);
  return (
    <main style={{ padding: 16 }}>
      <button type="button" onClick={() => setOpen(true)}>
        open picker
      </button>
      <p data-testid="selected">{last ? `${last.name} ${last.state}` : 'none'}</p>
      {/* Stands in for the slot the selected photo goes into (the photo benchmark waits for it). */}
      {last?.state === 'IMAGE' && (
        <img data-testid="selected-image" src={last.src} alt="" height={100} />
      )}
      <p data-testid="photo-count">{store.photos.photos.length}</p>
      {open && (
        <FileDialog
          allowPng={allowPng}
          onSelect={(photo) => {
            selections.push(photo.name);
            setLast(photo);
          }}
          onClose={() => {
            closes += 1;
            setOpen(false);
          }}
        />
      )}
    </main>
  );
});

const i18n = await createI18n(params.get('lang'), undefined);
createRoot(document.getElementById('root')!).render(
  <I18nextProvider i18n={i18n}>
    <StoreContext.Provider value={store}>
      <Harness />
    </StoreContext.Provider>
  </I18nextProvider>,
);
