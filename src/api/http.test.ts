import { describe, expect, it } from 'vitest';
import { Http } from './http';

function recording() {
  const urls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response('{}', { status: 200 });
  }) as typeof globalThis.fetch;
  return { urls, fetch };
}

describe('Http', () => {
  it('sends the customer’s locale with every /api call, so the server answers in it', async () => {
    const { urls, fetch } = recording();
    const http = new Http({ fetch, lang: 'de' });
    await http.postForm('/api/upload', { s: '1' });
    await http.getJson('/api/collagePhoto/collageid/7');
    await http.getJson('/api/x?y=1');
    expect(urls).toEqual([
      '/api/upload?format=json&lang=de',
      '/api/collagePhoto/collageid/7?format=json&lang=de',
      '/api/x?y=1&format=json&lang=de',
    ]);
  });

  it('leaves other paths alone, and without a locale sends format only', async () => {
    const { urls, fetch } = recording();
    await new Http({ fetch }).postForm('/api/alive', {});
    await new Http({ fetch, lang: 'nl' }).getJson('/catalog/themes.xml');
    expect(urls).toEqual(['/api/alive?format=json', '/catalog/themes.xml']);
  });
});
