import { describe, expect, it, vi } from 'vitest';
import { CatalogStore } from './CatalogStore';
import type { Template } from '../../model/catalog/types';

describe('CatalogStore', () => {
  it('loads once, even when asked twice at the same time', async () => {
    const loadTemplates = vi.fn(async () => [{ id: '1' } as Template]);
    const store = new CatalogStore({ loadTemplates, reportError: () => undefined });
    expect(store.state).toBe('idle');
    const both = Promise.all([store.load(), store.load()]);
    expect(store.state).toBe('loading');
    await both;
    await store.load();
    expect(loadTemplates).toHaveBeenCalledTimes(1);
    expect(store.isLoaded).toBe(true);
    expect(store.byId('1')?.id).toBe('1');
    expect(store.byId('2')).toBeUndefined();
  });

  it('reports a failure and can try again', async () => {
    const errors: string[] = [];
    const loadTemplates = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce([]);
    const store = new CatalogStore({ loadTemplates, reportError: (m) => errors.push(m) });
    await store.load();
    expect(store.state).toBe('failed');
    expect(errors).toEqual(['offline']);
    await store.load();
    expect(store.state).toBe('loaded');
  });
});
