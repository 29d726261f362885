import { NextFunction, Request, Response } from 'express';
import { Histogram, Registry } from 'prom-client';

/** Label of requests no route matched (unknown paths, static assets): raw URLs would make unbounded series. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The pattern of the route that answered: Express sets req.route when routing reaches a handler.
 * A wildcard pattern is a catch-all middleware (Nest mounts route-wide middleware that way), which
 * stays on the request when no real route matched; our routes have none.
 */
function routeLabel(req: Request): string {
  const route: unknown = req.route;
  const pattern = typeof route === 'object' && route !== null && 'path' in route ? route.path : undefined;
  if (typeof pattern !== 'string' || pattern.includes('*')) return UNMATCHED_ROUTE;
  return `${req.baseUrl}${pattern}`;
}

/**
 * Express middleware counting requests and their latency by method, route pattern and status
 * code: one histogram observation per request (its _count is the request counter).
 */
export function httpMetricsMiddleware(registry: Registry): (req: Request, res: Response, next: NextFunction) => void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their latency.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = routeLabel(req);
      duration.observe({ method: req.method, route, status_code: res.statusCode }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
