import { Request, Response } from 'express';
import { CONSOLE_SESSION_COOKIE } from '@app/auth';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * HttpOnly (no script reads it), SameSite=Strict (no other site's request carries it) and, outside a
 * loopback host, Secure. Path `/`: the console calls the API's own routes with it.
 */
export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(CONSOLE_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: !LOOPBACK_HOSTS.has(req.hostname),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(CONSOLE_SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: !LOOPBACK_HOSTS.has(req.hostname),
    path: '/',
  });
}
