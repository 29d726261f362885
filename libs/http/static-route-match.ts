import { NestExpressApplication } from '@nestjs/platform-express';

/** The parts of Express 5's router (router 2.x) this file touches. */
interface RouterLayer {
  route?: { path?: unknown };
  rawPath?: unknown;
  matchers: ((path: string) => false | { params: Record<string, string>; path: string })[];
}

/** A path path-to-regexp would compile to a plain literal: no parameters, wildcards, groups or escapes. */
const LITERAL_PATH = /^\/[A-Za-z0-9/_.-]*[A-Za-z0-9_.-]$/;
const UPPER_A = 65;
const UPPER_Z = 90;

/**
 * What path-to-regexp's matcher answers for a literal route path under Express's defaults (case
 * insensitive, one optional trailing slash), by comparing characters: a regular expression per
 * route, tried in order over ~200 routes, was the router's largest cost per request.
 */
export function literalMatcher(routePath: string): RouterLayer['matchers'][number] {
  const target = routePath.toLowerCase();
  return (path) => {
    const length = target.length;
    if (path.length !== length && !(path.length === length + 1 && path.charCodeAt(length) === 47)) return false;
    for (let i = 0; i < length; i++) {
      let code = path.charCodeAt(i);
      if (code >= UPPER_A && code <= UPPER_Z) code += 32;
      if (code !== target.charCodeAt(i)) return false;
    }
    return { params: {}, path };
  };
}

/** Gives every registered route with a literal path the character matcher. Call after app.init(). */
export function matchLiteralRoutesByText(app: NestExpressApplication): void {
  const router = (app.getHttpAdapter().getInstance() as unknown as { router: { stack: RouterLayer[] } }).router;
  for (const layer of router.stack) {
    const path = layer.route?.path;
    if (
      typeof path !== 'string' ||
      layer.rawPath !== path ||
      !Array.isArray(layer.matchers) ||
      layer.matchers.length !== 1 ||
      !LITERAL_PATH.test(path)
    )
      continue;
    layer.matchers = [literalMatcher(path)];
  }
}
