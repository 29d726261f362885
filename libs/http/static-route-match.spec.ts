import { match } from 'path-to-regexp';
import { literalMatcher } from './static-route-match';

describe('literalMatcher', () => {
  // What Express's router builds for a route path with its defaults (router/lib/layer.js).
  const expressMatcher = (routePath: string) =>
    match(routePath, { sensitive: false, end: true, trailing: true, decode: decodeURIComponent });

  it.each(['/v2/auth/generate_token', '/v2/organizations/documents/get', '/health', '/v1/x-y.z'])(
    'answers what path-to-regexp answers for %s',
    (routePath) => {
      const candidates = [
        routePath,
        `${routePath}/`,
        `${routePath}//`,
        routePath.toUpperCase(),
        `${routePath}x`,
        routePath.slice(0, -1),
        routePath.replace('_', '%5F'),
        routePath.replace(/o/g, 'ö'),
        routePath.replace(/k/gi, '\u212a'),
        `${routePath}?a=1`,
        '/',
        '',
      ];
      const ours = literalMatcher(routePath);
      const theirs = expressMatcher(routePath);
      for (const path of candidates) expect([path, ours(path)]).toEqual([path, theirs(path)]);
    },
  );
});
