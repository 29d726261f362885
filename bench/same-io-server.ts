import { serveBare } from './support/bare-http-server';
import { HOT_ROUTE_WORK, openBackends } from './support/hot-route-work';

/**
 * Same-I/O baseline for bench/routes.bench.ts: a bare node:http server that reads the JSON body,
 * does the API's per-request auth (hash + 5 s cache) and runs each hot route's statements and Redis
 * commands (support/hot-route-work.ts), answering the same envelope. Prints its port when ready.
 */
const backends = openBackends(process.env);
serveBare(
  backends,
  Object.fromEntries(
    Object.entries(HOT_ROUTE_WORK).map(([path, work]) => [path, (apiKeyId, data) => work(backends, apiKeyId, data)]),
  ),
  () => backends.close(),
);
