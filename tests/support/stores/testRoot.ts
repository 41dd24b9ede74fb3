import { RootStore, type RootServices } from '../../../src/stores/RootStore';
import { EditingStores, type EditingServices } from '../../../src/stores/editing/EditingStores';

/** The services of the whole store tree: the chooser's and the editor's. */
export type TestRootServices = Omit<RootServices, 'loadEditing' | 'api'> & EditingServices;

/** A RootStore with the editor's stores built at once (the page builds them lazily, src/mainEditing.ts). */
export function testRootStore(services: TestRootServices): RootStore {
  const root = new RootStore({
    ...services,
    loadEditing: (chooser) => EditingStores.build(chooser, services),
  });
  void root.loadEditing();
  return root;
}
