import { INestApplication } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '@app/common';

export const CONSOLE_PATH = '/console';

/** Where `npm run build` puts the console's assets (scripts/bundle-console.mjs), beside this file's dist/apps/api/src. */
export const CONSOLE_ASSETS = join(__dirname, '../../../console');

/**
 * A strict policy: scripts and styles from the console's own files only (no inline script or style, no
 * eval), requests to its own origin only, never framed. The console's code is all in its bundles.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
});

/** The page is never cached (it names the hashed bundles of this build); the bundles are, for good. */
function cacheHeaders(res: Response, path: string): void {
  res.setHeader('Cache-Control', path.endsWith('.html') ? 'no-store' : 'public, max-age=31536000, immutable');
}

/**
 * The operator console (docs/console.md): the one set of static files the API serves
 * (docs/architecture.md "Processes"), built assets only, unless CONSOLE_ENABLED=false; then the path is an
 * unknown route (NOT_FOUND). Call before the app starts listening.
 */
export function mountConsole(app: INestApplication, config: AppConfig): void {
  if (!config.consoleEnabled || !existsSync(join(CONSOLE_ASSETS, 'index.html'))) return;
  const files = express.static(CONSOLE_ASSETS, { index: 'index.html', redirect: false, setHeaders: cacheHeaders });
  app.use(CONSOLE_PATH, securityHeaders, (req: Request, res: Response, next: NextFunction) => {
    // `/console` becomes `/console/`, so the page's relative asset paths resolve under it.
    if (req.originalUrl === CONSOLE_PATH) res.redirect(301, `${CONSOLE_PATH}/`);
    else if (req.method !== 'GET' && req.method !== 'HEAD') next();
    else void files(req, res, next);
  });
}
