import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ERROR_PREFIX,
  MESSAGE_PREFIX,
  imagesOf,
  listHeight,
  popupFeatures,
  readLoginMessage,
  socialTileLabel,
} from './socialRules';

const ORIGIN = 'https://shop.example';

const SHOP = 'https://shop.example.com';
const TICKET = `${MESSAGE_PREFIX}abcdefghijklmnopqrstuvwxyz`;

describe('readLoginMessage', () => {
  it('accepts a ticket only from the configured origin and longer than 20 characters', () => {
    expect(readLoginMessage(ORIGIN, TICKET, ORIGIN)).toEqual({
      kind: 'ticket',
      ticket: 'abcdefghijklmnopqrstuvwxyz',
    });
    expect(readLoginMessage('https://evil.example', TICKET, ORIGIN)).toBeNull();
    expect(readLoginMessage(ORIGIN, `${MESSAGE_PREFIX}a`, ORIGIN)).toBeNull(); // exactly 20
    expect(readLoginMessage(ORIGIN, `${MESSAGE_PREFIX}ab`, ORIGIN)).toEqual({
      kind: 'ticket',
      ticket: 'ab',
    }); // 21
    expect(readLoginMessage(ORIGIN, { ticket: 'x'.repeat(40) }, ORIGIN)).toBeNull();
    expect(readLoginMessage(ORIGIN, `${ERROR_PREFIX}access_denied`, ORIGIN)).toEqual({
      kind: 'error',
      message: 'access_denied',
    });
    expect(readLoginMessage(ORIGIN, 'x'.repeat(40), '')).toBeNull();
  });

  it('compares origins exactly: a longer host, another port or scheme is another origin (issue 26 item 12)', () => {
    for (const origin of [
      'https://shop.example.com.evil.net',
      'https://shop.example.com:8443',
      'http://shop.example.com',
      'https://shop.example.comm',
      'https://shop.example.com@evil.net',
      'null',
      '',
    ]) {
      expect(readLoginMessage(origin, TICKET, SHOP), origin).toBeNull();
    }
    expect(readLoginMessage(SHOP, TICKET, SHOP)).toEqual({
      kind: 'ticket',
      ticket: 'abcdefghijklmnopqrstuvwxyz',
    });
    // The configured origin as a shop may write it: a trailing slash, the default port, capitals.
    for (const configured of [
      `${SHOP}/`,
      'https://shop.example.com:443',
      'https://SHOP.example.com',
    ]) {
      expect(readLoginMessage(SHOP, TICKET, configured), configured).not.toBeNull();
      expect(readLoginMessage(`${SHOP}:8443`, TICKET, configured), configured).toBeNull();
    }
    // An opaque configured origin matches nothing, not even 'null'.
    expect(readLoginMessage('null', TICKET, 'null')).toBeNull();
    expect(readLoginMessage('null', TICKET, 'data:text/html,x')).toBeNull();
  });

  it('never accepts data of 20 characters or fewer, nor any origin but the configured one (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.webUrl(),
        fc.webUrl(),
        (data, url, configuredUrl) => {
          expect(readLoginMessage(ORIGIN, data, ORIGIN)).toBeNull();
          const origin = new URL(url).origin;
          const configured = new URL(configuredUrl).origin;
          const message = MESSAGE_PREFIX + data.padEnd(30, 'x');
          expect(readLoginMessage(origin, message, configured) !== null).toBe(
            origin === configured,
          );
          // whatever is appended to the configured origin names another origin
          expect(readLoginMessage(configured + new URL(url).host, message, configured)).toBeNull();
          expect(readLoginMessage(`${configured}:1`, message, configured)).toBeNull();
        },
      ),
    );
  });
});

describe('imagesOf', () => {
  it('keeps only images, in order, named with the service as prefix (property)', () => {
    const item = fc.record({
      id: fc.string({ minLength: 1, maxLength: 12 }),
      media_type: fc.constantFrom('IMAGE', 'VIDEO', 'CAROUSEL_ALBUM'),
      media_url: fc.option(fc.webUrl(), { nil: undefined }),
      thumbnail_url: fc.option(fc.webUrl(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (items) => {
        const images = imagesOf(items, 'Instagram');
        const expected = items.filter((entry) => entry.media_type === 'IMAGE' && entry.media_url);
        expect(images.map((photo) => photo.id)).toEqual(expected.map((entry) => entry.id));
        for (const photo of images) {
          expect(photo.name).toBe(`Instagram ${photo.id}`);
          expect(photo.thumbnailUrl).toBeTruthy();
        }
      }),
    );
  });
});

describe('social tile labels', () => {
  const date = new Intl.DateTimeFormat('nl', { dateStyle: 'short', timeZone: 'UTC' });
  const numbered = (position: number) => `Foto ${position}`;

  it("tell the photos apart where the cut names all read 'Demo photos ...'", () => {
    const photos = imagesOf(
      [
        {
          id: '170001',
          media_type: 'IMAGE',
          media_url: 'https://x/1.jpg',
          timestamp: '2025-06-01T09:30:00.000Z',
        },
        {
          id: '170002',
          media_type: 'IMAGE',
          media_url: 'https://x/2.jpg',
          timestamp: '2025-05-30T09:30:00.000Z',
        },
        { id: '170003', media_type: 'IMAGE', media_url: 'https://x/3.jpg' },
      ],
      'Demo photos',
    );
    // The first 12 characters of every name are the same: the spec's 15-character cut shows only those.
    expect(new Set(photos.map((photo) => photo.name.slice(0, 12))).size).toBe(1);
    const labels = photos.map((photo, index) =>
      socialTileLabel(photo, index + 1, date.format, numbered),
    );
    expect(labels).toEqual(['01-06-2025', '30-05-2025', 'Foto 3']);
    expect(photos[0]!.takenAt).toBe('2025-06-01T09:30:00.000Z');
  });

  it('falls back to the number for a date that cannot be read', () => {
    expect(socialTileLabel({ takenAt: 'gisteren' }, 7, date.format, numbered)).toBe('Foto 7');
  });
});

describe('listHeight and popupFeatures', () => {
  it('is the window height minus the top offset minus 65', () => {
    expect(listHeight(800, 200)).toBe(535);
    expect(listHeight(300, 250)).toBe(120);
  });

  it('opens a 400x530 popup centred over the window', () => {
    expect(popupFeatures(0, 0, 1280, 800)).toBe('popup=yes,width=400,height=530,left=440,top=135');
  });
});
