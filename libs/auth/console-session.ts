import { timingSafeEqual } from 'node:crypto';
import { parse } from 'cookie';
import { Request } from 'express';
import { csrfTokenOf } from '@app/common';

/** The console's session cookie (HttpOnly, SameSite=Strict; docs/console.md "Sign-in"). */
export const CONSOLE_SESSION_COOKIE = 'svc_console';
/** The header every console request carries its CSRF token in. */
export const CSRF_HEADER = 'x-svc-csrf-token';

const MAX_SESSION_TOKEN_LENGTH = 256;

/** The session token of the request's console cookie, or null when it carries none. */
export function consoleSessionToken(req: Request): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return null;
  const token = parse(header)[CONSOLE_SESSION_COOKIE];
  return token && token.length <= MAX_SESSION_TOKEN_LENGTH ? token : null;
}

/** Whether the request's CSRF header is the session's token, compared in constant time. */
export function csrfTokenMatches(req: Request, sessionToken: string): boolean {
  const given = req.headers[CSRF_HEADER];
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
