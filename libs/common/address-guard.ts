import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';
import { isIP, LookupFunction } from 'node:net';

/** RFC 6052 well-known NAT64 prefix: on an IPv6-only network with DNS64, every IPv4-only receiver resolves into it. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** The address a connection reaches: IPv4-mapped (::ffff:a.b.c.d) and NAT64 addresses stand for their IPv4 address. */
function reached(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.process(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.match(NAT64)) return ipaddr.fromByteArray(parsed.toByteArray().slice(12));
  return parsed;
}

/** True unless ipaddr.js classifies the address as ordinary global unicast; anything unparseable is blocked. */
export function isBlockedAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = reached(address);
  } catch {
    return true;
  }
  // 6to4, Teredo and IPv4-translated addresses have ranges of their own, so they are refused, not decoded:
  // they reach an embedded IPv4 host through a relay we cannot vet, and no receiver needs them.
  if (parsed.range() !== 'unicast') return true;
  // ipaddr.js calls the deprecated IPv4-compatible ::a.b.c.d (::/96) unicast; some stacks still tunnel it to IPv4.
  return parsed instanceof ipaddr.IPv6 && parsed.parts.slice(0, 6).every((part) => part === 0);
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
 * Resolves an outbound target (a webhook receiver, a permission provider) once and returns the
 * address to connect to; the caller pins its connection to it with pinnedLookup. Every resolved address must be public (unless private networks are allowed),
 * so a rebinding answer cannot slip one through.
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

/** Resolves to the address vetted a moment ago, so the connection cannot be rebound to another one. */
export function pinnedLookup(vetted: VettedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all)
      (callback as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [vetted]);
    else callback(null, vetted.address, vetted.family);
  };
}

/** How long config time waits for DNS before treating a name as not resolving (yet). */
export const CONFIG_LOOKUP_TIMEOUT_MS = 5_000;

async function resolveWithin(hostname: string, timeoutMs: number): Promise<string[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const answer = lookup(hostname, { all: true, verbatim: true }).then(
      (addresses) => addresses.map(({ address }) => address),
      () => null,
    );
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Config-time check: true when the target is a refused address or a name resolving to one. A name
 * that does not resolve (yet) passes: its receiver may not be deployed, and every call vets it again
 * with vetTarget (a webhook delivery retries while it does not resolve).
 */
export async function isRefusedTarget(target: URL, timeoutMs = CONFIG_LOOKUP_TIMEOUT_MS): Promise<boolean> {
  const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(hostname)) return isBlockedAddress(hostname);
  const addresses = await resolveWithin(hostname, timeoutMs);
  return addresses !== null && addresses.some(isBlockedAddress);
}
