import { describe, expect, it } from 'vitest';
import { AddressGuard, classifyAddress } from './address-guard.js';

describe('classifyAddress: IPv6 forms that reach a non-public IPv4 host', () => {
  it.each([
    // IPv4-compatible, dotted and hexadecimal.
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['::a9fe:a9fe', 'link_local'],
    // SIIT ::ffff:0:a.b.c.d.
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:192.168.1.1', 'private'],
    ['::ffff:0:a9fe:a9fe', 'link_local'],
    // NAT64, well-known prefix (/96) and local-use prefix (/48, whatever it carries).
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['64:ff9b:1::8.8.8.8', 'private'],
    ['64:ff9b:1:abcd::a00:1', 'private'],
    // 6to4: the IPv4 address sits in groups 2-3.
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a00:1::', 'private'],
    ['2002:a9fe:a9fe::1', 'link_local'],
    // Teredo: server in groups 3-4, client inverted in groups 7-8.
    ['2001:0:a00:1::1', 'private'],
    ['2001:0:808:808::80ff:fffe', 'loopback'],
    // ISATAP interface identifiers.
    ['2600:1f18::5efe:10.1.2.3', 'private'],
    ['2600:1f18::200:5efe:127.0.0.1', 'loopback'],
    // Site-local fec0::/10 and other special ranges.
    ['fec0::1', 'private'],
    ['feff::1', 'private'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::8.8.8.8', 'reserved'],
    // Zone ids and upper case change nothing.
    ['::FFFF:7F00:1', 'loopback'],
    ['fe80::1%eth0', 'link_local'],
  ])('%s is %s', (address, range) => {
    expect(classifyAddress(address)).toBe(range);
  });

  it.each([
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2001:0:808:808::f7f7:f7f7',
    '2a00:1450:4001:80b::200e',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeUndefined();
  });

  it.each(['198.51.100.7', '203.0.113.9', '192.0.2.1'])(
    'IPv4 documentation range %s is reserved',
    (address) => {
      expect(classifyAddress(address)).toBe('reserved');
    },
  );

  it('refuses every embedded form as a literal host and names the range to allow', async () => {
    const guard = new AddressGuard();
    for (const host of ['[::127.0.0.1]', '[::7f00:1]', '[::ffff:0:10.0.0.1]', '[2002:a00:1::1]']) {
      const error = await guard.check(host).catch((caught: unknown) => caught);
      expect(error, host).toMatchObject({ code: 'request_refused', reason: 'ssrf' });
      expect((error as Error).message, host).toMatch(/allowAddresses: \[(loopback|private)\]/);
    }
    const allowed = new AddressGuard({ allow: ['loopback'] });
    await expect(allowed.check('[::7f00:1]')).resolves.toEqual({ address: '::7f00:1', family: 6 });
  });

  it('refuses a host name whose AAAA answer embeds a private IPv4 address', async () => {
    const guard = new AddressGuard({
      resolver: async () => [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
    });
    const error = await guard.check('metadata.example.test').catch((caught: unknown) => caught);
    expect((error as Error).message).toContain('resolves to 64:ff9b::a9fe:a9fe, a link-local');
  });
});
