import { fixedAdvanceMeasurer } from '../../model/text/measure';
import type { CollageRootServices, RootServices } from '../RootStore';

/** Services for store tests that do not exercise them: they answer, log nothing and never leave. */
export const quietApi: RootServices['api'] = {
  alive: async () => 'session',
  isAuthenticated: async () => ({ authenticated: false, errors: [] }),
  register: async () => ({ authenticated: false, errors: [] }),
  upload: async () => Promise.reject(new Error('upload not expected in this test')),
  save: async () => Promise.reject(new Error('save not expected in this test')),
};

export const quietSave: RootServices['save'] = {
  exits: { checkout: () => undefined, startNewCollage: () => undefined, quitEditor: () => undefined },
  reloadCollage: () => undefined,
};

export const quietCollage: CollageRootServices = {
  measurer: fixedAdvanceMeasurer(),
  loadTemplateXml: async (source) => Promise.reject(new Error(`no template file ${source} in this test`)),
  customXml: async () => Promise.reject(new Error('customXml not expected in this test')),
  randomSeed: () => 1,
};
