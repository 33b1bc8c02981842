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
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return mapped[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return PRIVATE.check(v4, 'ipv4');
  return PRIVATE.check(address, 'ipv6');
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
