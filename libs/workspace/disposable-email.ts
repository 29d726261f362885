import DISPOSABLE_DOMAINS from 'disposable-email-domains';
import DISPOSABLE_WILDCARDS from 'disposable-email-domains/wildcard.json';

const EXACT = new Set<string>(DISPOSABLE_DOMAINS);
const WILDCARD = new Set<string>(DISPOSABLE_WILDCARDS);

/** True when the address's domain, or a parent domain listed as a wildcard, is a known disposable provider. */
export function isDisposableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (EXACT.has(domain)) return true;
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (WILDCARD.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
