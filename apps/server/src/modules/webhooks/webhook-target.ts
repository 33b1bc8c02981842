import dns from 'node:dns';
import net from 'node:net';

/** Addresses a webhook must not reach unless the installation allows it: the server's own networks. */
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['100::', 64], // discard
  ['64:ff9b:1::', 48], // NAT64 local-use: a translator on the installation's own network
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (a zone index is dropped, a dotted tail read). */
function hextets(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = tail === undefined ? 0 : 8 - groups(head).length - groups(tail).length;
  return [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail ?? '')].map((g) =>
    parseInt(g, 16),
  );
}

const ipv4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 addresses an IPv6 one carries, by every prefix that embeds one: IPv4-compatible (::/96),
 * IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96, and the
 * local-use 64:ff9b:1::/48 read the same way), 6to4 (2002::/16) and Teredo (2001::/32: its server,
 * and its client stored inverted).
 */
function embeddedIpv4(address: string): string[] {
  const h = hextets(address);
  const zero = (from: number, to: number) => h.slice(from, to).every((g) => g === 0);
  const last = ipv4(h[6]!, h[7]!);
  if (zero(0, 5) && (h[5] === 0 || h[5] === 0xffff)) return [last];
  if (zero(0, 4) && h[4] === 0xffff && h[5] === 0) return [last];
  if (h[0] === 0x64 && h[1] === 0xff9b) return [last];
  if (h[0] === 0x2002) return [ipv4(h[1]!, h[2]!)];
  if (h[0] === 0x2001 && h[1] === 0) return [ipv4(h[2]!, h[3]!), ipv4(h[6]! ^ 0xffff, h[7]! ^ 0xffff)];
  return [];
}

/** Whether an address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const bare = address.replace(/%.*$/, '');
  return PRIVATE.check(bare, 'ipv6') || embeddedIpv4(bare).some((v4) => PRIVATE.check(v4, 'ipv4'));
}

export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError';
}

/** URL.hostname keeps IPv6 literals in brackets. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Every address `hostname` resolves to, each checked: one private address refuses the whole name
 * (a name that resolves to both could be pointed at either between our check and the connection).
 */
export async function resolveTarget(
  hostname: string,
  allowPrivate: boolean,
  lookup: typeof dns.promises.lookup = dns.promises.lookup,
): Promise<dns.LookupAddress[]> {
  const host = bareHost(hostname);
  let addresses: dns.LookupAddress[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new TargetRefusedError(`${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new TargetRefusedError(`${host} could not be resolved`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused)
      throw new TargetRefusedError(
        `${host} resolves to ${refused.address}, a private, loopback or link-local address`,
      );
  }
  return addresses;
}

/**
 * A `lookup` for http.request that resolves and checks at connection time, and connects only to the
 * addresses it checked: a name re-pointed at an internal address after registration (DNS rebinding)
 * is refused at every delivery.
 */
export function checkedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolveTarget(hostname, allowPrivate).then(
      (addresses) => {
        const family = typeof options.family === 'number' ? options.family : 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (options.all) callback(null, usable);
        else if (usable[0]) callback(null, usable[0].address, usable[0].family);
        else callback(new TargetRefusedError(`${hostname} has no address of the requested family`), '', 0);
      },
      (err: Error) => callback(err, '', 0),
    );
  };
}
