import type { Analytics } from '../services/analytics';
import { NavigationStore, type NavigationServices } from './NavigationStore';
import { CatalogStore, type CatalogServices } from './CatalogStore';

export interface RootServices {
  analytics: Analytics;
  navigation: Omit<NavigationServices, 'analytics'>;
  catalog: CatalogServices;
}

/** Wires the domain stores together; built once in main.tsx (and per test). */
export class RootStore {
  readonly navigation: NavigationStore;
  readonly catalog: CatalogStore;

  constructor(services: RootServices) {
    this.navigation = new NavigationStore({ ...services.navigation, analytics: services.analytics });
    this.catalog = new CatalogStore(services.catalog);
  }
}
