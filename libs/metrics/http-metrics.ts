import { IncomingMessage, ServerResponse } from 'node:http';
import { Histogram, Registry } from 'prom-client';

/** Label of requests no route matched (unknown paths, static assets): raw URLs would make unbounded series. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The pattern of the route that answered: Express sets req.route when routing reaches a handler.
 * A wildcard pattern is a catch-all middleware (Nest mounts route-wide middleware that way), which
 * stays on the request when no real route matched; our routes have none.
 */
function routeLabel(req: IncomingMessage & { route?: unknown; baseUrl?: string }): string {
  const route = req.route;
  const pattern = typeof route === 'object' && route !== null && 'path' in route ? route.path : undefined;
  if (typeof pattern !== 'string' || pattern.includes('*')) return UNMATCHED_ROUTE;
  return `${req.baseUrl ?? ''}${pattern}`;
}

/**
 * Counts requests and their latency by method, route pattern and status code: one histogram
 * observation per finished request (its _count is the request counter). Runs as an observer of
 * the request-log middleware, which owns the request's one `finish` listener.
 */
export function httpMetricsObserver(
  registry: Registry,
): (req: IncomingMessage, res: ServerResponse, seconds: number) => void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their latency.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (req, res, seconds) =>
    duration.observe({ method: req.method ?? '', route: routeLabel(req), status_code: res.statusCode }, seconds);
}
