import { describe, expect, it } from 'vitest';
import { socialDevEnv } from '../../scripts/socialDev/socialDevEnv.js';
import { socialConfigFromEnv } from './socialConfig.js';

const env = socialDevEnv('http://127.0.0.1:9', { clientId: 'c', clientSecret: 's', scope: '' });

describe('the origin the editor accepts the login window’s message from', () => {
  it('is the shop’s origin, serialised as a browser serialises event.origin (the editor compares exactly)', () => {
    expect(socialConfigFromEnv(env, 'https://shop.example.com/')?.messageOrigin).toBe(
      'https://shop.example.com',
    );
    for (const written of [
      'https://SHOP.example.com:443/',
      'https://shop.example.com/path',
      ' https://shop.example.com ',
    ]) {
      const config = socialConfigFromEnv({ ...env, SOCIAL_MESSAGE_ORIGIN: written }, 'http://x');
      expect(config?.messageOrigin, written).toBe('https://shop.example.com');
    }
    expect(
      socialConfigFromEnv(
        { ...env, SOCIAL_MESSAGE_ORIGIN: 'https://shop.example.com:8443' },
        'http://x',
      )?.messageOrigin,
    ).toBe('https://shop.example.com:8443');
    expect(() =>
      socialConfigFromEnv({ ...env, SOCIAL_MESSAGE_ORIGIN: 'javascript:alert(1)' }, 'http://x'),
    ).toThrow(/SOCIAL_MESSAGE_ORIGIN/);
  });
});
