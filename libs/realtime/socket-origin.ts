import { domainAllows } from '@app/workspace';

/** A socket's Origin against the API key's allowed domains (none set: every origin passes, checked by the caller). */
export function originAllowed(domains: string[], origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    return domainAllows(domains, new URL(origin).hostname);
  } catch {
    return false;
  }
}
