import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Loopback, private, link-local (cloud metadata lives there), CGNAT, unique-local, multicast and reserved ranges. */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** IPv4 embedded in an IPv6 address (::ffff:a.b.c.d mapped, 64:ff9b::/96 NAT64), so it is judged as IPv4. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2], 16);
  const low = parseInt(match[3], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    return v4 ? BLOCKED.check(v4, 'ipv4') : BLOCKED.check(address, 'ipv6');
  }
  return true;
}

export interface VettedAddress {
  address: string;
  family: 4 | 6;
}

export class BlockedTargetError extends Error {
  constructor(readonly hostname: string) {
    super(`Target ${hostname} resolves to a non-public address.`);
  }
}

/**
 * Resolves a webhook target and returns the address to connect to. Every resolved address must be
 * public (unless private networks are allowed), so a rebinding answer cannot slip one through.
 */
export async function vetTarget(target: URL, allowPrivateNetworks: boolean): Promise<VettedAddress> {
  const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(hostname);
  const addresses = literal
    ? [{ address: hostname, family: literal }]
    : await lookup(hostname, { all: true, verbatim: true });
  if (addresses.length === 0) throw new BlockedTargetError(hostname);
  if (!allowPrivateNetworks && addresses.some(({ address }) => isBlockedAddress(address))) {
    throw new BlockedTargetError(hostname);
  }
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
