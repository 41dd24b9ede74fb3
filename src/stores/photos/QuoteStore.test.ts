import { describe, expect, it, vi } from 'vitest';
import type { QuotePhoto } from '../../api/client';
import { QuoteStore } from './QuoteStore';

const quote = (id: string): QuotePhoto => ({
  webformat: { src: `/catalog/quotes/${id}.jpg`, width: 512, height: 512 },
  fullformat: { width: 2048, height: 2048 },
  id,
  type: 'other',
  unique: id,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('QuoteStore', () => {
  it('loads the list once, however often the tab opens', async () => {
    const loadQuotes = vi.fn(async () => [quote('q1'), quote('q2')]);
    const store = new QuoteStore({ loadQuotes, logError: () => {} });
    store.load();
    store.load();
    expect(store.state).toBe('loading');
    await settle();
    store.load();
    expect(loadQuotes).toHaveBeenCalledOnce();
    expect(store.state).toBe('loaded');
    expect(store.items.map((item) => item.id)).toEqual(['q1', 'q2']);
  });

  it('only logs a failure, shows nothing and does not ask again', async () => {
    const logError = vi.fn();
    const loadQuotes = vi.fn(async () => Promise.reject(new Error('collagePhoto answered 500')));
    const store = new QuoteStore({ loadQuotes, logError });
    store.load();
    await settle();
    store.load();
    expect(logError).toHaveBeenCalledWith('collagePhoto answered 500');
    expect([store.state, store.items.length, loadQuotes.mock.calls.length]).toEqual([
      'failed',
      0,
      1,
    ]);
  });
});
