import { describe, expect, it } from 'vitest';
import { SocialError, type SocialApi, type SocialMediaPage } from '../../api/socialClient';
import { RecordingAnalytics } from '../../services/analytics';
import { PhotoStore } from '../photos/PhotoStore';
import { quietThumbnails } from '../../../tests/support/stores/quietServices';
import { SocialStore } from './SocialStore';

const ORIGIN = 'https://shop.example';
const TICKET = `fotocollage-social:${'t'.repeat(43)}`;

function page(from: number, count: number, next: string | null): SocialMediaPage {
  const data = Array.from({ length: count }, (_, k) => ({
    id: String(from + k),
    media_type: (from + k) % 10 === 9 ? 'VIDEO' : 'IMAGE',
    media_url: `https://media.example/${from + k}.jpg`,
  }));
  return { data, next };
}

function setup(overrides: Partial<SocialApi> = {}) {
  const calls: string[] = [];
  const pages = [
    page(0, 25, 'https://api.example/me/media?after=25'),
    page(25, 25, 'https://api.example/me/media?after=50'),
    page(50, 10, null),
  ];
  const api = {
    loginPath: '/api/social/login',
    info: async () => ({ enabled: true, name: 'Instagram', messageOrigin: ORIGIN }),
    connect: async (ticket: string) => {
      calls.push(`connect ${ticket.length}`);
      return 'demo';
    },
    media: async (next: string | null) => {
      calls.push(`media ${next ?? 'first'}`);
      return pages[next ? Number(new URL(next).searchParams.get('after')) / 25 : 0]!;
    },
    thumbnailSrc: (url: string) => `/api/social/thumbnail?url=${encodeURIComponent(url)}`,
    photo: async () => 'data:image/jpeg;base64,/9j/2wBD',
    logout: async () => {
      calls.push('logout');
    },
    ...overrides,
  } as unknown as SocialApi;
  const analytics = new RecordingAnalytics();
  const photos = new PhotoStore({
    processor: { process: () => new Promise(() => {}) },
    ...quietThumbnails,
    objectUrl: () => 'blob:x',
    revokeObjectUrl: () => {},
    reportLoadError: () => {},
  });
  const logged: string[] = [];
  const store = new SocialStore({ api, analytics, photos, log: (message) => logged.push(message) });
  return { store, calls, analytics, photos, logged };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function signedIn(overrides: Partial<SocialApi> = {}) {
  const context = setup(overrides);
  await context.store.loadInfo();
  context.store.startLogin();
  context.store.acceptMessage(ORIGIN, TICKET);
  await settle();
  await settle();
  return context;
}

describe('SocialStore', () => {
  it('logs in from the window message, pages on until no next is left, keeps only images', async () => {
    const { store, calls, analytics } = await signedIn();
    expect(store.accessCode).not.toBeNull();
    expect(store.username).toBe('demo');
    while (store.hasMore) await store.loadMore();
    expect(calls).toEqual([
      'connect 43',
      'media first',
      'media https://api.example/me/media?after=25',
      'media https://api.example/me/media?after=50',
    ]);
    expect(store.photosList).toHaveLength(54);
    expect(store.photosList[0]!.name).toBe('Instagram 0');
    expect(store.exhausted).toBe(true);
    await store.loadMore();
    expect(calls).toHaveLength(4);
    expect(analytics.events.map((event) => event.action)).toEqual(['login start', 'login end']);
  });

  it('signing out clears photos, access code and paging, and drops the token on the server', async () => {
    const { store, calls } = await signedIn();
    store.logout();
    expect([store.accessCode, store.photosList.length, store.next, store.exhausted]).toEqual([
      null,
      0,
      null,
      false,
    ]);
    expect(calls).toContain('logout');
  });

  it('a provider error is logged, sends the login-error event and shows the login prompt', async () => {
    const { store, analytics, logged } = await signedIn({
      media: async () => {
        throw new SocialError('500 Internal Server Error', 500, false);
      },
    });
    expect(store.accessCode).toBeNull();
    expect(analytics.events.at(-1)).toEqual({
      category: 'social',
      action: 'login error',
      label: '500 Internal Server Error',
    });
    expect(logged).toEqual(['social service: 500 Internal Server Error']);
  });

  it('a failed photo read adds nothing', async () => {
    const { store, photos } = await signedIn({
      photo: async () => {
        throw new SocialError('ERROR_NO_JPG_IMAGE', 200, false);
      },
    });
    expect(await store.choose(store.photosList[0]!)).toBeNull();
    expect(photos.photos).toHaveLength(0);
  });

  it('a photo read is added once as a social photo named with the service prefix', async () => {
    const { store, photos } = await signedIn();
    const photo = await store.choose(store.photosList[1]!);
    expect(photo?.source).toBe('social');
    expect(photo?.name).toBe('Instagram 1');
    expect(await store.choose(store.photosList[1]!)).toBe(photo);
    expect(photos.photos).toHaveLength(1);
  });

  it('ignores messages from another origin and of 20 characters or fewer', async () => {
    const { store, calls } = setup();
    await store.loadInfo();
    store.acceptMessage('https://evil.example', TICKET);
    store.acceptMessage(ORIGIN, 'fotocollage-social:a');
    await settle();
    expect(calls).toEqual([]);
    expect(store.accessCode).toBeNull();
  });
});
