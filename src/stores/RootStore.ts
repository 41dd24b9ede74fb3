import type { Analytics } from '../services/analytics';
import { NavigationStore, type NavigationServices } from './NavigationStore';
import { CatalogStore, type CatalogServices } from './CatalogStore';
import { PhotoStore, type PhotoStoreServices } from './PhotoStore';
import { QuoteStore, type QuoteServices } from './QuoteStore';

export interface RootServices {
  analytics: Analytics;
  navigation: Omit<NavigationServices, 'analytics'>;
  catalog: CatalogServices;
  photos: PhotoStoreServices;
  quotes: QuoteServices;
}

/** Wires the domain stores together; built once in main.tsx (and per test). */
export class RootStore {
  readonly navigation: NavigationStore;
  readonly catalog: CatalogStore;
  readonly photos: PhotoStore;
  readonly quotes: QuoteStore;

  constructor(services: RootServices) {
    this.navigation = new NavigationStore({ ...services.navigation, analytics: services.analytics });
    this.catalog = new CatalogStore(services.catalog);
    this.photos = new PhotoStore(services.photos);
    this.quotes = new QuoteStore(services.quotes);
  }
}
