import { ApiError, isRefusedTarget } from '@app/common';

const FORBIDDEN_HOSTS = new Set(['localhost', 'metadata.google.internal', 'metadata']);

/**
 * Velt's write-time check of an outbound URL (dispatch `webhookUrl`, `webhookConfig.url`, webhook node
 * `url`): https, and no private, loopback or link-local host; every call vets the address again.
 * With WEBHOOK_ALLOW_PRIVATE_NETWORKS=true (tests, private deployments) http and private hosts pass.
 */
export async function checkOutboundUrl(url: string, field: string, allowPrivateNetworks: boolean): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw ApiError.invalid(`${field} must be an absolute URL`);
  }
  const schemes = allowPrivateNetworks ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) throw ApiError.invalid(`${field} must use https scheme`);
  if (allowPrivateNetworks) return;
  const host = parsed.hostname.toLowerCase();
  if (FORBIDDEN_HOSTS.has(host) || host.endsWith('.internal') || (await isRefusedTarget(parsed)))
    throw ApiError.invalid(`${field} host resolves to a private, loopback, or link-local address`);
}
