import { ApiError } from '@app/common';

/** Velt's messages for a continueUrl it refuses. */
export const INVALID_CONTINUE_URL = 'Invalid url for continueUrl';
export const CONTINUE_URL_NOT_ALLOWED = 'The continueUrl domain is not allowed.';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a login link may lead (Velt: the console's own domain or localhost): the console's configured
 * origin (`CONSOLE_URL`), or a loopback host. Never the origin the request claims (its Host header): an
 * attacker who chose it would receive the owner's link.
 */
export function checkContinueUrl(value: string, consoleOrigin: string | null): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw ApiError.invalid(INVALID_CONTINUE_URL);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw ApiError.invalid(INVALID_CONTINUE_URL);
  if (url.username || url.password) throw ApiError.invalid(INVALID_CONTINUE_URL);
  if (LOOPBACK_HOSTS.has(url.hostname) || url.origin === consoleOrigin) return url;
  throw ApiError.invalid(CONTINUE_URL_NOT_ALLOWED);
}

/** The link in the e-mail: the console on the continueUrl's origin, the token in the fragment so no server or log sees it. */
export function loginLinkOf(continueUrl: URL, token: string): string {
  return `${continueUrl.origin}/console/#/link/${token}`;
}
