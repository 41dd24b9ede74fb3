import type { Analytics } from '../services/analytics';
import { NavigationStore, type NavigationServices } from './NavigationStore';

export interface RootServices {
  analytics: Analytics;
  navigation: Omit<NavigationServices, 'analytics'>;
}

/** Wires the domain stores together; built once in main.tsx (and per test). */
export class RootStore {
  readonly navigation: NavigationStore;

  constructor(services: RootServices) {
    this.navigation = new NavigationStore({ ...services.navigation, analytics: services.analytics });
  }
}
