const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Canonical form of an allowed origin (docs/architecture.md "Tenancy and access"): protocol, path, port and a leading `www.`
 * are stripped; `*.example.com` is kept as a wildcard. Null when it is not a host name.
 */
export function normalizeDomain(input: string): string | null {
  let host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/, 1)[0].replace(/:\d+$/, '').replace(/\.$/, '');
  host = host.replace(/^www\./, '');
  const wildcard = host.startsWith('*.');
  const labels = (wildcard ? host.slice(2) : host).split('.');
  if (host.length > 253 || !labels.every((label) => LABEL.test(label))) return null;
  if (labels.length < 2 && !(labels[0] === 'localhost' && !wildcard)) return null;
  return host;
}

/** Whether `hostname` is allowed by one of the normalized domains. */
export function domainAllows(domains: readonly string[], hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^www\./, '');
  return domains.some((domain) =>
    domain.startsWith('*.') ? host.endsWith(domain.slice(1)) && host.length > domain.length - 1 : host === domain,
  );
}
