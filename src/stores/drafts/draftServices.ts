/** What DraftStore is built with (RootStore's services): its contract, apart so the store reads whole. */
import type { DraftDb } from '../../services/draftDb';
import type { CatalogStore } from '../catalog/CatalogStore';

export interface DraftServices {
  db: DraftDb;
  /** Builds the editor's stores (which attach themselves): a restore waits for them. */
  loadEditing(): Promise<unknown>;
  catalog: Pick<CatalogStore, 'load' | 'byId' | 'isLoaded'>;
  /** The file service, for server photos a draft kept without a web version. */
  readServerFile(serverId: string): Promise<string>;
  /** Opens the editor after a restore; a saved collage's draft opens through its own route (the reopen restores it there). */
  openEditor(savedId: string | null): void;
  reportError(message: string): void;
  now?(): number;
}
