import { describe, expect, it } from 'vitest';
import { bareHost, isPrivateAddress } from './webhook-target';

/** The host as a webhook URL names it, the way the server reads it (WHATWG URL normalises IPv6). */
const hostOf = (url: string) => bareHost(new URL(url).hostname);

describe('isPrivateAddress', () => {
  it('lets public addresses of both families through, embedded ones included', () => {
    for (const address of [
      '8.8.8.8',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1', // 6to4 of 8.8.8.8
      '2001:0:808:808::f7f7:f7f7', // Teredo, server and client 8.8.8.8
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it.each([
    ['IPv4-compatible, dotted', 'http://[::127.0.0.1]/'],
    ['IPv4-compatible, hex', 'http://[::a00:1]/'],
    ['IPv4-mapped', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped, spelled out', 'http://[0:0:0:0:0:ffff:7f00:1]/'],
    ['IPv4-translated', 'http://[::ffff:0:127.0.0.1]/'],
    ['NAT64 well-known prefix', 'http://[64:ff9b::169.254.169.254]/'],
    ['NAT64 local-use prefix', 'http://[64:ff9b:1::a00:1]/'],
    ['6to4 of loopback', 'http://[2002:7f00:1::]/'],
    ['6to4 of a private network', 'http://[2002:c0a8:101::1]/'],
    ['Teredo with a private client', 'http://[2001:0:808:808::f5ff:fffe]/'], // client 10.0.0.1
    ['Teredo with a private server', 'http://[2001:0:a00:1::f7f7:f7f7]/'],
  ])('refuses an IPv6 address that embeds a private IPv4 one: %s', (_, url) => {
    expect(isPrivateAddress(hostOf(url)), hostOf(url)).toBe(true);
  });

  it('refuses the private ranges of both families and anything that is not an address', () => {
    for (const address of [
      '0.0.0.0',
      '172.20.1.1',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      '::',
      '::1',
      '224.0.0.1',
      'x',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });
});
