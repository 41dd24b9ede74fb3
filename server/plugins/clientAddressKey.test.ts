import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './rateLimitStore.js';

describe('clientAddressKey', () => {
  it('counts an address as the rate-limit plugin does (IPv6 by its /64, IPv4 in IPv6 as IPv4)', () => {
    expect(clientAddressKey({ ip: '10.0.0.7' })).toBe('10.0.0.7');
    expect(clientAddressKey({ ip: '::ffff:10.0.0.7' })).toBe('10.0.0.7');
    expect(clientAddressKey({ ip: '2001:db8:1:2:aaaa::1' })).toBe(
      clientAddressKey({ ip: '2001:db8:1:2:bbbb::9' }),
    );
    expect(clientAddressKey({ ip: '2001:db8:1:2::1' })).not.toBe(
      clientAddressKey({ ip: '2001:db8:1:3::1' }),
    );
  });

  it('gives a request whose client has gone (no address) a key instead of throwing', () => {
    expect(clientAddressKey({ ip: undefined as unknown as string })).toBe('client-gone');
  });
});
